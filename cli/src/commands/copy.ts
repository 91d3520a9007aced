import { envKey, type CopyItemResult } from '../../../server/src/core';
import { syncOf } from '../syncHost';
import { parseId } from '../args';
import { flag, str, type CommandSpec } from '../command';
import { Exit, UsageError, type ExitCode } from '../exitCodes';
import { refMapOf } from '../refMap';

// tas copy: test cases of this environment created in another (a profile), without files, by the
// import's mapping rule. Exit 5 when a case waits for a counterpart or its name is taken there.

const DRY: Record<CopyItemResult['outcome'], string> = {
  created: 'would create',
  refused: 'would refuse',
  nameTaken: 'would refuse',
  skipped: 'would skip',
};
const COLOUR: Record<CopyItemResult['outcome'], 'green' | 'yellow' | 'red'> = {
  created: 'green',
  nameTaken: 'yellow',
  refused: 'red',
  skipped: 'red',
};

export const copy: CommandSpec = {
  name: 'copy',
  summary: 'Copy test cases to another environment.',
  action: 'copy the test cases',
  usage: 'tas copy <ids>... --to PROFILE [--dry-run] [--map kind:id=id]... [--map-file file]',
  description: [
    'Creates each test case of this environment (the credentials tas uses, e.g. --profile) in',
    'the environment of profile PROFILE, without files. Devices, API clients and trace filters',
    "are sent as the other environment's records with the same MSISDN or name; a case with a",
    'reference that has no single counterpart there, or whose name is taken there, is not sent',
    '(exit 5) unless --map or --map-file names the counterpart. Nothing there is overwritten.',
    '--dry-run says what would be created and every mapping it would apply, sending nothing.',
    'An id that names no test case here stops the copy: nothing is sent (exit 2).',
  ].join('\n'),
  options: {
    to: { type: 'string' },
    'dry-run': { type: 'boolean' },
    map: { type: 'string', multiple: true },
    'map-file': { type: 'string' },
  },
  optionHelp: {
    to: ['PROFILE', 'the profile of the environment to copy into (tas login --profile PROFILE)'],
    'dry-run': ['', 'say what would be created, mapped or refused; send nothing'],
    map: ['kind:id=id', "the counterpart there of this environment's device, apiClient or traceFilter id (repeatable)"],
    'map-file': [
      'file',
      'a JSON file of counterparts: {"device": {"12": 34}, "apiClient": {...}, "traceFilter": {...}}',
    ],
  },
  positionals: { min: 1 },
  complete: { options: { 'map-file': 'files' } },
  async run(ctx, values, args) {
    const toProfile = str(values['to']);
    if (toProfile === undefined || toProfile === '')
      throw new UsageError('say where to copy to: --to PROFILE (a profile of tas login).');
    const ids = args.map((a) => parseId(a, 'A test case id'));
    const map = refMapOf(ctx.cwd, values);
    const dryRun = flag(values['dry-run']);
    const target = ctx.profileClient(toProfile);
    // Said by the profile's name, else by its URL (TAS_* variables have no name).
    const fromName = ctx.source.from.startsWith('profile ')
      ? ctx.source.from.slice('profile '.length)
      : ctx.source.environment.baseUrl;
    if (envKey(target.source.environment.baseUrl) === envKey(ctx.source.environment.baseUrl)) {
      throw new UsageError(
        `profile ${toProfile} is the environment the test cases are in (${ctx.source.environment.baseUrl}): copy to another one.`,
      );
    }
    const report = await syncOf(ctx).copy(
      { client: ctx.client, env: envKey(ctx.source.environment.baseUrl), name: fromName },
      { client: target.client, env: envKey(target.source.environment.baseUrl), name: toProfile },
      ids,
      {
        dryRun,
        allNamed: true,
        ...(map && { map }),
        choicesAt: ctx.cwd,
        signal: ctx.signal,
        progress: (p) => {
          if (!ctx.options.json) ctx.out.progress(p.done, p.total, p.message ?? 'Copying');
        },
      },
    );
    ctx.out.clearProgress();
    if (ctx.options.json) {
      // The records a person could pick from are the editor's; the terminal names ids with --map.
      ctx.out.json({
        ...report,
        results: report.results.map((r) => ({
          ...r,
          ...(r.unmapped && { unmapped: r.unmapped.map(({ choices: _c, ...u }) => u) }),
        })),
      });
    } else {
      for (const r of report.results) {
        const label = dryRun ? DRY[r.outcome] : r.outcome.padEnd(10);
        const what = `test case ${r.sourceId}${r.name !== undefined ? ` "${r.name}"` : ''}`;
        const made = r.id !== undefined ? ` -> test case ${r.id}` : '';
        const mapped =
          r.mappings && r.mappings.length > 0
            ? `${dryRun ? 'would map' : 'mapped'} ${r.mappings.join(', ')}`
            : undefined;
        const hint =
          r.unmapped && r.unmapped.length > 0
            ? `Name each counterpart with --map kind:id=id (e.g. --map ${r.unmapped[0]!.kind}:${r.unmapped[0]!.id}=ID) or --map-file.`
            : undefined;
        const said = r.outcome === 'created' ? undefined : r.message;
        const why = [mapped, said, hint].filter((x) => x !== undefined).join('; ');
        ctx.out.out(`${ctx.out.paint(label, COLOUR[r.outcome])} ${what}${made}${why ? `: ${why}` : ''}`);
      }
      const created = report.results.filter((r) => r.outcome === 'created').length;
      const not = report.results.length - created;
      if (dryRun) {
        ctx.out.err(`Would create ${created} in ${toProfile}, not copy ${not}.`);
        ctx.out.err('Dry run: nothing was sent.');
      } else ctx.out.err(`${created} created in ${toProfile}, ${not} not copied.`);
    }
    let code: ExitCode = Exit.ok;
    if (report.results.some((r) => r.outcome === 'refused' || r.outcome === 'skipped')) code = Exit.failed;
    if (report.results.some((r) => r.outcome === 'nameTaken' || (r.unmapped?.length ?? 0) > 0)) code = Exit.conflict;
    // An id that names nothing is the command's mistake, as for export and run; nothing was copied.
    if (report.results.some((r) => r.reason === 'notOnService')) code = Exit.usage;
    return code;
  },
};
