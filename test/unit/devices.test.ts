import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { ApiError } from '../../server/src/core/api/errors';
import { StatusFollow, type StatusSource } from '../../server/src/core/devices/follow';
import {
  infoText,
  readStatus,
  summarizeDevice,
  summarizeNode,
  summarizeToken,
} from '../../server/src/core/devices/model';
import { DEFAULT_FOLLOWER_OPTIONS } from '../../server/src/core/executions/follower';
import {
  deviceDescription,
  restartQuestion,
  settledMessage,
  tokenDescription,
} from '../../client/src/views/deviceFormat';
import type { StatusReading } from '../../server/src/core/model/devices';

// Devices, nodes and tokens read leniently, how the view words them, and the status follow's
// pacing (with a fake clock: each poll is called by the test, as the follower's timer would).

describe('device records read leniently', () => {
  test('statuses: plain strings, other spellings and nested objects; unknown ones as written', () => {
    assert.equal(readStatus('device', 1, 'Available').kind, 'available');
    assert.equal(readStatus('device', 1, { state: 'in-use' }).kind, 'busy');
    assert.equal(readStatus('device', 1, { status: { name: 'PREPARING' } }).kind, 'preparing');
    const odd = readStatus('device', 1, { status: 'CHARGING', batteryLevel: 12 });
    assert.deepEqual([odd.kind, odd.status, odd.batteryLevel], ['unknown', 'CHARGING', 12]);
    assert.equal(readStatus('node', 2, { status: 'REBOOTING', agentVersion: '6.0' }).agentVersion, '6.0');
    assert.equal(readStatus('node', 2, {}).status, 'UNKNOWN');
  });

  test('nodes, devices and tokens without the fields the emulator has still show', () => {
    assert.deepEqual(summarizeNode({ id: '7' }), {
      id: 7,
      name: 'Test node 7',
      status: 'UNKNOWN',
      kind: 'unknown',
      entity: { entityType: 'TEST_NODE', id: 7, label: 'Test node 7' },
    });
    assert.equal(summarizeNode({ name: 'no id' }), undefined);
    const d = summarizeDevice({ id: 3, name: 'Pixel', internationalFormat: '+49 170 1', nodeId: 2, extra: true });
    assert.deepEqual([d?.msisdn, d?.testNodeId, d?.status, d?.kind], ['+49 170 1', 2, undefined, 'unknown']);
    const t = summarizeToken({ id: 4, mobileDeviceId: 3, fullControl: 'true', expiresAt: '2030-01-01T00:00:00Z' });
    assert.deepEqual([t?.mobileId, t?.fullControl, t?.entity.label], [3, true, 'Token 4 (full control)']);
    assert.equal(
      infoText({ total: 4, online: 3, restarting: 1, devices: 1 }),
      '3 of 4 nodes online, 1 restarting, 1 device',
    );
    assert.equal(infoText({ something: 'else' }), undefined);
  });

  test('wording: rows, the end of a prepare or restart, the restart question', () => {
    const d = {
      id: 1,
      name: 'Pixel',
      msisdn: '4917',
      kind: 'available' as const,
      status: 'AVAILABLE',
      entity: { entityType: 'MOBILE_ID' as const, id: 1, label: 'Pixel' },
    };
    assert.equal(deviceDescription(d, false), 'available · 4917');
    assert.equal(deviceDescription(d, true), 'preparing… · 4917');
    assert.equal(deviceDescription({ ...d, status: undefined }, false), '… · 4917');
    assert.equal(
      settledMessage('device', 'Pixel', 'available', 'AVAILABLE'),
      'Device Pixel is prepared and available.',
    );
    assert.equal(
      settledMessage('device', 'Pixel', 'unknown', 'CHARGING'),
      'Device Pixel finished preparing: it is CHARGING.',
    );
    assert.match(restartQuestion('node-1', ['A', 'B']).detail, /^These devices go offline until it is back: A, B\./);
    assert.equal(
      tokenDescription({ id: 1, expired: true, entity: { entityType: 'TOKEN', id: 1, label: '' } }, 0),
      'expired',
    );
  });
});

class FakeStatuses implements StatusSource {
  calls: string[] = [];
  states = new Map<string, string>();
  failNext: Error | undefined;
  private answer(key: string): Promise<unknown> {
    this.calls.push(key);
    const f = this.failNext;
    this.failNext = undefined;
    if (f) return Promise.reject(f);
    const s = this.states.get(key);
    return s === undefined
      ? Promise.reject(new ApiError({ kind: 'notFound', method: 'GET', path: key, status: 404 }))
      : Promise.resolve({ status: s });
  }
  device(id: number) {
    return this.answer(`device:${id}`);
  }
  node(id: number) {
    return this.answer(`node:${id}`);
  }
}

function setup() {
  let t = 0;
  const source = new FakeStatuses();
  const options = { ...DEFAULT_FOLLOWER_OPTIONS, baseIntervalMs: 1000, maxIntervalMs: 8000 };
  let wakes = 0;
  const follow = new StatusFollow(
    () => source,
    options,
    () => t,
    () => (wakes += 1),
  );
  const reported: StatusReading[] = [];
  follow.onChange((r) => reported.push(...r));
  const signal = new AbortController().signal;
  /** Moves the clock to the next due time and polls, as the follower's timer would. */
  const tick = async () => {
    const next = follow.nextDue();
    if (next === Infinity) return false;
    t = Math.max(t, next);
    try {
      await follow.poll(t, signal);
    } catch (err) {
      follow.failed(t, (err as ApiError).retryAfterMs);
    }
    return true;
  };
  return { source, follow, reported, tick, now: () => t, wakes: () => wakes };
}

describe('the status follow', () => {
  test('hidden, nothing shown is read; visible, everything shown is read at once, then slower while unchanged', async () => {
    const { source, follow, tick, now } = setup();
    source.states.set('device:1', 'AVAILABLE').set('node:1', 'ONLINE');
    follow.show([1], [1]);
    assert.equal(follow.nextDue(), Infinity);
    follow.setVisible(true);
    await tick();
    assert.deepEqual(source.calls.sort(), ['device:1', 'node:1']);
    const gaps: number[] = [];
    let last = now();
    for (let i = 0; i < 5; i++) {
      await tick();
      gaps.push(now() - last);
      last = now();
    }
    assert.deepEqual(gaps, [1000, 1500, 2250, 3375, 5063]);
    follow.setVisible(false);
    assert.equal(follow.nextDue(), Infinity);
  });

  test('a prepare is followed while hidden until it leaves preparing, then reported settled and dropped', async () => {
    const { source, follow, reported, tick } = setup();
    source.states.set('device:2', 'PREPARING');
    const r = follow.settle('device', 2, readStatus('device', 2, 'PREPARING'));
    assert.deepEqual([r.kind, r.settling], ['preparing', true]);
    await tick();
    assert.equal(reported.length, 0, 'still preparing: nothing changed');
    source.states.set('device:2', 'AVAILABLE');
    await tick();
    assert.deepEqual(
      reported.map((x) => [x.id, x.kind, x.settling]),
      [[2, 'available', false]],
    );
    assert.equal(follow.nextDue(), Infinity, 'not shown, not visible: no longer read');
  });

  test('an answer without a state: settled only after a few readings in a settled state', async () => {
    const { source, follow, reported, tick } = setup();
    source.states.set('node:1', 'ONLINE');
    follow.settle('node', 1, undefined);
    await tick();
    await tick();
    assert.equal(reported.at(-1)?.settling, true);
    await tick();
    assert.equal(reported.at(-1)?.settling, false);
  });

  test('a failure backs off and waits for Retry-After; a 404 reports the record gone', async () => {
    const { source, follow, reported, tick, now } = setup();
    source.states.set('device:3', 'AVAILABLE');
    follow.show([], [3]);
    follow.setVisible(true);
    source.failNext = new ApiError({
      kind: 'rateLimited',
      method: 'GET',
      path: 'x',
      status: 429,
      retryAfterMs: 30_000,
    });
    await tick();
    const failedAt = now();
    await tick();
    assert.equal(now() - failedAt, 30_000);
    source.states.delete('device:3');
    await tick();
    assert.equal(reported.at(-1)?.gone, true);
    assert.equal(follow.nextDue(), Infinity);
  });
});
