import { hasMore, listAnswer, listWords, MAX_LIST_PAGES, readList, type Listed } from './lists';
import type { Operation } from './operations';
import { isRecord, num, pick, time } from '../base/read';
import type { QueryValue } from './requestUrl';
import type { ApiSession } from './session';
import type { Loose } from './types';

// The lists with `start` and `end` (executions, API clients). The document does not say what
// they mean, nor in which order a list comes. Asked first as zero-based item offsets (start
// inclusive, end exclusive), the answers tell whether the service reads them so: an empty first
// window while the list has records (time bounds, say), more items than asked (the range is
// ignored), a list oldest first, or a page wrapper (the service pages it itself) all switch the
// list to being read without a range and put in order here (newest first for executions). The
// session's `startEnd` setting pins either reading where the answers cannot tell. Which reading
// is in use is told once.

type Mode = 'offsets' | 'none';

export interface Window<T> {
  items: T[];
  /** Whether the list has more after this window. */
  hasMore: boolean;
}

/** A creation time in ms, from the fields executions are read with; undefined when none. */
function createdMs(item: unknown): number | undefined {
  if (!isRecord(item)) return undefined;
  const t = time(pick(item, ['createdAt', 'created', 'queuedAt', 'startedAt', 'startTime']));
  return t === undefined ? undefined : Date.parse(t);
}

/** Newest first: by creation time (when both have one), then by id, higher first. */
export function newestFirst(a: unknown, b: unknown): number {
  const ta = createdMs(a);
  const tb = createdMs(b);
  if (ta !== undefined && tb !== undefined && ta !== tb) return tb - ta;
  const ia = isRecord(a) ? num(a['id']) : undefined;
  const ib = isRecord(b) ? num(b['id']) : undefined;
  return (ib ?? 0) - (ia ?? 0);
}

/** Whether a list comes oldest first (its first item older than its last); false when it cannot tell. */
export function oldestFirst(items: readonly unknown[]): boolean {
  return items.length >= 2 && newestFirst(items[0], items[items.length - 1]) > 0;
}

export class RangeList<T extends Loose> {
  private learnt: Mode | undefined;

  constructor(
    private readonly s: ApiSession,
    private readonly op: Operation,
  ) {}

  private get words(): string {
    return listWords(this.op);
  }

  private get mode(): Mode | undefined {
    const pinned = this.s.startEnd;
    return pinned === 'auto' ? this.learnt : pinned;
  }

  private learn(mode: Mode, why: string): void {
    if (this.s.startEnd !== 'auto') return;
    this.learnt = mode;
    const how =
      mode === 'offsets'
        ? 'start/end are read as item offsets'
        : 'start/end are not sent: the list is read without a range and put in order here';
    this.s.notice(
      `startEnd:${this.op.path}`,
      `The ${this.words} of this service: ${how} (${why}). ${this.s.startEndPin} pins a reading.`,
    );
  }

  private call(query: Record<string, QueryValue>, signal?: AbortSignal): Promise<unknown> {
    return this.s.call(this.op, { query, ...(signal && { signal }) });
  }

  /** The newest `count` items after the first `start`, newest first. */
  async newest(start: number, count: number, search?: string, signal?: AbortSignal): Promise<Window<T>> {
    if (this.mode !== 'none') {
      const query = { start, end: start + count, ...(search !== undefined && search !== '' && { search }) };
      const answer = listAnswer<T>(await this.call(query, signal), this.op);
      if (this.mode === 'offsets') {
        const items = answer.paging
          ? await readList<T>(this.s, this.op, { query, ...(signal && { signal }) })
          : answer.items;
        return { items: [...items].sort(newestFirst), hasMore: items.length >= count };
      }
      const why = answer.paging
        ? 'it answers with pages of its own'
        : answer.items.length > count
          ? `it sent ${answer.items.length} items for a range of ${count}`
          : oldestFirst(answer.items)
            ? 'it lists oldest first'
            : undefined;
      if (why === undefined && !(answer.items.length === 0 && start === 0)) {
        if (answer.items.length >= 2) this.learn('offsets', 'its answers fit');
        return { items: [...answer.items].sort(newestFirst), hasMore: answer.items.length >= count };
      }
      if (why === undefined) {
        // An empty first window: an empty list, or a range read otherwise (as times, say).
        const whole = await this.unranged(start, count, search, signal);
        if (whole.items.length > 0) this.learn('none', 'the first window was empty while the list is not');
        return whole;
      }
      this.learn('none', why);
    }
    return this.unranged(start, count, search, signal);
  }

  /** The whole list (API clients): windows of `pageSize` while the service reads them as offsets. */
  async all(pageSize: number, search?: string, signal?: AbortSignal): Promise<Listed<T>> {
    const plain = () =>
      readList<T>(this.s, this.op, {
        query: { ...(search !== undefined && search !== '' && { search }) },
        ...(signal && { signal }),
      });
    if (this.mode === 'none') return plain();
    const out: T[] = [];
    const seen = new Set<unknown>();
    for (let offset = 0; ; offset += pageSize) {
      const query = { start: offset, end: offset + pageSize, ...(search !== undefined && search !== '' && { search }) };
      const answer = listAnswer<T>(await this.call(query, signal), this.op);
      const repeated = answer.items.length > 0 && answer.items.every((item) => seen.has(item['id']));
      const why = answer.paging
        ? 'it answers with pages of its own'
        : answer.items.length > pageSize
          ? `it sent ${answer.items.length} items for a range of ${pageSize}`
          : repeated
            ? 'a later window repeated an earlier one'
            : undefined;
      if (why !== undefined && this.mode !== 'offsets') {
        this.learn('none', why);
        return plain();
      }
      if (answer.items.length === 0 && offset === 0 && this.mode !== 'offsets') {
        const whole = await plain();
        if (whole.length > 0) this.learn('none', 'the first window was empty while the list is not');
        return whole;
      }
      // A window that repeats what came before is not added: the list ends there.
      if (repeated) return out;
      for (const item of answer.items) seen.add(item['id']);
      out.push(...answer.items);
      if (answer.items.length < pageSize) {
        if (out.length > 1 && this.mode === undefined) this.learn('offsets', 'its answers fit');
        return out;
      }
    }
  }

  /**
   * The window read from the list without a range, newest first. A plain array is the whole
   * list. A paged one is read from its newest end: forward when it comes newest first, from the
   * last page back when oldest first, until the window is full.
   */
  private async unranged(
    start: number,
    count: number,
    search: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Window<T>> {
    const base = { ...(search !== undefined && search !== '' && { search }) };
    const need = start + count;
    const first = listAnswer<T>(await this.call(base, signal), this.op);
    const paging = first.paging;
    if (!paging || !hasMore(paging, paging.number ?? 0, first.items.length, first.items.length)) {
      const all = [...first.items].sort(newestFirst);
      return { items: all.slice(start, need), hasMore: all.length > need };
    }
    const size = paging.size ?? first.items.length;
    const totalPages =
      paging.totalPages ?? (paging.totalElements !== undefined ? Math.ceil(paging.totalElements / size) : undefined);
    const backwards = oldestFirst(first.items) && totalPages !== undefined;
    const max = this.s.maxListPages ?? MAX_LIST_PAGES;
    const collected = [...first.items];
    let pages = 1;
    let more: boolean;
    if (backwards) {
      // Page 0 holds the oldest: the pages from the end are read until they fill the window.
      let page = totalPages - 1;
      for (; page >= 1 && collected.length - first.items.length < need && pages < max; page--, pages++) {
        collected.push(...listAnswer<T>(await this.call({ ...base, page, size }, signal), this.op).items);
      }
      more = collected.length > need || (page >= 1 && (paging.totalElements ?? Infinity) > need);
    } else {
      // Newest first, or the order cannot be told: forward until the window is full (all of it
      // when the order is unknown).
      const known = !oldestFirst(first.items) && first.items.length >= 2;
      let last = paging;
      let lastCount = first.items.length;
      for (
        let page = (paging.number ?? 0) + 1;
        hasMore(last, page - 1, collected.length, lastCount) && (!known || collected.length < need) && pages < max;
        page++, pages++
      ) {
        const next = listAnswer<T>(await this.call({ ...base, page, size }, signal), this.op);
        collected.push(...next.items);
        last = next.paging ?? { last: true };
        lastCount = next.items.length;
      }
      more = hasMore(last, 0, collected.length, lastCount) || collected.length > need;
    }
    const unique = new Map<unknown, T>();
    for (const item of collected) unique.set(item['id'] ?? unique.size, item);
    const all = [...unique.values()].sort(newestFirst);
    return { items: all.slice(start, need), hasMore: more };
  }
}
