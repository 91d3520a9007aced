import { int, isRecord, text } from '../base/read';
import type { ProjectRefInfo } from '../model/projects';

// What records of several kinds share (trace filters, test cases, tokens): their `projects`
// field, read leniently (api/read.ts), and batches of ids for listAssignments.

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
