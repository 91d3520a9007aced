import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { type Clock, RefreshSchedule, type ScheduledList } from '../../client/src/views/refreshSchedule';

// The views read their lists again on their own (tas.views.refreshSeconds): one request per list
// per interval while visible in a focused window; none while hidden, unfocused or unreachable.
// A fake clock moves time; each reread counts as one request and reads at once.

class FakeClock implements Clock {
  time = 0;
  private timers: { at: number; run: () => void; id: number }[] = [];
  private next = 0;
  now(): number {
    return this.time;
  }
  setTimeout(run: () => void, ms: number): unknown {
    const id = ++this.next;
    this.timers.push({ at: this.time + ms, run, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }
  /** Moves time on, running every timer that falls due on the way, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.run();
    }
    this.time = end;
  }
  get pending(): number {
    return this.timers.length;
  }
}

class FakeList implements ScheduledList {
  visible = true;
  readAt: number | undefined;
  requests = 0;
  constructor(private readonly clock: FakeClock) {
    this.readAt = clock.now();
  }
  reread(): void {
    this.requests += 1;
    this.readAt = this.clock.now();
  }
}

const SECOND = 1000;

function setup(intervalS = 60) {
  const clock = new FakeClock();
  const a = new FakeList(clock);
  const b = new FakeList(clock);
  let interval = intervalS * SECOND;
  const f = new RefreshSchedule([a, b], () => interval, clock);
  f.update();
  return { clock, a, b, f, setInterval: (s: number) => (interval = s * SECOND) };
}

describe('views reread their lists at tas.views.refreshSeconds', () => {
  test('one request per list per interval while visible', () => {
    const { clock, a, b } = setup();
    clock.advance(59 * SECOND);
    assert.deepEqual([a.requests, b.requests], [0, 0], 'nothing before the interval');
    clock.advance(SECOND);
    assert.deepEqual([a.requests, b.requests], [1, 1]);
    clock.advance(10 * 60 * SECOND);
    assert.deepEqual([a.requests, b.requests], [11, 11], 'one per list per minute for ten minutes');
  });

  test('none while hidden; becoming visible rereads a list older than the interval at once, a fresh one later', () => {
    const { clock, a, b, f } = setup();
    a.visible = false;
    f.update();
    clock.advance(5 * 60 * SECOND);
    assert.equal(a.requests, 0, 'hidden: no request');
    assert.equal(b.requests, 5);
    a.visible = true;
    f.update();
    assert.equal(a.requests, 1, 'older than the interval: read at once when shown');
    // A list read 20 s ago waits out the rest of its interval.
    b.visible = false;
    f.update();
    clock.advance(20 * SECOND);
    b.visible = true;
    const before = b.requests;
    f.update();
    assert.equal(b.requests, before, 'fresh enough: not read on showing');
    clock.advance(40 * SECOND);
    assert.equal(b.requests, before + 1, 'read when its interval is up');
  });

  test('a list read meanwhile (Refresh, an action) waits a whole interval from that read', () => {
    const { clock, a } = setup();
    clock.advance(30 * SECOND);
    a.reread(); // Refresh by hand: one request
    clock.advance(30 * SECOND);
    assert.equal(a.requests, 1, 'not again 30 s after the refresh');
    clock.advance(30 * SECOND);
    assert.equal(a.requests, 2);
  });

  test('none while the window has no focus; regaining it rereads what is older than the interval', () => {
    const { clock, a, b, f } = setup();
    f.setFocused(false);
    clock.advance(10 * 60 * SECOND);
    assert.deepEqual([a.requests, b.requests], [0, 0]);
    assert.equal(clock.pending, 0, 'no timer left running');
    f.setFocused(true);
    assert.deepEqual([a.requests, b.requests], [1, 1], 'read at once on focus');
    clock.advance(60 * SECOND);
    assert.deepEqual([a.requests, b.requests], [2, 2]);
  });

  test('none while the service cannot be reached', () => {
    const { clock, a, b, f } = setup();
    f.setReachable(false);
    clock.advance(10 * 60 * SECOND);
    assert.deepEqual([a.requests, b.requests], [0, 0]);
    f.setReachable(true);
    assert.deepEqual([a.requests, b.requests], [1, 1]);
  });

  test('0 turns it off; a list never read is left to its view', () => {
    const { clock, a, f, setInterval } = setup();
    setInterval(0);
    f.update();
    clock.advance(60 * 60 * SECOND);
    assert.equal(a.requests, 0);
    assert.equal(clock.pending, 0);
    setInterval(1);
    const never = new FakeList(clock);
    never.readAt = undefined;
    const g = new RefreshSchedule([never], () => SECOND, clock);
    g.update();
    clock.advance(10 * SECOND);
    assert.equal(never.requests, 0, 'the view reads it itself when it shows');
    // Its first read (the view's own) starts its turns, with no visibility or focus change.
    never.readAt = clock.now();
    clock.advance(SECOND);
    assert.equal(never.requests, 1);
    clock.advance(3 * SECOND);
    assert.equal(never.requests, 4);
    g.dispose();
    assert.equal(clock.pending, 0, 'disposed: no timer left');
    f.dispose();
  });
});
