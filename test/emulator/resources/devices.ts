import { mustGet } from '../access';
import { Body } from '../body';
import { badRequest, conflict } from '../errors';
import type { MobileDevice } from '../model';
import { created, emptyOk, intParam, type RequestContext, type Router } from '../router';
import type { Store } from '../store';
import { deviceView, referencedDeviceIds } from '../views';
import { timeline } from './executions';
import { nodeStatus } from './testNodes';
import { listReply } from '../readings';

// Mobile devices (DECISIONS.md, "Mobile devices"). The document shows the fields, not
// the responses, statuses or what PREPARE does; those are ours.

/** How long PREPARE keeps a device PREPARING, in clock ms. */
export const PREPARE_MS = 10_000;

export type DeviceStatus = 'AVAILABLE' | 'BUSY' | 'PREPARING' | 'OFFLINE';

const STRING_FIELDS = [
  'msisdn',
  'imsi',
  'imei',
  'ranType',
  'subscriptionType',
  'platformName',
  'deviceId',
  'nationalFormat',
  'internationalFormat',
  'iccid',
  'eid',
] as const;

/** OFFLINE (node not ONLINE or gone) beats PREPARING, which beats BUSY (a running execution uses it). */
export function deviceStatus(store: Store, d: MobileDevice, now: number): DeviceStatus {
  const node = store.testNodes.get(d.testNodeId);
  if (!node || nodeStatus(node, now) !== 'ONLINE') return 'OFFLINE';
  if (now < d.preparingUntil) return 'PREPARING';
  for (const e of store.executions.all()) {
    if (timeline(e, now).status !== 'RUNNING') continue;
    const tc = store.testCases.get(e.testCaseId);
    if (tc && referencedDeviceIds(tc).includes(d.id)) return 'BUSY';
  }
  return 'AVAILABLE';
}

function statusView(store: Store, d: MobileDevice, now: number): Record<string, unknown> {
  const node = store.testNodes.get(d.testNodeId);
  const status = deviceStatus(store, d, now);
  const nodeState = node ? nodeStatus(node, now) : null;
  return {
    id: d.id,
    name: d.name,
    status,
    testNodeId: d.testNodeId,
    testNodeStatus: nodeState,
    batteryLevel: d.batteryLevel,
    // A device is seen through its node's heartbeat.
    lastSeen: nodeState === 'ONLINE' ? new Date(now).toISOString() : (node?.lastSeen ?? null),
    preparingUntil: status === 'PREPARING' ? new Date(d.preparingUntil).toISOString() : null,
  };
}

/** A non-empty trimmed name, unique among devices (409 with {id} of the holder, as for projects). */
function readName(store: Store, b: Body, selfId: number | null, required: boolean): string | undefined {
  const raw = b.str('name', required);
  if (raw === undefined) return undefined;
  const name = raw.trim();
  if (name === '') throw badRequest("mobile device: 'name' must not be empty");
  const other = store.devices.all().find((d) => d.name === name && d.id !== selfId);
  if (other) throw conflict(`A mobile device named '${name}' already exists`, { id: other.id });
  return name;
}

/** testNodeId and deviceModelId must name existing records: 404, like unknown ids in project bodies. */
function readRefs(store: Store, b: Body, required: boolean) {
  const testNodeId = b.int('testNodeId', required);
  const deviceModelId = b.int('deviceModelId', required);
  if (testNodeId !== undefined) mustGet(store.testNodes, testNodeId, 'Test node');
  if (deviceModelId !== undefined) mustGet(store.deviceModels, deviceModelId, 'Device model');
  return { testNodeId, deviceModelId };
}

function createDevice(c: RequestContext) {
  const store = c.emu.store;
  const b = Body.object(c.body, 'mobile device');
  const name = readName(store, b, null, true)!;
  const strings = Object.fromEntries(STRING_FIELDS.map((f) => [f, b.str(f) ?? '']));
  const { testNodeId, deviceModelId } = readRefs(store, b, true);
  b.str('ecid'); // type check only: ecid is accepted on update only, so a create ignores it
  const model = store.deviceModels.get(deviceModelId!)!;
  const device = store.devices.insert((id) => ({
    id,
    ownerId: c.user.id,
    name,
    ...(strings as Record<(typeof STRING_FIELDS)[number], string>),
    platformName: strings['platformName'] || model.platformName,
    testNodeId: testNodeId!,
    deviceModelId: deviceModelId!,
    ecid: '',
    preparingUntil: 0,
    batteryLevel: 100,
  }));
  return created(device.id);
}

/** PUT merges: a field that is absent (or null) keeps its value; "" clears a string. */
function updateDevice(c: RequestContext) {
  const store = c.emu.store;
  const d = mustGet(store.devices, intParam(c), 'Mobile device');
  const b = Body.object(c.body, 'mobile device');
  const name = readName(store, b, d.id, false);
  const strings = STRING_FIELDS.map((f) => [f, b.str(f)] as const);
  const ecid = b.str('ecid');
  const { testNodeId, deviceModelId } = readRefs(store, b, false);
  if (name !== undefined) d.name = name;
  for (const [f, v] of strings) if (v !== undefined) d[f] = v;
  if (ecid !== undefined) d.ecid = ecid;
  if (testNodeId !== undefined) d.testNodeId = testNodeId;
  if (deviceModelId !== undefined) d.deviceModelId = deviceModelId;
  return deviceView(store, d);
}

/** Test cases keep their references to a deleted device (they dangle); its tokens are revoked. */
function deleteDevice(c: RequestContext) {
  const store = c.emu.store;
  const d = mustGet(store.devices, intParam(c), 'Mobile device');
  store.devices.delete(d.id);
  store.forgetEntity('MOBILE_ID', d.id);
  for (const t of store.tokens.all()) {
    if (t.mobileId !== d.id) continue;
    store.tokens.delete(t.id);
    store.forgetEntity('TOKEN', t.id);
  }
  return emptyOk();
}

function action(c: RequestContext) {
  const store = c.emu.store;
  const d = mustGet(store.devices, intParam(c), 'Mobile device');
  const b = Body.object(c.body, 'mobile device action');
  const command = b.str('command', true);
  b.str('params'); // type check only: PREPARE takes no parameters
  if (command !== 'PREPARE') throw badRequest(`Unknown mobile device command '${command}'; known: PREPARE`);
  const now = c.emu.now();
  if (deviceStatus(store, d, now) === 'OFFLINE') {
    throw conflict(`Mobile device ${d.id} is OFFLINE: its test node is not ONLINE`);
  }
  // A second PREPARE while preparing starts the window again.
  d.preparingUntil = now + PREPARE_MS;
  return statusView(store, d, now);
}

function testCasesOf(c: RequestContext) {
  const store = c.emu.store;
  const d = mustGet(store.devices, intParam(c), 'Mobile device');
  const rows = store.testCases
    .all()
    .filter((t) => referencedDeviceIds(t).includes(d.id))
    .sort((a, b) => a.id - b.id)
    .map((t) => ({ id: t.id, name: t.name }));
  return listReply(c, rows);
}

export function registerDevices(r: Router): void {
  r.add('GET', '/api/v2/mobiledevices', (c) =>
    listReply(
      c,
      c.emu.store.devices
        .all()
        .sort((a, b) => a.id - b.id)
        .map((d) => deviceView(c.emu.store, d)),
      { summary: true },
    ),
  );
  r.add('POST', '/api/v2/mobiledevices', createDevice);
  r.add('GET', '/api/v2/mobiledevices/{id}', (c) =>
    deviceView(c.emu.store, mustGet(c.emu.store.devices, intParam(c), 'Mobile device')),
  );
  r.add('PUT', '/api/v2/mobiledevices/{id}', updateDevice);
  r.add('DELETE', '/api/v2/mobiledevices/{id}', deleteDevice);
  r.add('POST', '/api/v2/mobiledevices/{id}/action', action);
  r.add('GET', '/api/v2/mobiledevices/{id}/testcases', testCasesOf);
  r.add('GET', '/api/v2/mobiledevices/{id}/status', (c) =>
    statusView(c.emu.store, mustGet(c.emu.store.devices, intParam(c), 'Mobile device'), c.emu.now()),
  );
}
