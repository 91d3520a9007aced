// The core's one public entry: what the hosts (the language server, `tas`, the extension) may use.
// Files inside the core never import this file; they import each other directly.

// The front doors, each made in one call with the host's inputs and settings: the service
// session (environment, cached lists, status, follower, actions), the language service, sync
// and validation.
export { type Actions, actionsOn, type ActionsOptions } from './facades/actions';
export { createLanguageService, type LanguageService, type LanguageServiceOptions } from './facades/languageService';
export { createServiceSession, type ServiceSession, type ServiceSessionOptions } from './facades/serviceSession';
export { type CopyParams, createSync, type Sync, type SyncOptions } from './facades/sync';
export { type DocumentChecks, validation } from './facades/validation';

// Text positions and editing answers, shaped as LSP shapes them.
export * from './text/shapes';
export { createTextDocument, type TextDocument } from './text/textDocument';
export * from './text/editingShapes';
export { counted } from './base/counted';

// The domain model: what every host shows and the protocol carries.
export * from './model/devices';
export * from './model/entities';
export * from './model/entityKinds';
export * from './model/environment';
export * from './model/executions';
export * from './model/files';
export * from './model/outcome';
export * from './model/projects';
export * from './model/sync';
export * from './model/testCases';
export * from './model/users';

export { baseUrlProblem, insecureHttpAllowed, normalizeBaseUrl, refusesPlainHttp } from './api/baseUrl';
export { TasClient } from './api/client';
export { ApiError } from './api/errors';
export type { NetworkOptions } from './api/network';
export type { Loose } from './api/types';
export { type Operation, OPERATIONS } from './api/operations';
export { bool, exactInt, exactNum, exactStr, int, isRecord, num, pick, readItem, str, text, time } from './base/read';
export type { Environment, Notice, QueryValue, RequestLogEntry, SessionOptions } from './api/session';
export { type ListCut, type Listed, MAX_LIST_PAGES } from './api/lists';
export { completeItems, lacksField } from './api/completeItems';
export { DeviceActions } from './devices/devices';
export { agentConfigText, tokenVerdict, validateDeviceToken } from './devices/labTools';
export { ADMIN_ROLE, type InviteInput, isAdmin, summarizeUser, UserActions, userLabel } from './users/users';
export { generateTempPassword, TEMP_PASSWORD_LENGTH } from './users/tempPassword';
export { StatusFollow } from './devices/follow';
export { withoutBom } from './base/byteOrderMark';
export { type FileKind, fileKindOf } from './document/fileKind';
export { parseJson } from './jsonText';
export { type AtomicWriteOptions, writeAtomic, WriteError } from './files/atomicWrite';
export { firstInvalidUtf8, NotARegularFileError, NotUtf8Error, readRegularFileSync } from './files/safeRead';
export { checkEnvironment } from './environment/connectionCheck';
export { type ActiveEnvironment, EnvironmentState } from './environment/environment';
export { ConnectionStatusReporter } from './environment/status';
export { ExecutionActions } from './executions/executions';
export { summarizeExecution } from './executions/state';
export type { ExecutionFollow } from './executions/follow';
export { SuiteActions } from './executions/suites';
export { DEFAULT_FOLLOWER_OPTIONS, Follower, type FollowerOptions, type FollowerSource } from './executions/follower';
export { type Failure, failureOf, NotSignedInError, WordedFailure } from './failures/classify';
export { type ActionContext, asClause, describeFailure, type HostWords, outcome, recordWords, serviceFailure, signedOut } from './failures/failures';
export { codeActions, type CounterpartChoice, type FixCommands } from './language/codeActions';
export { complete, type CompletionData, completionNeeds, NEW_CASE } from './language/completion';
export { hover, type HoverData, hoverTarget } from './language/hover';
export { documentLinks } from './language/links';
export { definition, inlayHints, referencesIn } from './language/referenceNavigation';
export { WorkspaceIndex } from './language/workspaceIndex';
export type { HereContext } from './language/workspaceHomes';
export { formatEdits, type FormatOptions } from './language/format';
export { foldingRanges, selectionRanges } from './language/folding';
export { documentSymbols, flatSymbols, type SymbolNames } from './language/symbols';
export { projectMemberWords, ProjectActions } from './projects/projects';
export { ReferenceCache } from './liveChecks/referenceCache';
export type { ApiClientInfo, ReferenceState, Wanted } from './liveChecks/referenceData';
export { referencedIds } from './liveChecks/referenceChecks';
export { functionsNamed, knownFunctions } from './liveChecks/stepFunctions';
export { stepProblems } from './liveChecks/stepChecks';
export { counterpartHere, homeAt, homeIdsHere } from './liveChecks/counterpart';
export type { Path } from './document/testCaseModel';
export { listOf, namesForeignApiClient, type ForeignFixData } from './liveChecks/foreign';
export { shownApiClient } from './apiClients/shown';
export { ApiClientActions, type ApiClientInput } from './apiClients/actions';
export { RunActions, type RunCheck, runCheck, RunFailure, type RunParams, type RunSync } from './runs/run';
export { runSyncOf } from './runs/syncAdapter';
export { caseLinks, type CaseLinks } from './sync/caseLinks';
export { mergeImportResults } from './sync/decisions';
export { copyTestCases, type CopyEnd, type CopyOptions } from './sync/copy';
export { SyncEngine } from './sync/engine';
export { envKey } from './sync/envKey';
export { caseKey, expandUris } from './sync/local';
export { SyncStates } from './sync/state';
export { TestCaseDeletion } from './testCases/deletion';
export { serviceQuery, summarizeTestCase } from './testCases/list';
export { TraceFilterActions } from './traceFilters/traceFilters';
export { analyzeDuplicateKeys, analyzeLocal, analyzeLocalSteps, limitProblems, type Problems } from './validation/analyze';
export { analyzeReferences } from './liveChecks/referenceProblems';
export { validationDelay } from './validation/delay';
export { DiagnosticCode } from './model/diagnostics';
export { SecretScrubber, scrubText } from './secrets/scrub';
export { distance } from './validation/schemaMessages';
export { clampSetting, MAX_TIMER_MS, SETTING_RANGES, SettingClamps, type NumericSetting, type SettingRange } from './settings/ranges';
export { DEFAULT_MAX_BODY_MB, maxBodyBytes } from './api/transport';

// Record documents: devices, test nodes, API clients, trace filters and suites edited as JSON.
export { creatable, RECORD_DOCUMENT_KINDS, RECORD_FIELDS, type FieldSpec } from './recordDocuments/fields';
export { documentOf, documentText, isRecordDocumentKind, META, metaOf, type RecordMeta, revisionOf, templateOf } from './recordDocuments/document';
export { requestBodyOf, mergeDocuments } from './recordDocuments/body';
export { idsOf, recordFindings, type RecordRefSource } from './recordDocuments/check';
export { completeRecord, hoverRecord, recordCompletionNeeds, recordDiagnostics, recordFieldPosition, type RecordLists } from './recordDocuments/language';
export { deleteRecord, deviceTestCaseNames, readRecordDocument, recordText, refusedField, saveRecordDocument, type SaveOptions, type SaveResult } from './recordDocuments/save';
export { recordSaveWords } from './failures/recordDocuments';
