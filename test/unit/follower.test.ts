import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { ApiError } from '../../server/src/core/api/errors';
import { statusKind, summarizeExecution } from '../../server/src/core/executions/state';
import { scheduleText } from '../../server/src/core/executions/suites';
import { DEFAULT_FOLLOWER_OPTIONS } from '../../server/src/core/executions/follower';
import type { ExecutionSummary } from '../../server/src/core/model/executions';
import { type FakeClock, setup } from './followerFakes';

// The follower's pacing with a fake clock (followerFakes.ts): each step runs the next timer, so the
// tests see exactly which requests it makes and when, without waiting.

describe('execution states, read leniently', () => {
  test('known final states, spellings and a finish time end the follow; unknown ones do not', () => {
    assert.deepEqual(statusKind('PASSED', undefined), { kind: 'passed', final: true });
    assert.deepEqual(statusKind('Canceled', undefined), { kind: 'cancelled', final: true });
    assert.deepEqual(statusKind('in progress', undefined), { kind: 'running', final: false });
    assert.deepEqual(statusKind('WEIRD', undefined), { kind: 'unknown', final: false });
    assert.deepEqual(statusKind('WEIRD', '2026-01-01T00:00:00Z'), { kind: 'unknown', final: true });
    assert.deepEqual(statusKind('ARCHIVED', undefined, ['archived']), { kind: 'unknown', final: true });
  });

  test('other field names are understood; a record without an id is not an execution', () => {
    const s = summarizeExecution({
      executionId: 7,
      state: 'RUNNING',
      testCase: { id: 3, name: 'Call' },
      startTime: 1_700_000_000_000,
      step: 2,
      totalSteps: 5,
    });
    assert.equal(s?.id, 7);
    assert.equal(s?.kind, 'running');
    assert.equal(s?.testCaseName, 'Call');
    assert.equal(s?.currentStep, 2);
    assert.equal(s?.stepCount, 5);
    assert.equal(s?.startedAt, new Date(1_700_000_000_000).toISOString());
    assert.equal(summarizeExecution({ status: 'PASSED' }), undefined);
    assert.equal(summarizeExecution('nonsense'), undefined);
  });

  test('schedules in a few words', () => {
    assert.equal(
      scheduleText({ startTime: 'T', repeating: true, repeatPeriod: 1, repeatUnit: 'DAYS' }),
      'every day from T',
    );
    assert.equal(
      scheduleText({ startTime: 'T', repeating: true, repeatPeriod: 2, repeatUnit: 'HOUR' }),
      'every 2 hours from T',
    );
    assert.equal(scheduleText({ startTime: 'T', repeating: false }), 'once at T');
    assert.equal(scheduleText(null), undefined);
  });
});

describe('the follower', () => {
  test('follows until the final state, then stops asking', async () => {
    const { clock, service, follower, seen } = setup();
    service.states.set(1, 'QUEUED');
    follower.follow([1]);
    await clock.step();
    service.states.set(1, 'RUNNING');
    await clock.step();
    service.states.set(1, 'PASSED');
    await clock.step();
    assert.deepEqual(
      seen.map((c) => c.map((e) => e.status)),
      [['QUEUED'], ['RUNNING'], ['PASSED']],
    );
    assert.equal(clock.pending, 0, 'no timer left: nothing is followed');
    assert.equal(follower.following, 0);
  });

  test('backs off while nothing changes and has no time cap', async () => {
    const { clock, service, follower } = setup();
    service.states.set(1, 'RUNNING');
    follower.follow([1]);
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      await clock.step();
      times.push(clock.t);
    }
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    assert.ok(gaps[0]! < gaps[5]!, 'intervals grow');
    assert.equal(Math.max(...gaps), DEFAULT_FOLLOWER_OPTIONS.maxIntervalMs);
    assert.ok(clock.t > 3_600_000 / 2, 'still following after half an hour');
    service.states.set(1, 'PASSED');
    while (await clock.step());
    assert.equal(follower.following, 0);
  });

  test('an unknown state is followed with a long interval', async () => {
    const { clock, service, follower } = setup();
    service.states.set(1, 'MYSTERY');
    follower.follow([1]);
    await clock.step();
    const t0 = clock.t;
    await clock.step();
    assert.equal(clock.t - t0, DEFAULT_FOLLOWER_OPTIONS.unknownIntervalMs);
  });

  test('slower while nobody looks, and catches up when someone does', async () => {
    const { clock, service, follower } = setup();
    service.states.set(1, 'RUNNING');
    follower.follow([1]);
    await clock.step();
    follower.setAttention(false);
    const t0 = clock.t;
    await clock.step();
    assert.equal(clock.t - t0, DEFAULT_FOLLOWER_OPTIONS.baseIntervalMs * DEFAULT_FOLLOWER_OPTIONS.idleFactor);
    follower.setAttention(true);
    const t1 = clock.t;
    await clock.step();
    assert.ok(clock.t - t1 <= DEFAULT_FOLLOWER_OPTIONS.maxIntervalMs);
  });

  test('many followed executions cost one list request, not one each', async () => {
    const { clock, service, follower } = setup();
    for (let id = 1; id <= 50; id++) service.states.set(id, 'RUNNING');
    follower.follow([...service.states.keys()]);
    await clock.step();
    assert.deepEqual(service.calls, ['list 100']);
  });

  test('honours Retry-After and keeps following after errors', async () => {
    const { clock, service, follower } = setup();
    service.states.set(1, 'RUNNING');
    service.failNext.push(
      new ApiError({ kind: 'rateLimited', method: 'GET', path: '/x', status: 429, retryAfterMs: 30_000 }),
    );
    follower.follow([1]);
    await clock.step();
    const t0 = clock.t;
    await clock.step();
    assert.ok(clock.t - t0 >= 30_000, 'waited as long as the service asked');
    assert.equal(follower.get(1)?.status, 'RUNNING');
  });

  test('an execution deleted on the service ends its follow', async () => {
    const { clock, follower, seen } = setup();
    follower.follow([9]);
    await clock.step();
    assert.equal(seen[0]?.[0]?.status, 'DELETED');
    assert.equal(follower.following, 0);
  });

  test('a new environment drops everything followed', async () => {
    const { clock, service, follower } = setup();
    service.states.set(1, 'RUNNING');
    follower.follow([1]);
    await clock.step();
    follower.setSource(undefined);
    assert.equal(follower.following, 0);
    assert.equal(clock.pending, 0);
  });
});

describe('the follower, to the millisecond', () => {
  const gapsOf = async (clock: FakeClock, steps: number) => {
    const times: number[] = [];
    for (let i = 0; i < steps; i++) {
      await clock.step();
      times.push(clock.t);
    }
    return times.slice(1).map((t, i) => t - times[i]!);
  };

  test('an unchanged reading: the interval grows by half, rounded, up to the longest; nothing is reported', async () => {
    const { clock, service, follower, seen } = setup();
    service.states.set(1, 'RUNNING');
    follower.follow([1]);
    assert.deepEqual(await gapsOf(clock, 8), [2000, 3000, 4500, 6750, 10125, 15000, 15000]);
    assert.equal(seen.length, 1, 'only the first reading was news');
    assert.deepEqual(service.calls, Array(8).fill('get 1'));
  });

  test('a change brings the interval back to the first one', async () => {
    const { clock, service, follower, seen } = setup();
    service.states.set(1, 'QUEUED');
    follower.follow([1]);
    await gapsOf(clock, 4);
    service.states.set(1, 'RUNNING');
    const t0 = clock.t;
    await clock.step();
    await clock.step();
    assert.equal(clock.t - t0 - 6750, 2000, 'after the change, the first interval again');
    assert.deepEqual(
      seen.map((c) => c[0]!.status),
      ['QUEUED', 'RUNNING'],
    );
  });

  test('two due executions are read one by one; from three on, one list request, and single reads for what it lacks', async () => {
    const two = setup();
    two.service.states.set(1, 'RUNNING');
    two.service.states.set(2, 'RUNNING');
    two.follower.follow([1, 2]);
    await two.clock.step();
    assert.deepEqual(two.service.calls, ['get 1', 'get 2']);

    const three = setup();
    for (const id of [1, 2, 3]) three.service.states.set(id, 'RUNNING');
    three.follower.follow([1, 2, 3, 4]);
    three.service.states.delete(4);
    await three.clock.step();
    assert.deepEqual(three.service.calls, ['list 100', 'get 4']);
    assert.deepEqual(
      three.seen
        .at(-1)!
        .map((s) => `${s.id} ${s.status}`)
        .sort(),
      ['1 RUNNING', '2 RUNNING', '3 RUNNING', '4 DELETED'],
    );
    assert.equal(three.follower.following, 3);
    assert.deepEqual(
      three.follower
        .active()
        .map((s) => s.id)
        .sort(),
      [1, 2, 3],
    );
  });

  test('a failed poll doubles the interval; Retry-After, when longer, is waited exactly; 0 or none is not', async () => {
    const { clock, service, follower } = setup();
    service.states.set(1, 'RUNNING');
    service.failNext.push(new ApiError({ kind: 'network', method: 'GET', path: '/x' }));
    follower.follow([1]);
    await clock.step();
    assert.equal(clock.pending, 1);
    await clock.step();
    assert.equal(clock.t, 4000, 'twice the first interval');
    service.failNext.push(
      new ApiError({ kind: 'rateLimited', method: 'GET', path: '/x', status: 429, retryAfterMs: 30_000 }),
    );
    await clock.step();
    await clock.step();
    assert.equal(clock.t, 4000 + 2000 + 30_000);
    service.failNext.push(
      new ApiError({ kind: 'rateLimited', method: 'GET', path: '/x', status: 429, retryAfterMs: 0 }),
    );
    const t0 = clock.t;
    await clock.step();
    await clock.step();
    assert.ok(clock.t - t0 < 30_000, 'a Retry-After of 0 is not a pause');
    // A failure that is no ApiError (a plain text thrown) is paced the same way.
    service.failNext.push('boom');
    await clock.step();
    assert.equal(follower.following, 1);
    assert.equal(clock.pending, 1);
  });

  test('nobody looking: four times slower at once; looking again: back to the interval', async () => {
    const { clock, service, follower } = setup();
    service.states.set(1, 'RUNNING');
    follower.follow([1]);
    await clock.step();
    follower.setAttention(false);
    follower.setAttention(false);
    await clock.step();
    assert.equal(clock.t, 8000);
    follower.setAttention(true);
    await clock.step();
    assert.equal(clock.t, 8000 + 3000);
  });

  test('following again one that slowed down asks within the first interval', async () => {
    const { clock, service, follower } = setup();
    service.states.set(1, 'RUNNING');
    follower.follow([1]);
    await gapsOf(clock, 5);
    const t0 = clock.t;
    follower.follow([1]);
    await clock.step();
    assert.equal(clock.t - t0, 2000);
  });

  test('readings from elsewhere: a final one is not followed; an active one is, and reported; the same again is not news', async () => {
    const { clock, follower, seen } = setup();
    const running = {
      id: 5,
      status: 'RUNNING',
      kind: 'running',
      final: false,
      testCaseName: 'Call',
    } as ExecutionSummary;
    follower.follow([4], [{ id: 4, status: 'PASSED', kind: 'passed', final: true }]);
    assert.equal(follower.following, 1, 'a final reading of an id asked for is not kept: it is read');
    follower.observe([{ id: 6, status: 'PASSED', kind: 'passed', final: true }]);
    assert.equal(follower.get(6), undefined);
    follower.observe([running]);
    assert.deepEqual(seen.at(-1), [running]);
    const count = seen.length;
    follower.observe([{ ...running }]);
    assert.equal(seen.length, count, 'unchanged: nothing reported');
    // Deleted on the service: the last reading's fields kept, marked final.
    for (let i = 0; i < 3 && !seen.flat().some((s) => s.id === 5 && s.status === 'DELETED'); i++) await clock.step();
    const gone = seen.flat().find((s) => s.id === 5 && s.status === 'DELETED');
    assert.deepEqual(gone, { ...running, status: 'DELETED', kind: 'unknown', final: true });
  });

  test('a new environment: what was active is reported gone once; with nothing active, nothing', async () => {
    const { clock, service, follower, seen } = setup();
    service.states.set(1, 'RUNNING');
    follower.follow([1]);
    await clock.step();
    const before = seen.length;
    follower.setSource(service);
    assert.deepEqual(seen.slice(before), [[]]);
    follower.setSource(service);
    assert.equal(seen.length, before + 1);
    follower.dispose();
    assert.equal(clock.pending, 0);
  });
});

describe('the follower: readings, counts and ends', () => {
  test('exactly three due: one list request; requests are counted', async () => {
    const { clock, service, follower } = setup();
    for (const id of [1, 2, 3]) service.states.set(id, 'RUNNING');
    follower.follow([1, 2, 3]);
    assert.deepEqual(follower.active(), [], 'nothing read yet: nothing active to show');
    await clock.step();
    assert.deepEqual(service.calls, ['list 100']);
    assert.equal(follower.requests, 1);
    const two = setup();
    two.service.states.set(1, 'RUNNING');
    two.service.states.set(2, 'RUNNING');
    two.follower.follow([1, 2]);
    await two.clock.step();
    assert.equal(two.follower.requests, 2);
  });

  test('a reading from elsewhere that changed a followed execution is reported, and the next poll is an interval later', async () => {
    const { clock, service, follower, seen } = setup();
    service.states.set(1, 'RUNNING');
    follower.follow([1]);
    await clock.step();
    await clock.step();
    const t0 = clock.t;
    const done = { id: 1, status: 'PASSED', kind: 'passed' as const, final: true };
    service.states.set(1, 'PASSED');
    follower.observe([{ id: 1, status: 'RUNNING', kind: 'running', final: false }]);
    assert.equal(clock.pending, 1);
    await clock.step();
    assert.equal(clock.t - t0, 3000, 'the same reading: the interval as it was');
    follower.observe([done]);
    assert.deepEqual(seen.at(-1), [done]);
    assert.equal(follower.following, 0);
  });

  test('a Retry-After that is not a number is not waited for', async () => {
    const { clock, service, follower } = setup();
    service.states.set(1, 'RUNNING');
    service.failNext.push({ kind: 'rateLimited', retryAfterMs: '30000' });
    follower.follow([1]);
    await clock.step();
    await clock.step();
    assert.equal(clock.t, 4000);
  });

  test('without a source nothing is scheduled; dispose ends every timer', () => {
    const { clock, service, follower } = setup();
    follower.setSource(undefined);
    follower.follow([1]);
    assert.equal(clock.pending, 0);
    follower.setSource(service);
    service.states.set(1, 'RUNNING');
    follower.follow([1]);
    assert.equal(clock.pending, 1);
    follower.dispose();
    assert.equal(clock.pending, 0);
    assert.equal(follower.following, 0);
  });
});
