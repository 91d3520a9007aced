import * as vscode from 'vscode';
import type { ServerPort } from '../serverPort';
import { progressText } from './format';

let operations = 0;

/**
 * Runs an import or export under a cancellable notification. The server reports progress under
 * the operation id given to `run`; cancelling cancels the request, and the server then answers
 * with what it did (the rest reported as skipped).
 */
export function withSyncProgress<T>(
  server: Pick<ServerPort, 'onSyncProgress'>,
  title: string,
  run: (operation: string, token: vscode.CancellationToken) => Promise<T>,
): Thenable<T> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token) => {
      const operation = `sync-${process.pid}-${++operations}`;
      const sub = server.onSyncProgress((p) => {
        if (p.operation === operation) progress.report({ message: progressText(p) });
      });
      try {
        return await run(operation, token);
      } finally {
        sub.dispose();
      }
    },
  );
}
