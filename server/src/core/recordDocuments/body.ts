import type { Loose } from '../api/types';
import { isRecord } from '../base/read';
import { REDACTED } from '../secrets/redact';
import type { RecordDocumentKind } from '../model/entityKinds';
import { RECORD_FIELDS, sentOn } from './fields';
import { fieldsOf } from './document';

// What a save sends: exactly the fields the interface allows for that operation, taken from the
// document; nothing response-only, nothing the table does not name, no secret. A header whose
// value the document shows hidden is sent with the value the service has now (read just before),
// so saving never replaces a secret with the marker. A suite's test cases go as {id, name}, as
// the interface shapes an update: a name left out of the document is the test case's own
// (`names`), not an empty one.

export function requestBodyOf(
  kind: RecordDocumentKind,
  op: 'create' | 'update',
  doc: Loose,
  current?: Loose,
  names: ReadonlyMap<number, string> = new Map(),
): Loose {
  const fields = fieldsOf(doc);
  const out: Loose = {};
  for (const f of RECORD_FIELDS[kind]) {
    if (!sentOn(f, op) || !Object.hasOwn(fields, f.name) || fields[f.name] === null) continue;
    let v = fields[f.name];
    if (f.name === 'headerParams' && isRecord(v)) v = withHiddenKept(v, current?.['headerParams']);
    if (kind === 'testSuite' && (f.name === 'testCaseIds' || f.name === 'projects') && Array.isArray(v))
      v = v.map((item) => idName(item, names));
    out[f.name] = v;
  }
  return out;
}

function withHiddenKept(headers: Loose, now: unknown): Loose {
  const out: Loose = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v !== REDACTED) out[k] = v;
    else if (isRecord(now) && typeof now[k] === 'string') out[k] = now[k];
    // A hidden value the service no longer has is left out: there is nothing to keep.
  }
  return out;
}

function idName(item: unknown, names: ReadonlyMap<number, string>): unknown {
  if (!isRecord(item)) return item;
  const id = item['id'];
  return {
    id,
    name: typeof item['name'] === 'string' ? item['name'] : (typeof id === 'number' && names.get(id)) || '',
  };
}

/** The ids of a suite document's `testCaseIds` items written without a name. */
export function namelessCaseIds(doc: Loose): number[] {
  const items = fieldsOf(doc)['testCaseIds'];
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown) =>
    isRecord(item) && typeof item['id'] === 'number' && typeof item['name'] !== 'string' ? [item['id']] : [],
  );
}

/**
 * Three documents' fields merged: the changes from `base` to `mine` laid over `theirs`. Undefined
 * when both changed one field differently: no merge keeps both then.
 */
export function mergeDocuments(base: Loose, mine: Loose, theirs: Loose): Loose | undefined {
  const b = fieldsOf(base);
  const m = fieldsOf(mine);
  const out: Loose = { ...theirs };
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  for (const k of new Set([...Object.keys(b), ...Object.keys(m)])) {
    if (same(b[k], m[k])) continue;
    if (!same(b[k], theirs[k]) && !same(m[k], theirs[k])) return undefined;
    if (Object.hasOwn(m, k)) out[k] = m[k];
    else delete out[k];
  }
  return out;
}
