import {
  type ClientCapabilities,
  createConnection,
  DidChangeConfigurationNotification,
  DocumentFormattingRequest,
  DocumentRangeFormattingRequest,
  MessageType,
  ProposedFeatures,
  ShowMessageNotification,
  TextDocuments,
  TextDocumentSyncKind,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { safeTextDocuments } from './documents';
import {
  createLanguageService,
  createServiceSession,
  createSync,
  maxBodyBytes,
  type Notice,
  type RequestLogEntry,
  TEST_CASE_SELECTOR,
} from '../core';
import { registerDeviceFeatures } from './handlers/devices';
import { registerExecutionFeatures } from './handlers/executions';
import { registerEditingFeatures } from './handlers/editing';
import { registerFeatures } from './handlers/language';
import { registerRunFeatures } from './handlers/runs';
import { registerApiClientFeatures } from './handlers/apiClients';
import { registerNavigationFeatures } from './handlers/navigation';
import { registerProjectFeatures } from './handlers/projects';
import { registerTestCaseFeatures } from './handlers/testCases';
import { registerUserFeatures } from './handlers/users';
import { registerRecordDocumentFeatures } from './handlers/recordDocuments';
import {
  CheckEnvironmentRequest,
  HistoryChangedNotification,
  RecordGoneNotification,
  SetEnvironmentNotification,
  StatusNotification,
} from '../protocol';

const SERVER_NAME = 'Test Automation language server';
const SERVER_VERSION = '0.1.0';
import { Settings } from './settings';
import { CHOOSE_COUNTERPART_COMMAND, EDITOR_WORDS } from './words';
import { registerSyncFeatures } from './handlers/sync';
import { registerHistoryFeatures } from './handlers/history';
import { ValidationScheduler } from './validation';
import { folderStorage, storageFolderOf } from './keptListsStorage';

// Entry point: wires the connection to the features. `node dist/server.js --stdio` for any LSP
// client; VS Code starts it over IPC. Features live in transport-free modules (core/).

const connection = createConnection(ProposedFeatures.all);
// Node ends a process on an unhandled rejection; one stray failure must not take the editor's
// checks away for the rest of the session. It is logged, so it is seen and fixed.
process.on('unhandledRejection', (reason) => {
  connection.console.error(
    `An unexpected failure was caught; the server goes on: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`,
  );
});
const documents = new TextDocuments(safeTextDocuments);
const settings = new Settings(connection);
// What the user should know about the service, once per environment: a cut list is shown (and
// logged); how a list is read (start/end, incomplete lists) is logged.
const notice = (n: Notice) => {
  if (n.level === 'warning') {
    connection.console.warn(n.message);
    // A notification, not window/showMessageRequest: a client without message boxes (or one
    // that refuses the request) must not turn a warning into a rejected promise.
    void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: n.message });
  } else connection.console.info(n.message);
};
const sessionOptions = () => ({
  timeoutMs: settings.current.requestTimeoutSeconds * 1000,
  network: settings.current.network,
  onNotice: notice,
  maxBodyBytes: maxBodyBytes(process.env['TAS_MAX_BODY_MB']),
});
const logRequest = (e: RequestLogEntry) =>
  connection.console.log(
    `${e.method} ${e.path} ${e.status ?? e.errorKind ?? ''} ${e.durationMs}ms${e.retrying ? ' (retrying)' : ''}`,
  );
/** The editor's storage for this extension (initialize's `storageFolder`): the lists kept for offline use go there. */
let storageFolder: string | undefined;
// The core's front doors, each made in one call with the editor's words and the settings.
const session = createServiceSession({
  words: EDITOR_WORDS,
  sessionOptions,
  onRequest: logRequest,
  cacheTtlMs: () => settings.current.cacheTtlSeconds * 1000,
  finalStates: () => settings.current.finalStates,
  historyExecutions: () => settings.current.historyExecutions,
  onStatus: (p) => void connection.sendNotification(StatusNotification, p),
  // Records files name changed here, or were read again: documents are checked again.
  onListsChanged: () => validation.revalidateAll(),
  // A record an action or read found gone has left the cached lists (files naming it are told at
  // once); it leaves every view of the client too.
  onRecordGone: (record) => {
    validation.revalidateAll();
    void connection.sendNotification(RecordGoneNotification, { record });
  },
  listStorage: folderStorage(() => storageFolder),
  log: (line) => connection.console.info(line),
});
const env = session.environment;
/** Whether the client reports changes of test-case files (workspace/didChangeWatchedFiles). */
let watched = false;
const language = createLanguageService({
  session,
  commands: { chooseCounterpart: CHOOSE_COUNTERPART_COMMAND },
  roots: () => workspaceRoots,
  openDocuments: () => documents.all(),
  watched: () => watched,
  inlayHints: () => settings.current.inlayHints,
});
const sync = createSync({
  session,
  openText: (uri) => documents.get(uri)?.getText(),
  applyEdit: async (uri, edits) =>
    (await connection.workspace.applyEdit({ edit: { changes: { [uri]: edits } } })).applied,
});
const validation = new ValidationScheduler(connection, documents, language, () => settings.current);

let environmentFromClient = false;
/** Whether the client takes a dynamic registration for settings changes. */
let canRegister = false;
let clientCapabilities: ClientCapabilities = {};
/** The workspace folders, for references and workspace symbols over files not opened. */
let workspaceRoots: string[] = [];

/**
 * Whether formatting is registered after initialize, for the test-case files only: a record
 * document is a JSON document the editor's own JSON formatter formats, and a second formatter
 * for it makes the editor ask which one instead of formatting. Editors that take no dynamic
 * registration get formatting for every document they give the server.
 */
let formattingRegistered = false;
const testCaseFilesOnly = { documentSelector: [...TEST_CASE_SELECTOR] };

connection.onInitialize((params): InitializeResult => {
  settings.canPull = params.capabilities.workspace?.configuration === true;
  canRegister = params.capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true;
  clientCapabilities = params.capabilities;
  formattingRegistered =
    params.capabilities.textDocument?.formatting?.dynamicRegistration === true &&
    params.capabilities.textDocument.rangeFormatting?.dynamicRegistration === true;
  workspaceRoots = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
  // Our extension sends the environment itself (tas/setEnvironment); other editors use TAS_*.
  environmentFromClient =
    (params.initializationOptions as { environmentFromClient?: unknown } | undefined)?.environmentFromClient === true;
  storageFolder = storageFolderOf(params.initializationOptions);
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
      completionProvider: { triggerCharacters: ['"', ':', ' '], resolveProvider: false },
      hoverProvider: true,
      codeActionProvider: { codeActionKinds: ['quickfix'] },
      documentLinkProvider: { resolveProvider: false },
      documentFormattingProvider: !formattingRegistered,
      documentRangeFormattingProvider: !formattingRegistered,
      documentSymbolProvider: { label: 'Test Automation' },
      foldingRangeProvider: true,
      selectionRangeProvider: true,
      inlayHintProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      workspaceSymbolProvider: true,
    },
    serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
  };
});

connection.onInitialized(async () => {
  if (formattingRegistered) {
    await Promise.all([
      connection.client.register(DocumentFormattingRequest.type, testCaseFilesOnly),
      connection.client.register(DocumentRangeFormattingRequest.type, testCaseFilesOnly),
    ]).catch((err: unknown) => {
      connection.console.warn(
        `The editor did not take the formatting registration (${err instanceof Error ? err.message : String(err)}); Format Document is not offered.`,
      );
    });
  }
  if (settings.canPull) {
    // Only where the client says it can take it; a refusal must not cost the settings themselves.
    if (canRegister) {
      await connection.client
        .register(DidChangeConfigurationNotification.type, { section: ['tas', 'http'] })
        .catch((err: unknown) => {
          connection.console.warn(
            `The editor did not take the settings-change registration (${err instanceof Error ? err.message : String(err)}); settings are read now and on each change it announces.`,
          );
        });
    }
    if (await settings.pull()) env.reconnect();
    applyFollowerSettings();
  }
  settings.markKnown();
  // After initialize (the first status notification cannot precede its answer) and after the
  // settings: the first token request already goes through the editor's proxy.
  if (!environmentFromClient) env.useProcessEnv(process.env);
  connection.console.info(`${SERVER_NAME} ${SERVER_VERSION} ready (node ${process.version})`);
  // In the background: references and workspace symbols wait for it, diagnostics never do.
  indexWorkspace(clientCapabilities).catch((err: unknown) =>
    connection.console.error(`workspace index failed: ${err instanceof Error ? err.message : String(err)}`),
  );
});

connection.onDidChangeConfiguration(async () => {
  const historyBefore = settings.current.historyExecutions;
  const networkChanged = await settings.pull();
  applyFollowerSettings();
  // Another length of history: read again, as the lenses and views ask again (told: all of it changed).
  if (settings.current.historyExecutions !== historyBefore) {
    session.history.reset();
    void connection.sendNotification(HistoryChangedNotification, { testCaseIds: [] });
  }
  if (networkChanged) env.reconnect();
  else validation.revalidateAll();
});

// Held until the settings are known (notifications keep their order: each waits for the same promise).
connection.onNotification(SetEnvironmentNotification, async ({ environment }) => {
  await settings.known;
  if (!env.set(environment)) session.status.repeat();
  connection.console.info(environment ? `environment: ${environment.name} (${environment.baseUrl})` : 'signed out');
});
function applyFollowerSettings(): void {
  session.setPollInterval(settings.current.pollIntervalMs);
}

// After the session's own listener (the follower drops what it followed in the old environment).
env.onChange(() => {
  validation.revalidateAll();
  recordDocuments.revalidateAll();
  void session.status.probe();
});
connection.onRequest(CheckEnvironmentRequest, async ({ environment }) => {
  await settings.known;
  return session.check(environment);
});

// Fires on open too: the scheduler validates a document it has not seen yet at once.
const recordDocuments = registerRecordDocumentFeatures(connection, documents, {
  session,
  language,
  maxProblems: () => settings.current.maxProblems,
});
documents.onDidChangeContent((e) => (validation.schedule(e.document), recordDocuments.schedule(e.document)));
documents.onDidClose((e) => (validation.forget(e.document.uri), recordDocuments.forget(e.document.uri)));

registerFeatures(connection, documents, { session, language });
registerEditingFeatures(connection, documents, { language, capabilities: () => clientCapabilities });
const indexWorkspace = registerNavigationFeatures(connection, documents, {
  language,
  watched: (taken) => (watched = taken),
});
registerExecutionFeatures(connection, { session });
registerSyncFeatures(connection, { session, sync, revalidate: () => validation.revalidateAll() });
registerRunFeatures(connection, { sync });
registerDeviceFeatures(connection, { session });
registerProjectFeatures(connection, { session });
registerTestCaseFeatures(connection, { session });
registerApiClientFeatures(connection, { session });
registerUserFeatures(connection, { session });
registerHistoryFeatures(connection, { session });

connection.onShutdown(async () => {
  validation.dispose();
  await session.dispose();
});

documents.listen(connection);
connection.listen();
