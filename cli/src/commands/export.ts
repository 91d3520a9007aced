import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  type ExportItemResult,
  type ExportReport,
  int,
  isRecord,
  readItem,
  str as lenientText,
  type SyncDecision,
} from '../../../server/src/core';
import { accountExit, exportItemExit } from '../account';
import { parseId } from '../args';
import { flag, str, type CommandSpec } from '../command';
import type { Context } from '../context';
import { Exit, UsageError } from '../exitCodes';
import { displayPath, outputFolder } from '../files';
import { syncEngine } from '../syncHost';
import { mapHint, refMapOf } from '../refMap';

export const BUNDLE_NAME = 'export.testcases.json';

/** One line of the account: the outcome, the file, the test case, and why when it was not written. */
function printResult(ctx: Context, r: ExportItemResult & { path: string }, dryRun: boolean): void {
  const colour =
    r.outcome === 'written' || r.outcome === 'unchanged' ? 'green' : r.outcome === 'needsDecision' ? 'yellow' : 'red';
  const refused = dryRun ? 'would not be overwritten: ' : '';
  const why =
    r.outcome === 'needsDecision'
      ? r.reason === 'notSynced'
        ? `${refused}the file exists and was never synced: import it first, or overwrite it with --force`
        : r.reason === 'foreignFile'
          ? `${refused}${(r.message ?? 'the file is not one sync wrote').replace(/\.$/, '')}: overwrite it with --force`
          : r.reason === 'unknownAtHome'
            ? `${r.message ?? ''} ${mapHint(r.unknownAtHome ?? [])}`
            : `${refused}the file has changes not imported: import them first, or overwrite them with --force`
      : r.message;
  const label = dryRun && r.outcome === 'written' ? 'would write' : r.outcome;
  ctx.out.out(
    `${ctx.out.paint(label.padEnd(13), colour)} ${r.path}${r.index !== undefined ? `#${r.index}` : ''} (test case ${r.id}${r.name ? ` ${r.name}` : ''})${why ? `: ${why}` : ''}`,
  );
}

/** An item of the service's list that names no test case (its place, from 1): listed, so asked, and not exported. */
interface Unlisted {
  listItem: number;
  outcome: 'failed';
  reason: 'unusableRecord';
  message: string;
}

/** The ids to export, and the items of the service's list that name no test case it could be asked for (in words). */
async function idsToExport(
  ctx: Context,
  ids: string[],
  project: string | undefined,
  filter: string | undefined,
  all: boolean,
): Promise<{ ids: number[]; unlisted: Unlisted[] }> {
  if (ids.length > 0) {
    if (project !== undefined || filter !== undefined || all)
      throw new UsageError('give ids, or --all / --project / --filter, not both.');
    return { ids: ids.map((i) => parseId(i, 'A test case id')), unlisted: [] };
  }
  if (!all && project === undefined && filter === undefined)
    throw new UsageError('say what to export: ids, --all, --project NAME or --filter TEXT.');
  const projectId = project === undefined ? undefined : await projectNamed(ctx, project);
  const text = filter?.toLowerCase();
  const out: number[] = [];
  const unlisted: Unlisted[] = [];
  let place = 0;
  // List items are read leniently (read.ts): one that cannot be asked for is accounted for, never dropped.
  for await (const item of ctx.client.testCases.iterate({ size: 1000 })) {
    place += 1;
    const raw: Record<string, unknown> = isRecord(item) ? item : {};
    const projects = Array.isArray(raw['projects']) ? (raw['projects'] as unknown[]) : [];
    if (projectId !== undefined && !projects.some((p) => isRecord(p) && int(p['id']) === projectId)) continue;
    if (text !== undefined && !(lenientText(raw['name']) ?? '').toLowerCase().includes(text)) continue;
    const read = readItem(item, { id: true });
    if (read.why === undefined && read.id !== undefined) out.push(read.id);
    else {
      const message = `Item ${place} of the service's list of test cases ${read.why ?? 'has no id'}, so it cannot be asked for and was not exported. Ask the service's administrators to correct it.`;
      unlisted.push({ listItem: place, outcome: 'failed', reason: 'unusableRecord', message });
    }
  }
  return { ids: out, unlisted };
}

/** The id of the project named (or numbered) `project`; a name that matches none is a usage error. */
async function projectNamed(ctx: Context, project: string): Promise<number> {
  const names: string[] = [];
  for await (const p of ctx.client.projects.iterate({ size: 1000, signal: ctx.signal })) {
    if (p.name === project || String(p.id) === project) return p.id;
    names.push(p.name);
  }
  const known =
    names.length > 0
      ? ` The projects: ${names.slice(0, 10).join(', ')}${names.length > 10 ? ', ...' : ''}.`
      : ' The service has no projects.';
  throw new UsageError(`no project is named "${project}".${known}`);
}

export const exportCmd: CommandSpec = {
  name: 'export',
  summary: 'Export test cases from the service into files.',
  action: 'export the test cases',
  usage:
    'tas export [ids...] [--all] [--project P] [--filter TEXT] [--bundle] [--out DIR] [--force] [--dry-run] [--map kind:id=id]... [--map-file file]',
  description: [
    'Writes one canonical *.testcase.json per test case into --out (default: the current folder),',
    `or with --bundle one ${BUNDLE_NAME} there. A case already linked to a file in that folder`,
    'keeps its file; a file that would not change is not touched; secrets become placeholders.',
    'A file with changes not yet imported (or never synced) is not overwritten without --force:',
    'exit 5 lists them. Links and sync bases go to .tas/sync.json. --dry-run reads the service',
    'the same way and says what would be written, left alone or refused, writing nothing.',
    "Every test case asked for ends in one outcome: one the service's answer left out or gave in",
    'a form that cannot be written is named with why (exit 1); the others are still written.',
    "Exported from another environment than a file's home, its references are written as the",
    "home's records; one whose counterpart there is not known stops that file (exit 5, even with",
    '--force) until --map or --map-file names it (kept in .tas/sync.json, as import keeps them).',
  ].join('\n'),
  options: {
    all: { type: 'boolean' },
    project: { type: 'string' },
    filter: { type: 'string' },
    bundle: { type: 'boolean' },
    out: { type: 'string' },
    force: { type: 'boolean' },
    'dry-run': { type: 'boolean' },
    map: { type: 'string', multiple: true },
    'map-file': { type: 'string' },
  },
  optionHelp: {
    all: ['', 'every test case of the service'],
    project: ['P', 'the test cases of this project (name or id)'],
    filter: ['TEXT', 'the test cases whose name contains TEXT (any case)'],
    bundle: ['', `one bundle file (${BUNDLE_NAME}) with devices and API clients instead of one file per case`],
    out: ['DIR', 'the folder to write into (default: the current folder)'],
    force: ['', 'overwrite files with local changes'],
    'dry-run': ['', 'say what would be written, left alone or refused; write no file, folder or sync state'],
    map: [
      'kind:id=id',
      "the counterpart here of a file's home device, apiClient or traceFilter id: the home id, then the id here (repeatable)",
    ],
    'map-file': [
      'file',
      'a JSON file of counterparts: {"device": {"12": 34}, "apiClient": {...}, "traceFilter": {...}}',
    ],
  },
  positionals: { min: 0 },
  complete: { options: { out: 'folders', 'map-file': 'files' } },
  async run(ctx, values, args) {
    const { ids, unlisted } = await idsToExport(
      ctx,
      args,
      str(values['project']),
      str(values['filter']),
      flag(values['all']),
    );
    if (ids.length === 0 && unlisted.length === 0) {
      ctx.out.err('No test case matches: nothing exported.');
      return Exit.ok;
    }
    const dryRun = flag(values['dry-run']);
    // Ids typed by hand: the folder is made only once they all name a test case (the core makes it).
    const named = args.length > 0;
    const dir = outputFolder(str(values['out']) ?? '.', ctx.cwd, '--out', !dryRun && !named);
    const folder = pathToFileURL(dir).href;
    const bundle = flag(values['bundle']) ? pathToFileURL(join(dir, BUNDLE_NAME)).href : undefined;
    const sync = syncEngine(ctx);
    const progress = (p: { done: number; total: number; message?: string }) => {
      if (!ctx.options.json) ctx.out.progress(p.done, p.total, p.message ?? 'Exporting');
    };
    const map = refMapOf(ctx.cwd, values);
    const params = {
      ids,
      folder,
      ...(bundle && { bundle }),
      ...(dryRun && { dryRun }),
      ...(named ? { allNamed: true } : { listed: true }),
      ...(map && { map, remember: true }),
    };
    let report: ExportReport =
      ids.length > 0 ? await sync.exportCases(params, ctx.signal, progress) : { results: [], secretsReplaced: 0 };
    // --force overwrites local changes; references unknown at home are settled by --map alone.
    const waiting = report.results.filter((r) => r.outcome === 'needsDecision' && r.reason !== 'unknownAtHome');
    if (waiting.length > 0 && flag(values['force'])) {
      const decisions: Record<string, SyncDecision> = Object.fromEntries(
        waiting.map((r) => [r.uri, 'overwriteFile' as const]),
      );
      report = await sync.exportCases({ ...params, decisions }, ctx.signal, progress);
    }
    ctx.out.clearProgress();
    const results = report.results.map(({ serviceText: _s, ...r }) => ({
      ...r,
      path: displayPath(fileURLToPath(r.uri), ctx.cwd),
    }));
    // The account: every test case asked for (named, or listed) has one outcome, and the counts add up to them.
    const asked = results.length + unlisted.length;
    const done = results.filter((r) => r.outcome === 'written' || r.outcome === 'unchanged').length;
    const warnings = report.warnings ?? [];
    if (ctx.options.json) {
      ctx.out.json({
        ...(dryRun && { dryRun }),
        asked,
        notWritten: asked - done,
        results: [...results, ...unlisted],
        secretsReplaced: report.secretsReplaced,
        ...(warnings.length > 0 && { warnings }),
      });
    } else {
      for (const w of warnings) ctx.out.err(`${ctx.out.paint('warning', 'yellow')} ${w}`);
      for (const r of results) printResult(ctx, r, dryRun);
      for (const u of unlisted)
        ctx.out.out(`${ctx.out.paint(u.outcome.padEnd(13), 'red')} item ${u.listItem} of the list: ${u.message}`);
      if (report.secretsReplaced > 0) {
        const n = `${report.secretsReplaced} secret ${report.secretsReplaced === 1 ? 'value' : 'values'}`;
        ctx.out.err(
          dryRun
            ? `${n} would be written as placeholders.`
            : `${n} ${report.secretsReplaced === 1 ? 'was' : 'were'} written as placeholders; import puts the service's values back.`,
        );
      }
      const count = (o: string) => results.filter((r) => r.outcome === o).length;
      if (dryRun) {
        ctx.out.err(
          `${asked} asked: would write ${count('written')}, leave ${count('unchanged')} unchanged, not write ${asked - done}.`,
        );
        ctx.out.err('Dry run: no file, folder or sync state was written.');
      } else
        ctx.out.err(
          `${asked} asked: ${count('written')} written, ${count('unchanged')} unchanged, ${asked - done} not written.`,
        );
    }
    // An id that names nothing is the command's mistake, as for run, watch and cancel; nothing was written.
    return accountExit(
      [...results, ...unlisted].map((r) => (named && r.reason === 'notOnService' ? Exit.usage : exportItemExit(r))),
    );
  },
};
