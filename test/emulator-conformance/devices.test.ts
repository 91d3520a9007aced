import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { PREPARE_MS } from '../emulator/resources/devices';
import { RESTART_AGENT_MS } from '../emulator/resources/testNodes';
import { expectStatus, useEmulator } from './harness';

// Mobile devices: CRUD, the PREPARE action, the device's test cases and its derived status
// (DECISIONS.md, "Mobile devices").

interface Device {
  id: number;
  name: string;
  msisdn: string;
  ecid: string;
  platformName: string;
  testNodeId: number;
  deviceModelId: number;
  testNodeName: string | null;
  deviceModelName: string | null;
  projects: { id: number; name: string }[];
  [field: string]: unknown;
}
interface DeviceStatus {
  id: number;
  status: string;
  testNodeId: number;
  testNodeStatus: string | null;
  batteryLevel: number;
  lastSeen: string | null;
  preparingUntil: string | null;
  [field: string]: unknown;
}

const DEVICE_FIELDS = [
  'id',
  'name',
  'msisdn',
  'imsi',
  'imei',
  'ranType',
  'testNodeId',
  'deviceModelId',
  'subscriptionType',
  'platformName',
  'deviceId',
  'nationalFormat',
  'internationalFormat',
  'iccid',
  'eid',
  'ecid',
  'testNodeName',
  'deviceModelName',
  'projects',
].sort();

const BASE = '/api/v2/mobiledevices';
// Demo data: devices 1-3 sit on ONLINE nodes 1-3, device 4 on the OFFLINE node 4; model 1 is an Android phone.
const ONLINE_DEVICE = 1;
const OFFLINE_DEVICE = 4;

// Long execution steps so a run stays QUEUED, then RUNNING, until the test moves the clock.
const STEP_MS = 10_000;
const fx = useEmulator({ settings: { executionStepMs: STEP_MS } });

let seq = 0;
async function createDevice(extra: Record<string, unknown> = {}): Promise<number> {
  const body = { name: `Test device ${++seq}`, testNodeId: 1, deviceModelId: 1, ...extra };
  return (await expectStatus<{ id: number }>(fx.admin.post(BASE, body), 201)).id;
}

void describe('GET /api/v2/mobiledevices', () => {
  void test('answers a plain array of device records with every documented field', async () => {
    const list = await expectStatus<Device[]>(fx.tester.get(BASE), 200);
    assert.ok(Array.isArray(list));
    assert.ok(list.length >= 20);
    for (const d of list) assert.deepEqual(Object.keys(d).sort(), DEVICE_FIELDS);
    const first = list.find((d) => d.id === ONLINE_DEVICE)!;
    assert.equal(first.testNodeName, 'node-berlin-01');
    assert.equal(first.deviceModelName, 'Galaxy S24');
    assert.deepEqual(first.projects, [{ id: 4, name: 'Lab infrastructure' }]);
    assert.deepEqual(
      list.map((d) => d.id),
      [...list.map((d) => d.id)].sort((a, b) => a - b),
    );
  });
});

void describe('POST /api/v2/mobiledevices', () => {
  void test('creates a device: 201 {id}, owned by the caller, fields as sent', async () => {
    const res = await fx.tester.post(BASE, {
      name: '  Pixel lab 1 ',
      msisdn: '4915100000001',
      imei: '350000000000001',
      testNodeId: 2,
      deviceModelId: 2,
    });
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body as object), ['id']);
    const id = (res.body as { id: number }).id;
    const d = await expectStatus<Device>(fx.admin.get(`${BASE}/${id}`), 200);
    assert.equal(d.name, 'Pixel lab 1');
    assert.equal(d.msisdn, '4915100000001');
    assert.equal(d.imei, '350000000000001');
    assert.equal(d.imsi, '');
    assert.equal(d.testNodeName, 'node-berlin-02');
    assert.equal(d.deviceModelName, 'Pixel 8');
    // platformName defaults to the device model's platform.
    assert.equal(d.platformName, 'Android');
    assert.deepEqual(d.projects, []);
    assert.equal(fx.emu.store.devices.get(id)!.ownerId, 2);
  });

  void test('refuses an ecid (accepted on update only) and response-only fields on create, naming them', async () => {
    const res = await fx.admin.post(BASE, {
      name: 'With ecid',
      testNodeId: 2,
      deviceModelId: 2,
      ecid: 'ABCDEF0123456789',
      testNodeName: 'n',
    });
    assert.equal(res.status, 400);
    assert.match(String(res.body?.message), /'ecid' is accepted on update only/);
    assert.match(String(res.body?.message), /'testNodeName' is response-only/);
  });

  void test('a missing, empty or non-string name is a 400', async () => {
    assert.equal((await fx.admin.post(BASE, { testNodeId: 1, deviceModelId: 1 })).status, 400);
    assert.equal((await fx.admin.post(BASE, { name: '  ', testNodeId: 1, deviceModelId: 1 })).status, 400);
    assert.equal((await fx.admin.post(BASE, { name: 5, testNodeId: 1, deviceModelId: 1 })).status, 400);
  });

  void test('every field is type-checked: 400 naming the field', async () => {
    for (const [field, value] of [
      ['msisdn', 4915100000001],
      ['eid', true],
      ['testNodeId', '1'],
      ['deviceModelId', 1.5],
      ['ecid', 7],
    ] as const) {
      const res = await fx.admin.post(BASE, {
        name: `typed ${field}`,
        testNodeId: 1,
        deviceModelId: 1,
        [field]: value,
      });
      assert.equal(res.status, 400, field);
      assert.match(res.text, new RegExp(field));
    }
  });

  void test('testNodeId and deviceModelId are required (400) and must exist (404)', async () => {
    assert.equal((await fx.admin.post(BASE, { name: 'no node', deviceModelId: 1 })).status, 400);
    assert.equal((await fx.admin.post(BASE, { name: 'no model', testNodeId: 1 })).status, 400);
    assert.equal((await fx.admin.post(BASE, { name: 'bad node', testNodeId: 999, deviceModelId: 1 })).status, 404);
    assert.equal((await fx.admin.post(BASE, { name: 'bad model', testNodeId: 1, deviceModelId: 999 })).status, 404);
    const names = (await expectStatus<Device[]>(fx.admin.get(BASE), 200)).map((d) => d.name);
    assert.ok(!names.includes('bad node') && !names.includes('bad model'));
  });

  void test('a duplicate name is a 409 with the {id} of the device holding it', async () => {
    const holder = await expectStatus<Device>(fx.admin.get(`${BASE}/${ONLINE_DEVICE}`), 200);
    const res = await fx.admin.post(BASE, { name: holder.name, testNodeId: 1, deviceModelId: 1 });
    assert.equal(res.status, 409);
    assert.deepEqual(res.body, { id: ONLINE_DEVICE });
  });
});

void describe('GET /api/v2/mobiledevices/{id}', () => {
  void test('answers the device record', async () => {
    const d = await expectStatus<Device>(fx.tester.get(`${BASE}/2`), 200);
    assert.equal(d.id, 2);
    assert.deepEqual(Object.keys(d).sort(), DEVICE_FIELDS);
  });

  void test('an unknown id is a 404, a non-integer id a 400', async () => {
    assert.equal((await fx.admin.get(`${BASE}/99999`)).status, 404);
    assert.equal((await fx.admin.get(`${BASE}/abc`)).status, 400);
  });
});

void describe('PUT /api/v2/mobiledevices/{id}', () => {
  void test('merges: sent fields change (ecid included), absent fields keep their values; 200 with the record', async () => {
    const id = await createDevice({ msisdn: '111', imsi: '262010000000001' });
    const res = await fx.admin.put(`${BASE}/${id}`, { msisdn: '222', ecid: '00AA', testNodeId: 3 });
    assert.equal(res.status, 200);
    const d = res.body as Device;
    assert.deepEqual(Object.keys(d).sort(), DEVICE_FIELDS);
    assert.equal(d.msisdn, '222');
    assert.equal(d.ecid, '00AA');
    assert.equal(d.imsi, '262010000000001');
    assert.equal(d.testNodeId, 3);
    assert.equal(d.testNodeName, 'node-munich-01');
    assert.deepEqual(await expectStatus<Device>(fx.admin.get(`${BASE}/${id}`), 200), d);
  });

  void test("renaming to another device's name is a 409 {id}; keeping its own name is fine", async () => {
    const id = await createDevice();
    const own = await expectStatus<Device>(fx.admin.get(`${BASE}/${id}`), 200);
    assert.equal((await fx.admin.put(`${BASE}/${id}`, { name: own.name })).status, 200);
    const holder = await expectStatus<Device>(fx.admin.get(`${BASE}/${ONLINE_DEVICE}`), 200);
    const res = await fx.admin.put(`${BASE}/${id}`, { name: holder.name });
    assert.equal(res.status, 409);
    assert.deepEqual(res.body, { id: ONLINE_DEVICE });
  });

  void test('bad types are 400, unknown node or model 404, unknown device 404', async () => {
    const id = await createDevice();
    assert.equal((await fx.admin.put(`${BASE}/${id}`, { ecid: 12 })).status, 400);
    assert.equal((await fx.admin.put(`${BASE}/${id}`, { name: '' })).status, 400);
    assert.equal((await fx.admin.put(`${BASE}/${id}`, { testNodeId: 999 })).status, 404);
    assert.equal((await fx.admin.put(`${BASE}/${id}`, { deviceModelId: 999 })).status, 404);
    assert.equal((await fx.admin.put(`${BASE}/99999`, { msisdn: '1' })).status, 404);
    assert.equal(fx.emu.store.devices.get(id)!.testNodeId, 1);
  });
});

void describe('DELETE /api/v2/mobiledevices/{id}', () => {
  void test('deletes (200, no body) even when test cases refer to it: the references dangle', async () => {
    const tc = fx.emu.store.testCases.all().find((t) => t.traceFilters.some((f) => f.mobileDeviceId === 5))!;
    const res = await fx.admin.delete(`${BASE}/5`);
    assert.equal(res.status, 200);
    assert.equal(res.text, '');
    assert.equal((await fx.admin.get(`${BASE}/5`)).status, 404);
    assert.ok(fx.emu.store.testCases.get(tc.id)!.traceFilters.some((f) => f.mobileDeviceId === 5));
  });

  void test("drops the device's project assignments and revokes its tokens", async () => {
    // Demo: device 6 is in project 4.
    const id = 6;
    assert.equal(fx.emu.store.projectIdsOf('MOBILE_ID', id).size, 1);
    const tokenRes = await expectStatus<{ id: number; token: string }>(
      fx.admin.post('/api/v2/tokens', { mobileId: id, fullControl: false, expiryHours: 1 }),
      201,
    );
    assert.equal((await fx.admin.delete(`${BASE}/${id}`)).status, 200);
    assert.equal(fx.emu.store.projectIdsOf('MOBILE_ID', id).size, 0);
    const tokens = await expectStatus<{ id: number; mobileId: number }[]>(fx.admin.get('/api/v2/tokens'), 200);
    assert.ok(!tokens.some((t) => t.mobileId === id));
    const check = await expectStatus(fx.admin.post('/api/v2/tokens/validate', { token: tokenRes.token }), 200);
    assert.equal(check['valid'], false);
  });

  void test('an unknown id is a 404', async () => {
    assert.equal((await fx.admin.delete(`${BASE}/99999`)).status, 404);
  });
});

void describe('POST /api/v2/mobiledevices/{id}/action', () => {
  void test('PREPARE: 200 with the status, PREPARING until the window ends, then AVAILABLE', async () => {
    const id = await createDevice();
    const res = await expectStatus<DeviceStatus>(
      fx.admin.post(`${BASE}/${id}/action`, { command: 'PREPARE', params: '' }),
      200,
    );
    assert.equal(res.status, 'PREPARING');
    assert.equal(res.id, id);
    assert.equal(Date.parse(res.preparingUntil!) - Date.parse(fx.emu.nowIso()) <= PREPARE_MS, true);
    assert.equal((await expectStatus<DeviceStatus>(fx.admin.get(`${BASE}/${id}/status`), 200)).status, 'PREPARING');
    fx.emu.advanceClock(PREPARE_MS - 1000);
    assert.equal((await expectStatus<DeviceStatus>(fx.admin.get(`${BASE}/${id}/status`), 200)).status, 'PREPARING');
    fx.emu.advanceClock(1000);
    const after = await expectStatus<DeviceStatus>(fx.admin.get(`${BASE}/${id}/status`), 200);
    assert.equal(after.status, 'AVAILABLE');
    assert.equal(after.preparingUntil, null);
  });

  void test('params may be omitted', async () => {
    const id = await createDevice();
    await expectStatus(fx.tester.post(`${BASE}/${id}/action`, { command: 'PREPARE' }), 200);
  });

  void test('an unknown or missing command, or non-string params, is a 400', async () => {
    assert.equal((await fx.admin.post(`${BASE}/${ONLINE_DEVICE}/action`, { command: 'REBOOT' })).status, 400);
    assert.equal((await fx.admin.post(`${BASE}/${ONLINE_DEVICE}/action`, { params: '' })).status, 400);
    assert.equal(
      (await fx.admin.post(`${BASE}/${ONLINE_DEVICE}/action`, { command: 'PREPARE', params: {} })).status,
      400,
    );
    assert.equal((await fx.admin.post(`${BASE}/${ONLINE_DEVICE}/action`)).status, 400);
  });

  void test('a device whose node is OFFLINE cannot be prepared: 409', async () => {
    assert.equal((await fx.admin.post(`${BASE}/${OFFLINE_DEVICE}/action`, { command: 'PREPARE' })).status, 409);
  });

  void test('an unknown device is a 404', async () => {
    assert.equal((await fx.admin.post(`${BASE}/99999/action`, { command: 'PREPARE' })).status, 404);
  });
});

void describe('GET /api/v2/mobiledevices/{id}/testcases', () => {
  void test('lists the test cases that refer to the device, as {id, name}, by id', async () => {
    const id = 3;
    const list = await expectStatus<{ id: number; name: string }[]>(fx.tester.get(`${BASE}/${id}/testcases`), 200);
    const expected = fx.emu.store.testCases
      .all()
      .filter(
        (t) =>
          t.traceFilters.some((f) => f.mobileDeviceId === id) ||
          t.sipTraceFilters.some((f) => f.mobileDeviceId === id) ||
          t.testStepList.some((s) => s['mobileDeviceId'] === id),
      )
      .map((t) => ({ id: t.id, name: t.name }))
      .sort((a, b) => a.id - b.id);
    assert.ok(expected.length > 0);
    assert.deepEqual(list, expected);
  });

  void test('a device no test case uses has an empty list; an unknown device is a 404', async () => {
    const id = await createDevice();
    assert.deepEqual(await expectStatus(fx.admin.get(`${BASE}/${id}/testcases`), 200), []);
    assert.equal((await fx.admin.get(`${BASE}/99999/testcases`)).status, 404);
  });
});

void describe('GET /api/v2/mobiledevices/{id}/status', () => {
  void test('a device on an ONLINE node is AVAILABLE, seen now', async () => {
    const id = await createDevice({ testNodeId: 2 });
    const s = await expectStatus<DeviceStatus>(fx.tester.get(`${BASE}/${id}/status`), 200);
    assert.deepEqual(Object.keys(s).sort(), [
      'batteryLevel',
      'id',
      'lastSeen',
      'name',
      'preparingUntil',
      'status',
      'testNodeId',
      'testNodeStatus',
    ]);
    assert.equal(s.status, 'AVAILABLE');
    assert.equal(s.testNodeId, 2);
    assert.equal(s.testNodeStatus, 'ONLINE');
    assert.equal(s.batteryLevel, 100);
    assert.ok(Math.abs(Date.parse(s.lastSeen!) - fx.emu.now()) < 5000);
  });

  void test('a device on an OFFLINE node is OFFLINE, last seen when its node was', async () => {
    const s = await expectStatus<DeviceStatus>(fx.admin.get(`${BASE}/${OFFLINE_DEVICE}/status`), 200);
    assert.equal(s.status, 'OFFLINE');
    assert.equal(s.testNodeStatus, 'OFFLINE');
    assert.equal(s.lastSeen, fx.emu.store.testNodes.get(4)!.lastSeen);
  });

  void test('a device is OFFLINE while its node restarts its agent', async () => {
    const id = await createDevice({ testNodeId: 3 });
    await expectStatus(fx.admin.post('/api/v2/testnodes/3/action', { command: 'RESTART_AGENT' }), 200);
    const during = await expectStatus<DeviceStatus>(fx.admin.get(`${BASE}/${id}/status`), 200);
    assert.equal(during.status, 'OFFLINE');
    assert.equal(during.testNodeStatus, 'RESTARTING');
    fx.emu.advanceClock(RESTART_AGENT_MS);
    assert.equal((await expectStatus<DeviceStatus>(fx.admin.get(`${BASE}/${id}/status`), 200)).status, 'AVAILABLE');
  });

  void test('a device is BUSY while an execution of a test case using it is RUNNING (not while QUEUED)', async () => {
    const id = await createDevice({ testNodeId: 1 });
    const tcId = (
      await expectStatus<{ id: number }>(
        fx.admin.post('/api/v2/testcases', {
          name: 'uses the busy device',
          testStepList: [
            { function: 'HANGUP', mobileDeviceId: id },
            { function: 'WAIT', params: { seconds: 1 } },
          ],
        }),
        201,
      )
    ).id;
    await expectStatus(fx.admin.post(`/api/v2/testcases/${tcId}/run`), 200);
    const status = async () => (await expectStatus<DeviceStatus>(fx.admin.get(`${BASE}/${id}/status`), 200)).status;
    assert.equal(await status(), 'AVAILABLE');
    fx.emu.advanceClock(STEP_MS);
    assert.equal(await status(), 'BUSY');
    fx.emu.advanceClock(2 * STEP_MS);
    assert.equal(await status(), 'AVAILABLE');
  });

  void test('an unknown device is a 404', async () => {
    assert.equal((await fx.admin.get(`${BASE}/99999/status`)).status, 404);
  });
});
