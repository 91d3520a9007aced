import * as vscode from 'vscode';

// What a person just did, confirmed without a notification: VS Code's UX guidelines keep those
// for news and decisions, and the view the action changed already shows the change. A message in
// the status bar that goes by itself, and the same line in the log, where it stays.

/** How long a confirmation stays in the status bar. */
const SHOWN_MS = 6000;

export function confirmDone(log: vscode.LogOutputChannel, text: string): void {
  log.info(text);
  vscode.window.setStatusBarMessage(`$(check) ${text}`, SHOWN_MS);
}
