import type { ExecutionSummary } from '../../server/src/core';
import { parseCount } from './args';
import { flag, str, type OptionSpec, type Values } from './command';
import type { Context } from './context';
import { CliError, UsageError } from './exitCodes';
import { follow, type FollowResult } from './follow';
import type { Attempts } from './junit';

// `tas run --retries N`: a failed execution is run again (POST /testexecutions/{id}/rerun)
// because the user asked, at most N times per test case and never on its own otherwise; a test
// that passes on a rerun is flaky. Each rerun is a call that starts something: sent once, and a
// lost answer ends that test's reruns ("it may have started").

export const RETRY_OPTIONS: OptionSpec = {
  retries: { type: 'string' },
  'fail-on-flaky': { type: 'boolean' },
};

export const RETRY_HELP: Record<string, [string, string]> = {
  retries: ['N', 'rerun a failed execution up to N times (implies --wait); one that passes on a rerun is flaky'],
  'fail-on-flaky': ['', 'exit 1 when a test passed only on a rerun (default: exit 0, the flaky count said)'],
};

/** The most reruns a test may be given. */
export const MAX_RETRIES = 10;

export interface RetrySettings {
  retries: number;
  failOnFlaky: boolean;
}

export function retrySettings(values: Values): RetrySettings {
  const retries = parseCount(str(values['retries']), '--retries', 0);
  if (retries > MAX_RETRIES) throw new UsageError(`--retries takes 0 to ${MAX_RETRIES}, not ${retries}.`);
  const failOnFlaky = flag(values['fail-on-flaky']);
  return { retries, failOnFlaky };
}

export interface RetriedResult extends FollowResult {
  /** One chain per execution started; its last is the test's outcome (`executions` lists those). */
  attempts: Attempts[];
  /** Reruns that could not be started, and why (the test keeps its last outcome). */
  notRerun: CliError[];
}

/**
 * Follows `ids` to their end, then reruns each that failed and follows the reruns, round after
 * round, until it passes or has had `retries` reruns. `--timeout` bounds the whole.
 */
export async function followRetrying(
  ctx: Context,
  ids: number[],
  known: ExecutionSummary[],
  timeoutMs: number | undefined,
  retries: number,
  /** Starts a rerun of a failed execution, once; its failure comes as a CliError in words. */
  rerun: (id: number) => Promise<ExecutionSummary>,
): Promise<RetriedResult> {
  const deadline = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
  const left = () => (deadline === undefined ? undefined : Math.max(1, deadline - Date.now()));
  const first = await follow(ctx, ids, known, left());
  const attempts: Attempts[] = first.executions.map((e) => [e]);
  const notRerun: CliError[] = [];
  const stopped = new Set<Attempts>();
  let timedOut = first.timedOut;
  for (let round = 1; round <= retries && !timedOut && !ctx.signal.aborted; round++) {
    const failed = attempts.filter((a) => !stopped.has(a) && a[a.length - 1]!.kind === 'failed');
    const started: { chain: Attempts; execution: ExecutionSummary }[] = [];
    for (const chain of failed) {
      const last = chain[chain.length - 1]!;
      try {
        const execution = await rerun(last.id);
        const named = { ...execution, ...(last.testCaseName !== undefined && { testCaseName: last.testCaseName }) };
        chain.push(named);
        started.push({ chain, execution: named });
        ctx.out.err(`rerun ${round} of ${retries}: execution ${named.id} (execution ${last.id} failed)`);
      } catch (err) {
        if (!(err instanceof CliError)) throw err;
        notRerun.push(err);
        stopped.add(chain);
        ctx.out.err(ctx.out.paint(err.message, 'yellow', 'err'));
      }
    }
    if (started.length === 0) break;
    const again = await follow(
      ctx,
      started.map((s) => s.execution.id),
      started.map((s) => s.execution),
      left(),
    );
    for (const reading of again.executions)
      for (const s of started)
        if (s.execution.id === reading.id)
          s.chain[s.chain.length - 1] = { ...reading, testCaseName: reading.testCaseName ?? s.execution.testCaseName };
    timedOut = again.timedOut;
  }
  return { executions: attempts.map((a) => a[a.length - 1]!), timedOut, attempts, notRerun };
}
