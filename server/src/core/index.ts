// The core's one public entry: what the hosts (the language server, `tas`, the extension) may use.
// Files inside the core never import this file; they import each other directly.
//
// A host starts at the façades: each is made in one call with the host's words and settings.
// The rest is the vocabulary they speak (the model, text shapes), what the protocol declares its
// messages with, and the few tools a host that calls the service itself needs (`tas`).

// The front doors: the service session (environment, cached lists, status, follower, actions in
// the host's words), the language service (completion to workspace symbols, a document's checks),
// sync (links, import, export, copy, runs from a file), the actions on one client, and the
// validation pipeline's stages for a host that checks many files at once.
export { type Actions, actionsOn, type ActionsOptions } from './facades/actions';
export { createLanguageService, type LanguageService, type LanguageServiceOptions } from './facades/languageService';
export type { LabTools, RecordDocumentActions } from './facades/recordActions';
export { createServiceSession, type ServiceSession, type ServiceSessionOptions } from './facades/serviceSession';
export { type CopyParams, createSync, type Sync, type SyncOptions } from './facades/sync';
export { type DocumentChecks, validation } from './facades/validation';
export { DEFAULT_HISTORY_EXECUTIONS, historyOn, type HistoryOnOptions } from './facades/history';
export type { CaseHistoryShown, HistoryShown, HistoryViews, KnownLink, SuspectShown } from './facades/historyViews';
// What the façades take and give, by name (made by the façades, not by hosts).
export type { ActiveEnvironment, EnvironmentState } from './environment/environment';
export type { ReferenceCache } from './liveChecks/referenceCache';
export { KEPT_LISTS_MAX_BYTES, type ListStorage } from './liveChecks/keptLists';
export type { ConnectionStatusReporter } from './environment/status';
export type { StatusFollow } from './devices/follow';
export type { SyncEngine } from './sync/engine';
export type { CopyEnd } from './sync/copy';
export type { RunParams } from './runs/run';
export type { SaveOptions, SaveResult } from './recordDocuments/save';
export type { FormatOptions } from './language/format';
export type { CounterpartChoice, FixCommands } from './language/codeActions';
export type { LocalResult, Problems } from './validation/analyze';
export type { CaseLinks } from './sync/caseLinks';
export type { ApiClientInfo, ReferenceState, Wanted } from './liveChecks/referenceData';
export type { ApiClientInput } from './apiClients/actions';
export type { History, HistoryListener } from './history/history';
export type { FunctionInfo } from './liveChecks/recordInfo';

// Failures in the host's words: the host gives its next steps (HostWords), the core the rest.
export { failureOf } from './failures/classify';
export { type ActionContext, describeFailure, type HostWords, recordWords, signedOut } from './failures/failures';

// Text positions and editing answers, shaped as LSP shapes them.
export * from './text/shapes';
export { createTextDocument, type TextDocument } from './text/textDocument';
export * from './text/editingShapes';

// The domain model: what every host shows and the protocol carries, with its small helpers.
export * from './model/devices';
export { DiagnosticCode } from './model/diagnostics';
export * from './model/entities';
export * from './model/entityKinds';
export * from './model/environment';
export * from './model/executions';
export * from './model/files';
export * from './model/history';
export * from './model/outcome';
export * from './model/projects';
export * from './model/sync';
export * from './model/testCases';
export * from './model/users';
export { counted } from './base/counted';
export { clockTime, durationText, relativeTime } from './base/timeWords';
export {
  flakyWords,
  caseHoverMarkdown,
  lensTitle,
  outcomeWords,
  runLine,
  sourceWords,
  suspectWords,
} from './history/words';
export { historyMarkdown, historyText, markdownCell, shownMarks } from './history/document';
export { type FileKind, fileKindOf } from './document/fileKind';
export { envKey } from './sync/envKey';
export { caseKey } from './sync/local';
export { mergeImportResults } from './sync/decisions';
export { runCheck } from './runs/run';
export { NEW_CASE } from './language/completion';
export { knownFunctions } from './liveChecks/stepFunctions';
export { rootSchema as fileFormatSchema } from './validation/schemas';
export { testCaseFileText } from './sync/fileText';
export { projectMemberWords } from './projects/projects';
export { isAdmin, userLabel } from './users/users';
export { generateTempPassword } from './users/tempPassword';
export { isRecordDocumentKind, metaOf } from './recordDocuments/document';
export { recordFieldPosition } from './recordDocuments/language';
export { distance } from './validation/schemaMessages';
export { SETTING_RANGES, SettingClamps, type SettingRange } from './settings/ranges';

// The API client, for a host that calls the service itself (`tas api`, the lists `tas` prints),
// and what its sessions are made with.
export { baseUrlProblem, insecureHttpAllowed, normalizeBaseUrl, refusesPlainHttp } from './api/baseUrl';
export { TasClient } from './api/client';
export { ApiError } from './api/errors';
export type { NetworkOptions } from './api/network';
export { proxySecrets } from './api/proxySecrets';
export { type Operation, OPERATIONS } from './api/operations';
export type { QueryValue } from './api/requestUrl';
export type { Environment, Notice, RequestLogEntry, SessionOptions } from './api/session';
export { MAX_LIST_PAGES } from './api/lists';
export { DEFAULT_MAX_BODY_MB, maxBodyBytes } from './api/transport';
export { completeItems, lacksField } from './api/completeItems';
export { UserActions } from './users/users';
export { summarizeExecution } from './executions/state';
export { DEFAULT_FOLLOWER_OPTIONS, Follower, type FollowerSource } from './executions/follower';

// Reading what we do not control, and writing files: the lenient readers, safe reads, atomic
// writes, and secrets scrubbed from everything printed.
export { exactNum, exactStr, int, isRecord, type Loose, readItem, str } from './base/read';
export { withoutBom } from './base/byteOrderMark';
export { writeAtomic } from './files/atomicWrite';
export { firstInvalidUtf8, NotARegularFileError, readRegularFileSync } from './files/safeRead';
export { SecretScrubber, scrubText } from './secrets/scrub';
