import type { Page, PageQuery } from './types';

/** Where a paged listing stopped short: pages read, items given, and why. */
export type PagesCut = (cut: { pages: number; items: number; total: number; reason: string }) => void;

/**
 * Every item of a paged listing, one page at a time, until the service says it was the last:
 * at most `maxPages` pages (then `onCut` is told), and no further once a page repeats the items
 * of earlier ones (a service that ignores `page`).
 */
export async function* iteratePages<T>(
  fetchPage: (query: PageQuery) => Promise<Page<T>>,
  options: { size?: number; sort?: string | string[]; signal?: AbortSignal; maxPages?: number; onCut?: PagesCut } = {},
): AsyncGenerator<T, void, undefined> {
  const size = options.size ?? 100;
  const seen = new Set<unknown>();
  let items = 0;
  for (let page = 0; ; page += 1) {
    options.signal?.throwIfAborted();
    const result = await fetchPage({ page, size, ...(options.sort !== undefined && { sort: options.sort }) });
    const ids = result.content.map((item) =>
      typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined,
    );
    if (page > 0 && result.content.length > 0 && ids.every((id) => id !== undefined && seen.has(id))) {
      options.onCut?.({
        pages: page + 1,
        items,
        total: result.totalElements,
        reason: `the service answered page ${page} with items it had already sent`,
      });
      return;
    }
    for (const id of ids) if (id !== undefined) seen.add(id);
    items += result.content.length;
    yield* result.content;
    if (result.last || result.content.length === 0 || page + 1 >= result.totalPages) return;
    if (options.maxPages !== undefined && page + 1 >= options.maxPages) {
      options.onCut?.({
        pages: page + 1,
        items,
        total: result.totalElements,
        reason: `at most ${options.maxPages} pages of a list are read`,
      });
      return;
    }
  }
}
