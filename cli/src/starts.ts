import { describeFailure, type ExecutionSummary } from '../../server/src/core';
import { TERMINAL_WORDS } from './words';
import type { Context } from './context';
import { CliError, Exit, exitCodeOf, type ExitCode } from './exitCodes';
import type { CommandSpec } from './command';
import { followRetrying, type RetrySettings } from './retries';
import { executionActions } from './suiteRef';
import {
  follow,
  type FollowResult,
  report,
  started,
  WAIT_COMPLETE,
  WAIT_HELP,
  WAIT_OPTIONS,
  type WaitSettings,
} from './follow';

// What run, execute and rerun share once they start executions: the start call awaited once,
// its failure in words that name it; then the new ids printed, or followed to the end with
// --wait and reported.

/** The options of a command that starts executions (--wait, --timeout, --junit), with their help and completion. */
export const START_OPTIONS = {
  options: WAIT_OPTIONS,
  optionHelp: WAIT_HELP,
  complete: { options: WAIT_COMPLETE },
} satisfies Partial<CommandSpec>;

/**
 * A call that starts something and failed, in words that name what was started: a lost answer
 * may have started it (never repeat it: exit 4), a refusal carries the service's reason (exit 7).
 */
export function startFailure(err: unknown, action: string): CliError {
  const said = describeFailure(err, { action, starts: true }, TERMINAL_WORDS);
  return new CliError(said.message, said.kind === 'mayHaveStarted' ? Exit.service : exitCodeOf(err), { cause: err });
}

/** Awaits a call that starts something, once; a failure comes back as `startFailure` words. */
export async function startOnce<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw startFailure(err, action);
  }
}

/** Executions a command started. */
export interface Started {
  /** Every one, by id: what is printed and followed. */
  ids: number[];
  /** Their first readings, printed as following begins. */
  readings: ExecutionSummary[];
  /** What the follower may take as their state (the readings unless said). */
  known?: ExecutionSummary[];
  /** More members of the `--json` answer when not waiting, beside `executionIds`. */
  json?: Record<string, unknown>;
  /** The JUnit report's title, from what the wait found. */
  title: (result: FollowResult) => string | Promise<string>;
  /** After the report: what the run did, each test's chain of runs (the CI summary). */
  summarize?: (chains: ExecutionSummary[][] | undefined, result: FollowResult | undefined) => Promise<void>;
}

/**
 * Without --wait, prints the new ids (exit 0); with it, follows them to the end and reports.
 * With --retries (`retry`), a failed one is rerun and followed again, at most that many times.
 */
export async function printOrFollow(
  ctx: Context,
  settings: WaitSettings,
  s: Started,
  retry: RetrySettings = { retries: 0, failOnFlaky: false },
): Promise<ExitCode> {
  if (!settings.wait && retry.retries === 0) {
    if (ctx.options.json) ctx.out.json({ executionIds: s.ids, ...s.json });
    else for (const id of s.ids) ctx.out.out(String(id));
    await s.summarize?.(undefined, undefined);
    return Exit.ok;
  }
  started(ctx, s.readings);
  const known = s.known ?? s.readings;
  if (retry.retries === 0) {
    const result = await follow(ctx, s.ids, known, settings.timeoutMs);
    const code = await report(ctx, result, settings, await s.title(result));
    await s.summarize?.(
      result.executions.map((e) => [e]),
      result,
    );
    return code;
  }
  const rerun = async (id: number) =>
    (await startOnce(`rerun execution ${id}`, () => executionActions(ctx.client).rerun(id))).execution;
  const result = await followRetrying(ctx, s.ids, known, settings.timeoutMs, retry.retries, rerun);
  const code = await report(ctx, result, settings, await s.title(result), {
    ...result,
    failOnFlaky: retry.failOnFlaky,
  });
  await s.summarize?.(result.attempts, result);
  return code;
}
