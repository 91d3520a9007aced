import { describeFailure } from '../../../server/src/core';
import { TERMINAL_WORDS } from '../words';
import type { CommandSpec } from '../command';
import { CliError, Exit, exitCodeOf } from '../exitCodes';
import { follow, report, started, WAIT_COMPLETE, WAIT_HELP, WAIT_OPTIONS, waitSettings } from '../follow';
import { suiteActions, suiteId, suiteName } from '../suiteRef';

export const execute: CommandSpec = {
  name: 'execute',
  summary: 'Execute a test suite.',
  action: 'execute the test suite',
  usage: 'tas execute <suite id or name> [--wait] [--timeout DURATION] [--junit FILE]',
  description: [
    'Starts every test case of the suite (never sent twice: when the answer is lost, check',
    'tas executions before trying again) and prints the new execution ids. With --wait, follows',
    'them to the end: exit 0 when all passed, 1 otherwise, 6 on --timeout.',
  ].join('\n'),
  options: WAIT_OPTIONS,
  optionHelp: WAIT_HELP,
  positionals: { min: 1, max: 1 },
  complete: { options: WAIT_COMPLETE },
  async run(ctx, values, [ref = '']) {
    const settings = waitSettings(values, ctx.cwd);
    const id = await suiteId(ctx.client, ref, ctx.signal);
    let answer;
    try {
      answer = await suiteActions(ctx.client).execute(id);
    } catch (err) {
      throw startFailure(err, `execute test suite ${ref}`);
    }
    for (const s of answer.skipped) ctx.out.err(`not started${s.testCaseId !== undefined ? `: test case ${s.testCaseId}` : ''}: ${s.reason}`);
    if (answer.executionIds.length === 0) throw new CliError(`Test suite ${ref} started no execution.`, Exit.failed);
    if (!settings.wait) {
      if (ctx.options.json) ctx.out.json({ executionIds: answer.executionIds, skipped: answer.skipped });
      else for (const e of answer.executionIds) ctx.out.out(String(e));
      return Exit.ok;
    }
    started(ctx, answer.executions);
    const result = await follow(ctx, answer.executionIds, answer.executions, settings.timeoutMs);
    // The report is titled by the suite's name, whether it was given by name or by id.
    const title = settings.junit ? await suiteName(ctx.client, ref, id, result.executions, ctx.signal) : `test suite ${ref}`;
    return report(ctx, result, settings, title);
  },
};

/**
 * A call that starts something and failed, in words that name what was started: a lost answer
 * may have started it (never repeat it: exit 4), a refusal carries the service's reason (exit 7).
 */
export function startFailure(err: unknown, action: string): CliError {
  const said = describeFailure(err, { action, starts: true }, TERMINAL_WORDS);
  return new CliError(said.message, said.kind === 'mayHaveStarted' ? Exit.service : exitCodeOf(err), { cause: err });
}
