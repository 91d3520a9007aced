import {
  ApiError,
  DEFAULT_FOLLOWER_OPTIONS,
  type ExecutionSummary,
  Follower,
  summarizeExecution,
  type FollowerSource,
  writeAtomic,
} from '../../server/src/core';
import { parseDuration } from './args';
import { str, type OptionSpec, type Values } from './command';
import type { Context } from './context';
import { CliError, Exit, failureText, type ExitCode } from './exitCodes';
import { outputFile } from './files';
import { type Attempts, failureDetails, type FailureDetails, isFlaky, junitXml } from './junit';

// Following executions to their end with the language server's follower: --wait, --timeout and
// --junit for run, execute, rerun and watch. A failed poll (a transient 502, a dropped
// connection) is asked again by the follower; only refused credentials, or failures without a
// break for longer than the outage limit, end the wait.

export const WAIT_OPTIONS: OptionSpec = {
  wait: { type: 'boolean' },
  timeout: { type: 'string' },
  junit: { type: 'string' },
};

/** Shell completion of the wait options' values. */
export const WAIT_COMPLETE = { junit: 'files' } as const;

export const WAIT_HELP: Record<string, [string, string]> = {
  wait: ['', 'follow the executions until they end; the exit code says whether all passed'],
  timeout: ['DURATION', 'give up waiting after this long (90s, 30m, 2h), exit 6 (implies --wait)'],
  junit: ['FILE', 'write a JUnit XML report of the executions (implies --wait)'],
};

export interface WaitSettings {
  wait: boolean;
  timeoutMs?: number;
  junit?: string;
}

export function waitSettings(values: Values, cwd: string): WaitSettings {
  const timeout = str(values['timeout']);
  const junit = str(values['junit']);
  return {
    wait: values['wait'] === true || junit !== undefined || timeout !== undefined,
    ...(timeout !== undefined && { timeoutMs: parseDuration(timeout, '--timeout') }),
    ...(junit !== undefined && { junit: outputFile(junit, cwd, '--junit') }),
  };
}

export interface FollowResult {
  executions: ExecutionSummary[];
  timedOut: boolean;
}

/** Follows `ids` until each is final, the timeout passes, Ctrl-C (or `signal`), or the credentials are refused. */
export async function follow(
  ctx: Context,
  ids: number[],
  known: ExecutionSummary[],
  timeoutMs: number | undefined,
  signal: AbortSignal = ctx.signal,
): Promise<FollowResult> {
  const client = ctx.client;
  const latest = new Map<number, ExecutionSummary>();
  for (const k of known) latest.set(k.id, k);
  // Read before the first poll, so a value out of range is said whether or not polls fail.
  const outageLimitMs = ctx.number('TAS_WAIT_OUTAGE') * 1000;
  let fatal: unknown;
  let failingSince: number | undefined;
  let wake = () => {};
  const guard = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      const value = await call();
      failingSince = undefined;
      return value;
    } catch (err) {
      const kind = err instanceof ApiError ? err.kind : undefined;
      failingSince ??= Date.now();
      if (kind === 'unauthorized' || kind === 'forbidden' || Date.now() - failingSince > outageLimitMs) {
        fatal = err;
        wake();
      } else if (kind !== 'notFound' && kind !== 'cancelled') {
        ctx.out.err(
          ctx.out.paint(`${failureText(err, 'read the executions', ctx.words)} Trying again.`, 'yellow', 'err'),
        );
      }
      throw err;
    }
  };
  const source: FollowerSource = {
    get: (id, signal) => guard(() => client.executions.get(id, signal)),
    recent: (count, signal) => guard(async () => (await client.executions.newest(0, count, { signal })).items),
  };
  const base = ctx.number('TAS_POLL_INTERVAL') * 1000;
  const follower = new Follower(source, {
    ...DEFAULT_FOLLOWER_OPTIONS,
    baseIntervalMs: base,
    maxIntervalMs: base * 7.5,
    unknownIntervalMs: base * 30,
  });
  const done = () => ids.every((id) => latest.get(id)?.final === true);
  follower.onChange((changed) => {
    for (const s of changed) {
      if (!ids.includes(s.id)) continue;
      const before = latest.get(s.id);
      latest.set(s.id, s);
      if (before?.status !== s.status || before.currentStep !== s.currentStep) ctx.out.err(progressLine(s));
    }
    if (done()) wake();
  });
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const onAbort = () => wake();
  try {
    await new Promise<void>((resolveWait) => {
      wake = resolveWait;
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          timedOut = true;
          resolveWait();
        }, timeoutMs);
      }
      signal.addEventListener('abort', onAbort, { once: true });
      follower.follow(ids, known);
      if (done()) resolveWait();
    });
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    follower.dispose();
  }
  if (fatal !== undefined && !done()) {
    const code =
      fatal instanceof ApiError && (fatal.kind === 'unauthorized' || fatal.kind === 'forbidden')
        ? Exit.auth
        : Exit.service;
    throw new CliError(
      `${failureText(fatal, 'follow the executions', ctx.words)} Pick up where this stopped with: tas watch ${ids.join(' ')}`,
      code,
      { cause: fatal },
    );
  }
  if (signal.aborted && !done()) {
    throw new CliError(
      `Interrupted. The executions go on; follow them again with: tas watch ${ids.join(' ')}`,
      130 as ExitCode,
    );
  }
  return {
    executions: ids.map((id) => latest.get(id) ?? { id, status: 'UNKNOWN', kind: 'unknown', final: false }),
    timedOut,
  };
}

export function progressLine(s: ExecutionSummary): string {
  const what = s.testCaseName ? ` (${s.testCaseName})` : '';
  const step = !s.final && s.stepCount !== undefined ? ` step ${s.currentStep ?? 0}/${s.stepCount}` : '';
  return `execution ${s.id}${what}: ${s.status}${step}`;
}

/**
 * The final record of each execution that failed, read once for the report: the failed step and
 * the log. A record that cannot be read leaves its failure without them (the report still says
 * how it ended).
 */
async function failures(ctx: Context, executions: ExecutionSummary[]): Promise<Map<number, FailureDetails>> {
  const details = new Map<number, FailureDetails>();
  for (const e of executions) {
    if (!e.final || e.kind !== 'failed') continue;
    try {
      details.set(e.id, failureDetails(e, await ctx.client.executions.get(e.id, ctx.signal)));
    } catch (err) {
      ctx.out.err(
        `${failureText(err, `read the log of execution ${e.id}`, ctx.words)} The report says only how it ended.`,
      );
    }
  }
  return details;
}

/** How the run went with --retries: each test's chain of runs, and the reruns that could not be started. */
export interface Retried {
  attempts: Attempts[];
  notRerun: CliError[];
  /** --fail-on-flaky: a test that passed only on a rerun fails the run. */
  failOnFlaky: boolean;
}

/** One line per test: its outcome, and with reruns, what came before it. */
function outcomeLine(ctx: Context, chain: Attempts): string {
  const e = chain[chain.length - 1]!;
  const colour = e.kind === 'passed' ? 'green' : e.final ? 'red' : 'yellow';
  const duration = e.durationMs !== undefined ? `  ${(e.durationMs / 1000).toFixed(1)} s` : '';
  const before = chain
    .slice(0, -1)
    .map(
      (x) =>
        `${x.id} ${x.status}${x.kind === 'failed' && x.currentStep !== undefined ? ` at step ${x.currentStep}` : ''}`,
    );
  const history = before.length > 0 ? `  (after ${before.join(', ')}${isFlaky(chain) ? ': flaky' : ''})` : '';
  return `${ctx.out.paint(e.status.padEnd(9), colour)} execution ${e.id}${e.testCaseName ? `  ${e.testCaseName}` : ''}${duration}${history}`;
}

/** Prints the outcome, writes the JUnit report, and says which exit code it means. */
export async function report(
  ctx: Context,
  result: FollowResult,
  settings: WaitSettings,
  title: string,
  retried?: Retried,
): Promise<ExitCode> {
  const { executions, timedOut } = result;
  const chains = retried?.attempts ?? executions.map((e) => [e]);
  const flaky = chains.filter(isFlaky);
  // Atomically, so a CI step never reads half a report; scrubbed like everything printed, since
  // it quotes the service's logs.
  if (settings.junit)
    await writeAtomic(
      settings.junit,
      ctx.out.secrets.scrub(junitXml(title, chains, timedOut, await failures(ctx, chains.flat()))),
    );
  if (ctx.options.json)
    ctx.out.json({
      executions,
      timedOut,
      ...(retried && {
        runs: chains.map((a) => ({
          ...(a[0]!.testCaseId !== undefined && { testCaseId: a[0]!.testCaseId }),
          executionIds: a.map((x) => x.id),
          outcome: isFlaky(a) ? 'flaky' : a[a.length - 1]!.kind,
        })),
        flaky: flaky.length,
      }),
    });
  else {
    for (const chain of chains) ctx.out.out(outcomeLine(ctx, chain));
    if (settings.junit) ctx.out.err(`JUnit report written to ${settings.junit}`);
  }
  if (timedOut) {
    const pending = executions.filter((e) => !e.final).map((e) => e.id);
    ctx.out.err(
      `Timed out after ${settings.timeoutMs} ms; still running: ${pending.join(', ')}. Follow them with: tas watch ${pending.join(' ')}`,
    );
    return Exit.timeout;
  }
  if (flaky.length > 0) {
    const names = flaky.map((a) => a[a.length - 1]!.testCaseName ?? `execution ${a[0]!.id}`).join(', ');
    const n = flaky.length === 1 ? '1 test was flaky' : `${flaky.length} tests were flaky`;
    ctx.out.err(
      retried?.failOnFlaky
        ? `${n} (passed only on a rerun): ${names}. --fail-on-flaky: exit 1.`
        : `${n} (passed only on a rerun): ${names}. ${flaky.length === 1 ? 'It counts' : 'They count'} as passed; --fail-on-flaky makes ${flaky.length === 1 ? 'it' : 'them'} fail the run.`,
    );
  }
  // A rerun whose answer was lost may be running: an outage, said as such (exit 4).
  const lost = retried?.notRerun.find((e) => e.code === Exit.service);
  if (lost) return lost.code;
  if (!executions.every((e) => e.kind === 'passed')) return Exit.failed;
  return flaky.length > 0 && retried?.failOnFlaky ? Exit.failed : Exit.ok;
}

/** One reading of executions that were just started, for their first line. */
export function started(ctx: Context, executions: ExecutionSummary[]): void {
  if (ctx.options.json) return;
  for (const e of executions) ctx.out.err(`started ${progressLine(e)}`);
}

export { summarizeExecution };
