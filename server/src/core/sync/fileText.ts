import { maskSecrets } from '../secrets/secrets';

// The canonical text of an exported test-case file: the same key order and indentation every
// time, so a re-export of an unchanged case changes no byte and git shows no diff.

const ORDER = [
  'id',
  'name',
  'description',
  'tags',
  'disabled',
  'disableReason',
  'notes',
  'testStepList',
  'traceFilters',
  'sipTraceFilters',
  'projects',
];
/** Only the service knows these; they change on every update, so files would never be stable. */
const NOT_WRITTEN = new Set(['devices', 'apiClients', 'created', 'updated', '$schema', 'id']);

export interface FileTextOptions {
  /** The `id` member to write (the case's id in the file's home environment), or none. */
  id?: number;
  /** The existing file's `$schema`, kept first. */
  schema?: unknown;
}

/** The record's keys in file order: ORDER first, then the others sorted; `omit` left out. */
function ordered(record: Record<string, unknown>, omit: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ORDER) if (!omit.has(key) && record[key] !== undefined) out[key] = record[key];
  for (const key of Object.keys(record)
    .filter((k) => !ORDER.includes(k) && !omit.has(k))
    .sort())
    out[key] = record[key];
  return out;
}

/** A test case as a `*.testcase.json` text, secrets masked; `replaced` counts masked values. */
export function testCaseFileText(
  record: Record<string, unknown>,
  options: FileTextOptions = {},
): { text: string; replaced: number } {
  const file = {
    ...(options.schema !== undefined && { $schema: options.schema }),
    ...(options.id !== undefined && { id: options.id }),
    ...ordered(record, NOT_WRITTEN),
  };
  const masked = maskSecrets(file);
  return { text: `${JSON.stringify(masked.value, null, 2)}\n`, replaced: masked.replaced };
}

const KEEP_ALL: ReadonlySet<string> = new Set();

/** An export bundle: the service's items, every field kept (devices, apiClients, created, ...), in file order; secrets masked. */
export function bundleFileText(items: unknown[]): { text: string; replaced: number } {
  const inOrder = items.map((item) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? ordered(item as Record<string, unknown>, KEEP_ALL)
      : item,
  );
  const masked = maskSecrets(inOrder);
  return { text: `${JSON.stringify(masked.value, null, 2)}\n`, replaced: masked.replaced };
}
