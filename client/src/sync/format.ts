import {
  type ExportItemResult,
  type ExportReport,
  type ImportItemResult,
  type ImportOutcome,
  type NotDoneReason,
  type SyncDecision,
  counted,
} from '../../../server/src/core';

// How import and export read to the user: summaries, the report behind "Show Details", the
// progress line (the questions about undecided files: questionFormat.ts). No `vscode` import, so
// unit tests cover it.

/** Outcomes the user still has to decide. */
export const UNDECIDED_IMPORT: ReadonlySet<ImportOutcome> = new Set(['conflict', 'serviceChanged', 'nameTaken']);

/** The outcomes in the order a summary lists them, with their words. */
const IMPORT_WORDS: [ImportOutcome, string][] = [
  ['created', 'created'],
  ['updated', 'updated'],
  ['unchanged', 'unchanged'],
  ['tookService', "took the service's version"],
  ['conflict', 'not imported (changed on both sides)'],
  ['serviceChanged', 'not imported (changed on the service)'],
  ['nameTaken', 'not imported (name taken)'],
  ['skipped', 'skipped'],
  ['refused', 'refused'],
];

const tally = <T extends string>(outcomes: T[], words: [T, string][]): string[] =>
  words
    .map(([o, w]) => [outcomes.filter((x) => x === o).length, w] as const)
    .filter(([n]) => n > 0)
    .map(([n, w]) => `${n} ${w}`);

/** Why an item was not done, as a summary groups it (the item's message says it in full). */
const NOT_DONE_WORDS: Record<NotDoneReason, string> = {
  notOnService: 'not on the service',
  notInAnswer: "left out of the service's answer",
  unusableRecord: "unusable in the service's answer",
  refusedByService: 'refused by the service',
  notAllowed: 'not allowed',
  serviceFailed: 'the service failed',
  fileProblem: 'a problem with the file',
};

/**
 * A summary's tally: items counted per outcome, and those not done (`notDone`) per why, worded
 * `notDoneWord (why)`: "1 written, 2 not written (unusable in the service's answer)".
 */
function tallyByWhy<T extends string>(
  results: { outcome: T; reason?: string }[],
  words: [T, string][],
  notDone: T,
  notDoneWord: string,
): string[] {
  const key = (r: { outcome: T; reason?: string }): string =>
    r.outcome === notDone && r.reason !== undefined && r.reason in NOT_DONE_WORDS
      ? `${notDone}:${r.reason}`
      : r.outcome;
  const entries = words.flatMap(([o, w]): [string, string][] =>
    o !== notDone
      ? [[o, w]]
      : [
          ...Object.entries(NOT_DONE_WORDS).map(([reason, why]): [string, string] => [
            `${o}:${reason}`,
            `${notDoneWord} (${why})`,
          ]),
          [o, w],
        ],
  );
  return tally(results.map(key), entries);
}

/**
 * "Imported 5 test cases into staging: 2 created, 1 updated, 2 unchanged." When some were not
 * imported it says how many of all were: "Imported 3 of 5 test cases ...".
 */
export function importSummary(results: ImportItemResult[], environment?: string): string {
  if (results.length === 0) return 'Nothing to import: no *.testcase.json or *.testcases.json file was found there.';
  const into = environment ? ` into ${environment}` : '';
  const done = results.filter(
    (r) =>
      r.outcome === 'created' || r.outcome === 'updated' || r.outcome === 'unchanged' || r.outcome === 'tookService',
  ).length;
  const what =
    done === results.length
      ? counted(results.length, 'test case')
      : `${done} of ${counted(results.length, 'test case')}`;
  return `Imported ${what}${into}: ${tallyByWhy(results, IMPORT_WORDS, 'refused', 'not imported').join(', ')}.${renamesSentence(results)}`;
}

/** ` Renamed on the service: "Old" → "New".` for the cases an import renamed (the first three named). */
function renamesSentence(results: ImportItemResult[]): string {
  const renamed = results.filter((r) => r.renamedFrom !== undefined && r.outcome === 'updated');
  if (renamed.length === 0) return '';
  const named = renamed.slice(0, 3).map((r) => `"${r.renamedFrom}" → "${r.name ?? ''}"`);
  return ` Renamed on the service: ${named.join(', ')}${renamed.length > 3 ? ` and ${renamed.length - 3} more` : ''}.`;
}

/** What importing the file does to the service's name, when it gives another: said in every question and report. */
export const renameWords = (r: ImportItemResult): string =>
  r.renamedFrom !== undefined ? `renames "${r.renamedFrom}" to "${r.name ?? ''}" on the service` : '';

const EXPORT_WORDS: [ExportItemResult['outcome'] | 'unknownAtHome', string][] = [
  ['written', 'written'],
  ['unchanged', 'unchanged'],
  ['needsDecision', 'not written (local changes)'],
  ['unknownAtHome', "not written (references unknown in the file's home)"],
  ['skipped', 'skipped'],
  ['failed', 'not written'],
];

/** "Exported 2 test cases: 1 written, 1 unchanged." plus one sentence about secret placeholders. */
export function exportSummary(report: ExportReport, where?: string): string {
  const { results } = report;
  if (results.length === 0) return 'Nothing was exported.';
  const ids = new Set(results.map((r) => r.id)).size;
  const to = where ? ` to ${where}` : '';
  const done = results.filter((r) => r.outcome === 'written' || r.outcome === 'unchanged').length;
  const what =
    done === results.length ? counted(ids, 'test case') : `${done} of ${counted(results.length, 'test case')}`;
  const secrets =
    report.secretsReplaced > 0
      ? ` ${counted(report.secretsReplaced, 'secret value')} ${report.secretsReplaced === 1 ? 'was' : 'were'} written as placeholders; the real values stay on the service.`
      : '';
  // A file held back for references its home does not know is told apart from one with local changes.
  const shown = results.map((r) =>
    r.outcome === 'needsDecision' && r.reason === 'unknownAtHome' ? { ...r, outcome: 'unknownAtHome' as const } : r,
  );
  return `Exported ${what}${to}: ${tallyByWhy(shown, EXPORT_WORDS, 'failed', 'not written').join(', ')}.${secrets}`;
}

/**
 * The export after the questions: files the user kept are `skipped`, files to overwrite take
 * the second pass's outcome, files left undecided (the questions were cancelled) stay as they were.
 * Warnings (ignored links) are said once.
 */
export function mergeExportReports(
  first: ExportReport,
  second: ExportReport | undefined,
  decisions: Record<string, SyncDecision>,
): ExportReport {
  const again = new Map((second?.results ?? []).map((r) => [`${r.uri} ${r.id}`, r]));
  const results = first.results.map((r): ExportItemResult => {
    if (r.outcome !== 'needsDecision') return r;
    const { serviceText: _dropped, ...rest } = r;
    if (decisions[r.uri] === 'skip') return { ...rest, outcome: 'skipped', message: 'Kept as it was, as you chose.' };
    if (decisions[r.uri] === 'overwriteFile') return again.get(`${r.uri} ${r.id}`) ?? rest;
    return rest;
  });
  const warnings = [...new Set([...(first.warnings ?? []), ...(second?.warnings ?? [])])];
  return {
    results,
    secretsReplaced: first.secretsReplaced + (second?.secretsReplaced ?? 0),
    ...(warnings.length > 0 && { warnings }),
  };
}

/**
 * The one file an export wrote (or found already as on the service), to open after it; undefined
 * when it wrote several files or none.
 */
export function exportedFile(results: ExportItemResult[]): string | undefined {
  const files = new Set(results.filter((r) => r.outcome === 'written' || r.outcome === 'unchanged').map((r) => r.uri));
  return files.size === 1 ? [...files][0] : undefined;
}

/** Items that did not go as asked, for the log and the details. */
export const importProblems = (results: ImportItemResult[]): ImportItemResult[] =>
  results.filter((r) => r.outcome === 'refused' || r.outcome === 'skipped' || UNDECIDED_IMPORT.has(r.outcome));
export const exportProblems = (results: ExportItemResult[]): ExportItemResult[] =>
  results.filter((r) => r.outcome === 'failed' || r.outcome === 'skipped' || r.outcome === 'needsDecision');

/** A file as the user knows it: its path relative to the workspace when it is inside. */
export type PathOf = (uri: string) => string;

function row(
  path: string,
  name: string | undefined,
  index: number | undefined,
  what: string,
  message: string | undefined,
): string {
  const item = index !== undefined ? ` item ${index}` : '';
  const named = name ? ` (${name})` : '';
  return `- ${path}${item}${named}: ${what}${message ? `. ${message}` : ''}`;
}

const IMPORT_LABEL: Record<ImportOutcome, string> = {
  created: 'created',
  updated: 'updated',
  unchanged: 'unchanged',
  tookService: "took the service's version",
  conflict: 'not imported, changed on both sides',
  serviceChanged: 'not imported, changed on the service',
  nameTaken: 'not imported, the name is taken',
  skipped: 'skipped',
  refused: 'refused',
};

/** Ignored links and the like, said once at the top of a report. */
const warningLines = (warnings: readonly string[]): string[] =>
  warnings.length > 0 ? ['## Warnings', '', ...warnings.map((w) => `- ${w}`), ''] : [];

/** The report "Show Details" opens: the summary, then the problems, then everything else. */
export function importReportText(
  results: ImportItemResult[],
  pathOf: PathOf,
  summary: string,
  warnings: readonly string[] = [],
): string {
  const problems = importProblems(results);
  const rest = results.filter((r) => !problems.includes(r));
  const renamed = (r: ImportItemResult) =>
    r.renamedFrom !== undefined
      ? `, ${r.outcome === 'updated' ? `renamed from "${r.renamedFrom}"` : renameWords(r).replace(/^renames/, 'importing it renames')}`
      : '';
  const lines = [`# Import to Service`, '', summary, '', ...warningLines(warnings)];
  if (problems.length > 0)
    lines.push(
      '## Not imported',
      '',
      ...problems.map((r) => row(pathOf(r.uri), r.name, r.index, `${IMPORT_LABEL[r.outcome]}${renamed(r)}`, r.message)),
      '',
    );
  // References of another environment sent as this one's records (sync/mapping.ts): each named.
  const mapped = (r: ImportItemResult) =>
    r.mappings && r.mappings.length > 0 ? `, references mapped: ${r.mappings.join(', ')}` : '';
  if (rest.length > 0)
    lines.push(
      '## Imported',
      '',
      ...rest.map((r) =>
        row(
          pathOf(r.uri),
          r.name,
          r.index,
          `${IMPORT_LABEL[r.outcome]}${r.id !== undefined ? ` (id ${r.id})` : ''}${renamed(r)}${mapped(r)}`,
          undefined,
        ),
      ),
      '',
    );
  return lines.join('\n');
}

const EXPORT_LABEL: Record<ExportItemResult['outcome'], string> = {
  written: 'written',
  unchanged: 'unchanged',
  needsDecision: 'kept as it was',
  skipped: 'kept as it was',
  failed: 'not written',
};

export function exportReportText(
  results: ExportItemResult[],
  pathOf: PathOf,
  summary: string,
  warnings: readonly string[] = [],
): string {
  const problems = exportProblems(results);
  const rest = results.filter((r) => !problems.includes(r));
  const lines = [`# Export from Service`, '', summary, '', ...warningLines(warnings)];
  const label = (r: ExportItemResult) => `${r.name ?? `test case ${r.id}`} (id ${r.id})`;
  if (problems.length > 0)
    lines.push(
      '## Not written',
      '',
      ...problems.map((r) => row(pathOf(r.uri), label(r), r.index, EXPORT_LABEL[r.outcome], r.message)),
      '',
    );
  if (rest.length > 0)
    lines.push(
      '## Exported',
      '',
      ...rest.map((r) => row(pathOf(r.uri), label(r), r.index, EXPORT_LABEL[r.outcome], undefined)),
      '',
    );
  return lines.join('\n');
}

/** The diff editor's title: "Voice call MO: local ↔ service (staging)". */
export function diffTitle(name: string, environment: string): string {
  return `${name}: local ↔ service (${environment})`;
}

/** The progress line: "Importing: 120 of 1,000". */
export function progressText(p: { done: number; total: number; message?: string }): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `${p.message ?? 'Working'}: ${n(p.done)} of ${n(p.total)}`;
}
