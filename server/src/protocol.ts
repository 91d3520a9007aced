// The contract between the extension and the language server, imported by both sides: every
// custom request and notification, declared once with its direction, one file per feature
// under server/src/protocol/ (as vscode-eslint's `$shared/customMessages.ts`), with named
// parameter and result types. The domain types they carry stay in the core and are reached
// through its entry. The hosts and the extension take messages from here, never from a part.
// ARCHITECTURE.md's table ("The protocol") lists them; test/unit/protocolTable.test.ts holds it to them.

export type {
  Directed,
  IdParams,
  IdsParams,
  Shown,
  CreatedId,
  DeletionFailure,
  DeletionResult,
  TitledText,
} from './protocol/message';
export * from './protocol/environment';
export * from './protocol/records';
export * from './protocol/suites';
export * from './protocol/executions';
export * from './protocol/sync';
export * from './protocol/testCases';
export * from './protocol/devices';
export * from './protocol/traceFilters';
export * from './protocol/projects';
export * from './protocol/apiClients';
export * from './protocol/users';
export * from './protocol/recordDocuments';
export * from './protocol/history';
