import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { ApiError } from '../../server/src/core/api/errors';
import { statusKind, summarizeExecution } from '../../server/src/core/executions/state';
import { scheduleText } from '../../server/src/core/executions/suites';
import { DEFAULT_WATCHER_OPTIONS, ExecutionWatcher, type WatcherSource, type WatcherTimers } from '../../server/src/core/executions/watcher';
import type { ExecutionSummary } from '../../server/src/core/model/executions';

// The watcher's pacing with a fake clock: each step runs the next timer, so the tests see
// exactly which requests it makes and when, without waiting.

class FakeClock implements WatcherTimers {
  t = 0;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private seq = 0;
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => {
    const id = ++this.seq;
    this.timers.push({ at: this.t + ms, fn, id });
    return id;
  };
  clearTimeout = (h: unknown) => {
    this.timers = this.timers.filter((x) => x.id !== h);
  };
  get pending() {
    return this.timers.length;
  }
  /** Runs the next timer and lets the poll it starts finish. */
  async step(): Promise<boolean> {
    this.timers.sort((a, b) => a.at - b.at);
    const next = this.timers.shift();
    if (!next) return false;
    this.t = Math.max(this.t, next.at);
    next.fn();
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    return true;
  }
}

/** A service whose executions the test moves along; it records every request. */
class FakeService implements WatcherSource {
  states = new Map<number, string>();
  calls: string[] = [];
  failNext: Error[] = [];
  get(id: number): Promise<unknown> {
    this.calls.push(`get ${id}`);
    const f = this.failNext.shift();
    if (f) return Promise.reject(f);
    if (!this.states.has(id)) return Promise.reject(new ApiError({ kind: 'notFound', method: 'GET', path: `/api/v2/testexecutions/${id}`, status: 404 }));
    return Promise.resolve({ id, status: this.states.get(id) });
  }
  recent(count: number): Promise<unknown[]> {
    this.calls.push(`list ${count}`);
    const f = this.failNext.shift();
    if (f) return Promise.reject(f);
    return Promise.resolve([...this.states].reverse().map(([id, status]) => ({ id, status })));
  }
}

function setup(options = {}) {
  const clock = new FakeClock();
  const service = new FakeService();
  const watcher = new ExecutionWatcher(service, { ...DEFAULT_WATCHER_OPTIONS, ...options }, clock);
  const seen: ExecutionSummary[][] = [];
  watcher.onChange((changed) => seen.push(changed));
  return { clock, service, watcher, seen };
}

describe('execution states, read leniently', () => {
  test('known final states, spellings and a finish time end the watch; unknown ones do not', () => {
    assert.deepEqual(statusKind('PASSED', undefined), { kind: 'passed', final: true });
    assert.deepEqual(statusKind('Canceled', undefined), { kind: 'cancelled', final: true });
    assert.deepEqual(statusKind('in progress', undefined), { kind: 'running', final: false });
    assert.deepEqual(statusKind('WEIRD', undefined), { kind: 'unknown', final: false });
    assert.deepEqual(statusKind('WEIRD', '2026-01-01T00:00:00Z'), { kind: 'unknown', final: true });
    assert.deepEqual(statusKind('ARCHIVED', undefined, ['archived']), { kind: 'unknown', final: true });
  });

  test('other field names are understood; a record without an id is not an execution', () => {
    const s = summarizeExecution({ executionId: 7, state: 'RUNNING', testCase: { id: 3, name: 'Call' }, startTime: 1_700_000_000_000, step: 2, totalSteps: 5 });
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
    assert.equal(scheduleText({ startTime: 'T', repeating: true, repeatPeriod: 1, repeatUnit: 'DAYS' }), 'every day from T');
    assert.equal(scheduleText({ startTime: 'T', repeating: true, repeatPeriod: 2, repeatUnit: 'HOUR' }), 'every 2 hours from T');
    assert.equal(scheduleText({ startTime: 'T', repeating: false }), 'once at T');
    assert.equal(scheduleText(null), undefined);
  });
});

describe('the execution watcher', () => {
  test('follows until the final state, then stops asking', async () => {
    const { clock, service, watcher, seen } = setup();
    service.states.set(1, 'QUEUED');
    watcher.follow([1]);
    await clock.step();
    service.states.set(1, 'RUNNING');
    await clock.step();
    service.states.set(1, 'PASSED');
    await clock.step();
    assert.deepEqual(seen.map((c) => c.map((e) => e.status)), [['QUEUED'], ['RUNNING'], ['PASSED']]);
    assert.equal(clock.pending, 0, 'no timer left: nothing is followed');
    assert.equal(watcher.following, 0);
  });

  test('backs off while nothing changes and has no time cap', async () => {
    const { clock, service, watcher } = setup();
    service.states.set(1, 'RUNNING');
    watcher.follow([1]);
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      await clock.step();
      times.push(clock.t);
    }
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    assert.ok(gaps[0]! < gaps[5]!, 'intervals grow');
    assert.equal(Math.max(...gaps), DEFAULT_WATCHER_OPTIONS.maxIntervalMs);
    assert.ok(clock.t > 3_600_000 / 2, 'still following after half an hour');
    service.states.set(1, 'PASSED');
    while (await clock.step());
    assert.equal(watcher.following, 0);
  });

  test('an unknown state is watched with a long interval', async () => {
    const { clock, service, watcher } = setup();
    service.states.set(1, 'MYSTERY');
    watcher.follow([1]);
    await clock.step();
    const t0 = clock.t;
    await clock.step();
    assert.equal(clock.t - t0, DEFAULT_WATCHER_OPTIONS.unknownIntervalMs);
  });

  test('slower while nobody looks, and catches up when someone does', async () => {
    const { clock, service, watcher } = setup();
    service.states.set(1, 'RUNNING');
    watcher.follow([1]);
    await clock.step();
    watcher.setAttention(false);
    const t0 = clock.t;
    await clock.step();
    assert.equal(clock.t - t0, DEFAULT_WATCHER_OPTIONS.baseIntervalMs * DEFAULT_WATCHER_OPTIONS.idleFactor);
    watcher.setAttention(true);
    const t1 = clock.t;
    await clock.step();
    assert.ok(clock.t - t1 <= DEFAULT_WATCHER_OPTIONS.maxIntervalMs);
  });

  test('many followed executions cost one list request, not one each', async () => {
    const { clock, service, watcher } = setup();
    for (let id = 1; id <= 50; id++) service.states.set(id, 'RUNNING');
    watcher.follow([...service.states.keys()]);
    await clock.step();
    assert.deepEqual(service.calls, ['list 100']);
  });

  test('honours Retry-After and keeps following after errors', async () => {
    const { clock, service, watcher } = setup();
    service.states.set(1, 'RUNNING');
    service.failNext.push(new ApiError({ kind: 'rateLimited', method: 'GET', path: '/x', status: 429, retryAfterMs: 30_000 }));
    watcher.follow([1]);
    await clock.step();
    const t0 = clock.t;
    await clock.step();
    assert.ok(clock.t - t0 >= 30_000, 'waited as long as the service asked');
    assert.equal(watcher.get(1)?.status, 'RUNNING');
  });

  test('an execution deleted on the service ends its watch', async () => {
    const { clock, watcher, seen } = setup();
    watcher.follow([9]);
    await clock.step();
    assert.equal(seen[0]?.[0]?.status, 'DELETED');
    assert.equal(watcher.following, 0);
  });

  test('a new environment drops everything followed', async () => {
    const { clock, service, watcher } = setup();
    service.states.set(1, 'RUNNING');
    watcher.follow([1]);
    await clock.step();
    watcher.setSource(undefined);
    assert.equal(watcher.following, 0);
    assert.equal(clock.pending, 0);
  });
});
