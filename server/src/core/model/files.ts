// The test-case files the product handles and the URIs of remote views and record documents: names both hosts use.
import { REMOTE_VIEW_KINDS, type RecordDocumentKind, type RemoteViewKind } from './entityKinds';

/** The language id of test-case files (contributed in package.json). */
export const LANGUAGE_ID = 'tas-testcase';

/** Glob patterns of the files the server handles, as the design fixes them. */
export const FILE_PATTERNS = ['**/*.testcase.json', '**/*.testcases.json'] as const;

/** URI scheme of the read-only views of remote records that document links open. */
export const REMOTE_SCHEME = 'tas-remote';

/** `tas-remote:/mobileDevice/3.json`: the link target for a reference. */
export function remoteUri(kind: RemoteViewKind, id: number): string {
  return `${REMOTE_SCHEME}:/${kind}/${id}.json`;
}

const REMOTE_URI = new RegExp(`^tas-remote:\\/(${REMOTE_VIEW_KINDS.join('|')})\\/(\\d+)\\.json$`);

export function parseRemoteUri(uri: string): { kind: RemoteViewKind; id: number } | undefined {
  const m = REMOTE_URI.exec(uri);
  return m ? { kind: m[1] as RemoteViewKind, id: Number(m[2]) } : undefined;
}

/** URI scheme of the editable record documents (client/src/recordDocuments/): nothing on disk. */
export const RECORD_SCHEME = 'tas-record';

/** A document filter of the editor: a scheme, and a language or a glob pattern. */
export interface DocumentFilter {
  scheme: string;
  language?: string;
  pattern?: string;
}

/** The test-case files: our language id, and the file patterns for users who switch a file to plain JSON. */
export const TEST_CASE_SELECTOR: readonly DocumentFilter[] = [
  { scheme: 'file', language: LANGUAGE_ID },
  { scheme: 'untitled', language: LANGUAGE_ID },
  ...FILE_PATTERNS.map((pattern) => ({ scheme: 'file', pattern })),
];

/**
 * What the editor gives the language server: the test-case files and the record documents. A
 * record document is a JSON document, so the editor's own JSON formatter formats it; a second
 * formatter for it would make the editor ask which one instead of formatting.
 */
export const SERVED_SELECTOR: readonly DocumentFilter[] = [...TEST_CASE_SELECTOR, { scheme: RECORD_SCHEME }];

/** `tas-record:/mobileDevice/12.json`, or `tas-record:/mobileDevice/new-1.json` for a new one. */
export function recordDocumentUri(kind: RecordDocumentKind, key: number | string): string {
  return `${RECORD_SCHEME}:/${kind}/${key}.json`;
}

export function parseRecordDocumentUri(
  uri: string,
): { kind: RecordDocumentKind; key: string; id?: number } | undefined {
  const m = /^tas-record:\/(mobileDevice|traceFilter|testSuite|testNode|apiClient)\/(\d+|new-\d+)\.json$/.exec(uri);
  if (!m) return undefined;
  const key = m[2]!;
  return { kind: m[1] as RecordDocumentKind, key, ...(/^\d+$/.test(key) && { id: Number(key) }) };
}
