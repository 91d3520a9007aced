import * as vscode from 'vscode';
import { ExportTestCasesRequest, TestCaseChoicesRequest } from '../../../server/src/protocol';
import type { ExportItemResult, ExportReport, SyncDecision, TestCaseChoice } from '../../../server/src/core';
import { ExtensionError } from '../log';
import { ask } from '../serverPort';
import { exportedFile, exportProblems, exportReportText, exportSummary, mergeExportReports } from './format';
import { exportQuestion } from './questionFormat';
import { withSyncProgress } from './progress';
import type { Pending, SyncUi } from './ui';
import { counted } from '../../../server/src/core';

// Export: test cases of the service into workspace files, asking before local work is overwritten.

/** Where an export goes: a folder of `*.testcase.json` files, or one bundle file in it. */
export interface ExportTarget {
  folder: vscode.Uri;
  bundle?: vscode.Uri;
}

const dirtyUris = (): string[] => vscode.workspace.textDocuments.filter((d) => d.isDirty).map((d) => d.uri.toString());

/**
 * Exports test cases. Files the export would overwrite with local work in them come back
 * undecided: each is shown as a diff and asked about; only "Overwrite the file" writes them.
 * With `open`, a single file exported is opened in an editor; `listed`: the ids were picked from the service's list.
 */
export async function exportIds(
  ui: SyncUi,
  ids: number[],
  target: ExportTarget,
  what: string,
  options: { open?: boolean; listed?: boolean } = {},
): Promise<void> {
  const env = ui.environment();
  const where = ui.pathOf((target.bundle ?? target.folder).toString());
  const send = (list: number[], decisions?: Record<string, SyncDecision>) =>
    withSyncProgress(ui.server, `Exporting ${what} from ${env}`, (operation, token) =>
      ask(
        ui.server,
        ExportTestCasesRequest,
        {
          ids: list,
          folder: target.folder.toString(),
          ...(target.bundle && { bundle: target.bundle.toString() }),
          dirtyUris: dirtyUris(),
          ...(decisions && { decisions }),
          ...(options.listed === true && { listed: true }),
          operation,
        },
        token,
      ),
    );
  const first = await send(ids);
  // A bundle's items share its file: one question per file.
  const byFile = new Map<string, ExportItemResult>();
  // References unknown at home are not settled by overwriting: reported, not asked.
  for (const r of first.results)
    if (r.outcome === 'needsDecision' && r.reason !== 'unknownAtHome' && !byFile.has(r.uri)) byFile.set(r.uri, r);
  const files = [...byFile.values()];
  const pending = files.map((r, i): Pending => ({
    key: r.uri,
    uri: vscode.Uri.parse(r.uri),
    name: r.name && !target.bundle ? r.name : ui.pathOf(r.uri),
    question: exportQuestion(r, ui.pathOf(r.uri), env, i + 1, files.length),
    ...(r.serviceText !== undefined && { serviceText: r.serviceText }),
  }));
  const { decisions } = await ui.decide(pending);
  const overwrite = Object.keys(decisions).filter((uri) => decisions[uri] === 'overwriteFile');
  let second: ExportReport | undefined;
  if (overwrite.length > 0) {
    // A bundle is written as a whole; single files only for the cases they hold.
    const again = target.bundle
      ? ids
      : [...new Set(first.results.filter((r) => overwrite.includes(r.uri)).map((r) => r.id))];
    second = await send(again, Object.fromEntries(overwrite.map((uri) => [uri, 'overwriteFile' as const])));
  }
  const report = mergeExportReports(first, second, decisions);
  ui.lenses.refresh();
  const summary = exportSummary(report, where);
  const warnings = report.warnings ?? [];
  const problems = [
    ...warnings.map((w) => `- ${w}`),
    ...exportProblems(report.results).map(
      (r) => `- ${ui.pathOf(r.uri)} (${r.name ?? `test case ${r.id}`}): ${r.message ?? r.outcome}`,
    ),
  ];
  ui.showResult(summary, problems, 'Export report.md', exportReportText(report.results, ui.pathOf, summary, warnings));
  // What was exported is opened when it is one file (one test case, or one bundle).
  const file = options.open ? exportedFile(report.results) : undefined;
  if (file) await vscode.window.showTextDocument(vscode.Uri.parse(file), { preview: false });
}

/** Every test case on the service, read under a progress in the status bar. */
export function testCaseChoices(ui: SyncUi): Thenable<TestCaseChoice[]> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'Reading test cases from the service' },
    () => ask(ui.server, TestCaseChoicesRequest),
  );
}

/** Asks how to export, then where: a folder (unless given), or a bundle file. */
export async function exportTarget(count: number, folder?: vscode.Uri): Promise<ExportTarget | undefined> {
  const files = 'One file per test case';
  const bundle = 'One bundle file with devices and API clients';
  const mode = await vscode.window.showQuickPick(
    [
      { label: files, detail: `${counted(count, '*.testcase.json file')}, named after the test cases` },
      { label: bundle, detail: 'One *.testcases.json file, as the service exports it' },
    ],
    { title: 'Export Test Cases: how', placeHolder: 'Choose how to write the test cases' },
  );
  if (!mode) return undefined;
  const base = folder ?? vscode.workspace.workspaceFolders?.[0]?.uri;
  if (mode.label === files) {
    if (folder) return { folder };
    const picked = await vscode.window.showOpenDialog({
      title: 'Export Test Cases: choose the folder',
      canSelectFiles: false,
      canSelectFolders: true,
      canSelectMany: false,
      openLabel: 'Export Here',
      ...(base && { defaultUri: base }),
    });
    return picked?.[0] ? { folder: picked[0] } : undefined;
  }
  const saved = await vscode.window.showSaveDialog({
    title: 'Export Test Cases: save the bundle',
    saveLabel: 'Export',
    filters: { 'Test case bundles': ['testcases.json'] },
    ...(base && { defaultUri: vscode.Uri.joinPath(base, 'exported.testcases.json') }),
  });
  if (!saved) return undefined;
  // The language server only reads bundles by their `.testcases.json` ending.
  const named = saved.path.endsWith('.testcases.json')
    ? saved
    : saved.with({ path: saved.path.replace(/(\.json)?$/, '.testcases.json') });
  return { folder: vscode.Uri.joinPath(named, '..'), bundle: named };
}

/** The folder an Explorer context menu passes, if any. */
export async function folderArg(arg: unknown): Promise<vscode.Uri | undefined> {
  if (!(arg instanceof vscode.Uri)) return undefined;
  const stat = await vscode.workspace.fs.stat(arg).then(
    (s) => s,
    () => undefined,
  );
  if (!stat) throw new ExtensionError(`${arg.fsPath} cannot be read: choose another folder.`);
  return stat.type & vscode.FileType.Directory ? arg : vscode.Uri.joinPath(arg, '..');
}
