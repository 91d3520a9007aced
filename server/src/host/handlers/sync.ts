import type { CancellationToken, Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { copyTestCases, envKey, type EnvironmentState, outcome, type ReferenceCache, type SyncReferenceKind, SyncEngine, type TasClient } from '../../core';
import { ChooseCounterpartRequest, CopyTestCasesRequest, ExportTestCasesRequest, ImportFilesRequest, LinkedCasesRequest, SyncProgressNotification, SyncStatusRequest } from '../../protocol';
import { act } from './outcome';
import { EDITOR_WORDS } from '../words';

// Thin adapters from the sync requests to the transport-free SyncEngine.

/** The LSP cancellation token as an AbortSignal, which the core and the API client understand. */
function toSignal(token: CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

export function registerSyncFeatures(connection: Connection, documents: TextDocuments<TextDocument>, env: EnvironmentState, refs: ReferenceCache, revalidate: () => void): SyncEngine {
  // Mapping references reads the lists the reference checks already cache (no request of its own),
  // while the cache is still the run's environment's: after a switch the run reads its own.
  const lists = (client: TasClient) => (kind: SyncReferenceKind) =>
    env.current?.client !== client ? undefined : kind === 'device' ? refs.devices() : kind === 'traceFilter' ? refs.traceFilters() : refs.apiClients();
  const engine = new SyncEngine({
    environment: () => env.current,
    openText: (uri) => documents.get(uri)?.getText(),
    applyEdit: async (uri, edits) => (await connection.workspace.applyEdit({ edit: { changes: { [uri]: edits } } })).applied,
    lists,
    words: EDITOR_WORDS,
  });

  const progressOf = (operation: string | undefined) =>
    operation === undefined ? undefined : (p: { done: number; total: number; message?: string }) => void connection.sendNotification(SyncProgressNotification, { operation, ...p });

  // The links come from the sync state alone: they need no environment. The rest read the service
  // (SyncEngine finds the environment itself; act only checks that there is one).
  connection.onRequest(LinkedCasesRequest, ({ uris }) => outcome({ action: 'read the links of the files' }, () => engine.linked(uris), EDITOR_WORDS));
  connection.onRequest(SyncStatusRequest, ({ uris }, token) =>
    act(env, { action: 'compare the files with the service' }, () => engine.status(uris.map((uri) => ({ uri })), toSignal(token))),
  );
  connection.onRequest(ImportFilesRequest, ({ uris, decisions, operation, map, remember, confirmMappings }, token) =>
    act(env, { action: 'import the files', starts: false }, () =>
      engine.importFiles({ uris, decisions: decisions ?? {}, ...(map && { map }), remember: remember === true, confirmMappings: confirmMappings === true }, toSignal(token), progressOf(operation)),
    ),
  );
  connection.onRequest(ChooseCounterpartRequest, (choice) =>
    act(env, { action: 'keep the counterpart' }, async () => {
      await engine.rememberCounterpart(choice);
      revalidate();
    }),
  );
  // The target gets a client of its own for this copy; the active environment is untouched.
  connection.onRequest(CopyTestCasesRequest, ({ ids, target, operation, ...options }, token) =>
    act(env, { action: `copy the test cases to ${target.name}`, starts: false }, (active) =>
      env.withClientOf(target, (client) =>
        copyTestCases({ client: active.client, env: envKey(active.baseUrl), name: active.name, lists: lists(active.client) }, { client, env: envKey(target.baseUrl), name: target.name }, ids, {
          ...options,
          signal: toSignal(token),
          words: EDITOR_WORDS,
          ...(operation !== undefined && { progress: progressOf(operation)! }),
        }),
      ),
    ),
  );
  connection.onRequest(ExportTestCasesRequest, ({ operation, ...params }, token) =>
    act(env, { action: 'export the test cases' }, () => engine.exportCases(params, toSignal(token), progressOf(operation))),
  );
  return engine;
}
