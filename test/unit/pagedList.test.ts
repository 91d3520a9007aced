import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { type ListPage, PagedList } from '../../client/src/views/pagedList';

// The Projects and Test Cases views page their lists through one PagedList: pages appended
// without repeating a row, a reread of as many pages as were loaded, answers for a list read
// again meanwhile dropped. A fake service answers pages from a fixed list, or when told.

interface Row {
  id: number;
}

/** A service of `count` rows, `size` a page; `asked` counts the page reads. */
function service(count: number, size: number) {
  const asked: number[] = [];
  const read = (page: number): Promise<ListPage<Row>> => {
    asked.push(page);
    const items = Array.from({ length: Math.max(0, Math.min(size, count - page * size)) }, (_, i) => ({
      id: page * size + i + 1,
    }));
    return Promise.resolve({ items, hasMore: (page + 1) * size < count, total: count });
  };
  return { asked, read };
}

const ids = (list: PagedList<Row>): number[] | undefined => list.items?.map((r) => r.id);

describe('a paged list', () => {
  test('reads the first page once, then the next on demand, and stamps the first read', async () => {
    const s = service(5, 2);
    let clock = 100;
    const list = new PagedList<Row>(s.read, undefined, () => clock);
    assert.equal(list.items, undefined);
    await list.ensure();
    await list.ensure();
    assert.deepEqual(ids(list), [1, 2]);
    assert.deepEqual(s.asked, [0]);
    assert.equal(list.readAt, 100);
    assert.equal(list.total, 5);
    clock = 200;
    await list.loadMore();
    await list.loadMore();
    await list.loadMore();
    assert.deepEqual(ids(list), [1, 2, 3, 4, 5]);
    assert.deepEqual(s.asked, [0, 1, 2], 'no read past the last page');
    assert.equal(list.hasMore, false);
    assert.equal(list.readAt, 100, 'a later page leaves the time of the first read');
  });

  test('does not repeat a row a later page brings again', async () => {
    const pages: ListPage<Row>[] = [
      { items: [{ id: 1 }, { id: 2 }], hasMore: true },
      { items: [{ id: 2 }, { id: 3 }], hasMore: false },
    ];
    const told: number[][] = [];
    const list = new PagedList<Row>(
      (page) => Promise.resolve(pages[page]!),
      (fresh) => told.push(fresh.map((r) => r.id)),
    );
    await list.ensure();
    await list.loadMore();
    assert.deepEqual(ids(list), [1, 2, 3]);
    assert.deepEqual(told, [[1, 2], [3]], 'told of the rows each page added');
  });

  test('catches up with as many pages as were loaded, and a refresh with one', async () => {
    const s = service(10, 2);
    const list = new PagedList<Row>(s.read);
    await list.ensure();
    await list.loadMore();
    await list.loadMore();
    list.catchUp();
    assert.equal(list.items, undefined);
    s.asked.length = 0;
    await list.ensure();
    assert.deepEqual(s.asked, [0, 1, 2]);
    assert.deepEqual(ids(list), [1, 2, 3, 4, 5, 6]);
    list.reset();
    s.asked.length = 0;
    await list.ensure();
    assert.deepEqual(s.asked, [0]);
  });

  test('drops a page answered for a list read again meanwhile', async () => {
    const answers: ((p: ListPage<Row>) => void)[] = [];
    const told: number[] = [];
    const list = new PagedList<Row>(
      () => new Promise((resolve) => answers.push(resolve)),
      (_fresh, generation) => told.push(generation),
    );
    const first = list.ensure();
    list.reset();
    const second = list.ensure();
    answers[1]!({ items: [{ id: 7 }], hasMore: false });
    await second;
    answers[0]!({ items: [{ id: 1 }], hasMore: true });
    await first;
    assert.deepEqual(ids(list), [7]);
    assert.equal(list.hasMore, false);
    assert.deepEqual(told, [list.generation], 'only the current list is told of its rows');
  });

  test('takes a row out, with the total', async () => {
    const list = new PagedList<Row>(service(3, 5).read);
    await list.ensure();
    assert.equal(list.remove(2), true);
    assert.equal(list.remove(9), false);
    assert.deepEqual(ids(list), [1, 3]);
    assert.equal(list.total, 2);
  });
});
