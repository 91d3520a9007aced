import { ApiError } from './errors';
import type { Operation } from './operations';
import { exactNum, isRecord, usableRecords } from '../base/read';
import type { PagesCut } from './paging';
import type { QueryValue } from './requestUrl';
import type { ApiSession } from './session';

// Lists read whole, whatever shape the service chose where the document does not show one: a
// plain array, or a wrapper (`content`, `items`, `data`, `results`) that declares paging with the
// document's page fields (`last`, `totalPages`, `number`, `size`, `totalElements`, also inside a
// `page` or `pageable` object). A wrapper that says there is more is followed with `page`/`size`
// (the size the service chose, so its page numbers stay valid) until the list is complete, at
// most `MAX_LIST_PAGES` pages: past that the list is cut, says so once, and carries `cut`.

/** How many pages of one list are read at most (SessionOptions.maxListPages changes it). */
export const MAX_LIST_PAGES = 200;

/** Where a list stopped short of what the service declared. */
export interface ListCut {
  /** Pages read. */
  pages: number;
  /** Items kept. */
  items: number;
  /** Items the service said the list has, when it said so. */
  total?: number;
  /** Why, in words: the page cap, or a service that answered the same page again. */
  reason: string;
}

/** A list as read: the items, and `cut` when it is not the whole list. */
export type Listed<T> = T[] & { cut?: ListCut };

/** The paging a wrapper declares; absent fields are not declared. */
export interface Paging {
  number?: number;
  size?: number;
  totalPages?: number;
  totalElements?: number;
  last?: boolean;
}

const WRAPPER_KEYS = ['content', 'items', 'data', 'results'] as const;

/** What the notices call each list. */
const WORDS: Record<string, string> = {
  mobiledevices: 'mobile devices',
  testnodes: 'test nodes',
  tracefilters: 'trace filters',
  testsuites: 'test suites',
  testexecutions: 'executions',
  apiclients: 'API clients',
  tokens: 'device tokens',
  users: 'users',
  devicemodels: 'device models',
  testcases: 'test cases',
  projects: 'projects',
};

/** "mobile devices", "the test cases of mobile device 7": a list named for people. */
export function listWords(op: Operation, params?: Record<string, number | string>): string {
  const parts = op.path.split('/').filter((p) => p !== '' && p !== 'api' && p !== 'v2');
  const last = parts[parts.length - 1] ?? '';
  if (parts.length === 3 && params?.['id'] !== undefined)
    return `the ${WORDS[last] ?? last} of ${(WORDS[parts[0]!] ?? parts[0]!).replace(/s$/, '')} ${params['id']}`;
  return WORDS[last] ?? last;
}

function invalid(op: Operation, message: string): ApiError {
  return new ApiError({ kind: 'invalidResponse', method: op.method, path: op.path, serviceMessage: message });
}

/** The items of one list answer and the paging it declares (none for a plain array). */
export function listAnswer<T>(v: unknown, op: Operation): { items: T[]; paging?: Paging } {
  if (Array.isArray(v)) return { items: v as T[] };
  if (isRecord(v)) {
    const key = WRAPPER_KEYS.find((k) => Array.isArray(v[k]));
    if (key !== undefined) {
      const paging = pagingOf(v);
      return { items: v[key] as T[], ...(paging && { paging }) };
    }
  }
  throw invalid(op, 'expected a JSON array');
}

/** The document's page fields, at the top, in a Spring `page` object or in `pageable`. */
function pagingOf(v: Record<string, unknown>): Paging | undefined {
  const nested = isRecord(v['page']) ? v['page'] : {};
  const pageable = isRecord(v['pageable']) ? v['pageable'] : {};
  const n = (key: string, alt?: unknown) => exactNum(v[key]) ?? exactNum(nested[key]) ?? exactNum(alt);
  const p: Paging = {};
  const number = n('number', pageable['pageNumber']);
  const size = n('size', pageable['pageSize']);
  const totalPages = n('totalPages');
  const totalElements = n('totalElements');
  if (number !== undefined) p.number = number;
  if (size !== undefined && size > 0) p.size = size;
  if (totalPages !== undefined) p.totalPages = totalPages;
  if (totalElements !== undefined) p.totalElements = totalElements;
  if (typeof v['last'] === 'boolean') p.last = v['last'];
  return Object.keys(p).length > 0 ? p : undefined;
}

/** Whether the service declared pages after the one just read (page `index`, `count` items so far). */
export function hasMore(paging: Paging, index: number, count: number, pageItems: number): boolean {
  if (pageItems === 0) return false;
  if (paging.last !== undefined) return !paging.last;
  if (paging.totalPages !== undefined) return (paging.number ?? index) + 1 < paging.totalPages;
  if (paging.totalElements !== undefined) return count < paging.totalElements;
  return false;
}

const idOf = (item: unknown): unknown => (isRecord(item) ? item['id'] : undefined);

export interface ListRead {
  params?: Record<string, number | string>;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

/** Every item of a list (one request for a plain array), following the pages a wrapper declares. */
export async function readList<T>(s: ApiSession, op: Operation, read: ListRead = {}): Promise<Listed<T>> {
  const call = (extra: Record<string, QueryValue>) =>
    s.call(op, {
      ...(read.params && { params: read.params }),
      query: { ...read.query, ...extra },
      ...(read.signal && { signal: read.signal }),
    });
  const firstAnswer = listAnswer<T>(await call({}), op);
  const first = usable(s, op, read, firstAnswer, 0);
  // Places in the notices count every item sent, the unusable ones too.
  let sent = firstAnswer.items.length;
  const items: Listed<T> = [...first.items];
  let paging = first.paging;
  if (!paging) return items;
  const seen = new Set(first.items.map(idOf).filter((id) => id !== undefined));
  // The size the service chose: asking for another would move its page boundaries.
  const size = paging.size ?? first.items.length;
  let index = paging.number ?? 0;
  let pageItems = first.items.length;
  let pages = 1;
  const max = s.maxListPages ?? MAX_LIST_PAGES;
  while (hasMore(paging, index, items.length, pageItems)) {
    if (pages >= max)
      return cutList(s, op, read, items, {
        pages,
        total: paging.totalElements,
        reason: `at most ${max} pages of a list are read`,
      });
    index += 1;
    const answer = listAnswer<T>(await call({ page: index, size }), op);
    const next = usable(s, op, read, answer, sent);
    sent += answer.items.length;
    pages += 1;
    const fresh = next.items.filter((item) => {
      const id = idOf(item);
      if (id === undefined) return true;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    if (next.items.length > 0 && fresh.length === 0) {
      return cutList(s, op, read, items, {
        pages,
        total: paging.totalElements,
        reason: `the service answered page ${index} with items it had already sent`,
      });
    }
    items.push(...fresh);
    pageItems = next.items.length;
    // A page without paging fields ends the list.
    paging = next.paging ?? { last: true };
  }
  return items;
}

/** The cap and the cut notice for the documented paged listings (projects, test cases). */
export function pageLimits(s: ApiSession, op: Operation): { maxPages: number; onCut: PagesCut } {
  return {
    maxPages: s.maxListPages ?? MAX_LIST_PAGES,
    onCut: (cut) => {
      const of = cut.total > cut.items ? ` of ${cut.total}` : '';
      s.notice(
        `cut:${op.path}`,
        `The list of ${listWords(op)} was cut after ${cut.pages} pages (${cut.items}${of} items): ${cut.reason}. What is past the cut is not shown.`,
        'warning',
      );
    },
  };
}

/** A page with only the items that can be used; the rest said once per list, by place or id. */
function usable<T>(
  s: ApiSession,
  op: Operation,
  read: ListRead,
  page: { items: T[]; paging?: Paging },
  offset: number,
): { items: T[]; paging?: Paging } {
  const { records, unusable, mended } = usableRecords(page.items, offset);
  const listed = (said: string[]) =>
    said.slice(0, 5).join('; ') + (said.length > 5 ? `; and ${said.length - 5} more` : '');
  if (unusable.length > 0) {
    s.notice(
      `unusable:${op.path}:${JSON.stringify(read.params ?? {})}:${offset}`,
      `${unusable.length} ${unusable.length === 1 ? 'item' : 'items'} of the list of ${listWords(op, read.params)} could not be used and ${unusable.length === 1 ? 'is' : 'are'} not shown: ${listed(unusable)}.`,
      'warning',
    );
  }
  if (mended.length > 0) {
    s.notice(
      `mended:${op.path}:${JSON.stringify(read.params ?? {})}:${offset}`,
      `The list of ${listWords(op, read.params)} holds ${mended.length === 1 ? 'a field' : 'fields'} of the wrong type: ${listed(mended)}.`,
      'warning',
    );
  }
  return { ...page, items: records as T[] };
}

function cutList<T>(
  s: ApiSession,
  op: Operation,
  read: ListRead,
  items: Listed<T>,
  cut: Omit<ListCut, 'items'>,
): Listed<T> {
  items.cut = { ...cut, items: items.length };
  const of = cut.total !== undefined && cut.total > items.length ? ` of ${cut.total}` : '';
  s.notice(
    `cut:${op.path}:${JSON.stringify(read.params ?? {})}`,
    `The list of ${listWords(op, read.params)} was cut after ${cut.pages} pages (${items.length}${of} items): ${cut.reason}. What is past the cut is not shown; references to it are confirmed one by one.`,
    'warning',
  );
  return items;
}
