// Messages of test nodes, their devices and device tokens (the Devices view, and the lab tools:
// a node's agent configuration, a token checked). A secret (`deviceTokenValue`, `token`,
// `agentConfig`) is in one message only, never logged; the LSP trace masks those members by
// name. Declared once here, re-exported by server/src/protocol.ts.

import type { DevicesOverview, DeviceTokenSummary, Outcome, StatusReading, TestCaseRef, TokenVerdict } from '../core';
import {
  clientNotification,
  clientRequest,
  clientRequest0,
  type IdParams,
  serverNotification,
  type Shown,
} from './message';

/** A device or test node status read after an action, followed from then on. */
export interface ReadingResult {
  reading: StatusReading;
}

export interface DeviceTokensParams extends Shown {
  mobileId: number;
}

export interface CreateDeviceTokenParams extends DeviceTokensParams {
  fullControl: boolean;
  expiryHours: number;
}

export interface CreateDeviceTokenResult {
  token: DeviceTokenSummary;
  /** The secret, in this answer only. */
  deviceTokenValue: string;
}

export interface DevicesAttentionParams {
  visible: boolean;
}

export interface DeviceStatusChangedParams {
  readings: StatusReading[];
}

export interface AgentConfigParams extends Shown {
  label: string;
}

export interface AgentConfigResult {
  agentConfig: string;
}

export interface ValidateDeviceTokenParams {
  token: string;
}

/** client -> server: nodes, devices and tokens; their statuses are then followed. */
export const ListDevicesRequest = clientRequest0<Outcome<DevicesOverview>>('tas/devices/list');

/** client -> server: PREPARE a device (never retried); its status is followed until it settles. */
export const PrepareDeviceRequest = clientRequest<IdParams, Outcome<ReadingResult>>('tas/devices/prepare');

/** client -> server: RESTART_AGENT on a test node (never retried); followed until it is online. */
export const RestartAgentRequest = clientRequest<IdParams, Outcome<ReadingResult>>('tas/testNodes/restartAgent');

/** client -> server: the test cases that use a device. */
export const DeviceTestCasesRequest = clientRequest<IdParams, Outcome<TestCaseRef[]>>('tas/devices/testCases');

/** client -> server: the tokens of one device (GET /tokens filtered by mobileId). */
export const DeviceTokensRequest = clientRequest<DeviceTokensParams, Outcome<DeviceTokenSummary[]>>(
  'tas/devices/tokens',
);

/**
 * client -> server: create a device token (never retried). `deviceTokenValue` is the secret, in
 * this answer only: the client shows it once and the trace scrubs the field by name.
 */
export const CreateDeviceTokenRequest = clientRequest<CreateDeviceTokenParams, Outcome<CreateDeviceTokenResult>>(
  'tas/devices/createToken',
);

/** client -> server: revoke (delete) a device token. */
export const RevokeDeviceTokenRequest = clientRequest<IdParams, Outcome<null>>('tas/devices/revokeToken');

/** client -> server: whether the Devices view is visible; statuses are polled only then (or while settling). */
export const DevicesAttentionNotification = clientNotification<DevicesAttentionParams>('tas/devices/attention');

/** server -> client: device and node statuses that changed (or finished settling). */
export const DeviceStatusChangedNotification = serverNotification<DeviceStatusChangedParams>('tas/devices/changed');

/** client -> server: a test node's agent configuration (by its label) as text, for a read-only view. */
export const AgentConfigRequest = clientRequest<AgentConfigParams, Outcome<AgentConfigResult>>(
  'tas/testNodes/agentConfig',
);

/** client -> server: what the service says of a device token; the answer holds no token. */
export const ValidateDeviceTokenRequest = clientRequest<ValidateDeviceTokenParams, Outcome<TokenVerdict>>(
  'tas/devices/validateToken',
);
