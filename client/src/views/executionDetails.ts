import * as vscode from 'vscode';
import { ExecutionDetailsRequest } from '../../../server/src/protocol';
import { ask, type RequestPort } from '../serverPort';
import type { FollowedExecutions } from './followedExecutions';
import { addressId } from './addressId';

export const DETAILS_SCHEME = 'tas-execution';
const LANGUAGE = 'tas-execution-log';

export function detailsUri(id: number): vscode.Uri {
  return vscode.Uri.from({ scheme: DETAILS_SCHEME, path: `/Execution ${id}.log`, query: `id=${id}` });
}

/**
 * Read-only details of an execution (summary, log, record), highlighted by the execution-log
 * grammar. While it runs, the follower's reports update the open document.
 */
export class ExecutionDetails implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly requests: RequestPort,
    followed: FollowedExecutions,
  ) {
    this.disposables.push(
      this.changed,
      vscode.workspace.registerTextDocumentContentProvider(DETAILS_SCHEME, this),
      // Opened by its address alone (vscode.open, a restored tab), the ".log" name gives it the
      // plain Log language, where the colour-decorator default of the execution-log language does
      // not apply and "#015" shows a swatch: every details document gets its own language.
      vscode.workspace.onDidOpenTextDocument((doc) => {
        if (doc.uri.scheme === DETAILS_SCHEME && doc.languageId !== LANGUAGE)
          void vscode.languages.setTextDocumentLanguage(doc, LANGUAGE);
      }),
      followed.onDidChange(({ changed }) => {
        const open = new Set(
          vscode.workspace.textDocuments.filter((d) => d.uri.scheme === DETAILS_SCHEME).map((d) => d.uri.toString()),
        );
        for (const e of changed) {
          const uri = detailsUri(e.id);
          if (open.has(uri.toString())) this.changed.fire(uri);
        }
      }),
    );
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const id = addressId(uri);
    if (id === undefined) return `Not an execution address: ${uri.toString()}\n`;
    try {
      return (await ask(this.requests, ExecutionDetailsRequest, { id })).text;
    } catch (err) {
      return `Could not read execution ${id} from the service:\n${err instanceof Error ? err.message : String(err)}\n`;
    }
  }

  async open(id: number): Promise<void> {
    const doc = await vscode.workspace.openTextDocument(detailsUri(id));
    if (doc.languageId !== LANGUAGE) await vscode.languages.setTextDocumentLanguage(doc, LANGUAGE);
    await vscode.window.showTextDocument(doc, { preview: true });
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
