// The test-case files the product handles and the URIs of remote records: names both hosts use.

/** The language id of test-case files (contributed in package.json). */
export const LANGUAGE_ID = 'tas-testcase';

/** Glob patterns of the files the server handles, as the design fixes them. */
export const FILE_PATTERNS = ['**/*.testcase.json', '**/*.testcases.json'] as const;

/** URI scheme of the read-only views of remote records that document links open. */
export const REMOTE_SCHEME = 'tas-remote';

export type RecordKind = 'mobileDevice' | 'traceFilter' | 'testCase' | 'testSuite' | 'testNode' | 'apiClient';

/** `tas-remote:/mobileDevice/3.json`: the link target for a reference. */
export function remoteUri(kind: RecordKind, id: number): string {
  return `${REMOTE_SCHEME}:/${kind}/${id}.json`;
}

export function parseRemoteUri(uri: string): { kind: RecordKind; id: number } | undefined {
  const m = /^tas-remote:\/(mobileDevice|traceFilter|testCase|testSuite|testNode|apiClient)\/(\d+)\.json$/.exec(uri);
  return m ? { kind: m[1] as RecordKind, id: Number(m[2]) } : undefined;
}
