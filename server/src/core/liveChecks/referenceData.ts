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
  /** The list item lacks fields a feature shows (a summary such as `{id, name}`): its record has them. */
  partial?: boolean;
}

export interface TraceFilterInfo {
  id: number;
  name?: string;
  filter?: string;
  /** The list item has no `filter`: its record has it. */
  partial?: boolean;
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
  /** Read only for a file of another environment that names one (its counterparts are looked up by name). */
  apiClients?: Map<number, ApiClientInfo>;
  /** Test case id to name; absent when not loaded. */
  testCases?: Map<number, string>;
  /** For bundles only. */
  testNodes?: Map<number, NamedInfo>;
  deviceModels?: Map<number, NamedInfo>;
  /** The device model list was cut (the interface reads no single model): ids missing from it are not verified. */
  deviceModelsCut?: boolean;
  /** Ids the lists lacked whose own records could not be read: reported as not verified, never as unknown. */
  unverified?: Unverified;
}

/** References neither the lists nor the records' own answers could settle, and why. */
export interface Unverified {
  devices: Set<number>;
  traceFilters: Set<number>;
  testCases: Set<number>;
  testNodes: Set<number>;
  reason: string;
}

/** The ids a document names, for confirming the ones a list lacks (referenceChecks.ts `referencedIds`). */
export interface Wanted {
  devices: Set<number>;
  traceFilters: Set<number>;
  /** The file's own test case ids that the identity check reads in this environment. */
  testCases: Set<number>;
  testNodes: Set<number>;
  /** Devices whose stored MSISDN is compared with the service's (a summary item has none). */
  msisdn: Set<number>;
}

/** A list as last read, and when (ms since the epoch): kept for while the service cannot be reached (keptLists.ts). */
export interface Kept<T> {
  at: number;
  items: T;
}

/** The lists last read, which the checks of a document compare with while the service cannot be reached. */
export interface KeptReferences {
  devices?: Kept<Map<number, DeviceInfo>>;
  traceFilters?: Kept<Map<number, TraceFilterInfo>>;
}

export type ReferenceState =
  | { status: 'ok'; data: ReferenceSnapshot }
  /**
   * The service cannot be asked: no credentials, or it cannot be reached. `kept`: the lists last
   * read, where a reference they lack is told as not verified (never "not found").
   */
  | { status: 'unavailable'; reason: string; cause?: unknown; kept?: KeptReferences };
