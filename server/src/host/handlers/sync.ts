import type { CancellationToken, Connection } from 'vscode-languageserver/node';
import type { ServiceSession, Sync } from '../../core';
import {
  ChooseCounterpartRequest,
  CopyTestCasesRequest,
  ExportTestCasesRequest,
  ImportFilesRequest,
  LinkedCasesRequest,
  SyncProgressNotification,
  SyncStatusRequest,
} from '../../protocol';

// Thin adapters from the sync requests to the sync façade.

/** The LSP cancellation token as an AbortSignal, which the core and the API client understand. */
function toSignal(token: CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

export function registerSyncFeatures(
  connection: Connection,
  s: { session: ServiceSession; sync: Sync; revalidate: () => void },
): void {
  const engine = s.sync.engine;
  const progressOf = (operation: string | undefined) =>
    operation === undefined
      ? undefined
      : (p: { done: number; total: number; message?: string }) =>
          void connection.sendNotification(SyncProgressNotification, { operation, ...p });

  // The links come from the sync state alone: they need no environment. The rest read the service
  // (SyncEngine finds the environment itself; act only checks that there is one).
  connection.onRequest(LinkedCasesRequest, ({ uris }) => s.sync.linked(uris));
  connection.onRequest(SyncStatusRequest, ({ uris }, token) =>
    s.session.act({ action: 'compare the files with the service' }, () =>
      engine.status(
        uris.map((uri) => ({ uri })),
        toSignal(token),
      ),
    ),
  );
  connection.onRequest(ImportFilesRequest, ({ uris, decisions, operation, map, remember, confirmMappings }, token) =>
    s.session.act({ action: 'import the files', starts: false }, () =>
      engine.importFiles(
        {
          uris,
          decisions: decisions ?? {},
          ...(map && { map }),
          remember: remember === true,
          confirmMappings: confirmMappings === true,
        },
        toSignal(token),
        progressOf(operation),
      ),
    ),
  );
  connection.onRequest(ChooseCounterpartRequest, (choice) =>
    s.session.act({ action: 'keep the counterpart' }, async () => {
      await engine.rememberCounterpart(choice);
      s.revalidate();
    }),
  );
  // The target gets a client of its own for this copy; the active environment is untouched.
  connection.onRequest(CopyTestCasesRequest, ({ ids, target, operation, ...options }, token) =>
    s.session.act({ action: `copy the test cases to ${target.name}`, starts: false }, (active) =>
      s.sync.copyTo(active, target, ids, {
        ...options,
        signal: toSignal(token),
        ...(operation !== undefined && { progress: progressOf(operation)! }),
      }),
    ),
  );
  connection.onRequest(ExportTestCasesRequest, ({ operation, ...params }, token) =>
    s.session.act({ action: 'export the test cases' }, () =>
      engine.exportCases(params, toSignal(token), progressOf(operation)),
    ),
  );
}
