import type {
  DeviceStatusKind,
  DeviceSummary,
  DeviceTokenSummary,
  NodeStatusKind,
  StatusTarget,
  TestNodeSummary,
} from '../../../server/src/core';
import { counted } from '../../../server/src/core';

// How nodes, devices and tokens read in the Devices view: plain functions without `vscode`, so
// they are unit-tested as they are.

export const DEVICE_ICON: Record<DeviceStatusKind, string> = {
  available: 'device-mobile',
  busy: 'play-circle',
  preparing: 'sync~spin',
  offline: 'debug-disconnect',
  unknown: 'question',
};
export const DEVICE_COLOR: Partial<Record<DeviceStatusKind, string>> = {
  available: 'testing.iconPassed',
  busy: 'testing.iconQueued',
  offline: 'disabledForeground',
};
export const NODE_ICON: Record<NodeStatusKind, string> = {
  online: 'server',
  restarting: 'sync~spin',
  offline: 'debug-disconnect',
  unknown: 'question',
};
export const NODE_COLOR: Partial<Record<NodeStatusKind, string>> = {
  online: 'testing.iconPassed',
  offline: 'disabledForeground',
};

/** The state in words: a known kind by its name, another as the service wrote it. */
export function statusWord(kind: string, status: string | undefined): string {
  if (kind !== 'unknown') return kind;
  return status && status !== 'UNKNOWN' ? status : 'status unknown';
}

export function nodeDescription(n: TestNodeSummary, settling: boolean): string {
  const parts = [
    settling && n.kind !== 'online'
      ? `${statusWord(n.kind, n.status)}, waiting until online…`
      : statusWord(n.kind, n.status),
  ];
  if (n.agentVersion) parts.push(`agent ${n.agentVersion}`);
  if (n.deviceCount !== undefined) parts.push(counted(n.deviceCount, 'device'));
  return parts.join(' · ');
}

/** `suspect`: the history marks the phone suspect (its failures follow it across test cases). */
export function deviceDescription(d: DeviceSummary, settling: boolean, suspect = false): string {
  const state = d.status === undefined ? '…' : statusWord(d.kind, d.status);
  // While a Prepare started here settles, the row says so whatever the last reading was.
  return [settling ? 'preparing…' : state, suspect && 'suspect', d.msisdn].filter(Boolean).join(' · ');
}

/** `suspect`: the evidence of a suspect phone, and what the history's marks rest on. */
export function deviceTooltip(
  d: DeviceSummary,
  nodeName: string | undefined,
  suspect?: { evidence: string; notes: readonly string[] },
): string {
  return [
    `${d.name} (device ${d.id})`,
    `Status: ${d.status === undefined ? 'not read yet' : statusWord(d.kind, d.status)}`,
    d.msisdn && `MSISDN: ${d.msisdn}`,
    [d.model, d.platform].filter(Boolean).join(', ') || undefined,
    nodeName && `Test node: ${nodeName}`,
    suspect && `\n${suspect.evidence}.`,
    ...(suspect?.notes ?? []),
  ]
    .filter(Boolean)
    .join('\n');
}

export function tokenLabel(t: DeviceTokenSummary): string {
  return `Token ${t.id}${t.fullControl ? ' (full control)' : ''}`;
}

export function tokenDescription(t: DeviceTokenSummary, now: number): string {
  if (t.expired || (t.expiresAt !== undefined && Date.parse(t.expiresAt) <= now)) return 'expired';
  return t.expiresAt ? `expires ${t.expiresAt.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC')}` : '';
}

/** Context values start with the kind, so menus can match `viewItem =~ /^device/`. */
export const deviceContext = (d: DeviceSummary) => `device.${d.kind}${d.msisdn ? '.msisdn' : ''}`;
export const nodeContext = (n: TestNodeSummary) => `testNode.${n.kind}`;

/** What a finished Prepare or Restart Agent says. */
export function settledMessage(target: StatusTarget, name: string, kind: string, status: string): string {
  if (target === 'device') {
    return kind === 'available'
      ? `Device ${name} is prepared and available.`
      : `Device ${name} finished preparing: it is ${statusWord(kind, status)}.`;
  }
  return `The agent of test node ${name} has restarted: the node is ${statusWord(kind, status)}.`;
}

/** The Restart Agent question: which devices go offline. */
export function restartQuestion(node: string, devices: readonly string[]): { message: string; detail: string } {
  const list =
    devices.length === 0
      ? 'No device is attached to it.'
      : `These devices go offline until it is back: ${devices.join(', ')}.`;
  return { message: `Restart the agent of test node ${node}?`, detail: `${list} Tests running on them may fail.` };
}
