import { parseTree } from 'jsonc-parser';
import * as vscode from 'vscode';
import { HistoryCasesRequest, LinkedCasesRequest } from '../../../server/src/protocol';
import { ask, type ServerPort } from '../serverPort';
import { type LensHistory, lensPlan } from './lensPlan';

/**
 * CodeLens over test-case files: Run, Import to Service, and Refresh from Service when the file is
 * linked in the current environment. Links come from the server's sync state (no service request).
 * A linked test case's history line follows, from the server's history (kept current by the
 * follower; its changes refresh the lenses).
 */
export class SyncLenses implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly server: Pick<ServerPort, 'client' | 'onConnectionChanged' | 'onHistoryChanged'>) {
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
      server.onHistoryChanged(() => this.refresh()),
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
    let linked: { index?: number; id: number; updated?: string }[] = [];
    try {
      linked = await ask(this.server, LinkedCasesRequest, { uris: [doc.uri.toString()] });
    } catch {
      // No server or no environment: no link to show, the other lenses still work.
    }
    const history = await this.history(linked);
    if (token.isCancellationRequested) return [];
    return lensPlan(bundle, items, linked, history).map(
      (l) =>
        new vscode.CodeLens(doc.lineAt(doc.positionAt(l.offset).line).range, {
          title: l.title,
          command: l.command,
          arguments:
            l.testCaseId !== undefined ? [l.testCaseId] : l.index === undefined ? [doc.uri] : [doc.uri, l.index],
          tooltip: l.tooltip,
        }),
    );
  }

  /** The history lines of the linked test cases; none when it cannot be read (the other lenses stay). */
  private async history(linked: { index?: number; id: number; updated?: string }[]): Promise<LensHistory[]> {
    if (linked.length === 0) return [];
    try {
      const shown = await ask(this.server, HistoryCasesRequest, {
        testCaseIds: [...new Set(linked.map((l) => l.id))],
        links: linked.map((l) => ({ id: l.id, ...(l.updated !== undefined && { updated: l.updated }) })),
      });
      return linked.flatMap((l) => {
        const h = shown.cases.find((c) => c.testCaseId === l.id);
        return h ? [{ ...(l.index !== undefined && { index: l.index }), testCaseId: l.id, line: h.line }] : [];
      });
    } catch {
      return [];
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
