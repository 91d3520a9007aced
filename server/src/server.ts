import {
  createConnection,
  DidChangeConfigurationNotification,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { warmUpSchemas } from './core/schemaValidation';
import { registerFeatures } from './handlers';
import { SERVER_NAME, SERVER_VERSION, SetEnvironmentNotification } from './protocol';
import { safeTextDocuments } from './services/documents';
import { EnvironmentState } from './services/environment';
import { ReferenceCache } from './services/referenceCache';
import { Settings } from './services/settings';
import { ValidationScheduler } from './services/validation';

// Entry point: wires the connection to the features. `node dist/server.js --stdio` for any LSP
// client; VS Code starts it over IPC. Features live in transport-free modules (core/).

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(safeTextDocuments);
const settings = new Settings(connection);
const env = new EnvironmentState(
  () => ({ timeoutMs: settings.current.requestTimeoutSeconds * 1000, network: settings.current.network }),
  (e) => connection.console.log(`${e.method} ${e.path} ${e.status ?? e.errorKind ?? ''} ${e.durationMs}ms${e.retrying ? ' (retrying)' : ''}`),
);
const refs = new ReferenceCache(env, () => settings.current.cacheTtlSeconds * 1000);
const validation = new ValidationScheduler(connection, documents, refs, env, () => settings.current);

let environmentFromClient = false;

connection.onInitialize((params): InitializeResult => {
  settings.canPull = params.capabilities.workspace?.configuration === true;
  // Our extension sends the environment itself (tas/setEnvironment); other editors use TAS_*.
  environmentFromClient = (params.initializationOptions as { environmentFromClient?: unknown } | undefined)?.environmentFromClient === true;
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
      completionProvider: { triggerCharacters: ['"', ':', ' '], resolveProvider: false },
      hoverProvider: true,
      codeActionProvider: { codeActionKinds: ['quickfix'] },
      documentLinkProvider: { resolveProvider: false },
    },
    serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
  };
});

connection.onInitialized(async () => {
  // After initialize, so the first status notification cannot precede its answer.
  if (!environmentFromClient) env.useProcessEnv(process.env);
  if (settings.canPull) {
    await connection.client.register(DidChangeConfigurationNotification.type, { section: ['tas', 'http'] });
    if (await settings.pull()) env.reconnect();
  }
  connection.console.info(`${SERVER_NAME} ${SERVER_VERSION} ready (node ${process.version})`);
  // Off the initialize path: the first document then need not wait for schema compilation.
  setImmediate(warmUpSchemas);
});

connection.onDidChangeConfiguration(async () => {
  const networkChanged = await settings.pull();
  if (networkChanged) env.reconnect();
  else validation.revalidateAll();
});

connection.onNotification(SetEnvironmentNotification, ({ environment }) => {
  env.set(environment);
  connection.console.info(environment ? `environment: ${environment.name} (${environment.baseUrl})` : 'signed out');
});
env.onChange(() => {
  validation.revalidateAll();
  void validation.probe();
});

// Fires on open too: the scheduler validates a document it has not seen yet at once.
documents.onDidChangeContent((e) => validation.schedule(e.document));
documents.onDidClose((e) => validation.forget(e.document.uri));

registerFeatures(connection, documents, { refs, env, validation });

connection.onShutdown(async () => {
  validation.dispose();
  await env.dispose();
});

documents.listen(connection);
connection.listen();
