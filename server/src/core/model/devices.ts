// Test nodes, devices and device tokens, with their live statuses.
import type { EntityRef } from './entities';
import type { StatusTarget } from './entityKinds';

export type DeviceStatusKind = 'available' | 'busy' | 'preparing' | 'offline' | 'unknown';
export type NodeStatusKind = 'online' | 'restarting' | 'offline' | 'unknown';

/** A live status of a device or a test node, read leniently (the document shows no status fields). */
export interface StatusReading {
  target: StatusTarget;
  id: number;
  /** The state as the service wrote it (`AVAILABLE`), or `UNKNOWN` when it wrote none. */
  status: string;
  kind: DeviceStatusKind | NodeStatusKind;
  /** A Prepare or Restart Agent started here is still being followed. */
  settling: boolean;
  /** The record no longer exists on the service (404): views drop it. */
  gone?: boolean;
  batteryLevel?: number;
  lastSeen?: string;
  agentVersion?: string;
}

export interface TestNodeSummary {
  id: number;
  name: string;
  status: string;
  kind: NodeStatusKind;
  agentVersion?: string;
  deviceCount?: number;
  label?: string;
  ipAddress?: string;
  entity: EntityRef;
}

export interface DeviceSummary {
  id: number;
  name: string;
  msisdn?: string;
  testNodeId?: number;
  model?: string;
  platform?: string;
  /** Unknown until the follower's first reading. */
  status?: string;
  kind: DeviceStatusKind;
  entity: EntityRef;
}

export interface DeviceTokenSummary {
  id: number;
  mobileId?: number;
  fullControl?: boolean;
  createdAt?: string;
  expiresAt?: string;
  expired?: boolean;
  entity: EntityRef;
}

export interface DevicesOverview {
  nodes: TestNodeSummary[];
  devices: DeviceSummary[];
  /** Undefined when the token list could not be read (`tokensError` says why). */
  tokens?: DeviceTokenSummary[];
  tokensError?: string;
  /** GET /testnodes/info in words ("3 of 4 nodes online, 20 devices"), when it answered. */
  info?: string;
}
