import type { Page, PageQuery } from './types';

/** Every item of a paged listing, one page at a time, until the service says it was the last. */
export async function* iteratePages<T>(
  fetchPage: (query: PageQuery) => Promise<Page<T>>,
  options: { size?: number; sort?: string | string[]; signal?: AbortSignal } = {},
): AsyncGenerator<T, void, undefined> {
  const size = options.size ?? 100;
  for (let page = 0; ; page += 1) {
    options.signal?.throwIfAborted();
    const result = await fetchPage({ page, size, ...(options.sort !== undefined && { sort: options.sort }) });
    yield* result.content;
    if (result.last || result.content.length === 0 || page + 1 >= result.totalPages) return;
  }
}
