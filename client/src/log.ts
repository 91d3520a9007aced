import * as vscode from 'vscode';
import { plainMessage } from './connectionText';

/** Error with the context a user needs; `showError` shows it once and logs it. */
export class ExtensionError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ExtensionError';
  }
}

/** Logs an error to the channel and shows it to the user once, with a way to the log. */
export async function showError(log: vscode.LogOutputChannel, err: unknown): Promise<void> {
  const message = plainMessage(err);
  log.error(err instanceof Error ? err : message);
  const choice = await vscode.window.showErrorMessage(message, 'Show Log');
  if (choice === 'Show Log') log.show(true);
}
