import type { CancellationToken, Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { type ActionContext, type EnvironmentState, outcome, type Outcome, SIGNED_OUT, SyncEngine } from '../../core';
import { ExportTestCasesRequest, ImportFilesRequest, LinkedCasesRequest, SyncProgressNotification, SyncStatusRequest } from '../../protocol';

// Thin adapters from the sync requests to the transport-free SyncEngine.

/** The LSP cancellation token as an AbortSignal, which the core and the API client understand. */
function toSignal(token: CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

export function registerSyncFeatures(connection: Connection, documents: TextDocuments<TextDocument>, env: EnvironmentState): SyncEngine {
  const engine = new SyncEngine({
    environment: () => env.current,
    openText: (uri) => documents.get(uri)?.getText(),
    applyEdit: async (uri, edits) => (await connection.workspace.applyEdit({ edit: { changes: { [uri]: edits } } })).applied,
  });

  async function act<T>(ctx: ActionContext, needsEnv: boolean, run: () => Promise<T>): Promise<Outcome<T>> {
    if (needsEnv && !env.current) return { ok: false, error: SIGNED_OUT };
    return outcome(ctx, run);
  }
  const progressOf = (operation: string | undefined) =>
    operation === undefined ? undefined : (p: { done: number; total: number; message?: string }) => void connection.sendNotification(SyncProgressNotification, { operation, ...p });

  connection.onRequest(LinkedCasesRequest, ({ uris }) => act({ action: 'read the links of the files' }, false, () => engine.linked(uris)));
  connection.onRequest(SyncStatusRequest, ({ uris }, token) =>
    act({ action: 'compare the files with the service' }, true, () => engine.status(uris.map((uri) => ({ uri })), toSignal(token))),
  );
  connection.onRequest(ImportFilesRequest, ({ uris, decisions, operation }, token) =>
    act({ action: 'import the files', starts: false }, true, () => engine.importFiles({ uris, decisions: decisions ?? {} }, toSignal(token), progressOf(operation))),
  );
  connection.onRequest(ExportTestCasesRequest, ({ operation, ...params }, token) =>
    act({ action: 'export the test cases' }, true, () => engine.exportCases(params, toSignal(token), progressOf(operation))),
  );
  return engine;
}
