import { mapLimit } from '../base/pool';
import { int, isRecord } from '../base/read';
import type { Loose } from './types';

// List items that are summaries (say `{id, name}`) completed by their own records where a
// feature shows a field the item lacks: read a few at a time, and a record that cannot be read
// leaves its item as the list gave it.

/** Records read at once. */
export const RECORD_CONCURRENCY = 4;

/** The items, each one that `lacks` a needed field merged with its record (`read`: GET .../{id}). */
export async function completeItems<T>(
  items: readonly T[],
  lacks: (item: T) => boolean,
  read: (id: number) => Promise<Loose | undefined>,
): Promise<T[]> {
  return mapLimit(items, RECORD_CONCURRENCY, async (item) => {
    const id = isRecord(item) ? int(item['id']) : undefined;
    if (id === undefined || !lacks(item)) return item;
    try {
      const record = await read(id);
      return record ? { ...item, ...record, id } : item;
    } catch {
      return item;
    }
  });
}

/** Whether a record lacks a field altogether (an empty value is still an answer). */
export const lacksField =
  (field: string) =>
  (item: unknown): boolean =>
    isRecord(item) && !(field in item);
