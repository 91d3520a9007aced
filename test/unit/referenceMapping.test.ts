import { strict as assert } from 'node:assert';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TasClient } from '../../server/src/core/api/client';
import { parseState, stateText, SyncState } from '../../server/src/core/sync/state';
import { ReferenceMapper } from '../../server/src/core/sync/mapping';
import { candidatesFor, referenceSites, withIds } from '../../server/src/core/sync/identities';

// The mapping of references between environments, on lists given here: counterparts by MSISDN
// then name, nothing guessed, the user's choices, the way back, and the identities' file form.

const lists = (devices: object[], apiClients: object[] = [], traceFilters: object[] = []) => {
  const reads: string[] = [];
  const client = {
    devices: { list: () => (reads.push('devices'), Promise.resolve(devices)) },
    apiClients: { all: () => (reads.push('apiClients'), Promise.resolve(apiClients)) },
    traceFilters: { list: () => (reads.push('traceFilters'), Promise.resolve(traceFilters)) },
  } as unknown as TasClient;
  return { client, reads };
};

const tcase = (device: number, api?: number) => ({
  name: 'x',
  testStepList: [{ function: 'CALL', mobileDeviceId: device, params: api === undefined ? {} : { apiClientId: api } }],
  traceFilters: [{ mobileDeviceId: device, traceFilterId: 3 }],
});

test('maps by MSISDN, stops on none or two, takes a choice, and translates back', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'tas-map-'));
  try {
    const state = await SyncState.load(dir);
    const home = lists(
      [
        { id: 4, msisdn: '4911', name: 'P4' },
        { id: 5, msisdn: '4922', name: 'P5' },
      ],
      [{ id: 2, name: 'SMS' }],
      [{ id: 3, name: 'DNS' }],
    );
    await new ReferenceMapper(home.client, 'A').record(state, tcase(4, 2));
    await new ReferenceMapper(home.client, 'A').record(state, tcase(5));
    // Trace filter 3 was recorded by the first: the second reads no trace filter list.
    assert.deepEqual(home.reads.sort(), ['apiClients', 'devices', 'devices', 'traceFilters']);

    // B: P4 under id 40, two phones with P5's MSISDN and other names, the API client under 20.
    const b = lists(
      [
        { id: 40, msisdn: '4911', name: 'P4' },
        { id: 50, msisdn: '4922', name: 'x' },
        { id: 51, msisdn: '4922', name: 'y' },
      ],
      [{ id: 20, name: 'SMS' }],
      [{ id: 30, name: 'DNS' }],
    );
    const mapper = new ReferenceMapper(b.client, 'B');
    const ok = await mapper.toEnv(state, 'A', tcase(4, 2));
    assert.deepEqual(ok.unmapped, []);
    assert.deepEqual(ok.value, { ...tcase(40, 20), traceFilters: [{ mobileDeviceId: 40, traceFilterId: 30 }] });
    assert.deepEqual(
      ok.applied.map((m) => [m.kind, m.from, m.to]),
      [
        ['device', 4, 40],
        ['apiClient', 2, 20],
        ['traceFilter', 3, 30],
      ],
    );
    assert.deepEqual(await mapper.toHome(state, 'A', ok.value), tcase(4, 2), 'the way back changes nothing');

    const two = await mapper.toEnv(state, 'A', tcase(5));
    assert.deepEqual(
      two.unmapped.map((u) => [u.where, u.candidates, u.identity?.msisdn]),
      [
        ['testStepList[0].mobileDeviceId', [50, 51], '4922'],
        ['traceFilters[0].mobileDeviceId', [50, 51], '4922'],
      ],
    );
    const never = await mapper.toEnv(state, 'A', tcase(9));
    assert.deepEqual(
      never.unmapped.map((u) => [u.identity, u.candidates]),
      [
        [undefined, []],
        [undefined, []],
      ],
    );

    const chosen = await new ReferenceMapper(b.client, 'B', { overrides: { device: { '5': 51 } } }).toEnv(
      state,
      'A',
      tcase(5),
    );
    assert.deepEqual(chosen.unmapped, []);
    assert.deepEqual(chosen.applied[0], {
      kind: 'device',
      from: 5,
      to: 51,
      identity: { msisdn: '4922', name: 'P5' },
      chosen: true,
    });
    assert.equal(b.reads.filter((r) => r === 'devices').length, 2, 'one device list per mapper');

    await state.save();
    const saved = await readFile(join(dir, '.tas', 'sync.json'), 'utf8');
    assert.equal(stateText(parseState(saved, 'x')), saved, 'identities read back as written, sorted');
    assert.deepEqual(JSON.parse(saved).identities.A.device, {
      '4': { msisdn: '4911', name: 'P4' },
      '5': { msisdn: '4922', name: 'P5' },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('identities of a crafted sync state: entries that are no id with a name or MSISDN are dropped', () => {
  const text = JSON.stringify({
    version: 1,
    files: {},
    identities: {
      A: { device: { '1': { msisdn: '49' }, x: { name: 'n' }, '2': { token: 's' } }, other: { '3': { name: 'n' } } },
      B: 'no',
    },
  });
  assert.deepEqual(JSON.parse(JSON.stringify(parseState(text, 'p').identities)), {
    A: { device: { '1': { msisdn: '49' } } },
  });
});

test("withIds copies only what is on a reference's path and never changes the value it was given", () => {
  const value = {
    name: 'x',
    description: { long: 'shared' },
    testStepList: [
      { mobileDeviceId: 4, params: { a: 1 } },
      { mobileDeviceId: 6, params: { b: 2 } },
    ],
    traceFilters: [{ mobileDeviceId: 4, traceFilterId: 3 }],
  };
  const before = JSON.stringify(value);
  const sites = referenceSites(value);
  const out = withIds(value, sites, (s) => (s.kind === 'device' && s.id === 4 ? 40 : undefined)) as typeof value;
  assert.equal(JSON.stringify(value), before, 'the input is unchanged');
  assert.deepEqual(
    out.testStepList.map((s) => s.mobileDeviceId),
    [40, 6],
  );
  assert.deepEqual(out.traceFilters, [{ mobileDeviceId: 40, traceFilterId: 3 }]);
  assert.equal(out.description, value.description, 'what no reference is in is shared');
  assert.equal(out.testStepList[1], value.testStepList[1], 'a step with no change is shared');
  assert.notEqual(out.testStepList[0], value.testStepList[0]);
});

test('a phone is found by MSISDN, then by name among two with one MSISDN; a cache that forgets a record is indexed again', () => {
  const list = new Map([
    [1, { msisdn: '49', name: 'A' }],
    [2, { msisdn: '49', name: 'B' }],
    [3, { msisdn: '50', name: 'C' }],
  ]);
  assert.deepEqual(candidatesFor('device', { msisdn: '49' }, list), [1, 2]);
  assert.deepEqual(candidatesFor('device', { msisdn: '49', name: 'B' }, list), [2]);
  assert.deepEqual(candidatesFor('traceFilter', { name: 'C' }, list), [3]);
  list.delete(1);
  assert.deepEqual(candidatesFor('device', { msisdn: '49' }, list), [2]);
});

test("the way back: a person's choice first, then the identity recorded at home; what neither names is listed, never guessed", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'tas-map-back-'));
  try {
    const state = await SyncState.load(dir);
    await new ReferenceMapper(lists([{ id: 4, msisdn: '4911', name: 'P4' }]).client, 'A').record(state, tcase(4));
    state.rememberChoice('A', 'B', 'device', 5, 41);
    // B: P4's twin 40; 41, chosen for A's 5, has P4's MSISDN too (the choice wins); 42 nobody at home is known to be.
    const b = lists([
      { id: 40, msisdn: '4911', name: 'P4' },
      { id: 41, msisdn: '4911', name: 'P4 spare' },
      { id: 42, msisdn: '4999', name: 'New' },
    ]);
    const back = await new ReferenceMapper(b.client, 'B').back(state, 'A', {
      testStepList: [{ mobileDeviceId: 40 }, { mobileDeviceId: 41 }, { mobileDeviceId: 42 }],
    });
    assert.deepEqual(back.value, {
      testStepList: [{ mobileDeviceId: 4 }, { mobileDeviceId: 5 }, { mobileDeviceId: 42 }],
    });
    assert.deepEqual(
      back.unknown.map((u) => [u.kind, u.id, u.where, u.identity]),
      [['device', 42, 'testStepList[2].mobileDeviceId', { msisdn: '4999', name: 'New' }]],
    );

    const named = new ReferenceMapper(b.client, 'B', { overrides: { device: { '7': 42 } }, remember: true });
    assert.deepEqual((await named.back(state, 'A', { testStepList: [{ mobileDeviceId: 42 }] })).value, {
      testStepList: [{ mobileDeviceId: 7 }],
    });
    assert.deepEqual({ ...state.choices('A', 'B').device }, { '5': 41, '7': 42 }, 'the override is kept as a choice');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
