import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { exportTestCases, importTestCases } from '../../server/src/core/api/batch';
import { ApiError, type ApiErrorKind } from '../../server/src/core/api/errors';
import type { ExportedTestCase, TestCase } from '../../server/src/core/api/types';

// Batching against a fake service that counts requests: splitting on 413 and 400, per-item
// results, and no batch sent twice after a failure that may have taken effect.

const fail = (kind: ApiErrorKind, message: string = kind) =>
  new ApiError({ kind, method: 'POST', path: '/api/v2/testcases/import', serviceMessage: message });

function fakeImport(rule: (batch: TestCase[]) => ApiError | undefined) {
  const sent: string[][] = [];
  let next = 100;
  return {
    sent,
    importBatch: (batch: TestCase[]) => {
      sent.push(batch.map((t) => t.name));
      const error = rule(batch);
      return error ? Promise.reject(error) : Promise.resolve(batch.map(() => next++));
    },
  };
}

const cases = (n: number): TestCase[] => Array.from({ length: n }, (_, i) => ({ name: `case ${i}` }));

describe('importTestCases', () => {
  test('sends batches of the given size and returns ids per item, with progress', async () => {
    const api = fakeImport(() => undefined);
    const progress: number[] = [];
    const result = await importTestCases(api, cases(5), { batchSize: 2, onProgress: (done) => progress.push(done) });
    assert.deepEqual(
      api.sent.map((b) => b.length),
      [2, 2, 1],
    );
    assert.deepEqual(
      result.items.map((r) => r.id),
      [100, 101, 102, 103, 104],
    );
    assert.equal(result.succeeded, 5);
    assert.deepEqual(progress, [2, 4, 5]);
  });

  test('a 413 halves the batch, and later batches use the smaller size', async () => {
    const api = fakeImport((b) => (b.length > 3 ? fail('tooLarge') : undefined));
    const result = await importTestCases(api, cases(12), { batchSize: 8 });
    assert.equal(result.succeeded, 12);
    // 8 and 4 are refused; from then on every batch is cut to 2.
    assert.deepEqual(
      api.sent.map((b) => b.length),
      [8, 4, 2, 2, 2, 2, 2, 2],
    );
  });

  test('a 400 is narrowed down to the bad items; the good ones are imported', async () => {
    const api = fakeImport((b) =>
      b.some((t) => t.name === 'case 5') ? fail('invalidRequest', "'name' is bad") : undefined,
    );
    const result = await importTestCases(api, cases(8), { batchSize: 8 });
    assert.equal(result.failed, 1);
    assert.equal(result.items[5]!.error?.kind, 'invalidRequest');
    assert.match(result.items[5]!.error.message, /'name' is bad/);
    assert.ok(result.items.every((r, i) => (i === 5 ? r.id === undefined : typeof r.id === 'number')));
  });

  test('a batch lost to the network is reported failed and never sent again', async () => {
    let calls = 0;
    const api = fakeImport(() => (++calls === 2 ? fail('network', 'connection closed') : undefined));
    const result = await importTestCases(api, cases(6), { batchSize: 2 });
    assert.equal(api.sent.length, 3);
    assert.deepEqual(
      result.items.map((r) => r.error?.kind ?? 'ok'),
      ['ok', 'ok', 'network', 'network', 'ok', 'ok'],
    );
  });

  test('a wrong number of ids back fails that batch as an invalid response', async () => {
    const api = { importBatch: () => Promise.resolve([1]) };
    const result = await importTestCases(api, cases(2));
    assert.equal(result.failed, 2);
    assert.equal(result.items[0]!.error?.kind, 'invalidResponse');
  });

  test('after cancellation the remaining batches are not sent and say so', async () => {
    const controller = new AbortController();
    const api = fakeImport(() => {
      controller.abort();
      return undefined;
    });
    const result = await importTestCases(api, cases(4), { batchSize: 2, signal: controller.signal });
    assert.equal(api.sent.length, 1);
    assert.deepEqual(
      result.items.map((r) => r.error?.kind ?? 'ok'),
      ['ok', 'ok', 'cancelled', 'cancelled'],
    );
  });
});

describe('exportTestCases', () => {
  test('isolates ids the service does not have, exporting the others in order', async () => {
    const known = new Set([1, 2, 4, 5]);
    const api = {
      exportBatch: (ids: number[]) =>
        ids.every((id) => known.has(id))
          ? Promise.resolve(ids.map((id): ExportedTestCase => ({ id, name: `case ${id}` })))
          : Promise.reject(fail('notFound')),
    };
    const result = await exportTestCases(api, [1, 2, 3, 4, 5], { batchSize: 5 });
    assert.deepEqual(
      result.testCases.map((t) => t.id),
      [1, 2, 4, 5],
    );
    assert.deepEqual(result.missing, [3]);
    assert.deepEqual(result.failed, []);
  });

  test('accounts for every id asked: one the answer did not hold, one held with a name that is no text, one whose id is no number', async () => {
    // The service answers id 1 with an id that is no number, id 2 with a numeric name, and leaves 3 out.
    const asked: number[][] = [];
    const api = {
      exportBatch: (ids: number[]) => {
        asked.push(ids);
        return Promise.resolve(
          ids.flatMap((id): unknown[] =>
            id === 1
              ? [{ id: 'abc', name: 'one' }]
              : id === 2
                ? [{ id, name: 7 }]
                : id === 3
                  ? []
                  : [{ id, name: `case ${id}` }],
          ) as ExportedTestCase[],
        );
      },
    };
    const result = await exportTestCases(api, [1, 2, 3, 4, 4], { batchSize: 10 });
    assert.deepEqual(result.testCases, [{ id: 4, name: 'case 4' }]);
    assert.deepEqual(result.unusable, [
      { id: 2, why: 'has the name 7, not text' },
      { id: 1, why: 'has the id "abc", not a whole number' },
    ]);
    assert.deepEqual(result.notHeld, [3]);
    assert.deepEqual(result.missing, []);
    // The item without a usable id could be 1 or 3: their ids were asked again in halves, until each answer was its own.
    assert.deepEqual(asked, [[1, 2, 3, 4], [1], [3]]);
  });

  test('a record of an id not asked is left out, never taken for one asked', async () => {
    const api = { exportBatch: (ids: number[]) => Promise.resolve(ids.map((id) => ({ id: id + 100, name: 'other' }))) };
    const result = await exportTestCases(api, [1, 2], { batchSize: 10 });
    assert.deepEqual(result.testCases, []);
    assert.deepEqual(result.notHeld, [1, 2]);
  });
});

describe('importTestCases: ids the answer gives', () => {
  test('an id that is no whole number fails its item as an unusable answer; a digit string is read as its number', async () => {
    const api = {
      importBatch: (batch: TestCase[]) =>
        Promise.resolve(batch.map((_, i) => (i === 0 ? 'abc' : i === 1 ? '12' : 13)) as unknown as number[]),
    };
    const result = await importTestCases(api, cases(3));
    assert.deepEqual(
      result.items.map((r) => r.id),
      [undefined, 12, 13],
    );
    assert.equal(result.items[0]!.error?.kind, 'invalidResponse');
    assert.match(result.items[0]!.error?.message ?? '', /the answer gave it the id "abc", not a whole number/);
    assert.equal(result.failed, 1);
  });
});
