import * as vscode from 'vscode';
import { HistoryDocumentRequest } from '../../../server/src/protocol';
import { ask, type ServerPort } from '../serverPort';
import { addressId } from './addressId';

// The history as a read-only document (`tas-history:`): one test case's runs, flaky and suspect
// marks, or every test case's that ran. Opened from a test case's CodeLens, the Test Cases view
// or the palette; an open one is read again when the follower reads new executions of its cases.

export const HISTORY_SCHEME = 'tas-history';

/** The address of one test case's history, or every test case's (`ids` absent). */
export function historyUri(id?: number): vscode.Uri {
  return id === undefined
    ? vscode.Uri.from({ scheme: HISTORY_SCHEME, path: '/History of the test cases.txt' })
    : vscode.Uri.from({ scheme: HISTORY_SCHEME, path: `/History of test case ${id}.txt`, query: `id=${id}` });
}

export class HistoryDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly server: Pick<ServerPort, 'client' | 'onHistoryChanged'>) {
    this.disposables.push(
      this.changed,
      vscode.workspace.registerTextDocumentContentProvider(HISTORY_SCHEME, this),
      server.onHistoryChanged((ids) => {
        for (const doc of vscode.workspace.textDocuments) {
          if (doc.uri.scheme !== HISTORY_SCHEME) continue;
          const id = addressId(doc.uri);
          // None named: the whole history changed.
          if (id === undefined || ids.length === 0 || ids.includes(id)) this.changed.fire(doc.uri);
        }
      }),
    );
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const id = addressId(uri);
    try {
      return (await ask(this.server, HistoryDocumentRequest, id === undefined ? {} : { testCaseIds: [id] })).text;
    } catch (err) {
      const what = id === undefined ? 'the history' : `the history of test case ${id}`;
      return `Could not read ${what} from the service:\n${err instanceof Error ? err.message : String(err)}\n`;
    }
  }

  async open(id?: number): Promise<void> {
    const doc = await vscode.workspace.openTextDocument(historyUri(id));
    await vscode.window.showTextDocument(doc, { preview: true });
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
