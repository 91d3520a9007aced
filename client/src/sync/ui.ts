import { parse } from 'jsonc-parser';
import * as vscode from 'vscode';
import type { SyncDecision } from '../../../server/src/core';
import { askModal } from '../modal';
import type { ServerPort } from '../serverPort';
import type { Environments } from '../environments';
import { environmentNamed } from '../environmentList';
import { SyncLenses } from './codeLens';
import { SyncDocuments } from './documents';
import { diffTitle } from './format';
import type { Question } from './questionFormat';

// SyncUi: what import and export share in the editor, made once with the context.

/** One item the user has to decide about, with what the diff shows. */
export interface Pending {
  key: string;
  uri: vscode.Uri;
  /** Index in a bundle: the diff then compares that item alone. */
  index?: number;
  name: string;
  question: Question;
  serviceText?: string;
}

/** What import and export share in the editor: documents, CodeLens, wording helpers. */
export class SyncUi implements vscode.Disposable {
  readonly documents = new SyncDocuments();
  readonly lenses: SyncLenses;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    readonly server: ServerPort,
    private readonly environments: Environments,
  ) {
    this.lenses = new SyncLenses(server);
    this.disposables.push(this.documents, this.lenses);
  }

  /** An environment the server names by its base URL (a file's home), as the settings name it. */
  environmentNamed(baseUrl: string): string {
    return environmentNamed(this.environments.list(), baseUrl);
  }

  /** The environment as the status bar names it. */
  environment(): string {
    return this.server.environmentLabel();
  }

  /** A file as the user knows it: relative to the workspace when inside it. */
  readonly pathOf = (uri: string): string => {
    const u = vscode.Uri.parse(uri);
    const folder = vscode.workspace.getWorkspaceFolder(u);
    // A workspace folder itself: its name, where asRelativePath would give the full path.
    if (folder && folder.uri.path === u.path.replace(/\/$/, '')) return folder.name;
    return vscode.workspace.asRelativePath(u, false);
  };

  /**
   * Asks about each pending item in turn: its diff first, then a modal question. Dismissing a
   * question (Cancel, Escape) stops asking; what was not decided is left as it is.
   */
  async decide(pending: Pending[]): Promise<{ decisions: Record<string, SyncDecision>; cancelled: boolean }> {
    const decisions: Record<string, SyncDecision> = {};
    for (const p of pending) {
      if (p.question.diff && p.serviceText !== undefined) await this.showDiff(p);
      // The first choice, which Enter takes, loses nothing (see questions.ts).
      const decision = await askModal(p.question);
      if (decision === undefined) return { decisions, cancelled: true };
      decisions[p.key] = decision;
    }
    return { decisions, cancelled: false };
  }

  private async showDiff(p: Pending): Promise<void> {
    const title = diffTitle(p.name, this.environment());
    if (p.index === undefined) return this.documents.diff(p.uri, p.serviceText ?? '', title);
    // A bundle item: both sides show that item alone, as the file holds it (buffer or disk).
    const doc = await vscode.workspace.openTextDocument(p.uri);
    const items: unknown = parse(doc.getText());
    const local: unknown = Array.isArray(items) ? (items as unknown[])[p.index] : undefined;
    const left = this.documents.add(`local-${p.index}.json`, `${JSON.stringify(local ?? null, null, 2)}\n`);
    const right = this.documents.add(`service-${p.index}.json`, p.serviceText ?? '');
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true });
  }

  /** Logs the outcome, shows the summary, and the report on "Show Details". */
  showResult(summary: string, problems: string[], reportName: string, reportText: string): void {
    this.server.log.info(summary);
    for (const p of problems) this.server.log.warn(p);
    const show = problems.length > 0 ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    const message = problems.length === 1 ? `${summary} ${problems[0]!.replace(/^- /, '')}` : summary;
    void show(message, 'Show Details').then((choice) =>
      choice === 'Show Details' ? this.documents.showReport(reportName, reportText) : undefined,
    );
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
