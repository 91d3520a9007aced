import type { CommandSpec } from '../command';
import { CliError, Exit } from '../exitCodes';
import { waitSettings } from '../follow';
import { printOrFollow, START_OPTIONS, startOnce } from '../starts';
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
  ...START_OPTIONS,
  positionals: { min: 1, max: 1 },
  async run(ctx, values, [ref = '']) {
    const settings = waitSettings(values, ctx.cwd);
    const id = await suiteId(ctx.client, ref, ctx.signal);
    const answer = await startOnce(`execute test suite ${ref}`, () => suiteActions(ctx.client).execute(id));
    for (const s of answer.skipped)
      ctx.out.err(`not started${s.testCaseId !== undefined ? `: test case ${s.testCaseId}` : ''}: ${s.reason}`);
    if (answer.executionIds.length === 0) throw new CliError(`Test suite ${ref} started no execution.`, Exit.failed);
    return printOrFollow(ctx, settings, {
      ids: answer.executionIds,
      readings: answer.executions,
      json: { skipped: answer.skipped },
      // The report is titled by the suite's name, whether it was given by name or by id.
      title: (result) =>
        settings.junit ? suiteName(ctx.client, ref, id, result.executions, ctx.signal) : `test suite ${ref}`,
    });
  },
};
