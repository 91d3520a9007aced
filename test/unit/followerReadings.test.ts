import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import type { ExecutionSummary } from '../../server/src/core/model/executions';
import { setup } from './followerFakes';

// The follower passes on every reading it makes or is given, followed or not: the history keeps
// them, so an execution started elsewhere that a list poll saw shows in it with no read of its own.

function listen() {
  const s = setup({ listThreshold: 3 });
  const heard: ExecutionSummary[] = [];
  s.follower.onReadings((readings) => heard.push(...readings));
  return { ...s, heard };
}

describe("the follower's readings", () => {
  test('a list poll passes on every execution it read, also those nobody follows', async () => {
    const { clock, service, follower, heard } = listen();
    for (const id of [1, 2, 3]) service.states.set(id, 'RUNNING');
    service.states.set(9, 'FAILED');
    follower.follow([1, 2, 3]);
    await clock.step();
    assert.deepEqual(service.calls, ['list 100']);
    assert.deepEqual(heard.map((r) => [r.id, r.kind]).sort(), [
      [1, 'running'],
      [2, 'running'],
      [3, 'running'],
      [9, 'failed'],
    ]);
  });

  test('single reads, readings given (a view page) and a deleted execution are passed on', async () => {
    const { clock, service, follower, heard } = listen();
    service.states.set(1, 'RUNNING');
    follower.follow([1, 2]);
    await clock.step();
    assert.deepEqual(
      heard.map((r) => [r.id, r.status]),
      [
        [1, 'RUNNING'],
        [2, 'DELETED'],
      ],
    );
    heard.length = 0;
    follower.observe([{ id: 7, status: 'PASSED', kind: 'passed', final: true, testCaseId: 4 }]);
    assert.deepEqual(
      heard.map((r) => r.id),
      [7],
    );
  });
});
