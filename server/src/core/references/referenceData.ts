// What the reference checks know about the service: a snapshot of the lists they compare with.

export interface DeviceInfo {
  id: number;
  name?: string;
  msisdn?: string;
  imsi?: string;
  platformName?: string;
  testNodeId?: number;
  testNodeName?: string;
  deviceModelName?: string;
}

export interface TraceFilterInfo {
  id: number;
  name?: string;
  filter?: string;
}

/** What the editor shows of an API client: never its password, auth parameters or headers. */
export interface ApiClientInfo {
  id: number;
  name?: string;
  httpMethod?: string;
  serverURL?: string;
  authType?: string;
}

export interface NamedInfo {
  id: number;
  name?: string;
}

export interface ReferenceSnapshot {
  devices: Map<number, DeviceInfo>;
  traceFilters: Map<number, TraceFilterInfo>;
  /** Test case id to name; absent when not loaded. */
  testCases?: Map<number, string>;
  /** For bundles only. */
  testNodes?: Map<number, NamedInfo>;
  deviceModels?: Map<number, NamedInfo>;
}

export type ReferenceState =
  | { status: 'ok'; data: ReferenceSnapshot }
  /** The service cannot be asked: no credentials, or it cannot be reached. */
  | { status: 'unavailable'; reason: string; cause?: unknown };
