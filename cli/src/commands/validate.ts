import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  type CaseLinks,
  createServiceSession,
  type Diagnostic,
  SETTING_RANGES,
  envKey,
  type FileKind,
  type ReferenceState,
  type ServiceSession,
  validation,
  type Wanted,
} from '../../../server/src/core';
import { parseCount } from '../args';
import { flag, str, type CommandSpec } from '../command';
import type { Context } from '../context';
import { Exit, exitCodeOf, UsageError, type ExitCode } from '../exitCodes';
import { displayPath, findFiles, outputFile } from '../files';
import { sarifLog } from '../sarif';
import { githubAnnotations, githubCommand, validationJunit } from '../validateReports';
import { appendSummary, SUMMARY_HELP, SUMMARY_OPTIONS, summaryFile, validateSummary } from '../summary';
import {
  checkLocal,
  DEFAULT_MAX_PROBLEMS,
  type FileResult,
  messageText,
  readForCheck,
  withReferences,
  type LocalResult,
} from '../validation';

const SEVERITY = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' } as const;
const FORMATS = ['text', 'json', 'sarif', 'github', 'junit'];
/** Files checked between two looks at the network while the reference lists load. */
const LOCAL_CHUNK = 25;

/** The run's session with the service: one list, record and function answer each, shared by every file. */
function serviceSession(ctx: Context): ServiceSession {
  const { environment, from } = ctx.source;
  const onRequest = ctx.sessionOptions().onRequest;
  const session = createServiceSession({
    words: ctx.words,
    sessionOptions: () => ctx.sessionOptions(),
    ...(onRequest && { onRequest }),
    cacheTtlMs: () => Number.POSITIVE_INFINITY,
  });
  session.environment.set({ name: from, ...environment });
  return session;
}

type Lists = ServiceSession['lists'];

/**
 * The service's lists once for the whole run, or why they cannot be had. The ids the files name
 * that the lists lack (`wanted`, once the files are read) are then confirmed by their own records.
 */
async function referenceStates(
  refs: Lists,
  kinds: Set<FileKind>,
  wanted: () => Promise<{ ids: Map<FileKind, Wanted>; apiClients: boolean }>,
): Promise<Map<FileKind, ReferenceState>> {
  const states = new Map<FileKind, ReferenceState>();
  for (const kind of kinds) states.set(kind, await refs.state(kind));
  if ([...states.values()].some((s) => s.status !== 'ok')) return states;
  const { ids, apiClients } = await wanted();
  // A file of another environment naming an API client: its counterpart is looked up by name in the list.
  const clients = apiClients ? await refs.apiClients().catch(() => undefined) : undefined;
  for (const [kind, state] of states) {
    const w = ids.get(kind);
    const confirmed = w ? await refs.confirm(state, w) : state;
    states.set(
      kind,
      clients && confirmed.status === 'ok'
        ? { ...confirmed, data: { ...confirmed.data, apiClients: clients } }
        : confirmed,
    );
  }
  return states;
}

/** Every id the files name, per kind of file (the union: one confirmation serves every file). */
function wantedIds(locals: readonly LocalResult[], links: readonly (CaseLinks | undefined)[]): Map<FileKind, Wanted> {
  const out = new Map<FileKind, Wanted>();
  locals.forEach((l, i) => {
    if (!l.parsed) return;
    out.set(l.parsed.kind, validation.referencedIds(l.parsed.kind, l.parsed.value, links[i], out.get(l.parsed.kind)));
  });
  return out;
}

/** One diagnostic as --format json prints it (1-based lines and columns). */
export interface JsonDiagnostic {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: (typeof SEVERITY)[keyof typeof SEVERITY];
  code: string;
  message: string;
}

const jsonDiagnostic = (d: Diagnostic): JsonDiagnostic => ({
  line: d.range.start.line + 1,
  column: d.range.start.character + 1,
  endLine: d.range.end.line + 1,
  endColumn: d.range.end.character + 1,
  severity: SEVERITY[d.severity ?? 1],
  code: String(d.code ?? ''),
  message: messageText(d),
});

export const validate: CommandSpec = {
  name: 'validate',
  summary: 'Check test-case files like the editor does.',
  action: 'check the files',
  usage:
    'tas validate [paths, folders or globs...] [--offline] [--format text|json|sarif|github|junit] [--max-warnings N] [--max-problems N] [--output FILE] [--summary FILE]',
  description: [
    'Checks *.testcase.json and *.testcases.json files: syntax, the schema and local rules, and',
    'with credentials set, the devices, trace filters, test cases and API clients they name and',
    "each step against its function's parameters (functionparams), as the editor does.",
    'Folders are searched (node_modules, .git and .tas left out). Quote globs: "cases/**/*.json",',
    '"cases/{smoke,nightly}", "[a-m]*.testcase.json"; one starting with ! leaves out what it',
    "matches: '!cases/drafts' (single quotes keep an interactive shell from reading the !).",
    'Without paths: the current folder. Output like a compiler: file:line:col: severity code message.',
    'Exit 1 on errors (or more warnings than --max-warnings); 3 or 4 when references could not',
    'be checked (refused credentials, service unreachable): --offline checks without the service.',
    'In GitHub Actions a Markdown summary goes to the job page (GITHUB_STEP_SUMMARY); --summary FILE elsewhere.',
  ].join('\n'),
  options: {
    offline: { type: 'boolean' },
    format: { type: 'string', short: 'f' },
    'max-warnings': { type: 'string' },
    'max-problems': { type: 'string' },
    output: { type: 'string', short: 'o' },
    ...SUMMARY_OPTIONS,
  },
  optionHelp: {
    offline: ['', 'schema and local rules only; no service requests'],
    format: [
      'FORMAT',
      'text (default), json, sarif (SARIF 2.1.0 for code scanning), github (workflow annotations), or junit (JUnit XML)',
    ],
    'max-warnings': ['N', 'exit 1 when there are more than N warnings (like ESLint)'],
    'max-problems': [
      'N',
      `at most N problems per file, plus one saying how many more (default ${DEFAULT_MAX_PROBLEMS}, at most ${SETTING_RANGES['tas.validation.maxProblems'].max}, as the editor's tas.validation.maxProblems)`,
    ],
    output: ['FILE', 'write the report to FILE instead of stdout'],
    ...SUMMARY_HELP,
  },
  positionals: { min: 0 },
  complete: { positionals: 'files', options: { format: FORMATS, output: 'files', summary: 'files' } },
  async run(ctx, values, args) {
    const format = str(values['format']) ?? (ctx.options.json ? 'json' : 'text');
    if (!FORMATS.includes(format))
      throw new UsageError(`--format takes text, json, sarif, github or junit, not "${format}".`);
    const maxWarnings =
      values['max-warnings'] === undefined ? undefined : parseCount(str(values['max-warnings']), '--max-warnings', 0);
    const maxProblems = parseCount(str(values['max-problems']), '--max-problems', DEFAULT_MAX_PROBLEMS);
    const range = SETTING_RANGES['tas.validation.maxProblems'];
    if (maxProblems < range.min || maxProblems > range.max)
      throw new UsageError(`--max-problems takes ${range.min} to ${range.max}, not ${maxProblems}.`);
    const files = findFiles(args, ctx.cwd);
    const outputArg = str(values['output']);
    const output = outputArg === undefined ? undefined : outputFile(outputArg, ctx.cwd, '--output');
    const summary = summaryFile(ctx, values);
    const online = !flag(values['offline']) && ctx.hasCredentials();
    const { results, states, unverified } = await checkFiles(ctx, files, maxProblems, online);
    const all = results.flatMap((r) => r.diagnostics);
    const errors = all.filter((d) => (d.severity ?? 1) === 1).length;
    const warnings = all.filter((d) => d.severity === 2).length;

    let report: string | undefined;
    if (format === 'sarif') report = JSON.stringify(sarifLog(results, ctx.cwd), null, 2);
    else if (format === 'junit') report = validationJunit(results, ctx.cwd).trimEnd();
    else if (format === 'github') report = githubAnnotations(results, ctx.cwd).join('\n');
    else if (format === 'json') {
      report = JSON.stringify(
        {
          files: results
            .filter((r) => r.diagnostics.length > 0)
            .map((r) => ({ path: displayPath(r.path, ctx.cwd), diagnostics: r.diagnostics.map(jsonDiagnostic) })),
          checked: files.length,
          errors,
          warnings,
          referencesChecked: states !== undefined,
        },
        null,
        2,
      );
    }
    if (report !== undefined) {
      if (output) writeFileSync(output, report ? `${report}\n` : '');
      else if (report) ctx.out.out(report);
    } else {
      const lines = results.flatMap((r) =>
        r.diagnostics.map((d) => {
          const sev = SEVERITY[d.severity ?? 1];
          const painted = ctx.out.paint(sev, sev === 'error' ? 'red' : sev === 'warning' ? 'yellow' : 'cyan');
          return `${displayPath(r.path, ctx.cwd)}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${painted} ${String(d.code ?? '')} ${messageText(d)}`;
        }),
      );
      if (output) writeFileSync(output, lines.map((l) => `${l}\n`).join(''));
      else for (const l of lines) ctx.out.out(l);
    }
    const withProblems = results.filter((r) => r.diagnostics.length > 0).length;
    ctx.out.err(
      `${files.length} ${files.length === 1 ? 'file' : 'files'} checked${states ? ' (with references)' : online ? '' : ' (offline: references not checked)'}: ${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}${withProblems > 0 ? ` in ${withProblems} ${withProblems === 1 ? 'file' : 'files'}` : ''}.`,
    );
    if (summary) {
      const problems = results.flatMap((r) =>
        r.diagnostics.map((d) => ({ path: displayPath(r.path, ctx.cwd), ...jsonDiagnostic(d) })),
      );
      const counts = { files: files.length, errors, warnings, ...(unverified && { unverified: unverified.reason }) };
      appendSummary(ctx, summary, validateSummary(counts, problems));
    }
    // Said whatever else failed: a run with errors also checked no reference.
    if (unverified) {
      const said = `References not verified: ${unverified.reason} Use --offline to check without the service.`;
      if (format === 'github' && !output) ctx.out.out(githubCommand('warning', said));
      ctx.out.err(said);
    }
    if (errors > 0) return Exit.failed;
    if (maxWarnings !== undefined && warnings > maxWarnings) {
      ctx.out.err(`More than ${maxWarnings} ${maxWarnings === 1 ? 'warning' : 'warnings'} (--max-warnings).`);
      return Exit.failed;
    }
    return unverified ? unverified.code : Exit.ok;
  },
};

/**
 * Asks the service about each step function the files name as soon as a file names it (a read,
 * once per name, kept in the reference cache): the answers arrive while the other files are
 * checked, instead of after the last one (about a fifth of a run over 1,000 files). A failure is
 * met again, and said, where the steps are checked.
 */
function askAhead(refs: Lists): (kind: FileKind, value: unknown) => void {
  const asked = new Set<string>();
  return (kind, value) => {
    for (const name of validation.functionsNamed(kind, value)) {
      if (asked.has(name)) continue;
      asked.add(name);
      refs.functionInfo(name).catch(() => undefined);
    }
  };
}

/**
 * Every file checked as the editor checks it: the local checks first, while the service's lists
 * are on their way, then (online, once the lists are had) references, step functions and API
 * clients. `states` undefined: references not checked (offline, or `unverified` says why).
 */
async function checkFiles(
  ctx: Context,
  files: string[],
  maxProblems: number,
  online: boolean,
): Promise<{
  results: FileResult[];
  states?: Map<FileKind, ReferenceState>;
  unverified?: { reason: string; code: ExitCode };
}> {
  const kinds = new Set(
    files.flatMap((f): FileKind[] =>
      f.endsWith('.testcases.json') ? ['bundle'] : f.endsWith('.testcase.json') ? ['testCase'] : [],
    ),
  );
  // A file's id names a test case only in its home environment (the sync state says which);
  // the sync states are read while the files are checked.
  const env = online ? envKey(ctx.source.environment.baseUrl) : undefined;
  const syncStates = validation.syncStates();
  const uris = files.map((f) => pathToFileURL(f).href);
  const links =
    env === undefined ? undefined : uris.map((uri) => validation.links(uri, env, syncStates).catch(() => undefined));
  let localsRead!: (locals: LocalResult[]) => void;
  const localsDone = new Promise<LocalResult[]>((resolve) => (localsRead = resolve));
  const service = online ? serviceSession(ctx) : undefined;
  try {
    const pending = service
      ? referenceStates(service.lists, kinds, async () => {
          const [read, linked] = [await localsDone, links ? await Promise.all(links) : []];
          return {
            ids: wantedIds(read, linked),
            apiClients: read.some(
              (l, i) =>
                l.parsed !== undefined && validation.namesForeignApiClient(l.parsed.kind, l.parsed.value, linked[i]),
            ),
          };
        })
      : undefined;
    // Awaited below; marked handled now, so a failure meanwhile is not an unhandled rejection.
    pending?.catch(() => undefined);
    // The local checks run while the service's lists are on their way, a chunk of files at a
    // time, so that the answers are read (and the next requests sent) in between.
    const locals: LocalResult[] = [];
    const ask = service && askAhead(service.lists);
    try {
      for (let i = 0; i < files.length; i += LOCAL_CHUNK) {
        if (pending && i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
        for (let k = i; k < Math.min(i + LOCAL_CHUNK, files.length); k++) {
          // A file that cannot be read is an error of that file, not the end of the run.
          const { text, problem } = readForCheck(files[k]!);
          const local: LocalResult =
            text === undefined
              ? { path: files[k]!, diagnostics: [] }
              : checkLocal(files[k]!, text, uris[k], maxProblems);
          if (problem) local.diagnostics.unshift(problem);
          locals.push(local);
          if (ask && local.parsed) ask(local.parsed.kind, local.parsed.value);
        }
      }
    } finally {
      // Also on a failure, so the confirmations end.
      localsRead(locals);
    }
    const states = pending ? await pending : undefined;
    const failed = states && [...states.values()].find((s) => s.status === 'unavailable');
    if (failed?.status === 'unavailable') {
      // One line for the run instead of a note in every file.
      return {
        results: locals.map((l) => withReferences(l)),
        unverified: { reason: failed.reason, code: exitCodeOf(failed.cause) === Exit.auth ? Exit.auth : Exit.service },
      };
    }
    const linksOf = states && links ? await Promise.all(links) : [];
    // Steps against each function's description and the API clients they name, as the editor
    // checks them: with the lists at hand (the service answered), each answer asked once a run.
    const steps = await Promise.all(
      locals.map((l, i) =>
        service && states && l.parsed
          ? validation.steps(
              l.parsed.doc,
              l.parsed.kind,
              l.parsed.value,
              service.lists,
              true,
              l.maxProblems,
              linksOf[i],
            )
          : Promise.resolve([]),
      ),
    );
    return {
      results: locals.map((l, i) => withReferences(l, states && ((kind) => states.get(kind)), linksOf[i], steps[i])),
      ...(states && { states }),
    };
  } finally {
    // Also on a failure, so the client ends.
    await service?.dispose();
  }
}
