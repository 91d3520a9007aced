import { ApiError } from '../../server/src/core/api/errors';
import {
  DEFAULT_FOLLOWER_OPTIONS,
  Follower,
  type FollowerSource,
  type FollowerTimers,
} from '../../server/src/core/executions/follower';
import type { ExecutionSummary } from '../../server/src/core/model/executions';

// The follower's test doubles: a fake clock whose step runs the next timer and lets the poll it
// starts finish, and a service the test moves along, which records every request.

/** Lets pending promise callbacks run (the follower's poll awaits a few of them). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
}

export class FakeClock implements FollowerTimers {
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
    await settle();
    return true;
  }
}

/** A read the test answers itself (`FakeService.hold`). */
export interface HeldRead {
  id: number;
  answer(value: unknown): Promise<void>;
  fail(err: unknown): Promise<void>;
}

/** A service whose executions the test moves along; it records every request. */
export class FakeService implements FollowerSource {
  states = new Map<number, string>();
  calls: string[] = [];
  failNext: unknown[] = [];
  /** Answers given to the next single reads instead of the state (odd records). */
  answerNext: unknown[] = [];
  /** Records listed after the executions (odd records in a list answer). */
  listExtra: unknown[] = [];
  /** While set, single reads wait in `held` until the test answers them. */
  hold = false;
  held: HeldRead[] = [];
  get(id: number): Promise<unknown> {
    this.calls.push(`get ${id}`);
    if (this.hold) {
      return new Promise((resolve) => {
        this.held.push({ id, answer: (v) => (resolve(v), settle()), fail: (e) => (resolve(rejection(e)), settle()) });
      });
    }
    if (this.failNext.length > 0) return rejection(this.failNext.shift());
    if (this.answerNext.length > 0) return Promise.resolve(this.answerNext.shift());
    if (!this.states.has(id)) return rejection(notFound(id));
    return Promise.resolve({ id, status: this.states.get(id) });
  }
  recent(count: number): Promise<unknown[]> {
    this.calls.push(`list ${count}`);
    if (this.failNext.length > 0) return rejection(this.failNext.shift());
    return Promise.resolve([...[...this.states].reverse().map(([id, status]) => ({ id, status })), ...this.listExtra]);
  }
}

/** A rejection with whatever a source may throw: not always an Error, and the follower must survive that too. */
function rejection(reason: unknown): Promise<never> {
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- on purpose, see above
  return Promise.reject(reason);
}

export function notFound(id: number): ApiError {
  return new ApiError({ kind: 'notFound', method: 'GET', path: `/api/v2/testexecutions/${id}`, status: 404 });
}

export function setup(options = {}) {
  const clock = new FakeClock();
  const service = new FakeService();
  const follower = new Follower(service, { ...DEFAULT_FOLLOWER_OPTIONS, ...options }, clock);
  const seen: ExecutionSummary[][] = [];
  follower.onChange((changed) => seen.push(changed));
  return { clock, service, follower, seen };
}
