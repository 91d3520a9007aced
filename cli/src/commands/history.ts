import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_HISTORY_EXECUTIONS,
  historyMarkdown,
  historyOn,
  historyText,
  shownMarks,
} from '../../../server/src/core';
import { parseCount } from '../args';
import { flag, str, type CommandSpec } from '../command';
import type { Context } from '../context';
import { Exit, UsageError } from '../exitCodes';
import { displayPath, filesPerArgument, outputFile } from '../files';
import { fileUri, syncEngine } from '../syncHost';

// `tas history`: test cases' recent runs, the flaky ones among them and the suspect phones they
// use, as text, JSON or Markdown (for a CI job's summary or a pull request), from a few list
// reads (core/history). Files name the test cases they are linked to here, by the sync state.

const FORMATS = ['text', 'json', 'markdown'];
const MAX_LIMIT = 100_000;
const isId = (ref: string): boolean => /^\d+$/.test(ref);

/** What the arguments name: test case ids, and the files linked to them (with the service's time at the last sync). */
async function asked(ctx: Context, args: string[]) {
  const ids = args.filter(isId).map(Number);
  const paths = args.filter((a) => !isId(a));
  const places = new Map<number, string[]>();
  const links: { id: number; updated?: string }[] = [];
  if (paths.length > 0 || ids.length === 0) {
    const files = [...new Set(filesPerArgument(paths, ctx.cwd).flatMap((a) => a.files))];
    const linked = await syncEngine(ctx).linked(files.map((f) => fileUri(ctx.cwd, f)));
    for (const l of linked) {
      const path = `${displayPath(fileURLToPath(l.uri), ctx.cwd)}${l.index !== undefined ? `#${l.index}` : ''}`;
      places.set(l.id, [...(places.get(l.id) ?? []), path]);
      links.push(l);
    }
    const unlinked = files.filter((f) => !linked.some((l) => l.uri === fileUri(ctx.cwd, f)));
    if (unlinked.length > 0)
      ctx.out.err(
        `Not linked to a test case in this environment (tas import or tas export links them): ${unlinked.map((f) => displayPath(f, ctx.cwd)).join(', ')}`,
      );
    if (linked.length === 0 && ids.length === 0)
      throw new UsageError(
        'None of these files is linked to a test case in this environment: run tas import on them first, or give test case ids, or --all.',
      );
  }
  return { ids: [...new Set([...ids, ...places.keys()])], places, links };
}

export const history: CommandSpec = {
  name: 'history',
  summary: 'Show recent runs of test cases, the flaky ones and the suspect phones.',
  action: 'read the history',
  usage:
    'tas history [test case ids, files, folders or globs...] [--all] [--format text|json|markdown] [--limit N] [--runs N] [--output FILE]',
  description: [
    'Reads the newest executions once and shows each test case: how many of its last 10 runs',
    'passed, its last failure and the step it failed at, and its newest runs. Flaky: its outcome',
    'changed between runs of one version (no change to the test case in between). Suspect',
    'phone: a device whose failures follow it across test cases while they pass without it.',
    'Files and folders name the test cases they are linked to here; without arguments, the',
    'current folder; --all: every test case that ran, and every suspect phone. Exit 0 whatever',
    'the history says (tas run --retries and --fail-on-flaky decide a CI job).',
  ].join('\n'),
  options: {
    all: { type: 'boolean' },
    format: { type: 'string', short: 'f' },
    limit: { type: 'string' },
    runs: { type: 'string' },
    output: { type: 'string', short: 'o' },
  },
  optionHelp: {
    all: ['', 'every test case that ran in this environment, and every suspect phone'],
    format: ['FORMAT', 'text (default), json, or markdown (a table, for a CI summary or a pull request)'],
    limit: ['N', `read the newest N executions (default ${DEFAULT_HISTORY_EXECUTIONS})`],
    runs: ['N', 'runs listed per test case in text (default 10)'],
    output: ['FILE', 'write the history to FILE instead of stdout'],
  },
  positionals: { min: 0 },
  complete: { positionals: 'files', options: { format: FORMATS, output: 'files' } },
  async run(ctx, values, args) {
    const format = str(values['format']) ?? (ctx.options.json ? 'json' : 'text');
    if (!FORMATS.includes(format)) throw new UsageError(`--format takes text, json or markdown, not "${format}".`);
    const limit = parseCount(str(values['limit']), '--limit', DEFAULT_HISTORY_EXECUTIONS);
    if (limit < 1 || limit > MAX_LIMIT) throw new UsageError(`--limit takes 1 to ${MAX_LIMIT}, not ${limit}.`);
    const runs = parseCount(str(values['runs']), '--runs', 10);
    const all = flag(values['all']);
    if (all && args.length > 0) throw new UsageError('--all shows every test case: give no ids or paths with it.');
    const outputArg = str(values['output']);
    const output = outputArg === undefined ? undefined : outputFile(outputArg, ctx.cwd, '--output');
    const { ids, places, links } = all
      ? { ids: undefined, places: new Map<number, string[]>(), links: [] }
      : await asked(ctx, args);
    const h = historyOn(ctx.client, { limit });
    for (const l of links) if (l.updated !== undefined) h.knownChange(l.id, l.updated);
    const report = await h.report({ ...(ids && { only: ids }), signal: ctx.signal });
    const now = Date.now();
    const text =
      format === 'json'
        ? `${JSON.stringify({ ...report, ...shownMarks(report, all), places: Object.fromEntries(places) }, null, 2)}\n`
        : format === 'markdown'
          ? historyMarkdown(report, now, { places, all, runs })
          : historyText(report, now, { places, all, runs });
    if (output) writeFileSync(output, ctx.out.secrets.scrub(text));
    else ctx.out.out(text.trimEnd());
    return Exit.ok;
  },
};
