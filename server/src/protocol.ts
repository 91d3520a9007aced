import { NotificationType, RequestType, RequestType0 } from 'vscode-languageserver-protocol';

// The contract between the extension and the language server, imported by both sides.
// Every custom request and notification is declared here once, with the way it flows.

export const SERVER_NAME = 'Test Automation language server';
export const SERVER_VERSION = '0.1.0';

/** The language id of test-case files (contributed in package.json). */
export const LANGUAGE_ID = 'tas-testcase';

/** Glob patterns of the files the server handles, as the design fixes them. */
export const FILE_PATTERNS = ['**/*.testcase.json', '**/*.testcases.json'] as const;

/** URI scheme of the read-only views of remote records that document links open. */
export const REMOTE_SCHEME = 'tas-remote';

/** An environment without its secret: safe to show and log. */
export interface EnvironmentInfo {
  name: string;
  baseUrl: string;
  clientId: string;
}

/** client -> server: use this environment (null: signed out). The secret travels in memory only. */
export const SetEnvironmentNotification = new NotificationType<{
  environment: (EnvironmentInfo & { clientSecret: string }) | null;
}>('tas/setEnvironment');

export interface RefreshResult {
  devices: number;
  traceFilters: number;
  testCases: number;
}

/** client -> server: drop the caches, reload the lists, revalidate open documents. */
export const RefreshRequest = new RequestType0<RefreshResult, void>('tas/refresh');

export type RecordKind = 'mobileDevice' | 'traceFilter' | 'testCase' | 'testSuite' | 'testNode';

/** client -> server: a remote record as pretty JSON, for the read-only view a link opens. */
export const GetRecordRequest = new RequestType<{ kind: RecordKind; id: number }, { title: string; text: string }, void>(
  'tas/getRecord',
);

/**
 * 'connecting' while the server first asks a new environment; then one of the others, once per
 * change: the token was refused, the URL answers but not as the service, or it cannot be reached.
 */
export type ConnectionState = 'connecting' | 'connected' | 'credentialsRefused' | 'unreachable' | 'notService' | 'signedOut';

/** The outcome of asking an environment for a token (no 'connecting' or 'signedOut'). */
export type CheckOutcome = 'ok' | 'credentialsRefused' | 'unreachable' | 'notService';

/**
 * client -> server: asks a token with these candidate credentials, before Sign In stores them.
 * Changes nothing on the server; `detail` is a short plain cause (for example "HTTP 404").
 */
export const CheckEnvironmentRequest = new RequestType<
  { environment: EnvironmentInfo & { clientSecret: string } },
  { outcome: CheckOutcome; detail?: string },
  void
>('tas/checkEnvironment');

/**
 * server -> client: whether the service can be reached, for the status bar. Every change of
 * environment (and a repeated one) is answered by exactly one final state after 'connecting'.
 */
export const StatusNotification = new NotificationType<{
  state: ConnectionState;
  environment?: string;
  message?: string;
}>('tas/status');

/** `tas-remote:/mobileDevice/3.json`: the link target for a reference. */
export function remoteUri(kind: RecordKind, id: number): string {
  return `${REMOTE_SCHEME}:/${kind}/${id}.json`;
}

export function parseRemoteUri(uri: string): { kind: RecordKind; id: number } | undefined {
  const m = /^tas-remote:\/(mobileDevice|traceFilter|testCase|testSuite|testNode)\/(\d+)\.json$/.exec(uri);
  return m ? { kind: m[1] as RecordKind, id: Number(m[2]) } : undefined;
}

// ---- Test suites and executions (views, runs, the execution watcher) ----

/**
 * The answer of a view request: expected failures (409, 404, unreachable) come back as values, so
 * the extension says them in its own words instead of the language client's "Request failed".
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ActionError };

export interface ActionError {
  /** The API error kind (`conflict`, `notFound`, `network`, ...) or `mayHaveStarted`/`signedOut`. */
  kind: string;
  /** Plain words with the next step; never a secret, never protocol words. */
  message: string;
}

export type ExecutionStatusKind = 'queued' | 'running' | 'passed' | 'failed' | 'cancelled' | 'unknown';

/** An execution as views show it; read leniently, since the document shows no execution fields. */
export interface ExecutionSummary {
  id: number;
  /** The state as the service wrote it. */
  status: string;
  kind: ExecutionStatusKind;
  /** A final state (or a finish time): the watcher no longer follows it. */
  final: boolean;
  testCaseId?: number;
  testCaseName?: string;
  testSuiteId?: number;
  testSuiteName?: string;
  source?: string;
  createdAt?: string;
  startedAt?: string;
  finishedAt?: string;
  durationMs?: number;
  currentStep?: number;
  stepCount?: number;
  triggeredBy?: string;
  rerunOf?: number;
}

export interface TestCaseRef {
  id: number;
  name: string;
}

export interface SuiteSummary {
  id: number;
  name: string;
  description?: string;
  /** The schedule as a short text, e.g. "every 2 hours from 2026-11-23 06:00". */
  schedule?: string;
  disabled: boolean;
  testCases: TestCaseRef[];
  /** Executions of this suite the watcher knows to be queued or running. */
  activeExecutionIds: number[];
}

/** client -> server: every test suite with its test cases. */
export const ListSuitesRequest = new RequestType0<Outcome<SuiteSummary[]>, void>('tas/suites/list');

export interface ExecuteSuiteResult {
  executionIds: number[];
  /** Test cases the service did not start, with its reason. */
  skipped: { testCaseId?: number; reason: string }[];
  executions: ExecutionSummary[];
}

/** client -> server: execute a suite (never retried); the new executions are followed. */
export const ExecuteSuiteRequest = new RequestType<{ id: number }, Outcome<ExecuteSuiteResult>, void>('tas/suites/execute');

/** client -> server: cancel a suite's queued and running executions. */
export const CancelSuiteRequest = new RequestType<{ id: number }, Outcome<{ cancelledExecutionIds: number[] }>, void>('tas/suites/cancel');

/** client -> server: delete a suite. */
export const DeleteSuiteRequest = new RequestType<{ id: number }, Outcome<null>, void>('tas/suites/delete');

/** client -> server: create a suite from test cases (never retried). */
export const CreateSuiteRequest = new RequestType<{ name: string; description?: string; testCaseIds: number[] }, Outcome<{ id: number }>, void>(
  'tas/suites/create',
);

/** client -> server: replace a suite's test cases (the rest of the suite is kept as read). */
export const SetSuiteTestCasesRequest = new RequestType<{ id: number; testCaseIds: number[] }, Outcome<null>, void>('tas/suites/setTestCases');

export interface TestCaseChoice extends TestCaseRef {
  description?: string;
  projects: string[];
}

/** client -> server: every test case on the service (paged through), for pickers. */
export const TestCaseChoicesRequest = new RequestType0<Outcome<TestCaseChoice[]>, void>('tas/testCases/choices');

export interface ExecutionPage {
  items: ExecutionSummary[];
  /** More may follow at `start + items.length`. */
  hasMore: boolean;
}

/** client -> server: a page of executions, newest first; active ones on it are followed. */
export const ListExecutionsRequest = new RequestType<{ start: number; count: number; search?: string }, Outcome<ExecutionPage>, void>(
  'tas/executions/list',
);

/** client -> server: an execution's record and log as text for the read-only details view. */
export const ExecutionDetailsRequest = new RequestType<{ id: number }, Outcome<{ title: string; text: string; summary: ExecutionSummary }>, void>(
  'tas/executions/details',
);

/** client -> server: rerun an execution (never retried); the new one is followed. */
export const RerunExecutionRequest = new RequestType<{ id: number }, Outcome<{ execution: ExecutionSummary }>, void>('tas/executions/rerun');

/** client -> server: delete executions, one request each; says which failed and why. */
export const DeleteExecutionsRequest = new RequestType<{ ids: number[] }, Outcome<{ deleted: number[]; failed: { id: number; message: string }[] }>, void>(
  'tas/executions/delete',
);

/** client -> server: follow these executions until they end (a run, a details view). */
export const FollowExecutionsNotification = new NotificationType<{ ids: number[] }>('tas/executions/follow');

/** client -> server: whether anyone looks; the watcher polls slower when nobody does. */
export const WatchAttentionNotification = new NotificationType<{
  /** A view shows executions, or the user waits for one they started. */
  watching: boolean;
  focused: boolean;
}>('tas/executions/attention');

/** server -> client: followed executions that changed, and how many are still active. */
export const ExecutionsChangedNotification = new NotificationType<{ changed: ExecutionSummary[]; active: ExecutionSummary[] }>(
  'tas/executions/changed',
);

// ---- Files and the service: links, import, export (issue "the author's loop") ----

/**
 * How a local test case stands against the current environment. `notLinked`: no test case of
 * this environment is linked to it (the file's `id`, if any, belongs to another environment or
 * names nothing). The change states compare file and service with the version last synced.
 */
export type FileSyncState =
  | 'notLinked'
  | 'unchanged'
  | 'localChanged'
  | 'serviceChanged'
  | 'conflict'
  | 'missingOnService'
  | 'unknown';

/** One test case of a local file: a `*.testcase.json`, or one item of a `*.testcases.json` bundle. */
export interface LocalCaseRef {
  uri: string;
  /** Index in a bundle; absent for a single test-case file. */
  index?: number;
}

export interface FileSyncStatus extends LocalCaseRef {
  name?: string;
  /** The linked test case in the current environment. */
  id?: number;
  state: FileSyncState;
  /** Why the state is `unknown` (unreadable file, service unreachable), in plain words. */
  message?: string;
}

/**
 * client -> server: the links of these files in the current environment, from the sync state
 * alone (no service request): for Test Explorer, the views' "open the linked file" and markers.
 */
export const LinkedCasesRequest = new RequestType<{ uris: string[] }, Outcome<(LocalCaseRef & { id: number; name?: string })[]>, void>(
  'tas/sync/linked',
);

/** client -> server: the change state of these files against the service (reads the service). */
export const SyncStatusRequest = new RequestType<{ uris: string[] }, Outcome<FileSyncStatus[]>, void>('tas/sync/status');

/** What the user chose for a case the first pass did not push or write. */
export type SyncDecision = 'overwriteService' | 'takeService' | 'linkToExisting' | 'overwriteFile' | 'skip';

export type ImportOutcome =
  | 'created'
  | 'updated'
  | 'unchanged'
  | 'refused'
  | 'conflict'
  | 'serviceChanged'
  | 'nameTaken'
  | 'tookService'
  | 'skipped';

export interface ImportItemResult extends LocalCaseRef {
  name?: string;
  outcome: ImportOutcome;
  /** The test case it created, updated or is linked to. */
  id?: number;
  /** Why it was refused, or what the user has to decide, in plain words. */
  message?: string;
  /** `conflict`/`serviceChanged`: the service's version as the file would hold it, for a diff. */
  serviceText?: string;
  /** `nameTaken`: the test case that holds the name (409), to link the file to. */
  takenById?: number;
}

export interface ImportReport {
  results: ImportItemResult[];
}

/**
 * client -> server: import files (test-case files, bundles, or folders holding them) into the
 * current environment, batched, never retried. Safe items are pushed; conflicts, changes on the
 * service only and taken names come back undecided until `decisions` (by `uri` or `uri#index`)
 * settle them. New ids are written back into the files (open buffers through workspace/applyEdit).
 * Cancellable; progress through SyncProgressNotification under `operation`.
 */
export const ImportFilesRequest = new RequestType<
  { uris: string[]; decisions?: Record<string, SyncDecision>; operation?: string },
  Outcome<ImportReport>,
  void
>('tas/sync/import');

export type ExportOutcome = 'written' | 'unchanged' | 'needsDecision' | 'skipped' | 'failed';

export interface ExportItemResult {
  id: number;
  name?: string;
  /** The file written, or that would be. */
  uri: string;
  index?: number;
  outcome: ExportOutcome;
  /** `needsDecision`: the file has unsaved changes, or changes since it was last synced. */
  reason?: 'unsavedChanges' | 'localChanges' | 'notSynced';
  /** `needsDecision`: what the export would write, for a diff with the local file. */
  serviceText?: string;
  message?: string;
}

export interface ExportReport {
  results: ExportItemResult[];
  /** Secret values written as placeholders (said once to the user). */
  secretsReplaced: number;
}

/**
 * client -> server: export test cases into `folder`, one `*.testcase.json` each, or into one
 * bundle file (`bundle`, a `*.testcases.json` uri) with their devices and API clients. Files whose
 * local content would be lost come back `needsDecision` until `decisions` (by file uri) settle
 * them. `dirtyUris`: files with unsaved changes in the editor. Writes are atomic.
 */
export const ExportTestCasesRequest = new RequestType<
  {
    ids: number[];
    folder: string;
    bundle?: string;
    dirtyUris?: string[];
    decisions?: Record<string, SyncDecision>;
    operation?: string;
  },
  Outcome<ExportReport>,
  void
>('tas/sync/export');

/** server -> client: progress of an import or export the client started with `operation`. */
export const SyncProgressNotification = new NotificationType<{ operation: string; done: number; total: number; message?: string }>(
  'tas/sync/progress',
);

// ---- Run one test case from the editor ----

export type RunChoice = 'importAndRun' | 'runServiceVersion' | 'importNew';

export type RunTestCaseResult =
  | { kind: 'started'; testCaseId: number; execution: ExecutionSummary }
  /** The file is not as on the service (or not on it at all): the user picks, then asks again. */
  | { kind: 'needsChoice'; reason: 'unsavedChanges' | 'localChanges' | 'conflict' | 'notOnService'; message: string; testCaseId?: number };

/**
 * client -> server: run one test case (POST /testcases/{id}/run, never retried) and follow its
 * execution with the watcher. By `id`, or by a local file (and bundle index) linked in the
 * current environment; `dirty` says the editor holds unsaved changes for it.
 */
export const RunTestCaseRequest = new RequestType<
  { id?: number; uri?: string; index?: number; dirty?: boolean; choice?: RunChoice },
  Outcome<RunTestCaseResult>,
  void
>('tas/testCases/run');

// ---- The rest of the service in views: shared by the Devices, Trace Filters, Projects and Test Cases views ----

/** The interface document's entity types for projects (create body and assignments). */
export type ProjectEntityType = 'TEST_NODE' | 'TEST_CASE' | 'TEST_SUITE' | 'MOBILE_ID' | 'API_CLIENT' | 'TRACE_FILTER' | 'TOKEN';

/**
 * What every tree item of a service record hands to commands that work on any record
 * (Assign to Projects..., Open record): the views' node objects carry it as `entity`.
 */
export interface EntityRef {
  entityType: ProjectEntityType;
  id: number;
  /** The record's name as shown, for questions and messages. */
  label: string;
}

// ---- Devices: test nodes, their devices and device tokens (the Devices view) ----

export type DeviceStatusKind = 'available' | 'busy' | 'preparing' | 'offline' | 'unknown';
export type NodeStatusKind = 'online' | 'restarting' | 'offline' | 'unknown';

/** A live status of a device or a test node, read leniently (the document shows no status fields). */
export interface StatusReading {
  target: 'device' | 'node';
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
  /** Unknown until the watcher's first reading. */
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

/** client -> server: nodes, devices and tokens; their statuses are then followed by the watcher. */
export const ListDevicesRequest = new RequestType0<Outcome<DevicesOverview>, void>('tas/devices/list');

/** client -> server: PREPARE a device (never retried); its status is followed until it settles. */
export const PrepareDeviceRequest = new RequestType<{ id: number }, Outcome<{ reading: StatusReading }>, void>('tas/devices/prepare');

/** client -> server: RESTART_AGENT on a test node (never retried); followed until it is online. */
export const RestartAgentRequest = new RequestType<{ id: number }, Outcome<{ reading: StatusReading }>, void>('tas/testNodes/restartAgent');

/** client -> server: the test cases that use a device. */
export const DeviceTestCasesRequest = new RequestType<{ id: number }, Outcome<TestCaseRef[]>, void>('tas/devices/testCases');

/** client -> server: the tokens of one device (GET /tokens filtered by mobileId). */
export const DeviceTokensRequest = new RequestType<{ mobileId: number }, Outcome<DeviceTokenSummary[]>, void>('tas/devices/tokens');

/**
 * client -> server: create a device token (never retried). `deviceTokenValue` is the secret, in
 * this answer only: the client shows it once and the trace scrubs the field by name.
 */
export const CreateDeviceTokenRequest = new RequestType<
  { mobileId: number; fullControl: boolean; expiryHours: number },
  Outcome<{ token: DeviceTokenSummary; deviceTokenValue: string }>,
  void
>('tas/devices/createToken');

/** client -> server: revoke (delete) a device token. */
export const RevokeDeviceTokenRequest = new RequestType<{ id: number }, Outcome<null>, void>('tas/devices/revokeToken');

/** client -> server: whether the Devices view is visible; statuses are polled only then (or while settling). */
export const DevicesAttentionNotification = new NotificationType<{ visible: boolean }>('tas/devices/attention');

/** server -> client: device and node statuses that changed (or finished settling). */
export const DeviceStatusChangedNotification = new NotificationType<{ readings: StatusReading[] }>('tas/devices/changed');
// ---- Trace filters, projects, Assign to Projects... (issue 11, `projects`) ----

/** A trace filter as the view shows it; the record view (Open Record) shows every other field. */
export interface TraceFilterSummary {
  id: number;
  name: string;
  filter: string;
  projects: { id: number; name: string }[];
}

/** client -> server: every trace filter. */
export const ListTraceFiltersRequest = new RequestType0<Outcome<TraceFilterSummary[]>, void>('tas/traceFilters/list');

/** client -> server: create a trace filter (never retried); answers its id when the service gives one. */
export const CreateTraceFilterRequest = new RequestType<{ name: string; filter: string }, Outcome<{ id?: number }>, void>('tas/traceFilters/create');

/** client -> server: change a trace filter's name and filter (PUT). */
export const UpdateTraceFilterRequest = new RequestType<{ id: number; name: string; filter: string }, Outcome<null>, void>('tas/traceFilters/update');

/** client -> server: delete a trace filter. */
export const DeleteTraceFilterRequest = new RequestType<{ id: number }, Outcome<null>, void>('tas/traceFilters/delete');

export interface ProjectRefInfo {
  id: number;
  name: string;
}

export interface ProjectPage {
  items: ProjectRefInfo[];
  /** More follow on page `page + 1`. */
  hasMore: boolean;
  total: number;
}

/** client -> server: one page of projects (the service pages them; size 20 by default). */
export const ListProjectsRequest = new RequestType<{ page: number; size?: number }, Outcome<ProjectPage>, void>('tas/projects/list');

/**
 * client -> server: what a project holds, by entity type. Test cases through the list's project
 * filter; the other kinds by listing their records and asking listAssignments for their ids.
 * `unreadable`: kinds whose records could not be read, with the reason in words.
 */
export const ProjectContentsRequest = new RequestType<
  { id: number },
  Outcome<{ members: EntityRef[]; unreadable: { entityType: ProjectEntityType; message: string }[] }>,
  void
>('tas/projects/contents');

/** client -> server: create a project, empty or with entities of one type (never retried). */
export const CreateProjectRequest = new RequestType<
  { name: string; entityType?: ProjectEntityType; entityIds?: number[] },
  Outcome<{ id: number }>,
  void
>('tas/projects/create');

/** client -> server: rename a project (PUT). */
export const RenameProjectRequest = new RequestType<{ id: number; name: string }, Outcome<ProjectRefInfo>, void>('tas/projects/rename');

/** client -> server: delete a project; a 409 says entities are still assigned to it. */
export const DeleteProjectRequest = new RequestType<{ id: number }, Outcome<null>, void>('tas/projects/delete');

export interface EntityAssignment {
  id: number;
  projects: ProjectRefInfo[];
}

/** client -> server: the entities' current projects (listAssignments, rule 1) and every project, for the picker. */
export const ProjectAssignmentsRequest = new RequestType<
  { entityType: ProjectEntityType; ids: number[] },
  Outcome<{ entities: EntityAssignment[]; projects: ProjectRefInfo[] }>,
  void
>('tas/projects/assignments');

/**
 * client -> server: replace each entity's projects with these names (rule 2; [] clears, rule 3;
 * unknown names create projects, rule 5), never retried, then read back (rule 6).
 */
export const AssignProjectsRequest = new RequestType<
  { entityType: ProjectEntityType; ids: number[]; projectNames: string[] },
  Outcome<{ entities: EntityAssignment[] }>,
  void
>('tas/projects/assign');

// ---- Test cases on the service (the Test Cases view, issue 11, `testcases`) ----

/** The fields the list can be filtered by (`filterName`). */
export type TestCaseFilterField = 'name' | 'description' | 'tags' | 'device';

/** `name`: A to Z; `updated`: the last changed first. */
export type TestCaseSort = 'name' | 'updated';

export interface TestCaseListQuery {
  page: number;
  size?: number;
  /** Only test cases in any of these projects (`prj`). */
  projectIds?: number[];
  filter?: { field: TestCaseFilterField; value: string };
  sort?: TestCaseSort;
}

/** A test case list item, read leniently; missing fields stay undefined or empty. */
export interface TestCaseSummary {
  id: number;
  name: string;
  description?: string;
  stepCount?: number;
  devices: string[];
  projects: ProjectRefInfo[];
  created?: string;
  updated?: string;
  entity: EntityRef;
}

export interface TestCasePage {
  items: TestCaseSummary[];
  /** More follow on page `page + 1`. */
  hasMore: boolean;
  total?: number;
}

/** client -> server: one page of test cases, filtered and sorted by the service. */
export const ListTestCasesRequest = new RequestType<TestCaseListQuery, Outcome<TestCasePage>, void>('tas/testCases/list');

/** client -> server: the test suites that contain a test case (names; ids when the suite list has them). */
export const TestCaseSuitesRequest = new RequestType<{ id: number }, Outcome<{ name: string; id?: number }[]>, void>('tas/testCases/suites');

/**
 * client -> server: delete test cases, one request each. A refusal (409) names the suites and the
 * queued or running executions that hold the test case, in words.
 */
export const DeleteTestCasesRequest = new RequestType<
  /** `names`: the names shown, by id, for the words of a refusal. */
  { ids: number[]; names?: Record<string, string> },
  Outcome<{ deleted: number[]; failed: { id: number; message: string }[] }>,
  void
>('tas/testCases/delete');
