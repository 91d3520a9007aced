import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { iteratePages } from '../../server/src/core/api/paging';
import { iterateRange, toRange } from '../../server/src/core/api/range';
import type { Page, RangeQuery } from '../../server/src/core/api/types';

const collect = async <T>(it: AsyncGenerator<T>) => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};

describe('start/end ranges', () => {
  test('start and end are zero-based offsets, end exclusive', () => {
    assert.deepEqual(toRange(0, 100), { start: 0, end: 100 });
    assert.deepEqual(toRange(200, 50), { start: 200, end: 250 });
  });

  test('iterates until a short page, passing search along', async () => {
    const items = Array.from({ length: 23 }, (_, i) => i);
    const asked: RangeQuery[] = [];
    const all = await collect(
      iterateRange(
        (q) => {
          asked.push(q);
          return Promise.resolve(items.slice(q.start, q.end));
        },
        { pageSize: 10, search: 'voice' },
      ),
    );
    assert.deepEqual(all, items);
    assert.deepEqual(asked, [
      { start: 0, end: 10, search: 'voice' },
      { start: 10, end: 20, search: 'voice' },
      { start: 20, end: 30, search: 'voice' },
    ]);
  });

  test('a service that ignores the range is read once, not forever', async () => {
    let calls = 0;
    const all = await collect(iterateRange(() => (calls++, Promise.resolve([1, 2, 3, 4, 5])), { pageSize: 2 }));
    assert.deepEqual(all, [1, 2, 3, 4, 5]);
    assert.equal(calls, 1);
  });
});

describe('paged listings', () => {
  const page = (n: number, content: number[], last: boolean, totalPages: number): Page<number> => ({
    totalElements: 5,
    totalPages,
    number: n,
    size: 2,
    content,
    first: n === 0,
    last,
  });

  test('reads pages until last', async () => {
    const pages = [page(0, [1, 2], false, 3), page(1, [3, 4], false, 3), page(2, [5], true, 3)];
    const asked: number[] = [];
    const all = await collect(
      iteratePages((q) => (asked.push(q.page!), Promise.resolve(pages[q.page!]!)), { size: 2 }),
    );
    assert.deepEqual(all, [1, 2, 3, 4, 5]);
    assert.deepEqual(asked, [0, 1, 2]);
  });

  test('stops on an empty page even if last is never set', async () => {
    const all = await collect(
      iteratePages((q) => Promise.resolve(page(q.page!, q.page! < 2 ? [q.page!] : [], false, 99))),
    );
    assert.deepEqual(all, [0, 1]);
  });
});

describe('paged listings: the edges', () => {
  const of = <T>(n: number, content: T[], more: Partial<Page<T>> = {}): Page<T> => ({
    totalElements: 100,
    totalPages: 100,
    number: n,
    size: content.length,
    content,
    first: n === 0,
    last: false,
    ...more,
  });

  test('the query: page, size (100 unless given) and sort only when given', async () => {
    const asked: unknown[] = [];
    await collect(iteratePages((q) => (asked.push(q), Promise.resolve(of(0, [], { last: true })))));
    await collect(
      iteratePages((q) => (asked.push(q), Promise.resolve(of(0, [], { last: true }))), { size: 7, sort: 'name,asc' }),
    );
    assert.deepEqual(asked, [
      { page: 0, size: 100 },
      { page: 0, size: 7, sort: 'name,asc' },
    ]);
  });

  test('stops after the page totalPages names, and at maxPages (saying where it stopped and why)', async () => {
    const asked: number[] = [];
    const all = await collect(
      iteratePages((q) => (asked.push(q.page!), Promise.resolve(of(q.page!, [{ id: q.page! }], { totalPages: 2 })))),
    );
    assert.deepEqual(
      all.map((x) => x.id),
      [0, 1],
    );
    assert.deepEqual(asked, [0, 1]);
    const cuts: unknown[] = [];
    const capped = await collect(
      iteratePages(
        (q) => Promise.resolve(of(q.page!, [{ id: q.page! * 2 }, { id: q.page! * 2 + 1 }], { totalElements: 40 })),
        { maxPages: 3, onCut: (c) => cuts.push(c) },
      ),
    );
    assert.equal(capped.length, 6);
    assert.deepEqual(cuts, [{ pages: 3, items: 6, total: 40, reason: 'at most 3 pages of a list are read' }]);
    // The last page within the cap is no cut.
    const fits: unknown[] = [];
    await collect(
      iteratePages((q) => Promise.resolve(of(q.page!, [{ id: q.page! }], { totalPages: 3 })), {
        maxPages: 3,
        onCut: (c) => fits.push(c),
      }),
    );
    assert.deepEqual(fits, []);
  });

  test('a service that ignores page: the repeated page ends the listing, once, with the reason', async () => {
    const cuts: unknown[] = [];
    const asked: number[] = [];
    const all = await collect(
      iteratePages(
        (q) => (asked.push(q.page!), Promise.resolve(of(q.page!, [{ id: 1 }, { id: 2 }], { totalElements: 9 }))),
        { onCut: (c) => cuts.push(c) },
      ),
    );
    assert.deepEqual(all, [{ id: 1 }, { id: 2 }]);
    assert.deepEqual(asked, [0, 1]);
    assert.deepEqual(cuts, [
      { pages: 2, items: 2, total: 9, reason: 'the service answered page 1 with items it had already sent' },
    ]);
    // A page that repeats only some items, or items without ids, or none at all, is read on.
    const partly: unknown[][] = [
      [{ id: 1 }, { id: 2 }],
      [{ id: 2 }, { id: 3 }],
      [{ name: 'no id' }],
      [{ id: 1 }, null, 5],
    ];
    const read = await collect(
      iteratePages((q) => Promise.resolve(of(q.page!, partly[q.page!]!, { last: q.page === 3 }))),
    );
    assert.equal(read.length, 8);
    // Page 0 alone is never compared (nothing came before it).
    const cuts0: unknown[] = [];
    const first = await collect(
      iteratePages((q) => Promise.resolve(of(q.page!, q.page === 0 ? [{ id: 1 }, { id: 1 }] : [], {})), {
        onCut: (c) => cuts0.push(c),
      }),
    );
    assert.equal(first.length, 2);
    assert.deepEqual(cuts0, []);
  });

  test('without a listener for cuts, a cut listing still ends quietly with what was read', async () => {
    const repeated = await collect(iteratePages((q) => Promise.resolve(of(q.page!, [{ id: 1 }]))));
    assert.deepEqual(repeated, [{ id: 1 }]);
    const capped = await collect(iteratePages((q) => Promise.resolve(of(q.page!, [{ id: q.page! }])), { maxPages: 2 }));
    assert.deepEqual(capped, [{ id: 0 }, { id: 1 }]);
  });

  test('a page marked last ends the listing whatever totalPages says; so does an empty page', async () => {
    const asked: number[] = [];
    await collect(
      iteratePages(
        (q) => (asked.push(q.page!), Promise.resolve(of(q.page!, [{ id: q.page! }], { last: true, totalPages: 5 }))),
      ),
    );
    assert.deepEqual(asked, [0]);
    const empty: number[] = [];
    await collect(
      iteratePages(
        (q) => (empty.push(q.page!), Promise.resolve(of(q.page!, q.page === 0 ? [{ id: 0 }] : [], { totalPages: 5 }))),
      ),
    );
    assert.deepEqual(empty, [0, 1]);
  });

  test('cancelled: the next page is not asked for', async () => {
    const stop = new AbortController();
    const asked: number[] = [];
    const it = iteratePages((q) => (asked.push(q.page!), Promise.resolve(of(q.page!, [{ id: q.page! }]))), {
      signal: stop.signal,
    });
    await it.next();
    stop.abort(new Error('stop'));
    await assert.rejects(it.next(), /stop/);
    assert.deepEqual(asked, [0]);
  });
});
