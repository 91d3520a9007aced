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
      iterateRange((q) => {
        asked.push(q);
        return Promise.resolve(items.slice(q.start, q.end));
      }, { pageSize: 10, search: 'voice' }),
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
    const all = await collect(iteratePages((q) => (asked.push(q.page!), Promise.resolve(pages[q.page!]!)), { size: 2 }));
    assert.deepEqual(all, [1, 2, 3, 4, 5]);
    assert.deepEqual(asked, [0, 1, 2]);
  });

  test('stops on an empty page even if last is never set', async () => {
    const all = await collect(iteratePages((q) => Promise.resolve(page(q.page!, q.page! < 2 ? [q.page!] : [], false, 99))));
    assert.deepEqual(all, [0, 1]);
  });
});
