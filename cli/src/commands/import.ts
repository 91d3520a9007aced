import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { caseKey, type ImportItemResult, mergeImportResults, type SyncDecision } from '../../../server/src/core';
import { flag, type CommandSpec } from '../command';
import type { Context } from '../context';
import { accountExit, importItemExit } from '../account';
import { caseDiff, type CaseDiff, caseTexts, diffLimit } from '../conflictDiff';
import { displayPath, findFiles } from '../files';
import { fileUri, syncEngine } from '../syncHost';
import { refMapOf } from '../refMap';

const SETTLED = new Set(['created', 'updated', 'unchanged', 'tookService']);
const CONFLICTS = new Set(['conflict', 'serviceChanged', 'nameTaken']);

const where = (ctx: Context, r: { uri: string; index?: number }): string =>
  `${displayPath(fileURLToPath(r.uri), ctx.cwd)}${r.index !== undefined ? `#${r.index}` : ''}`;

/** A path as a shell reads it: quoted when it holds anything but plain characters. */
const shellWord = (s: string): string => (/^[\w./@%+=:,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** What to do next, with the commands that do it (the core's words name the editor's buttons). */
function advice(r: ImportItemResult, file: string): string | undefined {
  const take =
    r.id !== undefined ? `tas export ${r.id} --out ${shellWord(dirname(file) || '.')} --force` : 'tas export --force';
  const replace = `tas import ${shellWord(file)} --force`;
  switch (r.outcome) {
    case 'conflict':
      return `the file and the service both changed since the last sync (or it was never synced): replace the service version with ${replace}, or take the service version with ${take} (the file's changes are lost)`;
    case 'serviceChanged':
      return `the service changed since the last sync and the file did not: take the service version with ${take}, or replace it with ${replace}`;
    case 'nameTaken':
      return "another test case on the service has this name: rename the file's test case, or link to it with tas import --link-existing";
    default:
      return r.unmapped && r.unmapped.length > 0
        ? `${r.message ?? ''} Name each counterpart with --map kind:id=id (e.g. --map ${r.unmapped[0]!.kind}:${r.unmapped[0]!.id}=ID) or --map-file.`
        : undefined;
  }
}

/** A conflict's diff under its line, coloured on a terminal, with how to see the rest. */
function printDiff(ctx: Context, diff: CaseDiff): void {
  for (const line of diff.lines) {
    const colour = line.startsWith('@@')
      ? 'cyan'
      : line.startsWith('---') || line.startsWith('+++')
        ? 'bold'
        : line.startsWith('-')
          ? 'red'
          : line.startsWith('+')
            ? 'green'
            : undefined;
    ctx.out.out(colour ? ctx.out.paint(line, colour) : line);
  }
  if (diff.total > diff.lines.length)
    ctx.out.out(
      ctx.out.paint(
        `... ${diff.total - diff.lines.length} more diff lines (TAS_DIFF_LINES=${diff.total} shows them all)`,
        'dim',
      ),
    );
}

/** Both names of a test case the import renames on the service (or would, or would on --force). */
function renameText(r: ImportItemResult, dryRun: boolean): string | undefined {
  if (r.renamedFrom === undefined) return undefined;
  const names = `"${r.renamedFrom}" to "${r.name ?? ''}" on the service`;
  if (r.outcome === 'updated') return dryRun ? `would rename ${names}` : `renamed ${names}`;
  return `importing it renames ${names}`;
}

/** What a dry run says per outcome (nothing is sent or written); `advice` is said after it. */
const DRY: Record<ImportItemResult['outcome'], string> = {
  created: 'would create',
  updated: 'would update',
  unchanged: 'would leave alone (unchanged)',
  tookService: 'would take the service version',
  conflict: 'would refuse',
  serviceChanged: 'would refuse',
  nameTaken: 'would refuse',
  refused: 'would refuse',
  skipped: 'would skip',
};

export const importCmd: CommandSpec = {
  name: 'import',
  summary: 'Import test-case files into the service.',
  action: 'import the files',
  usage:
    'tas import <files, folders or globs>... [--force] [--link-existing] [--dry-run] [--map kind:id=id]... [--map-file file]',
  description: [
    'Creates or updates a test case per file (and per item of a bundle), in batches, with the',
    "editor's sync rules: unchanged cases are not sent; a case changed on the service since the",
    "last sync is not overwritten without --force; another environment's id is never sent; secret",
    "placeholders take the service's values. New ids are written back into the files, links and",
    'sync bases into .tas/sync.json. Exit 5 when something was refused for a decision.',
    'References of a file made in another environment (devices, API clients, trace filters) are',
    "sent as this environment's records with the same MSISDN or name; a case with a reference",
    'that has no single counterpart is not sent (exit 5) unless --map or --map-file names it.',
    'Every file and bundle item ends in one outcome with why; one the service refused: exit 7.',
  ].join('\n'),
  options: {
    force: { type: 'boolean' },
    'link-existing': { type: 'boolean' },
    'dry-run': { type: 'boolean' },
    map: { type: 'string', multiple: true },
    'map-file': { type: 'string' },
  },
  optionHelp: {
    force: ['', 'replace the service version of cases changed there (conflicts included)'],
    'link-existing': ['', 'link a new file to the test case that already has its name, then sync as usual'],
    'dry-run': ['', 'say what would be created, updated, left alone or refused; send and write nothing'],
    map: [
      'kind:id=id',
      "the counterpart here of another environment's device, apiClient or traceFilter id (repeatable)",
    ],
    'map-file': [
      'file',
      'a JSON file of counterparts: {"device": {"12": 34}, "apiClient": {...}, "traceFilter": {...}}',
    ],
  },
  positionals: { min: 1 },
  complete: { positionals: 'files', options: { 'map-file': 'files' } },
  async run(ctx, values, paths) {
    // Files, folders, globs and ! arguments, read as validate and run read them.
    const uris = findFiles(paths, ctx.cwd).map((p) => fileUri(ctx.cwd, p));
    const sync = syncEngine(ctx);
    const progress = (p: { done: number; total: number; message?: string }) => {
      if (!ctx.options.json) ctx.out.progress(p.done, p.total, p.message ?? 'Importing');
    };

    // A dry run takes the same steps and decisions, reading the service, and sends and writes nothing.
    const map = refMapOf(ctx.cwd, values);
    // Counterparts named with --map are kept in .tas/sync.json as the editor's picks are (not in a dry run).
    const options = {
      dryRun: flag(values['dry-run']),
      force: flag(values['force']),
      ...(map && { map, remember: true }),
    };
    const dryRun = options.dryRun;
    let report = await sync.importFiles({ uris, ...options }, ctx.signal, progress);
    // --link-existing: a new file whose name is taken is linked to that test case, then imported
    // (or left alone, or refused) like any linked file.
    if (flag(values['link-existing'])) {
      const decisions: Record<string, SyncDecision> = {};
      for (const r of report.results)
        if (r.outcome === 'nameTaken') decisions[caseKey(r.uri, r.index)] = 'linkToExisting';
      if (Object.keys(decisions).length > 0) {
        const second = await sync.importFiles({ uris, decisions, ...options }, ctx.signal, progress);
        // The other files were settled by the first pass: what it did to them is what is reported.
        report = { results: mergeImportResults(report.results, second.results, decisions) };
      }
    }
    ctx.out.clearProgress();
    const limit = diffLimit(ctx);
    const results = report.results.map(({ serviceText, ...r }) => {
      const file = displayPath(fileURLToPath(r.uri), ctx.cwd);
      const texts = serviceText !== undefined && limit > 0 ? caseTexts(r.uri, r.index, serviceText) : undefined;
      const diff =
        texts && caseDiff(texts.local, texts.service, where(ctx, r), `service: test case ${r.id ?? '?'}`, limit);
      return { ...r, path: where(ctx, r), file, ...(diff && { diff }) };
    });
    const warnings = report.warnings ?? [];
    // The records a person could pick from are the editor's quick pick; the terminal names ids with --map.
    const withoutChoices = (r: ImportItemResult) =>
      r.unmapped ? { unmapped: r.unmapped.map(({ choices: _c, ...u }) => u) } : {};
    // The account: every file and bundle item asked has one outcome, and the counts add up to them.
    const count = (o: string) => results.filter((r) => r.outcome === o).length;
    const asked = results.length;
    const notImported = asked - count('created') - count('updated') - count('unchanged') - count('tookService');
    if (ctx.options.json) {
      const items = results.map(({ file: _f, diff, ...r }) => ({
        ...r,
        ...withoutChoices(r),
        ...(diff && { diff: diff.lines.join('\n') }),
      }));
      ctx.out.json({
        ...(dryRun && { dryRun }),
        asked,
        notImported,
        results: items,
        ...(warnings.length > 0 && { warnings }),
      });
    } else {
      for (const w of warnings) ctx.out.err(`${ctx.out.paint('warning', 'yellow')} ${w}`);
      for (const r of results) {
        const colour = SETTLED.has(r.outcome) ? 'green' : CONFLICTS.has(r.outcome) ? 'yellow' : 'red';
        const id =
          r.id !== undefined
            ? ` (test case ${r.id})`
            : r.takenById !== undefined
              ? ` (name held by test case ${r.takenById})`
              : '';
        // The core's words for these name the editor's choices; the CLI's options are named instead.
        const said = advice(r, r.file) ?? (r.outcome === 'created' || r.outcome === 'updated' ? undefined : r.message);
        const mapped =
          r.mappings && r.mappings.length > 0
            ? `${dryRun ? 'would map' : 'mapped'} ${r.mappings.join(', ')}`
            : undefined;
        const why = [renameText(r, dryRun), mapped, said].filter((x) => x !== undefined).join('; ') || undefined;
        const label = dryRun ? DRY[r.outcome] : r.outcome.padEnd(14);
        ctx.out.out(`${ctx.out.paint(label, colour)} ${r.path}${id}${why ? `: ${why}` : ''}`);
        if (r.diff) printDiff(ctx, r.diff);
      }
      const took = count('tookService');
      if (dryRun) {
        ctx.out.err(
          `${asked} asked: would create ${count('created')}, update ${count('updated')}, leave ${count('unchanged')} unchanged${took > 0 ? `, take ${took} from the service` : ''}, not import ${notImported}.`,
        );
        ctx.out.err('Dry run: nothing was sent and no file or sync state was written.');
      } else
        ctx.out.err(
          `${asked} asked: ${count('created')} created, ${count('updated')} updated, ${count('unchanged')} unchanged${took > 0 ? `, ${took} took the service's version` : ''}, ${notImported} not imported.`,
        );
      const renames = results.filter((r) => r.renamedFrom !== undefined && r.outcome === 'updated');
      if (renames.length > 0) {
        ctx.out.err(
          `${dryRun ? 'Would rename' : 'Renamed'} on the service: ${renames.map((r) => `"${r.renamedFrom}" -> "${r.name ?? ''}"`).join(', ')}.`,
        );
      }
    }
    return accountExit(results.map(importItemExit));
  },
};
