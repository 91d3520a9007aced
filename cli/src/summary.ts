import { appendFileSync } from 'node:fs';
import { type CaseHistory, lensTitle, markdownCell } from '../../server/src/core';
import { str, type OptionSpec, type Values } from './command';
import type { Context } from './context';
import { displayPath, outputFile } from './files';
import { type Attempts, isFlaky } from './junit';

// A Markdown summary for a CI job's page: appended to GITHUB_STEP_SUMMARY when GitHub Actions
// sets it (its job summary), or to --summary FILE elsewhere. `tas run` says each test's outcome,
// its reruns and its history; `tas validate` the problems found. A summary that cannot be written
// is said and changes no exit code: the job's result is the command's.

export const SUMMARY_OPTIONS: OptionSpec = { summary: { type: 'string' } };

export const SUMMARY_HELP: Record<string, [string, string]> = {
  summary: ['FILE', 'append a Markdown summary to FILE (in GitHub Actions, GITHUB_STEP_SUMMARY without it)'],
};

/** Where the summary goes: --summary FILE, else the GitHub job's summary file when set; none otherwise. */
export function summaryFile(ctx: Context, values: Values): { path: string; given: boolean } | undefined {
  const given = str(values['summary']);
  if (given !== undefined) return { path: outputFile(given, ctx.cwd, '--summary'), given: true };
  const github = ctx.env['GITHUB_STEP_SUMMARY'];
  return github !== undefined && github !== '' ? { path: github, given: false } : undefined;
}

/** Appends `markdown` (scrubbed, like everything tas writes) to the summary file. */
export function appendSummary(ctx: Context, file: { path: string; given: boolean }, markdown: string): void {
  try {
    appendFileSync(file.path, `${ctx.out.secrets.scrub(markdown).trimEnd()}\n\n`);
    if (file.given) ctx.out.err(`Summary appended to ${displayPath(file.path, ctx.cwd)}`);
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : String(err));
    ctx.out.err(
      ctx.out.paint(
        `The summary could not be written to ${file.path} (${why}); the run's result stands.`,
        'yellow',
        'err',
      ),
    );
  }
}

function attemptWords(e: Attempts[number]): string {
  const step = e.kind === 'failed' && e.currentStep !== undefined ? ` at step ${e.currentStep}` : '';
  return `${e.id} ${e.status.toLowerCase()}${step}`;
}

function outcomeWords(chain: Attempts): string {
  const last = chain[chain.length - 1]!;
  if (isFlaky(chain)) return `passed on rerun ${chain.length - 1} (flaky)`;
  if (last.kind === 'failed' && chain.length > 1)
    return `failed, ${chain.length - 1} ${chain.length === 2 ? 'rerun' : 'reruns'} too`;
  return last.final ? last.status.toLowerCase() : `still ${last.status.toLowerCase()}`;
}

/** `tas run` with --wait: one row per test, its reruns, and its history when it could be read. */
export function runSummary(
  title: string,
  chains: readonly Attempts[],
  timedOut: boolean,
  history: ReadonlyMap<number, CaseHistory> | undefined,
  now: number,
): string {
  const passed = chains.filter((c) => c[c.length - 1]!.kind === 'passed').length;
  const flaky = chains.filter(isFlaky).length;
  const head = `### ${title}: ${passed} of ${chains.length} passed${flaky > 0 ? `, ${flaky} flaky` : ''}${timedOut ? ', timed out' : ''}`;
  const lines = [head, ''];
  lines.push(
    `| Test case | Outcome | Executions |${history ? ' History |' : ''}`,
    `|---|---|---|${history ? '---|' : ''}`,
  );
  for (const chain of chains) {
    const last = chain[chain.length - 1]!;
    const id = last.testCaseId;
    const name = last.testCaseName ?? (id !== undefined ? `Test case ${id}` : `Execution ${chain[0]!.id}`);
    const h = id !== undefined ? history?.get(id) : undefined;
    const row = [markdownCell(name), outcomeWords(chain), markdownCell(chain.map(attemptWords).join(', '))];
    if (history) row.push(h ? markdownCell(lensTitle(h, now)) : '');
    lines.push(`| ${row.join(' | ')} |`);
  }
  if (!history) lines.push('', '> The history of these test cases could not be read.');
  return lines.join('\n');
}

/** `tas run` without --wait: what was started, and how to follow it. */
export function startedSummary(title: string, ids: readonly number[]): string {
  return `### ${title}: started ${ids.length} ${ids.length === 1 ? 'execution' : 'executions'}\n\nNot followed here: \`tas watch ${ids.join(' ')}\``;
}

/** The problems shown in a validate summary; the rest are counted. */
const MAX_ROWS = 50;

/** `tas validate`: the counts, then the problems as a table. */
export function validateSummary(
  counts: { files: number; errors: number; warnings: number; unverified?: string },
  problems: readonly { path: string; line: number; column: number; severity: string; code: string; message: string }[],
): string {
  const e = counts.errors === 1 ? '1 error' : `${counts.errors} errors`;
  const w = counts.warnings === 1 ? '1 warning' : `${counts.warnings} warnings`;
  const lines = [`### tas validate: ${counts.files} ${counts.files === 1 ? 'file' : 'files'} checked, ${e}, ${w}`, ''];
  if (problems.length > 0) {
    lines.push('| File | Place | Severity | Code | Message |', '|---|---|---|---|---|');
    for (const p of problems.slice(0, MAX_ROWS))
      lines.push(
        `| \`${markdownCell(p.path)}\` | ${p.line}:${p.column} | ${p.severity} | ${p.code} | ${markdownCell(p.message)} |`,
      );
    if (problems.length > MAX_ROWS)
      lines.push('', `And ${problems.length - MAX_ROWS} more: \`tas validate\` lists them all.`);
  }
  if (counts.unverified) lines.push('', `> References not verified: ${counts.unverified}`);
  return lines.join('\n');
}
