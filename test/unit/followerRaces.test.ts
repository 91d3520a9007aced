import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { ApiError } from '../../server/src/core/api/errors';
import type { ExecutionSummary } from '../../server/src/core/model/executions';
import { FakeService, notFound, settle, setup } from './followerFakes';

// The follower when things overlap or answer oddly: readings from elsewhere between polls, a new
// environment or a reading while a poll waits for the service, answers that are no execution.
// The fake service holds reads until the test answers them, so every overlap is exact.

const running = (id: number, more: Partial<ExecutionSummary> = {}): ExecutionSummary => ({
  id,
  status: 'RUNNING',
  kind: 'running',
  final: false,
  ...more,
});
const passed = (id: number): ExecutionSummary => ({ id, status: 'PASSED', kind: 'passed', final: true });
const network = () => new ApiError({ kind: 'network', method: 'GET', path: '/x' });

describe('the follower: readings from elsewhere', () => {
  test('a followed execution read elsewhere with a new step is reported at once, and asked again after the first interval', async () => {
    const { clock, service, follower, seen } = setup();
    service.states.set(1, 'RUNNING');
    follower.follow([1]);
    for (let i = 0; i < 4; i++) await clock.step();
    assert.equal(seen.length, 1, 'unchanged polls: nothing new');
    const t0 = clock.t;
    const step3 = running(1, { currentStep: 3 });
    follower.observe([step3]);
    assert.deepEqual(seen.at(-1), [step3]);
    await clock.step();
    assert.equal(clock.t - t0, 2000, 'the first interval again, not the slowed-down one');
  });

  test('an ended execution nobody follows is no news; a running one is followed, first asked an interval later', async () => {
    const { clock, service, follower, seen } = setup();
    follower.observe([passed(6)]);
    assert.deepEqual(seen, []);
    assert.equal(clock.pending, 0);
    service.states.set(5, 'RUNNING');
    follower.observe([running(5)]);
    assert.equal(seen.length, 1);
    await clock.step();
    assert.equal(clock.t, 2000);
    assert.deepEqual(service.calls, ['get 5']);
  });

  test('saying twice that nobody looks does not put the next poll off again', async () => {
    const { clock, service, follower } = setup();
    service.states.set(1, 'RUNNING');
    follower.follow([1]);
    await clock.step();
    follower.setAttention(false);
    clock.t = 5000;
    follower.setAttention(false);
    await clock.step();
    assert.equal(clock.t, 8000, 'four times the first interval after the read at 0');
  });

  test('only what is due is read: one followed later does not bring the others forward', async () => {
    const { clock, service, follower } = setup();
    service.states.set(1, 'RUNNING');
    service.states.set(2, 'RUNNING');
    follower.follow([1]);
    await clock.step();
    clock.t = 1000;
    follower.follow([2]);
    await clock.step();
    assert.equal(clock.t, 1000);
    assert.deepEqual(service.calls, ['get 1', 'get 2']);
  });
});

describe('the follower: answers that are no execution', () => {
  test('a record without an id in the list answer is passed over; the executions listed are read', async () => {
    const { clock, service, follower, seen } = setup();
    for (const id of [1, 2, 3]) service.states.set(id, 'RUNNING');
    service.listExtra.push({ status: 'RUNNING' }, 'nonsense');
    follower.follow([1, 2, 3]);
    await clock.step();
    assert.deepEqual(service.calls, ['list 100']);
    assert.deepEqual(
      seen
        .at(-1)!
        .map((s) => s.id)
        .sort(),
      [1, 2, 3],
    );
  });

  test('a single read that answers no execution: nothing reported, asked again an interval later, not at once', async () => {
    const { clock, service, follower, seen } = setup();
    service.states.set(1, 'RUNNING');
    service.answerNext.push('nonsense', { status: 'RUNNING' });
    follower.follow([1]);
    await clock.step();
    assert.deepEqual(seen, []);
    assert.equal(clock.pending, 1);
    await clock.step();
    assert.equal(clock.t, 2000);
    await clock.step();
    assert.equal(clock.t, 4000, 'the same pace again');
    await clock.step();
    assert.equal(seen.length, 1);
    assert.equal(follower.following, 1);
  });

  test('whatever the service throws, even no error object at all, following goes on at the backed-off pace', async () => {
    const { clock, service, follower } = setup();
    service.states.set(1, 'RUNNING');
    service.failNext.push(null, undefined, 'boom');
    follower.follow([1]);
    const times: number[] = [];
    for (let i = 0; i < 4; i++) {
      await clock.step();
      times.push(clock.t);
    }
    assert.deepEqual(times, [0, 4000, 12_000, 27_000], 'doubled each time, up to the longest interval');
    assert.equal(follower.get(1)?.status, 'RUNNING');
  });
});

describe('the follower: something changes while a poll waits', () => {
  const held = () => {
    const s = setup();
    s.service.hold = true;
    return s;
  };

  test('an execution that ended elsewhere while its read waited: the late answer is dropped and the others are still followed', async () => {
    for (const late of ['reading', 'gone', 'failure'] as const) {
      const { clock, service, follower, seen } = held();
      follower.follow([1, 2]);
      await clock.step();
      follower.observe([passed(1)]);
      assert.equal(follower.following, 1, late);
      const first = service.held.shift()!;
      if (late === 'reading') await first.answer({ id: 1, status: 'RUNNING' });
      else if (late === 'gone') await first.fail(notFound(1));
      else await first.fail(network());
      if (late !== 'failure') await service.held.shift()!.answer({ id: 2, status: 'RUNNING' });
      assert.equal(clock.pending, 1, `${late}: the next poll is set`);
      assert.equal(follower.following, 1, late);
      assert.ok(
        !seen.flat().some((s) => s.id === 1 && s.status === 'RUNNING'),
        `${late}: the ended one is not brought back`,
      );
    }
  });

  test('a new environment while a read waits: the old one is asked nothing more and its answers are not reported', async () => {
    for (const ids of [[1], [1, 2]]) {
      const { clock, service, follower, seen } = held();
      follower.follow(ids);
      await clock.step();
      follower.setSource(new FakeService());
      await service.held.shift()!.fail(notFound(1));
      assert.deepEqual(service.calls, ['get 1'], `${ids.join(',')}: nothing more asked of the old environment`);
      assert.deepEqual(seen, [], `${ids.join(',')}: its execution is not reported gone in the new one`);
      assert.equal(clock.pending, 0);
    }
  });

  test('a new environment following the same id while the old read fails: the new one is read at once, not backed off', async () => {
    const { clock, service, follower } = held();
    follower.follow([1]);
    await clock.step();
    const other = new FakeService();
    other.states.set(1, 'RUNNING');
    follower.setSource(other);
    follower.follow([1]);
    await service.held.shift()!.fail(network());
    await clock.step();
    assert.equal(clock.t, 0);
    assert.deepEqual(other.calls, ['get 1']);
    assert.equal(follower.get(1)?.status, 'RUNNING');
  });

  test("one poll at a time: when the old environment's read ends during the new one's poll, no second poll starts", async () => {
    const { clock, service, follower } = held();
    follower.follow([1]);
    await clock.step();
    const other = new FakeService();
    other.hold = true;
    follower.setSource(other);
    follower.follow([2]);
    await clock.step();
    assert.deepEqual(other.calls, ['get 2']);
    await service.held.shift()!.answer({ id: 1, status: 'RUNNING' });
    follower.follow([3]);
    assert.equal(clock.pending, 0, 'the new poll is still waiting: nothing else is scheduled');
    await other.held.shift()!.answer({ id: 2, status: 'RUNNING' });
    await settle();
    assert.equal(clock.pending, 1, 'after it, the next poll');
  });
});
