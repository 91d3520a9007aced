import { createHash } from 'node:crypto';
import type { Loose } from '../api/types';
import { isRecord } from '../base/read';
import { shownApiClient } from '../apiClients/shown';
import type { RecordDocumentKind } from '../model/entityKinds';
import { RECORD_DOCUMENT_KINDS, RECORD_FIELDS, sentOn } from './fields';

// A record as a document: the service's record with a `$record` member first that says what it
// is, where it was read and which version of it (the revision: a hash of the fields a save could
// change, so a colleague's change to any of them is seen, and fields the service moves on its own,
// such as a status, are not). Secrets are left out (an API client's password and auth
// parameters; a secret header's value shows hidden). The same text in the editor and in `tas get`.

export const META = '$record';

export interface RecordMeta {
  kind: RecordDocumentKind;
  /** Absent in a new record's document: Save creates it. */
  id?: number;
  /** The base URL of the service it was read from. */
  service?: string;
  /** `revisionOf` the record as read; absent in a new record's document. */
  revision?: string;
}

/** The record as a document shows it: table fields in the table's order, others after, secrets out. */
export function documentOf(kind: RecordDocumentKind, record: Loose, service: string): Loose {
  const shown = kind === 'apiClient' ? shownApiClient(record) : record;
  const id = typeof record['id'] === 'number' ? record['id'] : undefined;
  const meta: RecordMeta = { kind, ...(id !== undefined && { id }), service, revision: revisionOf(kind, record) };
  const out: Loose = { [META]: meta };
  const fields = RECORD_FIELDS[kind];
  for (const f of fields) if (!f.secret && Object.hasOwn(shown, f.name)) out[f.name] = shown[f.name];
  for (const [k, v] of Object.entries(shown)) {
    if (k === META || fields.some((f) => f.name === k)) continue;
    out[k] = v;
  }
  return out;
}

export function documentText(doc: Loose): string {
  return JSON.stringify(doc, null, 2) + '\n';
}

/** The version of a record a save compares: the fields an update may send, as shown. */
export function revisionOf(kind: RecordDocumentKind, record: Loose): string {
  const shown = kind === 'apiClient' ? shownApiClient(record) : record;
  const kept = RECORD_FIELDS[kind].filter((f) => sentOn(f, 'update')).map((f) => [f.name, shown[f.name] ?? null]);
  return createHash('sha256').update(JSON.stringify(kept)).digest('hex').slice(0, 16);
}

export function isRecordDocumentKind(v: unknown): v is RecordDocumentKind {
  return typeof v === 'string' && (RECORD_DOCUMENT_KINDS as readonly string[]).includes(v);
}

/** The `$record` member of a parsed document, when it is well formed. */
export function metaOf(doc: unknown): RecordMeta | undefined {
  if (!isRecord(doc)) return undefined;
  const m = doc[META];
  if (!isRecord(m) || !isRecordDocumentKind(m['kind'])) return undefined;
  const id = m['id'];
  if (id !== undefined && !Number.isSafeInteger(id)) return undefined;
  return {
    kind: m['kind'],
    ...(typeof id === 'number' && { id }),
    ...(typeof m['service'] === 'string' && { service: m['service'] }),
    ...(typeof m['revision'] === 'string' && { revision: m['revision'] }),
  };
}

/** The document's fields, without `$record`. */
export function fieldsOf(doc: Loose): Loose {
  const { [META]: _meta, ...rest } = doc;
  return rest;
}

/** A new record's document: the fields a create sends, empty but for the choices given. */
export function templateOf(
  kind: RecordDocumentKind,
  service: string,
  choices: { testNodeId?: number; deviceModelId?: number } = {},
): Loose {
  const meta: RecordMeta = { kind, service };
  const out: Loose = { [META]: meta };
  for (const f of RECORD_FIELDS[kind]) {
    if (!sentOn(f, 'create')) continue;
    if (f.name === 'testNodeId' || f.name === 'deviceModelId') {
      const v = choices[f.name];
      if (v !== undefined) out[f.name] = v;
      continue;
    }
    out[f.name] =
      f.type === 'str' ? '' : f.type === 'bool' ? false : f.type === 'strMap' ? {} : f.type === 'int' ? 0 : [];
  }
  if (kind === 'apiClient') Object.assign(out, { apiClientAuthType: 'NONE', httpMethod: 'GET', serverURL: 'https://' });
  return out;
}

/** Base URLs compared as the user would: case of scheme and host, and a trailing slash, ignored. */
export function sameService(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      const x = new URL(u);
      return `${x.protocol}//${x.host}${x.pathname.replace(/\/+$/, '')}`;
    } catch {
      return u.replace(/\/+$/, '');
    }
  };
  return norm(a) === norm(b);
}
