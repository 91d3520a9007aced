import { clockTime } from '../base/timeWords';
import type { CaseHistory, HistoryReport } from '../model/history';
import { flakyWords, lensTitle, runLine, suspectWords } from './words';

// A history report as a document: plain text (the editor's history document, `tas history`) and
// Markdown (`tas history --format markdown`, a CI job's summary). The same facts in both: each
// case's line and runs, then the flaky cases and the suspect phones, then what the records did
// not tell.

export interface DocumentOptions {
  /** Where each test case lives here (file paths), shown beside its name. */
  places?: ReadonlyMap<number, readonly string[]>;
  /** Runs listed per case (the history keeps more). */
  runs?: number;
}

const DEFAULT_RUNS = 10;

const caseName = (h: Pick<CaseHistory, 'testCaseId' | 'name'>): string =>
  `${h.name ?? `Test case ${h.testCaseId}`} (test case ${h.testCaseId})`;

function heading(r: HistoryReport, now: number): string {
  const cases = r.cases.length === 1 ? '1 test case' : `${r.cases.length} test cases`;
  const since = clockTime(r.oldest, now);
  const read = r.truncated ? `the newest ${r.executions} executions` : `all ${r.executions} executions`;
  return `History of ${cases}, from ${read}${since ? ` (since ${since})` : ''}`;
}

/**
 * The marks a report about some test cases shows: the flaky ones among them, and the suspect
 * phones they use (every suspect when the report is the whole environment's, `all`).
 */
export function shownMarks(r: HistoryReport, all: boolean): Pick<HistoryReport, 'flaky' | 'suspects'> {
  const asked = new Set(r.cases.map((c) => c.testCaseId));
  const used = new Set(r.cases.flatMap((c) => c.suspectDevices ?? []));
  return {
    flaky: all ? r.flaky : r.flaky.filter((f) => asked.has(f.testCaseId)),
    suspects: all ? r.suspects : r.suspects.filter((s) => used.has(s.deviceId)),
  };
}

/** Plain text: one block per case, then the marks. `all`: the report is the whole environment's. */
export function historyText(r: HistoryReport, now: number, o: DocumentOptions & { all?: boolean } = {}): string {
  const lines = [heading(r, now), ''];
  for (const h of r.cases) {
    const places = o.places?.get(h.testCaseId);
    lines.push(`${caseName(h)}${places?.length ? `  ${places.join(', ')}` : ''}`);
    lines.push(`  ${lensTitle(h, now)}`);
    if (h.flaky) lines.push(`  flaky: ${flakyWords(h.flaky, now)}`);
    for (const run of h.runs.slice(0, o.runs ?? DEFAULT_RUNS)) lines.push(`    ${runLine(run, now)}`);
    lines.push('');
  }
  const { flaky, suspects } = shownMarks(r, o.all === true);
  lines.push(`Flaky test cases: ${flaky.length === 0 ? 'none' : flaky.length}`);
  for (const f of flaky) lines.push(`  ${caseName({ testCaseId: f.testCaseId, name: f.name })}: ${flakyWords(f, now)}`);
  lines.push(`Suspect phones: ${suspects.length === 0 ? 'none' : suspects.length}`);
  for (const s of suspects) lines.push(`  ${suspectWords(s)}`);
  if (r.notes.length > 0) lines.push('', ...r.notes.map((n) => `Note: ${n}`));
  return `${lines.join('\n')}\n`;
}

/** A Markdown table cell: no pipe or line break breaks the table. */
export const markdownCell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/** Markdown: a table of the cases, then the marks. */
export function historyMarkdown(r: HistoryReport, now: number, o: DocumentOptions & { all?: boolean } = {}): string {
  const lines = [`### ${heading(r, now)}`, ''];
  if (r.cases.length > 0) {
    lines.push('| Test case | History | Newest run |', '|---|---|---|');
    for (const h of r.cases) {
      const places = o.places?.get(h.testCaseId);
      const name = `${caseName(h)}${places?.length ? `<br>${places.map((p) => `\`${p}\``).join(', ')}` : ''}`;
      const newest = h.runs[0];
      lines.push(
        `| ${markdownCell(name)} | ${markdownCell(lensTitle(h, now))} | ${newest ? markdownCell(runLine(newest, now)) : ''} |`,
      );
    }
    lines.push('');
  }
  const { flaky, suspects } = shownMarks(r, o.all === true);
  lines.push(`**Flaky test cases:** ${flaky.length === 0 ? 'none' : flaky.length}`, '');
  for (const f of flaky) {
    const ids = f.runs.map((x) => x.executionId).join(', ');
    lines.push(
      `- ${markdownCell(caseName({ testCaseId: f.testCaseId, name: f.name }))}: ${flakyWords(f, now)} (executions ${ids})`,
    );
  }
  if (flaky.length > 0) lines.push('');
  lines.push(`**Suspect phones:** ${suspects.length === 0 ? 'none' : suspects.length}`, '');
  for (const s of suspects) lines.push(`- ${suspectWords(s)}`);
  if (suspects.length > 0) lines.push('');
  for (const n of r.notes) lines.push(`> ${n}`, '>');
  if (r.notes.length > 0) lines.pop();
  return `${lines.join('\n')}\n`;
}
