import { fileURLToPath } from 'node:url';
import { displayPath, filesPerArgument } from '../files';
import {
  type CaseHistory,
  DEFAULT_HISTORY_EXECUTIONS,
  type ExecutionSummary,
  historyOn,
  runCheck,
} from '../../../server/src/core';
import type { CommandSpec } from '../command';
import { CliError, Exit } from '../exitCodes';
import { WAIT_COMPLETE, waitSettings } from '../follow';
import { printOrFollow, START_OPTIONS, startFailure } from '../starts';
import { RETRY_HELP, RETRY_OPTIONS, retrySettings } from '../retries';
import { appendSummary, runSummary, startedSummary, SUMMARY_HELP, SUMMARY_OPTIONS, summaryFile } from '../summary';
import type { Context } from '../context';
import { fileUri, syncEngine } from '../syncHost';

// Why a file does not run, in the CLI's words: the core decides (runCheck), these name the commands.
const WHY: Record<string, string> = {
  notLinked: 'is not on the service in this environment: run tas import on it first',
  missingOnService: 'is linked to a test case that no longer exists on the service: run tas import on it first',
  localChanged: 'has changes the service does not have: run tas import on it first',
  conflict: 'and the service both changed since the last sync: run tas import on it and settle the conflict first',
  serviceChanged: "is older than the service's version: run tas export to take it, or tas import --force to replace it",
};

const isId = (ref: string): boolean => /^\d+$/.test(ref);

/**
 * The files among the arguments (all but ids), read as validate and import read them, in the
 * arguments' order. `!` arguments beside ids alone leave nothing out: they do not make the
 * working folder a file to run.
 */
function filesToRun(ctx: Context, refs: string[]): { ref: string; files: string[] }[] {
  const args = refs.filter((r) => !isId(r));
  const onlyLeaveOuts = args.every((a) => a.startsWith('!'));
  if (args.length === 0 || (onlyLeaveOuts && refs.some(isId))) return [];
  return filesPerArgument(args, ctx.cwd).map(({ arg, files }) => ({ ref: arg, files }));
}

/** The test cases to run: ids as given, files through their link in this environment. */
async function testCaseIds(ctx: Context, refs: string[]): Promise<{ id: number; name?: string }[]> {
  const out: { id: number; name?: string }[] = [];
  const perArg = filesToRun(ctx, refs);
  const files = [...new Set(perArg.flatMap((a) => a.files))];
  const statuses =
    files.length > 0
      ? await syncEngine(ctx).status(
          files.map((f) => ({ uri: fileUri(ctx.cwd, f) })),
          ctx.signal,
        )
      : [];
  const checked = statuses.map((s) => ({ s, check: runCheck(s, false) }));
  // A file that cannot be read as a test case: its own message says where and what.
  const unreadable = checked.filter(({ check }) => check.kind === 'unknown');
  if (unreadable.length > 0) {
    const lines = unreadable.map(
      ({ s }) => s.message ?? `${displayPath(fileURLToPath(s.uri), ctx.cwd)} could not be read.`,
    );
    throw new CliError(`Not run:\n${lines.join('\n')}\ntas validate shows each problem.`, Exit.failed);
  }
  const refused = checked.flatMap(({ s, check }) =>
    check.kind === 'needsChoice' ? [{ s, message: check.message }] : [],
  );
  if (refused.length > 0) {
    const lines = refused.map(
      ({ s, message }) =>
        `${displayPath(fileURLToPath(s.uri), ctx.cwd)}${s.index !== undefined ? ` (item ${s.index})` : ''} ${WHY[s.state] ?? message}`,
    );
    throw new CliError(`Not run, so that what runs is what the file says:\n${lines.join('\n')}`, Exit.conflict);
  }
  // Ids and files in the arguments' order; the working folder (only ! arguments) comes last.
  const started = new Set<string>();
  const runFiles = (group: string[]) => {
    for (const file of group) {
      const uri = fileUri(ctx.cwd, file);
      if (started.has(uri)) continue;
      started.add(uri);
      for (const { s, check } of checked)
        if (s.uri === uri && check.kind === 'run')
          out.push({ id: check.id, ...(check.name !== undefined && { name: check.name }) });
    }
  };
  let next = 0;
  for (const r of refs) {
    if (isId(r)) out.push({ id: Number(r) });
    else if (perArg[next]?.ref === r) runFiles(perArg[next++]!.files);
  }
  for (const rest of perArg.slice(next)) runFiles(rest.files);
  return out;
}

/** Each test case's history, for the summary; undefined when it cannot be read (the summary says so). */
async function historyOf(ctx: Context, ids: number[]): Promise<Map<number, CaseHistory> | undefined> {
  try {
    const report = await historyOn(ctx.client, { limit: DEFAULT_HISTORY_EXECUTIONS }).report({
      only: ids,
      signal: ctx.signal,
    });
    return new Map(report.cases.map((c) => [c.testCaseId, c]));
  } catch {
    return undefined;
  }
}

export const run: CommandSpec = {
  name: 'run',
  summary: 'Run test cases directly, by id or by file.',
  action: 'run the test cases',
  usage:
    'tas run <test case id, file, folder or glob>... [--wait] [--timeout DURATION] [--junit FILE] [--retries N] [--fail-on-flaky] [--summary FILE]',
  description: [
    'Starts a direct run of each test case (never sent twice) and prints the execution ids. A file',
    'runs the test case it is linked to in this environment, and only when the file and the',
    'service agree (else exit 5: import it first). With --wait, follows the runs to the end:',
    'exit 0 when all passed, 1 otherwise, 6 on --timeout. --retries N reruns a failed execution',
    'up to N times (each rerun sent once); a test that passes on a rerun is flaky: it counts as',
    'passed (exit 0, the flaky count said) unless --fail-on-flaky. In GitHub Actions a Markdown',
    'summary goes to the job page (GITHUB_STEP_SUMMARY); --summary FILE elsewhere.',
  ].join('\n'),
  options: { ...START_OPTIONS.options, ...RETRY_OPTIONS, ...SUMMARY_OPTIONS },
  optionHelp: { ...START_OPTIONS.optionHelp, ...RETRY_HELP, ...SUMMARY_HELP },
  positionals: { min: 1 },
  complete: { positionals: 'files', options: { ...WAIT_COMPLETE, summary: 'files' } },
  async run(ctx, values, refs) {
    const retry = retrySettings(values);
    const settings = { ...waitSettings(values, ctx.cwd), ...(retry.retries > 0 && { wait: true }) };
    const summary = summaryFile(ctx, values);
    const cases = await testCaseIds(ctx, refs);
    const executions: ExecutionSummary[] = [];
    for (const c of cases) {
      if (ctx.signal.aborted) break;
      let answer;
      try {
        answer = await ctx.client.testCases.run(c.id, ctx.signal);
      } catch (err) {
        if (executions.length > 0) ctx.out.err(`Started before the failure: ${executions.map((e) => e.id).join(', ')}`);
        if ((err as { kind?: unknown }).kind === 'notFound')
          throw new CliError(`Test case ${c.id} does not exist on the service.`, Exit.usage, { cause: err });
        throw startFailure(err, `run test case ${c.id}`);
      }
      executions.push({
        id: answer.executionId,
        status: 'QUEUED',
        kind: 'queued',
        final: false,
        testCaseId: c.id,
        ...(c.name !== undefined && { testCaseName: c.name }),
      });
    }
    // Their first readings are made up here (queued): the follower reads them itself.
    return printOrFollow(
      ctx,
      settings,
      {
        ids: executions.map((e) => e.id),
        readings: executions,
        known: [],
        title: () => 'tas run',
        ...(summary && {
          summarize: async (chains, result) => {
            const ids = [...new Set(executions.flatMap((e) => e.testCaseId ?? []))];
            const markdown =
              chains && result
                ? runSummary('tas run', chains, result.timedOut, await historyOf(ctx, ids), Date.now())
                : startedSummary(
                    'tas run',
                    executions.map((e) => e.id),
                  );
            appendSummary(ctx, summary, markdown);
          },
        }),
      },
      retry,
    );
  },
};
