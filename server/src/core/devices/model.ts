import { bool, int, isRecord, pick, str, time } from '../base/read';
import type {
  DeviceStatusKind,
  DeviceSummary,
  DeviceTokenSummary,
  NodeStatusKind,
  StatusReading,
  TestNodeSummary,
} from '../model/devices';
import type { StatusTarget } from '../model/entityKinds';
import { counted } from '../base/counted';

// The document shows no fields for test nodes, statuses or tokens, and only the fields of a
// device: records are read leniently (several spellings, nested objects, plain strings), and a
// state we do not know is shown as the service wrote it.

const key = (status: string) =>
  status
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

const DEVICE_KINDS: Record<string, DeviceStatusKind> = {
  AVAILABLE: 'available',
  IDLE: 'available',
  READY: 'available',
  FREE: 'available',
  ONLINE: 'available',
  CONNECTED: 'available',
  BUSY: 'busy',
  IN_USE: 'busy',
  RUNNING: 'busy',
  TESTING: 'busy',
  RESERVED: 'busy',
  LOCKED: 'busy',
  PREPARING: 'preparing',
  PREPARE: 'preparing',
  INITIALIZING: 'preparing',
  INITIALISING: 'preparing',
  SETTING_UP: 'preparing',
  OFFLINE: 'offline',
  DISCONNECTED: 'offline',
  UNAVAILABLE: 'offline',
  UNREACHABLE: 'offline',
  DOWN: 'offline',
};
const NODE_KINDS: Record<string, NodeStatusKind> = {
  ONLINE: 'online',
  UP: 'online',
  CONNECTED: 'online',
  RUNNING: 'online',
  HEALTHY: 'online',
  AVAILABLE: 'online',
  RESTARTING: 'restarting',
  REBOOTING: 'restarting',
  STARTING: 'restarting',
  RESTART_PENDING: 'restarting',
  OFFLINE: 'offline',
  DOWN: 'offline',
  DISCONNECTED: 'offline',
  UNREACHABLE: 'offline',
  STOPPED: 'offline',
};

export function deviceStatusKind(status: string | undefined): DeviceStatusKind {
  return (status !== undefined && DEVICE_KINDS[key(status)]) || 'unknown';
}

export function nodeStatusKind(status: string | undefined): NodeStatusKind {
  return (status !== undefined && NODE_KINDS[key(status)]) || 'unknown';
}

/** The state in a status answer: a plain string, `{status}`, `{state}` or `{status: {name}}`. */
function statusOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (!isRecord(value)) return undefined;
  const s = pick(value, ['status', 'state', 'deviceStatus', 'nodeStatus', 'agentStatus']);
  return isRecord(s) ? str(pick(s, ['name', 'value', 'status'])) : str(s);
}

/** An answer of GET /mobiledevices/{id}/status or /testnodes/{id}/status (or an action's answer). */
export function readStatus(target: StatusTarget, id: number, value: unknown, settling = false): StatusReading {
  const status = statusOf(value);
  const raw = isRecord(value) ? value : {};
  const reading: StatusReading = {
    target,
    id,
    status: status ?? 'UNKNOWN',
    kind: target === 'device' ? deviceStatusKind(status) : nodeStatusKind(status),
    settling,
  };
  const battery = int(pick(raw, ['batteryLevel', 'battery']));
  if (battery !== undefined) reading.batteryLevel = battery;
  const seen = time(pick(raw, ['lastSeen', 'lastHeartbeat', 'lastSeenAt']));
  if (seen !== undefined) reading.lastSeen = seen;
  const agent = str(pick(raw, ['agentVersion', 'version']));
  if (agent !== undefined) reading.agentVersion = agent;
  return reading;
}

/** Whether an action's answer carries a state at all (else the first poll tells). */
export function hasStatus(value: unknown): boolean {
  return statusOf(value) !== undefined;
}

/** Two readings a view would show alike: "nothing changed" lets the follower slow down. */
export function sameReading(a: StatusReading | undefined, b: StatusReading): boolean {
  return (
    a !== undefined &&
    a.status === b.status &&
    a.settling === b.settling &&
    a.gone === b.gone &&
    a.agentVersion === b.agentVersion
  );
}

export function summarizeNode(value: unknown): TestNodeSummary | undefined {
  if (!isRecord(value)) return undefined;
  const id = int(pick(value, ['id', 'testNodeId', 'nodeId']));
  if (id === undefined) return undefined;
  const name = str(pick(value, ['name', 'hostname', 'label'])) ?? `Test node ${id}`;
  const status = statusOf(value);
  const node: TestNodeSummary = {
    id,
    name,
    status: status ?? 'UNKNOWN',
    kind: nodeStatusKind(status),
    entity: { entityType: 'TEST_NODE', id, label: name },
  };
  const set = <K extends keyof TestNodeSummary>(k: K, v: TestNodeSummary[K] | undefined) => {
    if (v !== undefined) node[k] = v;
  };
  set('agentVersion', str(pick(value, ['agentVersion', 'version'])));
  set('deviceCount', int(pick(value, ['deviceCount', 'devices', 'mobileDeviceCount'])));
  set('label', str(pick(value, ['label'])));
  set('ipAddress', str(pick(value, ['ipAddress', 'ip', 'host'])));
  return node;
}

export function summarizeDevice(value: unknown): DeviceSummary | undefined {
  if (!isRecord(value)) return undefined;
  const id = int(pick(value, ['id', 'mobileDeviceId', 'deviceId']));
  if (id === undefined) return undefined;
  const name = str(pick(value, ['name'])) ?? `Device ${id}`;
  const status = statusOf(value);
  const device: DeviceSummary = {
    id,
    name,
    kind: deviceStatusKind(status),
    entity: { entityType: 'MOBILE_ID', id, label: name },
  };
  if (status !== undefined) device.status = status;
  const set = <K extends keyof DeviceSummary>(k: K, v: DeviceSummary[K] | undefined) => {
    if (v !== undefined) device[k] = v;
  };
  set('msisdn', str(pick(value, ['msisdn', 'internationalFormat'])));
  set('testNodeId', int(pick(value, ['testNodeId', 'nodeId'])));
  set('model', str(pick(value, ['deviceModelName', 'model'])));
  set('platform', str(pick(value, ['platformName', 'platform'])));
  return device;
}

export function summarizeToken(value: unknown): DeviceTokenSummary | undefined {
  if (!isRecord(value)) return undefined;
  const id = int(pick(value, ['id', 'tokenId']));
  if (id === undefined) return undefined;
  const mobileId = int(pick(value, ['mobileId', 'mobileDeviceId', 'deviceId']));
  const fullControl = bool(pick(value, ['fullControl']));
  const token: DeviceTokenSummary = {
    id,
    entity: { entityType: 'TOKEN', id, label: `Token ${id}${fullControl ? ' (full control)' : ''}` },
  };
  if (mobileId !== undefined) token.mobileId = mobileId;
  if (fullControl !== undefined) token.fullControl = fullControl;
  const createdAt = time(pick(value, ['createdAt', 'created']));
  if (createdAt !== undefined) token.createdAt = createdAt;
  const expiresAt = time(pick(value, ['expiresAt', 'expires', 'expiry']));
  if (expiresAt !== undefined) token.expiresAt = expiresAt;
  const expired = bool(pick(value, ['expired']));
  if (expired !== undefined) token.expired = expired;
  return token;
}

/** GET /testnodes/info in words, from whichever counts it carries. */
export function infoText(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  const total = int(pick(value, ['total', 'nodes', 'totalNodes']));
  const online = int(pick(value, ['online', 'onlineNodes']));
  const restarting = int(pick(value, ['restarting']));
  const devices = int(pick(value, ['devices', 'deviceCount', 'totalDevices']));
  const parts: string[] = [];
  if (total !== undefined) parts.push(online !== undefined ? `${online} of ${total} nodes online` : `${total} nodes`);
  if (restarting) parts.push(`${restarting} restarting`);
  if (devices !== undefined) parts.push(counted(devices, 'device'));
  return parts.length > 0 ? parts.join(', ') : undefined;
}
