// The contract between the extension and the language server, imported by both sides: every
// custom request and notification, declared once, grouped by feature, each with its direction
// (`client -> server` or `server -> client`). Only messages live here; the types they carry are
// the core's domain model (server/src/core/model), reached through the core's entry.
import { NotificationType, RequestType, RequestType0 } from 'vscode-languageserver-protocol';
import type {
  ApiClientInfo,
  ApiClientInput,
  CheckResult,
  CopyReport,
  CopyRequest,
  CounterpartChoice,
  ConnectionState,
  DeviceTokenSummary,
  DevicesOverview,
  EntityAssignment,
  EntityRef,
  EnvironmentInfo,
  ExecuteSuiteResult,
  ExecutionPage,
  ExecutionSummary,
  ExportReport,
  FileSyncStatus,
  ImportReport,
  LocalCaseRef,
  Outcome,
  ProjectEntityType,
  ProjectPage,
  ProjectRefInfo,
  RefChoices,
  RemoteViewKind,
  RefreshResult,
  RunChoice,
  RunTestCaseResult,
  ShownRecord,
  StatusReading,
  SuiteSummary,
  SyncDecision,
  TestCaseChoice,
  TestCaseListQuery,
  TestCasePage,
  TestCaseRef,
  TraceFilterSummary,
} from './core';

/** `shown`: the record's name as the view showed it, so messages say it by name (its id when absent). */
type Shown = { shown?: string };

// ---- Records the views show ----

/**
 * server -> client: a record an action or read found gone (404). Every view that shows it drops
 * it at once; the server's reference cache already has.
 */
export const RecordGoneNotification = new NotificationType<{ record: ShownRecord }>('tas/records/gone');

// ---- Environment and connection (sign-in, the status bar, Open Record) ----

/** client -> server: use this environment (null: signed out). The secret travels in memory only. */
export const SetEnvironmentNotification = new NotificationType<{
  environment: (EnvironmentInfo & { clientSecret: string }) | null;
}>('tas/setEnvironment');

/** client -> server: drop the caches, reload the lists, revalidate open documents. */
export const RefreshRequest = new RequestType0<Outcome<RefreshResult>, void>('tas/refresh');

/** client -> server: a remote record as pretty JSON, for the read-only view a link opens. */
export const GetRecordRequest = new RequestType<{ kind: RemoteViewKind; id: number }, Outcome<{ title: string; text: string }>, void>(
  'tas/getRecord',
);

/**
 * client -> server: asks a token with these candidate credentials, before Sign In stores them.
 * Changes nothing on the server. Answers a verdict, not an Outcome: a refusal is what the check
 * is for (CheckResult says why); `detail` is a short plain cause (for example "HTTP 404").
 */
export const CheckEnvironmentRequest = new RequestType<{ environment: EnvironmentInfo & { clientSecret: string } }, CheckResult, void>(
  'tas/checkEnvironment',
);

/**
 * server -> client: whether the service can be reached, for the status bar. Every change of
 * environment (and a repeated one) is answered by exactly one final state after 'connecting'.
 */
export const StatusNotification = new NotificationType<{
  state: ConnectionState;
  environment?: string;
  message?: string;
}>('tas/status');

// ---- Test suites and executions (views, runs, the follower) ----

/** client -> server: every test suite with its test cases. */
export const ListSuitesRequest = new RequestType0<Outcome<SuiteSummary[]>, void>('tas/suites/list');

/** client -> server: execute a suite (never retried); the new executions are followed. */
export const ExecuteSuiteRequest = new RequestType<{ id: number } & Shown, Outcome<ExecuteSuiteResult>, void>('tas/suites/execute');

/** client -> server: cancel a suite's queued and running executions. */
export const CancelSuiteRequest = new RequestType<{ id: number } & Shown, Outcome<{ cancelledExecutionIds: number[] }>, void>('tas/suites/cancel');

/** client -> server: delete a suite. */
export const DeleteSuiteRequest = new RequestType<{ id: number } & Shown, Outcome<null>, void>('tas/suites/delete');

/** client -> server: create a suite from test cases (never retried). */
export const CreateSuiteRequest = new RequestType<{ name: string; description?: string; testCaseIds: number[] }, Outcome<{ id: number }>, void>(
  'tas/suites/create',
);

/** client -> server: replace a suite's test cases (the rest of the suite is kept as read). */
export const SetSuiteTestCasesRequest = new RequestType<{ id: number; testCaseIds: number[] } & Shown, Outcome<null>, void>('tas/suites/setTestCases');

/** client -> server: every test case on the service (paged through), for pickers. */
export const TestCaseChoicesRequest = new RequestType0<Outcome<TestCaseChoice[]>, void>('tas/testCases/choices');

/** client -> server: a page of executions, newest first; active ones on it are followed. */
export const ListExecutionsRequest = new RequestType<{ start: number; count: number; search?: string }, Outcome<ExecutionPage>, void>(
  'tas/executions/list',
);

/** client -> server: an execution's record and log as text for the read-only details view. */
export const ExecutionDetailsRequest = new RequestType<{ id: number } & Shown, Outcome<{ title: string; text: string; summary: ExecutionSummary }>, void>(
  'tas/executions/details',
);

/** client -> server: rerun an execution (never retried); the new one is followed. */
export const RerunExecutionRequest = new RequestType<{ id: number } & Shown, Outcome<{ execution: ExecutionSummary }>, void>('tas/executions/rerun');

/** client -> server: delete executions, one request each; says which failed and why. */
export const DeleteExecutionsRequest = new RequestType<{ ids: number[] }, Outcome<{ deleted: number[]; failed: { id: number; message: string }[] }>, void>(
  'tas/executions/delete',
);

/** client -> server: follow these executions until they end (a run, a details view). */
export const FollowExecutionsNotification = new NotificationType<{ ids: number[] }>('tas/executions/follow');

/** client -> server: whether anyone looks; the follower polls slower when nobody does. */
export const ExecutionsAttentionNotification = new NotificationType<{
  /** Someone looks: a view shows executions, or the user waits for one they started. */
  watching: boolean;
  focused: boolean;
}>('tas/executions/attention');

/** server -> client: followed executions that changed, and how many are still active. */
export const ExecutionsChangedNotification = new NotificationType<{ changed: ExecutionSummary[]; active: ExecutionSummary[] }>(
  'tas/executions/changed',
);

// ---- Files and the service: links, import, export (issue "the author's loop") ----

/**
 * client -> server: the links of these files in the current environment, from the sync state
 * alone (no service request): for Test Explorer, the views' "open the linked file" and markers.
 */
export const LinkedCasesRequest = new RequestType<{ uris: string[] }, Outcome<(LocalCaseRef & { id: number; name?: string })[]>, void>(
  'tas/sync/linked',
);

/** client -> server: the change state of these files against the service (reads the service). */
export const SyncStatusRequest = new RequestType<{ uris: string[] }, Outcome<FileSyncStatus[]>, void>('tas/sync/status');

/**
 * client -> server: import files (test-case files, bundles, or folders holding them) into the
 * current environment, batched, never retried. Safe items are pushed; conflicts, changes on the
 * service only and taken names come back undecided until `decisions` (by `uri` or `uri#index`)
 * settle them. New ids are written back into the files (open buffers through workspace/applyEdit).
 * Cancellable; progress through SyncProgressNotification under `operation`. References of another
 * environment: `map` names counterparts (kept in the sync state with `remember`); with
 * `confirmMappings` an import that would map one sends nothing and answers a dry run
 * (`needsConfirmation`) for the preview. The report is the account: every file and bundle item
 * asked has one result, and one not imported carries why (`reason`, `message`).
 */
export const ImportFilesRequest = new RequestType<
  { uris: string[]; decisions?: Record<string, SyncDecision>; operation?: string; map?: RefChoices; remember?: boolean; confirmMappings?: boolean },
  Outcome<ImportReport>,
  void
>('tas/sync/import');

/**
 * client -> server: export test cases into `folder`, one `*.testcase.json` each, or into one
 * bundle file (`bundle`, a `*.testcases.json` uri) with their devices and API clients. Files whose
 * local content would be lost come back `needsDecision` until `decisions` (by file uri) settle
 * them. `dirtyUris`: files with unsaved changes in the editor. Writes are atomic. The report is
 * the account: every id asked has one result (each distinct id once; a bundle's item each), and
 * one not written carries why (`reason`, `message`): not on the service, left out of its answer,
 * unusable there, refused, or a file problem.
 */
export const ExportTestCasesRequest = new RequestType<
  {
    ids: number[];
    folder: string;
    bundle?: string;
    dirtyUris?: string[];
    decisions?: Record<string, SyncDecision>;
    /** The ids come from the service's list (a pick), not from a link: said of one its export answer leaves out. */
    listed?: boolean;
    operation?: string;
  },
  Outcome<ExportReport>,
  void
>('tas/sync/export');

/**
 * client -> server: create test cases of the active environment in `target`, references mapped
 * by identity (sync/copy.ts), created once and never retried; `dryRun` is the preview. The
 * target's secret travels in memory only. Cancellable; progress under `operation`.
 */
export const CopyTestCasesRequest = new RequestType<CopyRequest, Outcome<CopyReport>, void>('tas/testCases/copy');

/**
 * client -> server: keep `to` (an id here) as the counterpart of `from` (an id of the file's home
 * environment `home`) in the file's sync state: the quick fix of `foreign-reference`. The file is
 * not edited; open documents are checked again.
 */
export const ChooseCounterpartRequest = new RequestType<CounterpartChoice, Outcome<void>, void>('tas/sync/chooseCounterpart');

/** server -> client: progress of an import, export or copy the client started with `operation`. */
export const SyncProgressNotification = new NotificationType<{ operation: string; done: number; total: number; message?: string }>(
  'tas/sync/progress',
);

// ---- Run one test case from the editor ----

/**
 * client -> server: run one test case (POST /testcases/{id}/run, never retried) and follow its
 * execution with the follower. By `id`, or by a local file (and bundle index) linked in the
 * current environment; `dirty` says the editor holds unsaved changes for it.
 */
export const RunTestCaseRequest = new RequestType<
  { id?: number; uri?: string; index?: number; dirty?: boolean; choice?: RunChoice } & Shown,
  Outcome<RunTestCaseResult>,
  void
>('tas/testCases/run');

// ---- The rest of the service in views: shared by the Devices, Trace Filters, Projects and Test Cases views ----

// ---- Devices: test nodes, their devices and device tokens (the Devices view) ----

/** client -> server: nodes, devices and tokens; their statuses are then followed. */
export const ListDevicesRequest = new RequestType0<Outcome<DevicesOverview>, void>('tas/devices/list');

/** client -> server: PREPARE a device (never retried); its status is followed until it settles. */
export const PrepareDeviceRequest = new RequestType<{ id: number } & Shown, Outcome<{ reading: StatusReading }>, void>('tas/devices/prepare');

/** client -> server: RESTART_AGENT on a test node (never retried); followed until it is online. */
export const RestartAgentRequest = new RequestType<{ id: number } & Shown, Outcome<{ reading: StatusReading }>, void>('tas/testNodes/restartAgent');

/** client -> server: the test cases that use a device. */
export const DeviceTestCasesRequest = new RequestType<{ id: number } & Shown, Outcome<TestCaseRef[]>, void>('tas/devices/testCases');

/** client -> server: the tokens of one device (GET /tokens filtered by mobileId). */
export const DeviceTokensRequest = new RequestType<{ mobileId: number } & Shown, Outcome<DeviceTokenSummary[]>, void>('tas/devices/tokens');

/**
 * client -> server: create a device token (never retried). `deviceTokenValue` is the secret, in
 * this answer only: the client shows it once and the trace scrubs the field by name.
 */
export const CreateDeviceTokenRequest = new RequestType<
  { mobileId: number; fullControl: boolean; expiryHours: number } & Shown,
  Outcome<{ token: DeviceTokenSummary; deviceTokenValue: string }>,
  void
>('tas/devices/createToken');

/** client -> server: revoke (delete) a device token. */
export const RevokeDeviceTokenRequest = new RequestType<{ id: number } & Shown, Outcome<null>, void>('tas/devices/revokeToken');

/** client -> server: whether the Devices view is visible; statuses are polled only then (or while settling). */
export const DevicesAttentionNotification = new NotificationType<{ visible: boolean }>('tas/devices/attention');

/** server -> client: device and node statuses that changed (or finished settling). */
export const DeviceStatusChangedNotification = new NotificationType<{ readings: StatusReading[] }>('tas/devices/changed');
// ---- Trace filters, projects, Assign to Projects... (issue 11, `projects`) ----

/** client -> server: every trace filter. */
export const ListTraceFiltersRequest = new RequestType0<Outcome<TraceFilterSummary[]>, void>('tas/traceFilters/list');

/** client -> server: create a trace filter (never retried); answers its id when the service gives one. */
export const CreateTraceFilterRequest = new RequestType<{ name: string; filter: string }, Outcome<{ id?: number }>, void>('tas/traceFilters/create');

/** client -> server: change a trace filter's name and filter (PUT). */
export const UpdateTraceFilterRequest = new RequestType<{ id: number; name: string; filter: string } & Shown, Outcome<null>, void>('tas/traceFilters/update');

/** client -> server: delete a trace filter. */
export const DeleteTraceFilterRequest = new RequestType<{ id: number } & Shown, Outcome<null>, void>('tas/traceFilters/delete');

/** client -> server: one page of projects (the service pages them; size 20 by default). */
export const ListProjectsRequest = new RequestType<{ page: number; size?: number }, Outcome<ProjectPage>, void>('tas/projects/list');

/**
 * client -> server: what a project holds, by entity type. Test cases through the list's project
 * filter; the other kinds by listing their records and asking listAssignments for their ids.
 * `unreadable`: kinds whose records could not be read, with the reason in words.
 */
export const ProjectContentsRequest = new RequestType<
  { id: number } & Shown,
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
export const RenameProjectRequest = new RequestType<{ id: number; name: string } & Shown, Outcome<ProjectRefInfo>, void>('tas/projects/rename');

/** client -> server: delete a project; a 409 says entities are still assigned to it. */
export const DeleteProjectRequest = new RequestType<{ id: number } & Shown, Outcome<null>, void>('tas/projects/delete');

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

/** client -> server: one page of test cases, filtered and sorted by the service. */
export const ListTestCasesRequest = new RequestType<TestCaseListQuery, Outcome<TestCasePage>, void>('tas/testCases/list');

/** client -> server: the test suites that contain a test case (names; ids when the suite list has them). */
export const TestCaseSuitesRequest = new RequestType<{ id: number } & Shown, Outcome<{ name: string; id?: number }[]>, void>('tas/testCases/suites');

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

// ---- API clients (issue 21): the API Clients view; the password is write-only ----

/** client -> server: every API client: name, method, URL and auth type only (never a secret). */
export const ListApiClientsRequest = new RequestType0<Outcome<ApiClientInfo[]>, void>('tas/apiClients/list');

/** client -> server: create an API client (never retried); `password` only when typed. */
export const CreateApiClientRequest = new RequestType<ApiClientInput, Outcome<{ id?: number }>, void>('tas/apiClients/create');

/** client -> server: change an API client's form fields; the others stay as the service has them. */
export const UpdateApiClientRequest = new RequestType<{ id: number; input: ApiClientInput } & Shown, Outcome<null>, void>('tas/apiClients/update');

/** client -> server: delete an API client. */
export const DeleteApiClientRequest = new RequestType<{ id: number } & Shown, Outcome<null>, void>('tas/apiClients/delete');

/** client -> server: set an API client's password (PUT of the record as read); never answered, masked in the trace. */
export const SetApiClientPasswordRequest = new RequestType<{ id: number; password: string } & Shown, Outcome<null>, void>('tas/apiClients/setPassword');

// ---- Users, the lab tools and record documents (issue 29): protocol/lab.ts ----

export * from './protocol/lab';
