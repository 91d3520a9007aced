import { strict as assert } from 'node:assert';
import { after, before, beforeEach, describe, test } from 'node:test';
import {
  CreateDeviceTokenRequest,
  DevicesAttentionNotification,
  DeviceStatusChangedNotification,
  DeviceTestCasesRequest,
  DeviceTokensRequest,
  ListDevicesRequest,
  PrepareDeviceRequest,
  RecordGoneNotification,
  RestartAgentRequest,
  RevokeDeviceTokenRequest,
} from '../../server/src/protocol';
import type { StatusReading } from '../../server/src/core/model/devices';
import type { ShownRecord } from '../../server/src/core/model/entities';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { PREPARE_MS } from '../emulator/resources/devices';
import { RESTART_AGENT_MS } from '../emulator/resources/testNodes';
import { LspHarness } from './lspHarness';
import { value } from './outcomes';

// The Devices view's requests at the LSP boundary: the built server against the emulator, whose
// clock the tests move forward instead of waiting. Waits are for notifications, never for time.

/** Collects status notifications and waits for a reading that passes a test. */
class Readings {
  readonly all: StatusReading[] = [];
  private waiters: { test: (r: StatusReading) => boolean; from: number; resolve: (r: StatusReading) => void }[] = [];
  constructor(lsp: LspHarness) {
    lsp.connection.onNotification(DeviceStatusChangedNotification, ({ readings }) => {
      for (const r of readings) {
        this.all.push(r);
        const index = this.all.length - 1;
        this.waiters = this.waiters.filter((w) => (index >= w.from && w.test(r) ? (w.resolve(r), false) : true));
      }
    });
  }
  get mark(): number {
    return this.all.length;
  }
  /** The first reading from `from` on (past or future) that passes `test`. */
  until(test: (r: StatusReading) => boolean, from = 0): Promise<StatusReading> {
    const past = this.all.slice(from).find(test);
    if (past) return Promise.resolve(past);
    return new Promise((resolve) => this.waiters.push({ test, from, resolve }));
  }
}

describe('the Devices view at the LSP boundary', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let lsp: LspHarness;
  let readings: Readings;
  const logged: string[] = [];
  const count = (method: string, path: string | RegExp) =>
    emu.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)))
      .length;

  before(async () => {
    emu = await startEmulator();
    lsp = await LspHarness.start({}, { environmentFromClient: true }, { executions: { pollIntervalSeconds: 0.05 } });
    readings = new Readings(lsp);
    lsp.connection.onNotification('window/logMessage', (p: { message: string }) => {
      logged.push(p.message);
    });
    await lsp.signIn(emu.url, DEMO_CREDENTIALS.admin);
  });
  after(async () => {
    await lsp.stop();
    await emu.close();
  });
  beforeEach(() => emu.faults.reset());

  test('lists the test nodes with status, agent version and device count, their devices, and the tokens', async () => {
    const o = value(await lsp.connection.sendRequest(ListDevicesRequest));
    assert.equal(o.nodes.length, 4);
    const spare = o.nodes.find((n) => n.name === 'node-lab-spare');
    assert.deepEqual([spare?.kind, spare?.status, spare?.agentVersion], ['offline', 'OFFLINE', '5.12.0']);
    assert.equal(o.nodes[0]?.kind, 'online');
    assert.equal(o.nodes[0]?.deviceCount, o.devices.filter((d) => d.testNodeId === o.nodes[0]?.id).length);
    assert.deepEqual(o.nodes[0]?.entity, { entityType: 'TEST_NODE', id: o.nodes[0]?.id, label: o.nodes[0]?.name });
    assert.equal(o.devices.length, 20);
    const first = o.devices[0]!;
    assert.match(first.msisdn ?? '', /^49\d+$/);
    assert.equal(first.entity.entityType, 'MOBILE_ID');
    assert.equal(o.tokens?.length, 3);
    assert.equal(o.tokens?.[0]?.entity.entityType, 'TOKEN');
    assert.equal(o.info, '3 of 4 nodes online, 20 devices');
  });

  test('statuses are read only while the view is visible: hidden, no device status is asked', async () => {
    value(await lsp.connection.sendRequest(ListDevicesRequest));
    const before = count('GET', /^\/api\/v2\/mobiledevices\/\d+\/status$/);
    // A prepare settles while the view is hidden: only that device is read.
    const p = value(await lsp.connection.sendRequest(PrepareDeviceRequest, { id: 2 }));
    assert.equal(p.reading.kind, 'preparing');
    emu.advanceClock(PREPARE_MS);
    await readings.until((r) => r.target === 'device' && r.id === 2 && !r.settling);
    const asked = emu.requests.filter((r) => /^\/api\/v2\/mobiledevices\/\d+\/status$/.test(r.path)).slice(before);
    assert.ok(asked.length > 0);
    assert.deepEqual([...new Set(asked.map((r) => r.path))], ['/api/v2/mobiledevices/2/status']);
  });

  test('visible: every device of the view gets a live status', async () => {
    const o = value(await lsp.connection.sendRequest(ListDevicesRequest));
    const from = readings.mark;
    await lsp.connection.sendNotification(DevicesAttentionNotification, { visible: true });
    // A status read before (device 2's, above) comes with the list; the others arrive.
    assert.deepEqual(
      o.devices.filter((d) => d.status !== undefined).map((d) => [d.id, d.kind]),
      [[2, 'available']],
    );
    const unread = o.devices.filter((d) => d.status === undefined);
    await Promise.all(unread.map((d) => readings.until((r) => r.target === 'device' && r.id === d.id, from)));
    const offline = readings.all
      .slice(from)
      .filter((r) => r.target === 'device' && r.kind === 'offline')
      .map((r) => r.id);
    const spare = o.nodes.find((n) => n.kind === 'offline')!.id;
    assert.deepEqual(
      offline.sort((a, b) => a - b),
      o.devices.filter((d) => d.testNodeId === spare).map((d) => d.id),
    );
    await lsp.connection.sendNotification(DevicesAttentionNotification, { visible: false });
  });

  test('Prepare Device: sent once, preparing, then available when the service says so', async () => {
    const before = count('POST', '/api/v2/mobiledevices/1/action');
    const from = readings.mark;
    const p = value(await lsp.connection.sendRequest(PrepareDeviceRequest, { id: 1 }));
    assert.deepEqual([p.reading.kind, p.reading.settling], ['preparing', true]);
    assert.equal(count('POST', '/api/v2/mobiledevices/1/action') - before, 1);
    emu.advanceClock(PREPARE_MS);
    const done = await readings.until((r) => r.target === 'device' && r.id === 1 && !r.settling, from);
    assert.equal(done.kind, 'available');
  });

  test('a lost answer to Prepare is "may have started", never sent again', async () => {
    const before = count('POST', '/api/v2/mobiledevices/3/action');
    emu.faults.rules.push({
      method: 'POST',
      path: '/api/v2/mobiledevices/3/action',
      action: { kind: 'dropAfter' },
      times: 1,
    });
    const r = await lsp.connection.sendRequest(PrepareDeviceRequest, { id: 3 });
    assert.equal(!r.ok && r.error.kind, 'mayHaveStarted');
    assert.match(!r.ok ? r.error.message : '', /may have started\. Watch the device's status in the Devices view/);
    assert.equal(count('POST', '/api/v2/mobiledevices/3/action') - before, 1);
  });

  test('Prepare on a device whose node is offline is refused in words', async () => {
    const o = value(await lsp.connection.sendRequest(ListDevicesRequest));
    const spare = o.nodes.find((n) => n.kind === 'offline')!.id;
    const device = o.devices.find((d) => d.testNodeId === spare)!;
    const r = await lsp.connection.sendRequest(PrepareDeviceRequest, { id: device.id });
    assert.equal(!r.ok && r.error.kind, 'conflict');
    assert.match(!r.ok ? r.error.message : '', /cannot be prepared now .*Wait until the node is online/);
    assert.doesNotMatch(!r.ok ? r.error.message : '', /HTTP|\/api\/v2|Request/);
  });

  test('Restart Agent: sent once, restarting, then online; an offline node is refused in words', async () => {
    const from = readings.mark;
    const before = count('POST', '/api/v2/testnodes/2/action');
    const r = value(await lsp.connection.sendRequest(RestartAgentRequest, { id: 2 }));
    assert.deepEqual([r.reading.kind, r.reading.settling], ['restarting', true]);
    assert.equal(count('POST', '/api/v2/testnodes/2/action') - before, 1);
    emu.advanceClock(RESTART_AGENT_MS);
    const done = await readings.until((x) => x.target === 'node' && x.id === 2 && !x.settling, from);
    assert.equal(done.kind, 'online');
    const offline = await lsp.connection.sendRequest(RestartAgentRequest, { id: 4 });
    assert.equal(!offline.ok && offline.error.kind, 'conflict');
    assert.match(!offline.ok ? offline.error.message : '', /offline, so there is no agent to restart/);
  });

  test('Show Test Cases using this device', async () => {
    const cases = value(await lsp.connection.sendRequest(DeviceTestCasesRequest, { id: 1 }));
    assert.ok(cases.length > 0);
    assert.ok(cases.every((c) => c.name.length > 0 && !c.name.startsWith('Test case ')));
    const missing = await lsp.connection.sendRequest(DeviceTestCasesRequest, { id: 9999 });
    assert.equal(!missing.ok && missing.error.kind, 'notFound');
  });

  test('a device token: created once, its value only in that answer, listed, revoked', async () => {
    const before = count('POST', '/api/v2/tokens');
    const created = value(
      await lsp.connection.sendRequest(CreateDeviceTokenRequest, { mobileId: 5, fullControl: true, expiryHours: 24 }),
    );
    assert.equal(count('POST', '/api/v2/tokens') - before, 1);
    const secret = created.deviceTokenValue;
    assert.ok(secret.length > 10);
    assert.equal(created.token.mobileId, 5);
    assert.equal(created.token.fullControl, true);
    const listed = value(await lsp.connection.sendRequest(DeviceTokensRequest, { mobileId: 5 }));
    assert.deepEqual(
      listed.map((t) => t.id),
      [created.token.id],
    );
    assert.doesNotMatch(JSON.stringify(listed), new RegExp(secret));
    const bad = await lsp.connection.sendRequest(CreateDeviceTokenRequest, {
      mobileId: 5,
      fullControl: false,
      expiryHours: 0,
    });
    assert.equal(!bad.ok && bad.error.kind, 'invalidRequest');
    value(await lsp.connection.sendRequest(RevokeDeviceTokenRequest, { id: created.token.id }));
    assert.deepEqual(value(await lsp.connection.sendRequest(DeviceTokensRequest, { mobileId: 5 })), []);
    const again = await lsp.connection.sendRequest(RevokeDeviceTokenRequest, { id: created.token.id });
    assert.equal(!again.ok && again.error.kind, 'notFound');
    assert.ok(
      logged.some((l) => l.includes('/api/v2/tokens')),
      'the server logs its requests',
    );
    assert.ok(!logged.some((l) => l.includes(secret)) && !lsp.stderr.includes(secret), 'the value is in no log');
  });

  test('a test node opens as a read-only record', async () => {
    const r = value(await lsp.getRecord('testNode', 1));
    assert.match(r.title, /^Test node 1/);
    assert.match(r.text, /"name": "node-berlin-01"/);
  });
  test('a device deleted by another client: Prepare says it by name, the views are told, and a file naming it is marked at once', async () => {
    const device = emu.store.devices.all().find((d) => d.name !== '')!;
    const uri = 'file:///ws/gone-device.testcase.json';
    const text = JSON.stringify(
      { name: 'Uses a device', testStepList: [{ function: 'WAIT', mobileDeviceId: device.id, params: {} }] },
      null,
      2,
    );
    await lsp.open(uri, text);
    const first = await lsp.finalDiagnostics(uri);
    assert.equal(first.diagnostics.filter((d) => d.code === 'unknown-device').length, 0, 'known before');
    const mark = lsp.mark(uri);
    emu.store.devices.delete(device.id);
    const told = new Promise<{ record: ShownRecord }>((resolve) =>
      lsp.connection.onNotification(RecordGoneNotification, resolve),
    );
    const r = await lsp.connection.sendRequest(PrepareDeviceRequest, { id: device.id, shown: device.name });
    assert.equal(!r.ok && r.error.kind, 'notFound');
    assert.equal(
      !r.ok && r.error.message,
      `Device "${device.name}" was deleted on the service; it has left the views.`,
    );
    assert.deepEqual((await told).record, { kind: 'mobileDevice', id: device.id, name: device.name });
    // The reference cache dropped it: the open file is checked again and names an unknown device.
    const again = await lsp.diagnosticsAfter(uri, mark, (p) => p.diagnostics.some((d) => d.code === 'unknown-device'));
    assert.ok(again.diagnostics.some((d) => d.code === 'unknown-device'));
    await lsp.close(uri);
  });
});
