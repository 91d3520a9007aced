import { deeperThan, MAX_DEPTH } from '../jsonText';
import { int, isRecord } from '../base/read';
import type { Loose } from './types';

// Answers nested deeper than a file may be: in a list, only the deep records are cut down.

/**
 * A list answer (an array, or an object wrapping one) without its items nested too deep, and
 * those items named (by id where they have one); undefined when the depth is not in its items.
 */
export function shallowItems(value: unknown): { value: unknown; dropped: string[] } | undefined {
  const wrapper = isRecord(value) ? LIST_KEYS.find((k) => Array.isArray(value[k])) : undefined;
  const items = Array.isArray(value)
    ? value
    : wrapper !== undefined
      ? ((value as Loose)[wrapper] as unknown[])
      : undefined;
  if (!items) return undefined;
  const dropped: string[] = [];
  // A deep record with an id stays as its id alone: what reads it whole (an export) then asks
  // for it and fails for it alone, saying why; one without an id is left out.
  const kept = items.flatMap((item: unknown, i): unknown[] => {
    if (!deeperThan(item, MAX_DEPTH - 2)) return [item];
    const id = isRecord(item) ? int(item['id']) : undefined;
    dropped.push(id === undefined ? `item ${i + 1}` : `id ${id}`);
    return id === undefined ? [] : [{ id }];
  });
  const rest = wrapper !== undefined ? { ...(value as Loose), [wrapper]: kept } : kept;
  return deeperThan(rest, MAX_DEPTH) ? undefined : { value: rest, dropped };
}

const LIST_KEYS = ['content', 'items', 'data', 'results'];
