// The records the emulator keeps. Field names follow the interface document; fields the document
// does not show are our decisions and are listed in DECISIONS.md.

export type Role = 'ADMIN' | 'TESTER';
export const ROLES: readonly Role[] = ['ADMIN', 'TESTER'];

export const ENTITY_TYPES = [
  'TEST_NODE',
  'TEST_CASE',
  'TEST_SUITE',
  'MOBILE_ID',
  'API_CLIENT',
  'TRACE_FILTER',
  'TOKEN',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export interface ProjectRef {
  id: number;
  name: string;
}

/** Every owned record carries the id of the user who created it (rule 7 of projects). */
export interface Owned {
  id: number;
  ownerId: number;
}

export interface User {
  id: number;
  email: string;
  role: Role;
  createdAt: string;
}

/** Client credentials handed out by the operator; not manageable through the interface. */
export interface Credential {
  clientId: string;
  clientSecret: string;
  userId: number;
}

export interface Project extends Owned {
  name: string;
}

export type NodeStatus = 'ONLINE' | 'OFFLINE' | 'RESTARTING';
export interface TestNode extends Owned {
  name: string;
  label: string;
  ipAddress: string;
  agentVersion: string;
  /** OFFLINE nodes stay offline; ONLINE nodes show RESTARTING until `restartUntil` (clock ms). */
  online: boolean;
  restartUntil: number;
  lastSeen: string;
}

export interface MobileDevice extends Owned {
  name: string;
  msisdn: string;
  imsi: string;
  imei: string;
  ranType: string;
  testNodeId: number;
  deviceModelId: number;
  subscriptionType: string;
  platformName: string;
  deviceId: string;
  nationalFormat: string;
  internationalFormat: string;
  iccid: string;
  eid: string;
  ecid: string;
  /** PREPARE makes the device PREPARING until this clock time (ms). */
  preparingUntil: number;
  batteryLevel: number;
}

export interface DeviceModel {
  id: number;
  name: string;
  manufacturer: string;
  platformName: string;
}

export interface ApiClient extends Owned {
  basicAuthViaSecrets: boolean;
  name: string;
  apiClientAuthType: string;
  headerParams: Record<string, string>;
  authParams: Record<string, string>;
  serverURL: string;
  payload: string;
  httpMethod: string;
  failureRegexBody: string;
  username: string;
  /** Never returned in a response (DECISIONS.md, "Secrets"). */
  password: string;
  tokenEndpointForOAuth2: string;
  oauth2Scopes: string;
  /** Clock ms of its creation (not on the wire; the time reading of start/end uses it). Demo rows have none: the time the state was seeded. */
  createdMs?: number;
}

export interface TraceFilter extends Owned {
  name: string;
  filter: string;
}

export interface TraceFilterItem {
  mobileDeviceId: number;
  traceFilterId: number;
}

export interface SipTraceFilterItem {
  mobileDeviceId: number;
  sipMessageCodes: string;
}

export interface TestCase extends Owned {
  name: string;
  description: string;
  testStepList: Record<string, unknown>[];
  tags: string;
  disableReason: string;
  notes: string;
  disabled: boolean;
  traceFilters: TraceFilterItem[];
  sipTraceFilters: SipTraceFilterItem[];
  /** Fields the document does not describe, kept as sent and shown on reads (DECISIONS.md). */
  extra: Record<string, unknown>;
  created: string;
  updated: string;
}

export interface Schedule {
  startTime: string;
  repeating: boolean;
  repeatPeriod: number;
  repeatUnit: string;
}

export interface TestSuite extends Owned {
  name: string;
  description: string;
  testCaseIds: number[];
  testCaseWeights: number[];
  schedule: Schedule | null;
  tags: string;
  notifyFailureThresholdPercentage: number;
  disabled: boolean;
  notifEmail: string;
  failureNotifEmail: string;
  skipInitialization: boolean;
  created: string;
  updated: string;
}

export type ExecutionSource = 'DIRECT_RUN' | 'TEST_SUITE' | 'RERUN';
export type ExecutionStatus = 'QUEUED' | 'RUNNING' | 'PASSED' | 'FAILED' | 'CANCELLED';
export const FINAL_STATUSES: readonly ExecutionStatus[] = ['PASSED', 'FAILED', 'CANCELLED'];

/** An execution's state is derived from the clock: see executions.ts. */
export interface Execution {
  id: number;
  testCaseId: number;
  testCaseName: string;
  testSuiteId: number | null;
  testSuiteName: string | null;
  source: ExecutionSource;
  rerunOf: number | null;
  triggeredBy: number;
  /** Clock ms when it was created. */
  createdMs: number;
  /** Milliseconds per phase step, fixed at creation so a later speed change rewrites no history. */
  stepMs: number;
  stepCount: number;
  outcome: 'PASSED' | 'FAILED';
  /** The step a FAILED execution fails at (1-based), where it ends; null or absent: its last step. */
  failedStep?: number | null;
  cancelledMs: number | null;
  stepNames: string[];
}

export interface DeviceToken extends Owned {
  mobileId: number;
  fullControl: boolean;
  /** The secret value; returned once, by create (DECISIONS.md, "Secrets"). */
  token: string;
  createdAt: string;
  expiresMs: number;
}

export interface FunctionParam {
  name: string;
  type: 'string' | 'integer' | 'boolean' | 'duration';
  required: boolean;
  description: string;
}

export interface FunctionDef {
  name: string;
  description: string;
  params: FunctionParam[];
}
