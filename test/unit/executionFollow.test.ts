import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import type { TasClient } from '../../server/src/core/api/client';
import { ExecutionActions } from '../../server/src/core/executions/executions';
import { SuiteActions } from '../../server/src/core/executions/suites';
import { Follower } from '../../server/src/core/executions/follower';

// Actions without a follower (as `tas` hosts them) know what they read themselves, exactly as
// they did with a follower that polls nothing: the same suites, active executions and readings.

const READ = [
  { id: 1, status: 'RUNNING', testSuiteId: 3, testCaseId: 10 },
  { id: 2, status: 'PASSED', testSuiteId: 3, testCaseId: 11 },
  { id: 4, status: 'QUEUED', testSuiteId: 3, testCaseId: 12 },
  { id: 5, status: 'RUNNING', testSuiteId: 8, testCaseId: 10 },
  { id: 5, status: 'FAILED', testSuiteId: 8, testCaseId: 10 },
];

const client = {
  testSuites: {
    list: () =>
      Promise.resolve([
        { id: 3, name: 'Nightly', testCaseIds: [10, 11, 12] },
        { id: 8, name: 'Smoke', testCaseIds: [10] },
      ]),
    execute: () => Promise.resolve({ executionIds: [1, 2, 4, 6] }),
  },
  executions: {
    list: () => Promise.resolve(READ),
    newest: (start: number, count: number) =>
      Promise.resolve({ items: READ.slice(start, start + count), hasMore: false }),
    rerun: () => Promise.resolve({ executionId: 9 }),
  },
} as unknown as TasClient;

const names = () => Promise.resolve(new Map<number, string>());
const suites = (followed: boolean) =>
  new SuiteActions(client, names, () => [], ...(followed ? [new Follower(undefined)] : []));

describe('actions without a follower', () => {
  test('suites: the active executions are those just read', async () => {
    const without = await suites(false).list();
    assert.deepEqual(without, await suites(true).list());
    assert.deepEqual(
      without.map((s) => s.activeExecutionIds),
      [[1, 4], []],
    );
  });

  test('execute: the readings of the started executions that are still active', async () => {
    const without = await suites(false).execute(3);
    assert.deepEqual(without, await suites(true).execute(3));
    assert.deepEqual(
      without.executions.map((e) => e.id),
      [1, 4],
    );
  });

  test('rerun: a new execution, nothing known of the old one', async () => {
    const r = await new ExecutionActions(client, () => []).rerun(2);
    assert.deepEqual(r, await new ExecutionActions(client, () => [], new Follower(undefined)).rerun(2));
    assert.equal(r.execution.id, 9);
  });
});
