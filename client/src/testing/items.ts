import * as vscode from 'vscode';
import type { LocalCaseRef } from '../../../server/src/core';
import { casesIn } from './cases';

// Test items for the workspace's test-case files: one per `*.testcase.json`, and one per case of a
// `*.testcases.json` bundle (its children, read when the bundle is expanded or run). Items follow
// the files on disk and the text of open editors; a change makes the item's results stale.

export const GLOBS = ['**/*.testcase.json', '**/*.testcases.json'] as const;
const EXCLUDE = '**/node_modules/**';

const isBundle = (uri: vscode.Uri) => uri.path.toLowerCase().endsWith('.testcases.json');
const isCaseFile = (uri: vscode.Uri) => isBundle(uri) || uri.path.toLowerCase().endsWith('.testcase.json');

/** The file (and bundle index) an item stands for; ids are the file's uri, `#<index>` for a bundle's case. */
export function refOf(item: vscode.TestItem): LocalCaseRef | undefined {
  const m = /^(.*)#(\d+)$/.exec(item.id);
  if (m) return { uri: m[1]!, index: Number(m[2]) };
  return item.uri ? { uri: item.id } : undefined;
}

export class TestFiles implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private discovered: Promise<void> | undefined;

  constructor(private readonly controller: vscode.TestController) {
    controller.resolveHandler = async (item) => {
      if (!item) await this.discover();
      else await this.readCases(item);
    };
    for (const glob of GLOBS) {
      const watcher = vscode.workspace.createFileSystemWatcher(glob);
      this.disposables.push(
        watcher,
        watcher.onDidCreate((uri) => this.fileItem(uri)),
        watcher.onDidChange((uri) => void this.changed(uri)),
        watcher.onDidDelete((uri) => controller.items.delete(uri.toString())),
      );
    }
    this.disposables.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0 && isCaseFile(e.document.uri)) void this.changed(e.document.uri);
      }),
      vscode.workspace.onDidOpenTextDocument((d) => {
        if (isCaseFile(d.uri) && d.uri.scheme === 'file') void this.readCases(this.fileItem(d.uri));
      }),
    );
  }

  /** Every test-case file of the workspace, once; later changes come from the watchers. */
  discover(): Promise<void> {
    this.discovered ??= (async () => {
      for (const glob of GLOBS) for (const uri of await vscode.workspace.findFiles(glob, EXCLUDE)) this.fileItem(uri);
    })();
    return this.discovered;
  }

  /** Every file item (discovered first). */
  async all(): Promise<vscode.TestItem[]> {
    await this.discover();
    const out: vscode.TestItem[] = [];
    this.controller.items.forEach((i) => out.push(i));
    return out;
  }

  /** The item of a file, or of one case of a bundle (created when missing). */
  async item(uri: vscode.Uri, index?: number): Promise<vscode.TestItem | undefined> {
    const file = this.fileItem(uri);
    if (index === undefined) return file;
    await this.readCases(file);
    return file.children.get(`${file.id}#${index}`);
  }

  /** What an item runs: a single file is one case, a bundle each of its cases. */
  async leaves(item: vscode.TestItem): Promise<vscode.TestItem[]> {
    if (refOf(item)?.index !== undefined || !item.uri || !isBundle(item.uri)) return [item];
    await this.readCases(item);
    const out: vscode.TestItem[] = [];
    item.children.forEach((c) => out.push(c));
    return out;
  }

  fileItem(uri: vscode.Uri): vscode.TestItem {
    const id = uri.toString();
    const known = this.controller.items.get(id);
    if (known) return known;
    const item = this.controller.createTestItem(id, uri.path.split('/').pop() ?? id, uri);
    // The folder within the workspace, when the file is not at its top.
    const relative = vscode.workspace.asRelativePath(uri, false);
    if (relative.includes('/') && relative !== uri.fsPath) item.description = relative.replace(/\/[^/]*$/, '');
    item.canResolveChildren = isBundle(uri);
    this.controller.items.add(item);
    return item;
  }

  private async changed(uri: vscode.Uri): Promise<void> {
    const item = this.controller.items.get(uri.toString());
    if (!item) return;
    this.controller.invalidateTestResults(item);
    if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString()) || item.children.size > 0)
      await this.readCases(item);
  }

  /** Reads a file's cases (the open editor's text when it is open): names, ranges, a bundle's children. */
  private async readCases(item: vscode.TestItem): Promise<void> {
    const uri = item.uri;
    if (!uri) return;
    let doc: vscode.TextDocument;
    try {
      doc = await vscode.workspace.openTextDocument(uri);
    } catch {
      return; // Deleted meanwhile: the watcher removes it.
    }
    const cases = casesIn(doc.getText(), isBundle(uri));
    const range = (c: { start: number; end: number }) =>
      new vscode.Range(doc.positionAt(c.start), doc.positionAt(c.start));
    if (!isBundle(uri)) {
      // Labelled by its file name, as in the Explorer; the range puts the run button on the object.
      const c = cases[0];
      item.range = c ? range(c) : undefined;
      return;
    }
    item.range = new vscode.Range(0, 0, 0, 0);
    item.children.replace(
      cases.map((c) => {
        const child = this.controller.createTestItem(
          `${item.id}#${c.index ?? 0}`,
          c.name ?? `Test case ${(c.index ?? 0) + 1}`,
          uri,
        );
        child.range = range(c);
        return child;
      }),
    );
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
