// The kinds of record the service keeps, named once. The code says `EntityKind` ('mobileDevice',
// 'testCase', ...); a feature that handles only some kinds names its subset of it. Where the
// interface or a file format spells a kind otherwise (a project's entityType 'MOBILE_ID', the
// sync state's 'device', a status reading's 'node'), that spelling stays on the wire and the
// mappers below translate at the edge.

/** Every kind of record of the service the product reads, shows or edits. */
export type EntityKind =
  | 'testCase'
  | 'testSuite'
  | 'execution'
  | 'mobileDevice'
  | 'testNode'
  | 'deviceToken'
  | 'deviceModel'
  | 'traceFilter'
  | 'apiClient'
  | 'project';

/** A kind in a sentence: "device", "API client". */
export const ENTITY_KIND_WORDS: Readonly<Record<EntityKind, string>> = {
  testCase: 'test case',
  testSuite: 'test suite',
  execution: 'execution',
  mobileDevice: 'device',
  testNode: 'test node',
  deviceToken: 'device token',
  deviceModel: 'device model',
  traceFilter: 'trace filter',
  apiClient: 'API client',
  project: 'project',
};

/** The kinds a read-only remote view (`tas-remote:`) shows: the targets of document links. */
export type RemoteViewKind = Extract<
  EntityKind,
  'mobileDevice' | 'traceFilter' | 'testCase' | 'testSuite' | 'testNode' | 'apiClient'
>;

export const REMOTE_VIEW_KINDS: readonly RemoteViewKind[] = [
  'mobileDevice',
  'traceFilter',
  'testCase',
  'testSuite',
  'testNode',
  'apiClient',
];

export const isRemoteViewKind = (kind: string): kind is RemoteViewKind =>
  (REMOTE_VIEW_KINDS as readonly string[]).includes(kind);

/** The kinds that open as editable record documents (`tas-record:`, `tas get` / `tas apply`). */
export type RecordDocumentKind = Extract<
  EntityKind,
  'mobileDevice' | 'testNode' | 'apiClient' | 'traceFilter' | 'testSuite'
>;

/** The record documents a Delete command removes (devices and API clients; the others have their views' commands). */
export type DeletableKind = Extract<RecordDocumentKind, 'mobileDevice' | 'apiClient'>;

/** The kinds a test case refers to by id: a step's device and API client, a trace filter item's device and filter. */
export type ReferenceKind = Extract<EntityKind, 'mobileDevice' | 'traceFilter' | 'apiClient'>;

// ---- Spellings on the wire ----

/** A project's `entityType` as the interface spells it (project bodies and assignments). */
export const PROJECT_ENTITY_TYPES = [
  'TEST_NODE',
  'TEST_CASE',
  'TEST_SUITE',
  'MOBILE_ID',
  'API_CLIENT',
  'TRACE_FILTER',
  'TOKEN',
] as const;
export type ProjectEntityType = (typeof PROJECT_ENTITY_TYPES)[number];

/** The kinds a project holds. */
export type ProjectMemberKind = Extract<
  EntityKind,
  'testNode' | 'testCase' | 'testSuite' | 'mobileDevice' | 'apiClient' | 'traceFilter' | 'deviceToken'
>;

const MEMBER_KIND: Readonly<Record<ProjectEntityType, ProjectMemberKind>> = {
  TEST_NODE: 'testNode',
  TEST_CASE: 'testCase',
  TEST_SUITE: 'testSuite',
  MOBILE_ID: 'mobileDevice',
  API_CLIENT: 'apiClient',
  TRACE_FILTER: 'traceFilter',
  TOKEN: 'deviceToken',
};

export const kindOfProjectEntity = (type: ProjectEntityType): ProjectMemberKind => MEMBER_KIND[type];

/**
 * A reference kind as the sync format spells it: the sync state's identities and choices
 * (`.tas/sync.json`), `--map device:8=9`, `--map-file`, and the sync reports and results. The
 * sync code speaks this spelling throughout, since what it holds is what those carry; other code
 * holds a `ReferenceKind` and maps when it asks sync.
 */
export type SyncReferenceKind = 'device' | 'apiClient' | 'traceFilter';

export const SYNC_REFERENCE_KINDS: readonly SyncReferenceKind[] = ['device', 'apiClient', 'traceFilter'];

export const syncReferenceKind = (kind: ReferenceKind): SyncReferenceKind =>
  kind === 'mobileDevice' ? 'device' : kind;

export const referenceKindOfSync = (kind: SyncReferenceKind): ReferenceKind =>
  kind === 'device' ? 'mobileDevice' : kind;

/** What a status reading follows, as the protocol spells it (`StatusReading.target`). */
export type StatusTarget = 'device' | 'node';

export const kindOfStatusTarget = (target: StatusTarget): Extract<EntityKind, 'mobileDevice' | 'testNode'> =>
  target === 'device' ? 'mobileDevice' : 'testNode';
