import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileSyncStatus, ImportItemResult, SyncDecision } from '../../../server/src/protocol';
import { flag, type CommandSpec } from '../command';
import type { Context } from '../context';
import { Exit, UsageError, type ExitCode } from '../exitCodes';
import { displayPath } from '../files';
import { expandUris } from '../../../server/src/sync/local';
import { fileUri, syncService } from '../syncHost';

const SETTLED = new Set(['created', 'updated', 'unchanged', 'tookService']);
const CONFLICTS = new Set(['conflict', 'serviceChanged', 'nameTaken']);

const where = (ctx: Context, r: { uri: string; index?: number }): string =>
  `${displayPath(fileURLToPath(r.uri), ctx.cwd)}${r.index !== undefined ? `#${r.index}` : ''}`;

const ADVICE: Partial<Record<ImportItemResult['outcome'], string>> = {
  conflict: 'the file and the service both changed since the last sync: take the service version with tas export, or replace it with tas import --force',
  serviceChanged: 'the service changed since the last sync and the file did not: take it with tas export, or replace it with tas import --force',
  nameTaken: 'another test case on the service has this name: rename the file\'s test case, or link to it with tas import --link-existing',
};

/** What a dry run says per case, from the change state alone (nothing is sent or written). */
const DRY: Record<FileSyncStatus['state'], string> = {
  notLinked: 'would create (or link to a test case of the same name)',
  missingOnService: 'would create (the linked test case is gone)',
  unchanged: 'would leave alone (unchanged)',
  localChanged: 'would update',
  serviceChanged: 'would refuse: the service changed since the last sync (--force replaces it)',
  conflict: 'would refuse: both changed since the last sync (--force replaces the service version)',
  unknown: 'would refuse',
};

/** States the import refuses without --force. */
const REPLACED = new Set<FileSyncStatus['state']>(['serviceChanged', 'conflict']);

export const importCmd: CommandSpec = {
  name: 'import',
  summary: 'Import test-case files into the service.',
  usage: 'tas import <files or folders>... [--force] [--link-existing] [--dry-run]',
  description: [
    'Creates or updates a test case per file (and per item of a bundle), in batches, with the',
    "editor's sync rules: unchanged cases are not sent; a case changed on the service since the",
    'last sync is not overwritten without --force; another environment\'s id is never sent; secret',
    'placeholders take the service\'s values. New ids are written back into the files, links and',
    'sync bases into .tas/sync.json. Exit 5 when something was refused for a decision.',
  ].join('\n'),
  options: { force: { type: 'boolean' }, 'link-existing': { type: 'boolean' }, 'dry-run': { type: 'boolean' } },
  optionHelp: {
    force: ['', 'replace the service version of cases changed there (conflicts included)'],
    'link-existing': ['', 'link a new file to the test case that already has its name, then sync as usual'],
    'dry-run': ['', 'say what would be created, updated, left alone or refused; send and write nothing'],
  },
  positionals: { min: 1 },
  async run(ctx, values, paths) {
    for (const p of paths) if (!existsSync(resolve(ctx.cwd, p))) throw new UsageError(`${p} does not exist.`);
    const uris = paths.map((p) => fileUri(ctx.cwd, p));
    const sync = syncService(ctx);
    const progress = (p: { done: number; total: number; message?: string }) => {
      if (!ctx.options.json) ctx.out.progress(p.done, p.total, p.message ?? 'Importing');
    };

    if (flag(values['dry-run'])) {
      // The status check would save adoption links to .tas/sync.json: a dry run writes nothing.
      const statuses = await sync.status((await expandUris(uris)).map((uri) => ({ uri })), ctx.signal, { dryRun: true });
      const force = flag(values['force']);
      const say = (s: FileSyncStatus) => (force && REPLACED.has(s.state) ? 'would update (--force replaces the service version)' : DRY[s.state]);
      ctx.out.clearProgress();
      if (ctx.options.json) ctx.out.json({ dryRun: true, results: statuses.map((s) => ({ ...s, path: where(ctx, s) })) });
      else {
        for (const s of statuses) ctx.out.out(`${where(ctx, s)}: ${say(s)}${s.id !== undefined ? ` (test case ${s.id})` : ''}${s.message ? `: ${s.message}` : ''}`);
        ctx.out.err('Dry run: nothing was sent and no file or sync state was written.');
      }
      // The exit code the import would give: 5 when it would refuse to overwrite, 1 when it could not read a case.
      if (!force && statuses.some((s) => REPLACED.has(s.state))) return Exit.conflict;
      return statuses.some((s) => s.state === 'unknown') ? Exit.failed : Exit.ok;
    }

    const decisions: Record<string, SyncDecision> = {};
    let report = await sync.importFiles({ uris }, ctx.signal, progress);
    // Decisions the options make, then once more: a linked file is classified again.
    for (let pass = 0; pass < 2; pass++) {
      let more = false;
      for (const r of report.results) {
        const key = r.index === undefined ? r.uri : `${r.uri}#${r.index}`;
        if (decisions[key] === 'overwriteService') continue;
        if ((r.outcome === 'conflict' || r.outcome === 'serviceChanged') && flag(values['force'])) {
          decisions[key] = 'overwriteService';
          more = true;
        } else if (r.outcome === 'nameTaken' && flag(values['link-existing']) && decisions[key] !== 'linkToExisting') {
          decisions[key] = 'linkToExisting';
          more = true;
        }
      }
      if (!more) break;
      report = await sync.importFiles({ uris, decisions }, ctx.signal, progress);
    }
    ctx.out.clearProgress();
    const results = report.results.map(({ serviceText: _s, ...r }) => ({ ...r, path: where(ctx, r) }));
    if (ctx.options.json) ctx.out.json({ results });
    else {
      for (const r of results) {
        const colour = SETTLED.has(r.outcome) ? 'green' : CONFLICTS.has(r.outcome) ? 'yellow' : 'red';
        const id = r.id !== undefined ? ` (test case ${r.id})` : r.takenById !== undefined ? ` (name held by test case ${r.takenById})` : '';
        // The core's words for these name the editor's choices; the CLI's options are named instead.
        const why = (CONFLICTS.has(r.outcome) ? ADVICE[r.outcome] : undefined) ?? r.message;
        ctx.out.out(`${ctx.out.paint(r.outcome.padEnd(14), colour)} ${r.path}${id}${why ? `: ${why}` : ''}`);
      }
      const count = (o: string) => results.filter((r) => r.outcome === o).length;
      ctx.out.err(`${count('created')} created, ${count('updated')} updated, ${count('unchanged')} unchanged, ${results.length - count('created') - count('updated') - count('unchanged') - count('tookService')} not imported.`);
    }
    let code: ExitCode = Exit.ok;
    if (results.some((r) => r.outcome === 'refused' || r.outcome === 'skipped')) code = Exit.failed;
    if (results.some((r) => CONFLICTS.has(r.outcome))) code = Exit.conflict;
    return code;
  },
};
