import { badRequest } from './errors';

// Paging as the interface document shows it for projects and test cases (a Spring-style page
// wrapper), and our reading of `start`/`end` for the other lists (DECISIONS.md, "Lists").

export interface SortKey {
  field: string;
  descending: boolean;
}

export interface PageRequest {
  page: number;
  size: number;
  sort: SortKey[];
}

export const MAX_PAGE_SIZE = 2000;

function nonNegativeInt(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw badRequest(`Query parameter '${name}' must be a non-negative integer, got '${raw}'`);
  return Number(raw);
}

/** `sort=name,desc` (repeatable); `sort=name` is ascending. Unknown fields are a 400. */
export function parseSort(query: URLSearchParams, allowed: readonly string[]): SortKey[] {
  return query.getAll('sort').flatMap((raw) => {
    if (raw === '') return [];
    const [field = '', dir = 'asc'] = raw.split(',').map((s) => s.trim());
    if (!allowed.includes(field)) {
      throw badRequest(`Cannot sort by '${field}'; sortable fields: ${allowed.join(', ')}`);
    }
    if (dir !== 'asc' && dir !== 'desc' && dir !== 'ASC' && dir !== 'DESC') {
      throw badRequest(`Sort direction must be asc or desc, got '${dir}'`);
    }
    return [{ field, descending: dir.toLowerCase() === 'desc' }];
  });
}

/** `maxPageSize` (readings.ts): a larger size is served as that many, as Spring's max-page-size does; 0: above MAX_PAGE_SIZE is a 400. */
export function parsePage(query: URLSearchParams, sortable: readonly string[], maxPageSize = 0): PageRequest {
  const page = nonNegativeInt(query, 'page', 0);
  let size = nonNegativeInt(query, 'size', 20);
  if (maxPageSize > 0 && size > maxPageSize) size = maxPageSize;
  if (size < 1 || size > MAX_PAGE_SIZE) throw badRequest(`Query parameter 'size' must be 1 to ${MAX_PAGE_SIZE}`);
  return { page, size, sort: parseSort(query, sortable) };
}

export function sortRows<T>(rows: T[], sort: SortKey[], value: (row: T, field: string) => SortValue): T[] {
  if (sort.length === 0) return rows;
  return [...rows].sort((a, b) => {
    for (const key of sort) {
      const c = compare(value(a, key.field), value(b, key.field));
      if (c !== 0) return key.descending ? -c : c;
    }
    return 0;
  });
}

type SortValue = string | number | boolean | null | undefined;

function compare(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''));
}

/** The page wrapper of the interface document, every field filled. */
export function pageOf<T>(rows: T[], req: PageRequest): Record<string, unknown> {
  const offset = req.page * req.size;
  const content = rows.slice(offset, offset + req.size);
  const totalPages = Math.ceil(rows.length / req.size);
  const sort = { sorted: req.sort.length > 0, unsorted: req.sort.length === 0, empty: req.sort.length === 0 };
  return {
    totalElements: rows.length,
    totalPages,
    number: req.page,
    size: req.size,
    content,
    first: req.page === 0,
    last: req.page >= totalPages - 1,
    numberOfElements: content.length,
    empty: content.length === 0,
    sort,
    pageable: {
      sort,
      offset,
      paged: true,
      unpaged: false,
      pageNumber: req.page,
      pageSize: req.size,
    },
  };
}

/**
 * `start` and `end` (DECISIONS.md, "Lists"): zero-based item offsets, `start` inclusive and `end`
 * exclusive, over the list in its natural order; both optional (start 0, end = the whole list).
 * The response is a plain JSON array; the header `X-Total-Count` gives the size of the whole list.
 */
export function parseRange(query: URLSearchParams): { start: number; end: number | undefined } {
  const start = nonNegativeInt(query, 'start', 0);
  const endRaw = query.get('end');
  const end = endRaw === null || endRaw === '' ? undefined : nonNegativeInt(query, 'end', 0);
  if (end !== undefined && end < start) throw badRequest(`'end' (${end}) must not be less than 'start' (${start})`);
  return { start, end };
}

/** Case-insensitive substring search over the given texts of a row. */
export function matchesSearch(search: string | null, texts: (string | number | null | undefined)[]): boolean {
  if (!search) return true;
  const needle = search.toLowerCase();
  return texts.some((t) => t !== null && t !== undefined && String(t).toLowerCase().includes(needle));
}
