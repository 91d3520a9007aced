import type { TasClient } from '../api/client';
import { ApiError } from '../api/errors';
import { isRecord } from '../base/read';
import type { Loose } from '../api/types';
import { Severity } from '../model/diagnostics';
import { requestBodyOf, mergeDocuments, namelessCaseIds } from './body';
import { identityFinding, recordFindings } from './check';
import { ENTITY_KIND_WORDS, type DeletableKind, type RecordDocumentKind } from '../model/entityKinds';
import { creatable, fieldOf } from './fields';
import { documentOf, documentText, META, metaOf, revisionOf, sameService } from './document';
import { recordSaveWords } from '../failures/recordDocuments';

// Reading, saving, creating and deleting a record through its document, the same for the editor
// and `tas apply`. A save reads the service's record first: when its revision is not the one the
// document was read at, someone else changed it, and nothing is sent unless the caller says to
// merge (both sides' changes, when no field was changed by both) or to overwrite. The body carries
// only what the interface allows for the operation (body.ts); the record is read back, and the
// answer is the document of what the service kept. A create is sent once, never retried.

export type SaveResult =
  | { status: 'saved'; id: number; created: boolean; text: string }
  /** Someone else changed the record: `current` is its document now; `mergeable` when no field was changed by both. */
  | { status: 'conflict'; current: string; mergeable: boolean; message: string }
  /** Not sent (the document's own errors) or refused by the service; `field` where the reason belongs. */
  | { status: 'refused'; message: string; field?: string; sent: boolean };

export interface SaveOptions {
  /** The base URL of the current environment. */
  service: string;
  /** The document as the editor last read or saved it (its text): the version a save compares, and a merge's ancestor. */
  base?: string;
  /** Merge with the service's changes when no field was changed on both sides. */
  merge?: boolean;
  /** Send even though the service's record changed, or was read from another service. */
  force?: boolean;
  /** Called just before the create or update is sent: a lost answer from then on may mean it was saved. */
  sending?: () => void;
}

async function getRaw(client: TasClient, kind: RecordDocumentKind, id: number): Promise<Loose> {
  switch (kind) {
    case 'mobileDevice':
      return client.devices.get(id);
    case 'testNode':
      return client.testNodes.get(id);
    case 'apiClient':
      return client.apiClients.get(id);
    case 'traceFilter':
      return client.traceFilters.get(id);
    case 'testSuite':
      return client.testSuites.get(id);
  }
}

/** The record's document, read from the service. */
export async function readRecordDocument(
  client: TasClient,
  kind: RecordDocumentKind,
  id: number,
  service: string,
): Promise<Loose> {
  return documentOf(kind, { ...(await getRaw(client, kind, id)), id }, service);
}

/** The document's text, with every known secret value scrubbed (it is shown and may be printed). */
export function recordText(client: TasClient, doc: Loose): string {
  return client.session.scrub(documentText(doc));
}

async function send(
  client: TasClient,
  kind: RecordDocumentKind,
  id: number | undefined,
  body: Loose,
): Promise<number | undefined> {
  const b = body as never;
  if (id === undefined) {
    switch (kind) {
      case 'mobileDevice':
        return client.devices.create(b);
      case 'testNode':
        return client.testNodes.create(typeof body['name'] === 'string' ? body['name'] : '');
      case 'apiClient':
        return client.apiClients.create(b);
      case 'traceFilter':
        return client.traceFilters.create(b);
      case 'testSuite':
        throw new Error('test suites are created with New Test Suite...');
    }
  }
  switch (kind) {
    case 'mobileDevice':
      await client.devices.update(id, b);
      break;
    case 'testNode':
      await client.testNodes.rename(id, typeof body['name'] === 'string' ? body['name'] : '');
      break;
    case 'apiClient':
      await client.apiClients.update(id, b);
      break;
    case 'traceFilter':
      await client.traceFilters.update(id, b);
      break;
    case 'testSuite':
      await client.testSuites.update(id, body);
      break;
  }
  return id;
}

/** The field a refusal names ("'msisdn' must be ..."), when it is one of the kind's. */
export function refusedField(kind: RecordDocumentKind, message: string): string | undefined {
  // A name another record has (the interface's 409 "name needs to be unique"); the quoted name is a value.
  if (/\bnamed\b|\bname\b.*\b(unique|taken|exists)\b/i.test(message)) return 'name';
  for (const m of message.matchAll(/['"`]([A-Za-z][A-Za-z0-9]*)['"`]/g)) if (fieldOf(kind, m[1]!)) return m[1];
  return undefined;
}

/** Saves a document's text: update when `$record` and `id` name the same record, create when neither names one. */
export async function saveRecordDocument(client: TasClient, text: string, options: SaveOptions): Promise<SaveResult> {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (e) {
    return {
      status: 'refused',
      sent: false,
      message: recordSaveWords.notJson(e instanceof Error ? e.message : String(e)),
    };
  }
  const meta = metaOf(value);
  if (!meta || !isRecord(value)) return { status: 'refused', sent: false, message: recordSaveWords.noMeta };
  const kind = meta.kind;
  // Before anything is read or sent, and whatever --force says: a copy never lands on its original.
  const identity = identityFinding(value, meta);
  if (identity)
    return {
      status: 'refused',
      sent: false,
      message: identity.message,
      field: identity.path[0] === 'id' ? 'id' : META,
    };
  if (meta.service !== undefined && !sameService(meta.service, options.service) && !options.force) {
    return {
      status: 'refused',
      sent: false,
      field: '$record',
      message: recordSaveWords.otherService(meta.service, options.service),
    };
  }
  if (meta.id === undefined && !creatable(kind))
    return { status: 'refused', sent: false, message: recordSaveWords.notCreatable(ENTITY_KIND_WORDS[kind]) };
  let doc: Loose = value;
  let current: Loose | undefined;
  if (meta.id !== undefined) {
    const raw = { ...(await getRaw(client, kind, meta.id)), id: meta.id };
    current = raw;
    // The version the edits start from: the base the editor last read or saved (a document typed
    // into while its own save was shown may still carry the revision before that save), else the
    // document's own.
    const base = parseBase(options.base);
    const baseMeta = base && metaOf(base);
    const known = (baseMeta && baseMeta.id === meta.id ? baseMeta.revision : undefined) ?? meta.revision;
    if (known !== revisionOf(kind, raw) && !options.force) {
      const theirs = documentOf(kind, raw, options.service);
      const merged = base && mergeDocuments(base, doc, theirs);
      if (!options.merge || !merged) {
        return {
          status: 'conflict',
          current: recordText(client, theirs),
          mergeable: merged !== undefined,
          message: recordSaveWords.conflict(ENTITY_KIND_WORDS[kind], meta.id),
        };
      }
      doc = merged;
    }
  }
  const errors = recordFindings(doc, kind).filter((f) => f.severity === Severity.Error);
  if (errors.length > 0)
    return {
      status: 'refused',
      sent: false,
      message: errors[0]!.message,
      ...(typeof errors[0]!.path[0] === 'string' && { field: errors[0]!.path[0] }),
    };
  const op = meta.id === undefined ? 'create' : 'update';
  const body = requestBodyOf(
    kind,
    op,
    doc,
    current,
    kind === 'testSuite' ? await caseNames(client, namelessCaseIds(doc), current) : undefined,
  );
  let id: number | undefined;
  options.sending?.();
  try {
    id = await send(client, kind, meta.id, body);
  } catch (e) {
    if (e instanceof ApiError && (e.kind === 'invalidRequest' || e.kind === 'conflict' || e.kind === 'notFound')) {
      const said =
        e.serviceMessage ?? (e.kind === 'conflict' ? recordSaveWords.conflictStatus : `HTTP ${e.status ?? ''}`.trim());
      const field = refusedField(kind, said);
      return {
        status: 'refused',
        sent: true,
        message: recordSaveWords.refused(ENTITY_KIND_WORDS[kind], said),
        ...(field && { field }),
      };
    }
    throw e;
  }
  if (id === undefined)
    return { status: 'refused', sent: true, message: recordSaveWords.noId(ENTITY_KIND_WORDS[kind]) };
  const kept = await readRecordDocument(client, kind, id, options.service);
  return { status: 'saved', id, created: op === 'create', text: recordText(client, kept) };
}

/**
 * The names of test cases a suite document lists without one: from the suite as the service has
 * it, else read (a test case gone or unreadable keeps no name; the service then judges the id).
 */
async function caseNames(client: TasClient, ids: number[], current: Loose | undefined): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  const listed = current?.['testCaseIds'] ?? current?.['testCases'];
  if (Array.isArray(listed))
    for (const t of listed)
      if (isRecord(t) && typeof t['id'] === 'number' && typeof t['name'] === 'string') names.set(t['id'], t['name']);
  const missing = [...new Set(ids.filter((i) => !names.has(i)))];
  const read = await Promise.all(
    missing.map((i) =>
      client.testCases.get(i).then(
        (t) => t.name,
        () => undefined,
      ),
    ),
  );
  missing.forEach((i, k) => typeof read[k] === 'string' && names.set(i, read[k]));
  return names;
}

function parseBase(text: string | undefined): Loose | undefined {
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    return isRecord(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Deletes a device or an API client (the interface has no DELETE for test nodes). */
export async function deleteRecord(client: TasClient, kind: DeletableKind, id: number): Promise<void> {
  if (kind === 'mobileDevice') await client.devices.delete(id);
  else await client.apiClients.delete(id);
}

/** The names of the test cases the service says use a device. */
export async function deviceTestCaseNames(client: TasClient, id: number): Promise<string[]> {
  const list = await client.devices.testCases(id);
  return list.map((t) =>
    typeof t['name'] === 'string' ? t['name'] : typeof t['id'] === 'number' ? `test case ${t['id']}` : 'a test case',
  );
}
