import { parseId } from '../args';
import type { CommandSpec } from '../command';
import { Exit } from '../exitCodes';
import { follow, report, started, WAIT_COMPLETE, WAIT_HELP, WAIT_OPTIONS, waitSettings } from '../follow';
import { executionActions } from '../suiteRef';
import { startFailure } from './execute';

export const rerun: CommandSpec = {
  name: 'rerun',
  summary: 'Run an execution again.',
  action: 'rerun the execution',
  usage: 'tas rerun <execution id> [--wait] [--timeout DURATION] [--junit FILE]',
  description: 'Starts the test case of a finished execution again (never sent twice) and prints the new execution id.',
  options: WAIT_OPTIONS,
  optionHelp: WAIT_HELP,
  positionals: { min: 1, max: 1 },
  complete: { options: WAIT_COMPLETE },
  async run(ctx, values, [ref = '']) {
    const settings = waitSettings(values, ctx.cwd);
    const id = parseId(ref, 'The execution id');
    let execution;
    try {
      ({ execution } = await executionActions(ctx.client).rerun(id));
    } catch (err) {
      throw startFailure(err, `rerun execution ${id}`);
    }
    if (!settings.wait) {
      if (ctx.options.json) ctx.out.json({ executionIds: [execution.id] });
      else ctx.out.out(String(execution.id));
      return Exit.ok;
    }
    started(ctx, [execution]);
    return report(ctx, await follow(ctx, [execution.id], [execution], settings.timeoutMs), settings, `rerun of execution ${id}`);
  },
};
