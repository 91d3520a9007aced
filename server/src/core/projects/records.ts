import { isRecord } from '../api/parse';
import type { ProjectRefInfo } from '../model/projects';

// Lenient readers for records whose fields the document does not show (trace filters, nodes,
// tokens): an id is required, everything else may be missing or shaped otherwise.

export const int = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;

export const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** A `projects` array of {id, name}; undefined when the record has none (then listAssignments decides). */
export function projectsField(raw: unknown): ProjectRefInfo[] | undefined {
  if (!isRecord(raw) || !Array.isArray(raw['projects'])) return undefined;
  return (raw['projects'] as unknown[]).flatMap((p) => {
    if (!isRecord(p)) return [];
    const id = int(p['id']);
    return id === undefined ? [] : [{ id, name: text(p['name']) ?? `Project ${id}` }];
  });
}

/** Splits ids into batches, so one listAssignments never carries an unbounded body. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
