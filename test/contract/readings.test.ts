import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { TasClient } from '../../server/src/core/api/client';
import type { Notice, SessionOptions } from '../../server/src/core/api/session';
import { EnvironmentState } from '../../server/src/core/environment/environment';
import { ReferenceCache } from '../../server/src/core/liveChecks/referenceCache';
import { checkReferences, referencedIds } from '../../server/src/core/liveChecks/referenceChecks';
import { EDITOR_WORDS } from '../../server/src/host/words';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import type { Readings } from '../emulator/readings';
import { OTHER_READINGS } from './otherReadings';

// The API client against the emulator in every reading of what the document leaves open
// (DECISIONS.md, "Readings"): lists come whole, executions newest first, whatever the service
// chose. A lab larger than a page: 60 devices, 36 trace filters, 26 suites.

const LAB = { extraDevices: 40, extraTraceFilters: 30, extraSuites: 20 };

const READINGS: [string, Partial<Readings>][] = [["the emulator's decisions", {}], ...OTHER_READINGS];

function newestIds(emu: Emulator): number[] {
  return emu.store.executions
    .all()
    .sort((a, b) => b.createdMs - a.createdMs || b.id - a.id)
    .map((e) => e.id);
}

for (const [name, readings] of READINGS) {
  describe(`the API client against ${name}`, () => {
    let emu: Emulator;
    let client: TasClient;
    const notices: Notice[] = [];
    before(async () => {
      emu = await startEmulator({ scale: LAB, readings });
      client = new TasClient({ baseUrl: emu.url, ...DEMO_CREDENTIALS.admin }, { onNotice: (n) => notices.push(n) });
    });
    after(async () => {
      await client.close();
      await emu.close();
    });

    test('device, trace filter, suite, node, token, user and model lists come whole', async () => {
      assert.deepEqual(
        (await client.devices.list()).map((d) => d.id),
        emu.store.devices.all().map((d) => d.id),
      );
      assert.equal((await client.traceFilters.list()).length, 36);
      assert.equal((await client.testSuites.list()).length, 26);
      assert.equal((await client.testNodes.list()).length, emu.store.testNodes.all().length);
      assert.equal((await client.deviceTokens.list()).length, emu.store.tokens.all().length);
      assert.equal((await client.users.list()).length, emu.store.users.all().length);
      assert.equal((await client.catalog.deviceModels()).length, emu.store.deviceModels.all().length);
      assert.equal((await client.apiClients.all()).length, emu.store.apiClients.all().length);
      const cases: number[] = [];
      for await (const item of client.testCases.iterate({ size: 1000 })) cases.push(item.id);
      assert.deepEqual(
        cases,
        emu.store.testCases.all().map((t) => t.id),
        'test cases whole, whatever page size is served',
      );
      assert.ok(
        notices.every((n) => n.level !== 'warning'),
        'nothing was cut',
      );
    });

    test('executions newest first, a window at a time', async () => {
      const expected = newestIds(emu);
      const first = await client.executions.newest(0, 10);
      assert.deepEqual(
        first.items.map((e) => e.id),
        expected.slice(0, 10),
      );
      assert.equal(first.hasMore, true);
      const second = await client.executions.newest(10, 10);
      assert.deepEqual(
        second.items.map((e) => e.id),
        expected.slice(10, 20),
      );
      const last = await client.executions.newest(expected.length - 5, 10);
      assert.deepEqual(
        last.items.map((e) => e.id),
        expected.slice(-5),
      );
      assert.equal(last.hasMore, false);
    });

    test('a new execution is the first of the newest', async () => {
      const run = await client.testCases.run(1);
      const first = await client.executions.newest(0, 3);
      assert.equal(first.items[0]?.id, run.executionId);
    });
  });
}

describe('how the readings are learnt and pinned', () => {
  let emu: Emulator;
  before(async () => {
    emu = await startEmulator({ readings: { startEnd: 'time' } });
  });
  after(() => emu.close());
  const make = (options: SessionOptions) => new TasClient({ baseUrl: emu.url, ...DEMO_CREDENTIALS.admin }, options);

  test('learnt once, told once; then no more probing', async () => {
    const notices: Notice[] = [];
    const client = make({ onNotice: (n) => notices.push(n) });
    try {
      await client.executions.newest(0, 5);
      const before = emu.requests.length;
      await client.executions.newest(0, 5);
      await client.executions.newest(5, 5);
      const asked = emu.requests.slice(before).filter((r) => r.path === '/api/v2/testexecutions');
      assert.equal(asked.length, 2, 'one request per window once learnt');
      assert.ok(
        asked.every((r) => !/start=/.test(r.query)),
        'no start/end once learnt',
      );
      assert.equal(notices.filter((n) => n.key.startsWith('startEnd:')).length, 1);
      assert.match(notices[0]!.message, /executions of this service: start\/end are not sent.*first window was empty/);
    } finally {
      await client.close();
    }
  });

  test('pinned to none: no start/end is ever sent', async () => {
    const client = make({ startEnd: 'none' });
    try {
      const before = emu.requests.length;
      const w = await client.executions.newest(0, 5);
      assert.equal(w.items.length, 5);
      assert.deepEqual(
        emu.requests
          .slice(before)
          .filter((r) => r.path === '/api/v2/testexecutions')
          .map((r) => r.query),
        [''],
      );
    } finally {
      await client.close();
    }
  });

  test('pinned to offsets: the window is trusted (here, wrongly: empty)', async () => {
    const client = make({ startEnd: 'offsets' });
    try {
      assert.deepEqual((await client.executions.newest(0, 5)).items, []);
    } finally {
      await client.close();
    }
  });
});

describe('request counts', () => {
  let emu: Emulator;
  let env: EnvironmentState;
  let refs: ReferenceCache;
  before(async () => {
    emu = await startEmulator({ scale: { extraDevices: 480 }, readings: { pagedLists: 20 } });
    env = new EnvironmentState(
      () => ({}),
      () => {},
    );
    env.set({ name: 'emulator', baseUrl: emu.url, ...DEMO_CREDENTIALS.admin });
    refs = new ReferenceCache(env, () => 60_000, EDITOR_WORDS);
  });
  after(async () => {
    await env.dispose();
    await emu.close();
  });
  const count = (path: string) => emu.requests.filter((r) => r.path === path).length;

  test('a lab of 500 devices in pages of 20 is 25 requests per cache life', async () => {
    const [a, b] = await Promise.all([refs.devices(), refs.devices()]);
    assert.equal(a.size, 500);
    assert.equal(a, b, 'one reading for both');
    await refs.devices();
    assert.equal(count('/api/v2/mobiledevices'), 25);
  });

  test('a reference the list lacks is confirmed with one request per id per cache life', async () => {
    const value = {
      name: 'Refs',
      traceFilters: [
        { mobileDeviceId: 500, traceFilterId: 1 },
        { mobileDeviceId: 9001, traceFilterId: 1 },
      ],
      testStepList: [{ function: 'CALL', mobileDeviceId: 9001 }],
    };
    const lists = await refs.state('testCase');
    // 500 is on the last page: the list has it, so only 9001 is asked for.
    for (let i = 0; i < 3; i++) {
      const state = await refs.confirm(lists, referencedIds('testCase', value));
      assert.equal(state.status, 'ok');
      assert.ok(state.status === 'ok' && state.data.devices.has(500) && !state.data.devices.has(9001));
    }
    assert.equal(count('/api/v2/mobiledevices/9001'), 1);
    assert.equal(count('/api/v2/mobiledevices/500'), 0);
  });

  test('a record that cannot be read leaves the reference not verified: a note, not an error', async () => {
    emu.faults.rules.push({
      method: 'GET',
      path: '/api/v2/mobiledevices/9002',
      action: { kind: 'status', status: 403 },
      times: 1,
    });
    const value = { name: 'Unsure', testStepList: [{ function: 'CALL', mobileDeviceId: 9002 }] };
    const state = await refs.confirm(await refs.state('testCase'), referencedIds('testCase', value));
    const findings = checkReferences('testCase', value, state);
    assert.deepEqual(
      findings.map((f) => [f.code, f.severity]),
      [['references-not-verified', 3]],
    );
    assert.match(
      findings[0]!.message,
      /^Mobile device 9002 is not in the service's list and its own record could not be read \(.*\): not verified\.$/,
    );
  });
});

describe('a list longer than the page cap', () => {
  let emu: Emulator;
  before(async () => {
    emu = await startEmulator({ scale: { extraDevices: 40 }, readings: { pagedLists: 10 } });
  });
  after(() => emu.close());

  test('is cut at the cap, says so once, and carries the cut', async () => {
    const notices: Notice[] = [];
    const client = new TasClient(
      { baseUrl: emu.url, ...DEMO_CREDENTIALS.admin },
      { maxListPages: 3, onNotice: (n) => notices.push(n) },
    );
    try {
      const list = await client.devices.list();
      assert.equal(list.length, 30);
      assert.deepEqual(list.cut && [list.cut.pages, list.cut.items, list.cut.total], [3, 30, 60]);
      await client.devices.list();
      assert.equal(notices.length, 1);
      assert.equal(notices[0]!.level, 'warning');
      assert.match(
        notices[0]!.message,
        /^The list of mobile devices was cut after 3 pages \(30 of 60 items\): at most 3 pages of a list are read\./,
      );
    } finally {
      await client.close();
    }
  });
});
