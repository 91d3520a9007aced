import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { ApiError } from '../../server/src/core/api/errors';
import { hasMore, listAnswer, listWords, readList } from '../../server/src/core/api/lists';
import { OPERATIONS } from '../../server/src/core/api/operations';
import { newestFirst, oldestFirst } from '../../server/src/core/api/rangeLists';
import type { ApiSession, CallOptions, Notice } from '../../server/src/core/api/session';

// Lists whatever their shape: the wrappers and page fields read, the pages followed, the cap and
// a service that answers the same page again; the order of executions.

const op = OPERATIONS.listMobileDevices;

/** A session stand-in that answers each call from `answer` and records the queries. */
function fakeSession(answer: (query: Record<string, unknown>) => unknown, maxListPages?: number) {
  const queries: Record<string, unknown>[] = [];
  const options: CallOptions[] = [];
  const notices: Notice[] = [];
  const noticed = new Set<string>();
  const s = {
    maxListPages,
    call: (_op: unknown, o: CallOptions = {}) => {
      queries.push({ ...o.query });
      options.push(o);
      return Promise.resolve(answer(o.query ?? {}));
    },
    notice: (key: string, message: string, level: Notice['level'] = 'info') => {
      if (!noticed.has(key)) notices.push({ key, message, level });
      noticed.add(key);
    },
  };
  return { s: s as unknown as ApiSession, queries, options, notices };
}

const devices = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i }));

describe('a list answer', () => {
  test('a plain array, or a wrapper in content, items, data or results', () => {
    assert.deepEqual(listAnswer([1], op), { items: [1] });
    for (const key of ['content', 'items', 'data', 'results'])
      assert.deepEqual(listAnswer({ [key]: [1] }, op).items, [1], key);
    assert.throws(() => listAnswer({ rows: [] }, op), /expected a JSON array/);
  });

  test('paging from the top, a Spring `page` object or `pageable`; none when nothing is declared', () => {
    assert.deepEqual(listAnswer({ content: [], totalPages: 3, number: 0, size: 20, last: false }, op).paging, {
      number: 0,
      size: 20,
      totalPages: 3,
      last: false,
    });
    assert.deepEqual(
      listAnswer({ content: [], page: { size: 5, number: 1, totalElements: 12, totalPages: 3 } }, op).paging,
      { number: 1, size: 5, totalPages: 3, totalElements: 12 },
    );
    assert.deepEqual(listAnswer({ content: [], pageable: { pageNumber: 2, pageSize: 10 } }, op).paging, {
      number: 2,
      size: 10,
    });
    assert.equal(listAnswer({ items: [1] }, op).paging, undefined);
  });

  test('more pages: last, else totalPages, else totalElements; never after an empty page', () => {
    assert.equal(hasMore({ last: false, totalPages: 1 }, 0, 20, 20), true);
    assert.equal(hasMore({ totalPages: 3, number: 1 }, 1, 40, 20), true);
    assert.equal(hasMore({ totalPages: 3, number: 2 }, 2, 60, 20), false);
    assert.equal(hasMore({ totalElements: 45 }, 1, 40, 20), true);
    assert.equal(hasMore({ last: false }, 3, 60, 0), false);
  });

  test('named for people', () => {
    assert.equal(listWords(op), 'mobile devices');
    assert.equal(listWords(OPERATIONS.listMobileDeviceTestCases, { id: 7 }), 'the test cases of mobile device 7');
    assert.equal(listWords(OPERATIONS.listTestCaseSuites, { id: 4 }), 'the test suites of test case 4');
  });

  test('every list the notices name, in words', () => {
    const words: [keyof typeof OPERATIONS, string][] = [
      ['listTestNodes', 'test nodes'],
      ['listTraceFilters', 'trace filters'],
      ['listTestSuites', 'test suites'],
      ['listTestExecutions', 'executions'],
      ['listApiClients', 'API clients'],
      ['listDeviceTokens', 'device tokens'],
      ['listUsers', 'users'],
      ['listDeviceModels', 'device models'],
      ['listTestCases', 'test cases'],
      ['listProjects', 'projects'],
    ];
    for (const [name, said] of words) assert.equal(listWords(OPERATIONS[name]), said, name);
  });

  test('a list under a record without its id is named plainly; a top-level list with an id stays itself', () => {
    assert.equal(listWords(OPERATIONS.listMobileDeviceTestCases), 'test cases');
    assert.equal(listWords(op, { id: 7 }), 'mobile devices');
  });

  test('an answer that is no list, not even a wrapper, is an invalid answer', () => {
    for (const v of [null, 'text', 7, { rows: [] }]) {
      assert.throws(
        () => listAnswer(v, op),
        (e: unknown) =>
          e instanceof ApiError && e.kind === 'invalidResponse' && /expected a JSON array/.test(e.message),
        JSON.stringify(v),
      );
    }
  });

  test('a page size of 0 or less is not declared', () => {
    assert.equal(listAnswer({ content: [], size: 0 }, op).paging, undefined);
    assert.deepEqual(listAnswer({ content: [], size: -5, totalPages: 2 }, op).paging, { totalPages: 2 });
  });

  test('more pages by totalPages counts from the page read when the answer names none; totalElements reached is the end', () => {
    assert.equal(hasMore({ totalPages: 3 }, 0, 20, 20), true);
    assert.equal(hasMore({ totalPages: 3, number: 2 }, 0, 20, 20), false, 'the page the answer names wins');
    assert.equal(hasMore({ totalElements: 40 }, 1, 40, 20), false);
  });
});

describe('reading a list whole', () => {
  const paged = (total: number, defaultSize: number) => (q: Record<string, unknown>) => {
    const page = Number(q['page'] ?? 0);
    const size = Number(q['size'] ?? defaultSize);
    return {
      content: devices(page * size + 1, Math.max(0, Math.min(size, total - page * size))),
      number: page,
      size,
      totalPages: Math.ceil(total / size),
    };
  };

  test('a plain array is one request', async () => {
    const f = fakeSession(() => devices(1, 3));
    assert.deepEqual(
      (await readList(f.s, op)).map((d) => (d as { id: number }).id),
      [1, 2, 3],
    );
    assert.equal(f.queries.length, 1);
  });

  test('pages are followed with the size the service chose, the first asked plainly', async () => {
    const f = fakeSession(paged(45, 20));
    const list = await readList(f.s, op);
    assert.equal(list.length, 45);
    assert.equal(list.cut, undefined);
    assert.deepEqual(f.queries, [{}, { page: 1, size: 20 }, { page: 2, size: 20 }]);
  });

  test('at most the cap of pages; then cut, said once', async () => {
    const f = fakeSession(paged(100, 10), 3);
    const list = await readList(f.s, op);
    assert.deepEqual([list.length, list.cut?.pages, list.cut?.total], [30, 3, undefined]);
    await readList(f.s, op);
    assert.equal(f.notices.length, 1);
    assert.equal(f.notices[0]!.level, 'warning');
  });

  test('every page is asked of the same record and can be cancelled', async () => {
    const f = fakeSession(paged(25, 10));
    const signal = new AbortController().signal;
    await readList(f.s, OPERATIONS.listMobileDeviceTestCases, { params: { id: 7 }, signal });
    assert.equal(f.options.length, 3);
    for (const o of f.options) {
      assert.deepEqual(o.params, { id: 7 });
      assert.equal(o.signal, signal);
    }
  });

  test('a wrapper that declares pages but no page number or size: the next page is 1, of the size the first had', async () => {
    const f = fakeSession((q) => ({ content: devices(q['page'] === undefined ? 1 : 11, 10), totalPages: 2 }));
    assert.equal((await readList(f.s, op)).length, 20);
    assert.deepEqual(f.queries, [{}, { page: 1, size: 10 }]);
  });

  test('records without an id are all kept, on every page', async () => {
    const f = fakeSession((q) => ({
      content: q['page'] === undefined ? [{ name: 'a' }, { name: 'b' }] : [{ name: 'c' }, { name: 'd' }],
      totalPages: 2,
    }));
    assert.deepEqual(
      (await readList(f.s, op)).map((d) => (d as { name: string }).name),
      ['a', 'b', 'c', 'd'],
    );
  });

  test('an empty page before the declared end ends the list; it is not a cut', async () => {
    const f = fakeSession((q) => ({ content: q['page'] === undefined ? devices(1, 10) : [], totalPages: 3 }));
    const list = await readList(f.s, op);
    assert.equal(list.length, 10);
    assert.equal(list.cut, undefined);
    assert.deepEqual(f.notices, []);
  });

  test('the cut in words: which list, how many pages and items of how many, and why; each list said once', async () => {
    const f = fakeSession((q) => ({ ...paged(100, 10)(q), totalElements: 100 }), 3);
    await readList(f.s, OPERATIONS.listMobileDeviceTestCases, { params: { id: 7 } });
    await readList(f.s, OPERATIONS.listMobileDeviceTestCases, { params: { id: 8 } });
    assert.deepEqual(
      f.notices.map((n) => n.message),
      [
        'The list of the test cases of mobile device 7 was cut after 3 pages (30 of 100 items): at most 3 pages of a list are read. What is past the cut is not shown; references to it are confirmed one by one.',
        'The list of the test cases of mobile device 8 was cut after 3 pages (30 of 100 items): at most 3 pages of a list are read. What is past the cut is not shown; references to it are confirmed one by one.',
      ],
    );
    const whole = fakeSession(() => ({
      content: devices(1, 20),
      totalPages: 5,
      number: 0,
      size: 20,
      totalElements: 20,
    }));
    await readList(whole.s, op);
    assert.match(
      whole.notices[0]!.message,
      /\(20 items\): the service answered page 1/,
      'no "of" when the total is what was kept',
    );
  });

  test('items that cannot be used are left out and said by place, once per list', async () => {
    const f = fakeSession(() => [{ id: 1 }, null, { id: 'x' }, { id: 4 }]);
    const list = await readList(f.s, op);
    assert.deepEqual(
      list.map((d) => (d as { id: number }).id),
      [1, 4],
    );
    assert.deepEqual(
      f.notices.map((n) => [n.level, n.message]),
      [
        [
          'warning',
          '2 items of the list of mobile devices could not be used and are not shown: item 2 is null, not a record; item 3 has the id "x", not a whole number.',
        ],
      ],
    );
  });

  test('unusable items in words: one is "item ... is", more are listed five at most; each page and each record\'s list said apart', async () => {
    const one = fakeSession(() => [{ id: 1 }, null]);
    await readList(one.s, op);
    assert.deepEqual(
      one.notices.map((n) => n.message),
      ['1 item of the list of mobile devices could not be used and is not shown: item 2 is null, not a record.'],
    );
    const five = fakeSession(() => [null, null, null, null, null]);
    await readList(five.s, op);
    assert.match(five.notices[0]!.message, /item 4 is null, not a record; item 5 is null, not a record\.$/);
    const seven = fakeSession(() => [null, null, null, null, null, null, 7]);
    await readList(seven.s, op);
    assert.equal(
      seven.notices[0]!.message,
      '7 items of the list of mobile devices could not be used and are not shown: item 1 is null, not a record; item 2 is null, not a record; item 3 is null, not a record; item 4 is null, not a record; item 5 is null, not a record; and 2 more.',
    );
    const pages = fakeSession((q) => ({
      content: q['page'] === undefined ? [{ id: 1 }, null] : [{ id: 2 }, null],
      totalPages: 2,
    }));
    await readList(pages.s, OPERATIONS.listMobileDeviceTestCases, { params: { id: 7 } });
    await readList(pages.s, OPERATIONS.listMobileDeviceTestCases, { params: { id: 8 } });
    assert.deepEqual(
      pages.notices.map((n) => n.message.replace(/ could not.*: /, ': ')),
      [
        '1 item of the list of the test cases of mobile device 7: item 2 is null, not a record.',
        '1 item of the list of the test cases of mobile device 7: item 4 is null, not a record.',
        '1 item of the list of the test cases of mobile device 8: item 2 is null, not a record.',
        '1 item of the list of the test cases of mobile device 8: item 4 is null, not a record.',
      ],
    );
  });

  test('places count every item sent, over three pages', async () => {
    const f = fakeSession((q) => ({ content: [null, { id: Number(q['page'] ?? 0) + 1 }], totalPages: 3 }));
    await readList(f.s, op);
    assert.deepEqual(
      f.notices.map((n) => n.message.replace(/^.*: /, '')),
      ['item 1 is null, not a record.', 'item 3 is null, not a record.', 'item 5 is null, not a record.'],
    );
  });

  test('one field of the wrong type is "a field"; each page and each record\'s list said apart', async () => {
    const f = fakeSession((q) => ({ content: [{ id: Number(q['page'] ?? 0) + 1, name: 7 }], totalPages: 2 }));
    await readList(f.s, OPERATIONS.listMobileDeviceTestCases, { params: { id: 7 } });
    await readList(f.s, OPERATIONS.listMobileDeviceTestCases, { params: { id: 8 } });
    assert.deepEqual(
      f.notices.map((n) => n.message),
      [
        'The list of the test cases of mobile device 7 holds a field of the wrong type: id 1: name is the number 7, read as the text "7".',
        'The list of the test cases of mobile device 7 holds a field of the wrong type: id 2: name is the number 7, read as the text "7".',
        'The list of the test cases of mobile device 8 holds a field of the wrong type: id 1: name is the number 7, read as the text "7".',
        'The list of the test cases of mobile device 8 holds a field of the wrong type: id 2: name is the number 7, read as the text "7".',
      ],
    );
  });

  test('fields of the wrong type are said once per list, by id', async () => {
    const f = fakeSession(() => [
      { id: 5, name: 7 },
      { id: '6', name: 'Pixel', label: ['x'] },
    ]);
    const list = await readList(f.s, op);
    assert.deepEqual(list, [
      { id: 5, name: '7' },
      { id: 6, name: 'Pixel' },
    ]);
    assert.deepEqual(
      f.notices.map((n) => [n.level, n.message]),
      [
        [
          'warning',
          'The list of mobile devices holds fields of the wrong type: id 5: name is the number 7, read as the text "7"; id 6: label is a list, not text, and is left out.',
        ],
      ],
    );
  });

  test('a service that answers every page with the first one is read once more, not forever', async () => {
    const f = fakeSession(() => ({ content: devices(1, 20), totalPages: 5, number: 0, size: 20 }));
    const list = await readList(f.s, op);
    assert.equal(list.length, 20);
    assert.match(list.cut?.reason ?? '', /answered page 1 with items it had already sent/);
    assert.equal(f.queries.length, 2);
  });
});

describe('the order of executions', () => {
  test('newest first by creation time, then by id', () => {
    const a = { id: 1, createdAt: '2026-01-01T10:00:00Z' };
    const b = { id: 2, createdAt: '2026-01-01T09:00:00Z' };
    const c = { id: 3, createdAt: '2026-01-01T09:00:00Z' };
    assert.deepEqual(
      [b, a, c].sort(newestFirst).map((e) => e.id),
      [1, 3, 2],
    );
    assert.deepEqual(
      [{ id: 4 }, { id: 9 }].sort(newestFirst).map((e) => e.id),
      [9, 4],
      'by id without times',
    );
  });

  test('oldest first when the first item is older than the last; unknown for one item', () => {
    assert.equal(oldestFirst([{ id: 1 }, { id: 2 }]), true);
    assert.equal(oldestFirst([{ id: 2 }, { id: 1 }]), false);
    assert.equal(oldestFirst([{ id: 1 }]), false);
  });
});
