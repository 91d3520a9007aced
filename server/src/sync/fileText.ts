import { maskSecrets } from './secrets';

// The canonical text of an exported test-case file: the same key order and indentation every
// time, so a re-export of an unchanged case changes no byte and git shows no diff.

const ORDER = ['id', 'name', 'description', 'tags', 'disabled', 'disableReason', 'notes', 'testStepList', 'traceFilters', 'sipTraceFilters', 'projects'];
/** Only the service knows these; they change on every update, so files would never be stable. */
const NOT_WRITTEN = new Set(['devices', 'apiClients', 'created', 'updated', '$schema', 'id']);

export interface FileTextOptions {
  /** The `id` member to write (the case's id in the file's home environment), or none. */
  id?: number;
  /** The existing file's `$schema`, kept first. */
  schema?: unknown;
}

/** A test case as a `*.testcase.json` text, secrets masked; `replaced` counts masked values. */
export function testCaseFileText(record: Record<string, unknown>, options: FileTextOptions = {}): { text: string; replaced: number } {
  const ordered: Record<string, unknown> = {};
  if (options.schema !== undefined) ordered['$schema'] = options.schema;
  if (options.id !== undefined) ordered['id'] = options.id;
  for (const key of ORDER) if (!NOT_WRITTEN.has(key) && record[key] !== undefined) ordered[key] = record[key];
  const rest = Object.keys(record)
    .filter((k) => !ORDER.includes(k) && !NOT_WRITTEN.has(k))
    .sort();
  for (const key of rest) ordered[key] = record[key];
  const masked = maskSecrets(ordered);
  return { text: `${JSON.stringify(masked.value, null, 2)}\n`, replaced: masked.replaced };
}

/** Keys of a bundle item: the file order above, then the rest (the service's devices, apiClients, created, updated, ...) sorted. */
function orderedItem(item: unknown): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  const record = item as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const key of ORDER) if (record[key] !== undefined) ordered[key] = record[key];
  for (const key of Object.keys(record).filter((k) => !ORDER.includes(k)).sort()) ordered[key] = record[key];
  return ordered;
}

/** An export bundle: the service's items, every field kept, in a fixed key order; secrets masked. */
export function bundleFileText(items: unknown[]): { text: string; replaced: number } {
  const masked = maskSecrets(items.map(orderedItem));
  return { text: `${JSON.stringify(masked.value, null, 2)}\n`, replaced: masked.replaced };
}
