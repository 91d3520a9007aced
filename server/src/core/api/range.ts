import type { RangeQuery } from './types';

// What we take `start` and `end` to mean, in this one place (the document does not say):
// zero-based item offsets, `start` inclusive and `end` exclusive. Change `toRange` if a real
// service reads them otherwise (for example as 1-based, or `end` inclusive).

export function toRange(offset: number, limit: number): Pick<RangeQuery, 'start' | 'end'> {
  return { start: offset, end: offset + limit };
}

/**
 * Every item of a start/end list, `pageSize` at a time. Stops on a short page; a service that
 * ignores the range and answers with more than asked is taken to have sent the whole list.
 */
export async function* iterateRange<T>(
  fetchRange: (query: RangeQuery) => Promise<T[]>,
  options: { pageSize?: number; search?: string; signal?: AbortSignal } = {},
): AsyncGenerator<T, void, undefined> {
  const pageSize = options.pageSize ?? 100;
  for (let offset = 0; ; offset += pageSize) {
    options.signal?.throwIfAborted();
    const items = await fetchRange({
      ...toRange(offset, pageSize),
      ...(options.search !== undefined && { search: options.search }),
    });
    if (items.length > pageSize) {
      yield* offset === 0 ? items : [];
      return;
    }
    yield* items;
    if (items.length < pageSize) return;
  }
}
