import * as vscode from 'vscode';
import { ImportFilesRequest } from '../../../server/src/protocol';
import {
  caseKey,
  mergeImportResults,
  type ImportReport,
  type RefChoices,
  type SyncDecision,
} from '../../../server/src/core';
import { askModal } from '../modal';
import { mappingPreviewQuestion } from '../questions';
import { pickCounterparts } from './counterparts';
import { distinctUnmapped, previewLines } from './mappingFormat';
import { ask } from '../serverPort';
import { importProblems, importReportText, importSummary, UNDECIDED_IMPORT } from './format';
import { importQuestion, leftAsTheyAre } from './questionFormat';
import { withSyncProgress } from './progress';
import type { Pending, SyncUi } from './ui';

// Import: workspace files into the service, asking about what the server leaves undecided.

/** At most this many rounds of questions: "link to existing" may turn into a conflict once. */
const ROUNDS = 3;

/**
 * Imports files or folders into the current environment. What the server leaves undecided is
 * shown as a diff and asked about; the decisions go back in one more request for those files.
 */
export async function importUris(ui: SyncUi, uris: vscode.Uri[]): Promise<void> {
  const env = ui.environment();
  const what = uris.length === 1 ? ui.pathOf(uris[0]!.toString()) : `${uris.length} files and folders`;
  let map: RefChoices = {};
  const send = (
    list: string[],
    decisions?: Record<string, SyncDecision>,
    confirmMappings = false,
    choices: RefChoices = map,
  ) =>
    withSyncProgress(ui.server, `Importing ${what} into ${env}`, (operation, token) =>
      ask(
        ui.server,
        ImportFilesRequest,
        { uris: list, ...(decisions && { decisions }), operation, map: choices, remember: true, confirmMappings },
        token,
      ),
    );
  const all = uris.map((u) => u.toString());
  // References of another environment: counterparts picked, every mapping previewed, then sent.
  let first = await send(all, undefined, true);
  if (first.needsConfirmation) {
    const settled = await settleMappings(ui, first, env, map, (choices) => send(all, undefined, true, choices));
    if (!settled) return;
    map = settled;
    first = await send(all);
  }
  let results = first.results;
  const warnings = first.warnings ?? [];
  const asked = new Set<string>();
  for (let round = 0; round < ROUNDS; round++) {
    const undecided = results.filter(
      (r) => UNDECIDED_IMPORT.has(r.outcome) && !asked.has(`${caseKey(r.uri, r.index)} ${r.outcome}`),
    );
    if (undecided.length === 0) break;
    for (const r of undecided) asked.add(`${caseKey(r.uri, r.index)} ${r.outcome}`);
    const pending = undecided.map((r, i): Pending => ({
      key: caseKey(r.uri, r.index),
      uri: vscode.Uri.parse(r.uri),
      ...(r.index !== undefined && { index: r.index }),
      name: r.name ?? ui.pathOf(r.uri),
      question: importQuestion(r, ui.pathOf(r.uri), env, i + 1, undecided.length)!,
      ...(r.serviceText !== undefined && { serviceText: r.serviceText }),
    }));
    const { decisions: all, cancelled } = await ui.decide(pending);
    // What the user left as it is needs no request: only the other decisions are sent.
    results = leftAsTheyAre(results, all);
    const decisions = Object.fromEntries(Object.entries(all).filter(([, d]) => d !== 'skip'));
    const decided = new Set(Object.keys(decisions));
    if (decided.size > 0) {
      // Only the decided files go again; other items of the same bundles are skipped, so nothing
      // already sent (or lost on the way) is sent a second time.
      const files = [...new Set(results.filter((r) => decided.has(caseKey(r.uri, r.index))).map((r) => r.uri))];
      const all = { ...decisions };
      for (const r of results)
        if (files.includes(r.uri) && !decided.has(caseKey(r.uri, r.index))) all[caseKey(r.uri, r.index)] = 'skip';
      results = mergeImportResults(results, (await send(files, all)).results, decisions);
    }
    if (cancelled) break;
  }
  ui.lenses.refresh();
  const summary = importSummary(results, env);
  const problems = [
    ...warnings.map((w) => `- ${w}`),
    ...importProblems(results).map(
      (r) => `- ${ui.pathOf(r.uri)}${r.index !== undefined ? ` item ${r.index}` : ''}: ${r.message ?? r.outcome}`,
    ),
  ];
  ui.showResult(summary, problems, 'Import report.md', importReportText(results, ui.pathOf, summary, warnings));
}

/** At most this many previews of an import that maps references. */
const MAPPING_ROUNDS = 3;

/**
 * The counterparts of references with none (or two) picked, then every mapping shown: the
 * choices to send, or undefined when the person stopped (nothing was sent).
 */
async function settleMappings(
  ui: SyncUi,
  report: ImportReport,
  env: string,
  start: RefChoices,
  again: (choices: RefChoices) => Thenable<ImportReport>,
): Promise<RefChoices | undefined> {
  let map = start;
  let preview = report;
  const asked = new Set<string>();
  for (let round = 0; round < MAPPING_ROUNDS; round++) {
    const open = distinctUnmapped(preview.results).filter((u) => !asked.has(`${u.kind}:${u.id}`));
    if (open.length === 0) break;
    for (const u of open) asked.add(`${u.kind}:${u.id}`);
    const named = open.map((u) => (u.home === undefined ? u : { ...u, home: ui.environmentNamed(u.home) }));
    const picks = await pickCounterparts(named, "the files' home environment", env, map);
    map = picks.choices;
    if (picks.picked > 0) preview = await again(map);
    if (picks.stopped) break;
  }
  const lines = previewLines(
    preview.results.map((r) => ({
      ...r,
      label: `${ui.pathOf(r.uri)}${r.index !== undefined ? ` item ${r.index}` : ''}`,
    })),
  );
  const question = mappingPreviewQuestion(
    `Import into ${env} with references mapped to its records?`,
    lines.join('\n'),
    'Import',
  );
  return (await askModal(question, 'info')) === true ? map : undefined;
}

const isUri = (x: unknown): x is vscode.Uri => x instanceof vscode.Uri;

/**
 * What Import to Service acts on: the Explorer's selection (files and folders), the resource it
 * was invoked on (editor title, CodeLens), else the active editor's file.
 */
export function importTargets(args: unknown[]): vscode.Uri[] {
  const [first, second] = args;
  if (Array.isArray(second) && second.some(isUri)) return second.filter(isUri);
  if (isUri(first)) return [first];
  const active = vscode.window.activeTextEditor?.document.uri;
  return active && /\.testcases?\.json$/.test(active.path) ? [active] : [];
}
