import { parseTree } from 'jsonc-parser';
import * as vscode from 'vscode';
import { LinkedCasesRequest } from '../../../server/src/protocol';
import { ask, type ServerPort } from '../serverPort';
import { lensPlan } from './lensPlan';

/**
 * CodeLens over test-case files: Run, Import to Service, and Refresh from Service when the file is
 * linked in the current environment. Links come from the server's sync state (no service request).
 */
export class SyncLenses implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly server: Pick<ServerPort, 'client' | 'onConnectionChanged'>) {
    this.disposables.push(
      this.changed,
      vscode.languages.registerCodeLensProvider(
        [
          { scheme: 'file', pattern: '**/*.testcase.json' },
          { scheme: 'file', pattern: '**/*.testcases.json' },
        ],
        this,
      ),
      // Links differ per environment, and an import or a save can add one.
      server.onConnectionChanged(() => this.refresh()),
      vscode.workspace.onDidSaveTextDocument(() => this.refresh()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('tas.codeLens.enabled')) this.refresh();
      }),
    );
  }

  refresh(): void {
    this.changed.fire();
  }

  async provideCodeLenses(doc: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.CodeLens[]> {
    if (!vscode.workspace.getConfiguration('tas').get<boolean>('codeLens.enabled', true)) return [];
    const bundle = doc.uri.path.endsWith('.testcases.json');
    const tree = parseTree(doc.getText());
    const items =
      bundle && tree?.type === 'array' ? (tree.children ?? []).map((n, index) => ({ index, offset: n.offset })) : [];
    let linked: { index?: number; id: number }[] = [];
    try {
      linked = await ask(this.server, LinkedCasesRequest, { uris: [doc.uri.toString()] });
    } catch {
      // No server or no environment: no link to show, the other lenses still work.
    }
    if (token.isCancellationRequested) return [];
    return lensPlan(bundle, items, linked).map(
      (l) =>
        new vscode.CodeLens(doc.lineAt(doc.positionAt(l.offset).line).range, {
          title: l.title,
          command: l.command,
          arguments: l.index === undefined ? [doc.uri] : [doc.uri, l.index],
          tooltip: l.tooltip,
        }),
    );
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
