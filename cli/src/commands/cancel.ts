import type { CommandSpec } from '../command';
import { Exit } from '../exitCodes';
import { suiteActions, suiteId } from '../suiteRef';

export const cancel: CommandSpec = {
  name: 'cancel',
  summary: 'Cancel the queued and running executions of a test suite.',
  action: 'cancel the executions of the suite',
  usage: 'tas cancel <suite id or name>',
  description: 'Cancels what the suite has queued or running, and prints the ids of the cancelled executions.',
  options: {},
  optionHelp: {},
  positionals: { min: 1, max: 1 },
  async run(ctx, _values, [ref = '']) {
    const id = await suiteId(ctx.client, ref, ctx.signal);
    const { cancelledExecutionIds } = await suiteActions(ctx.client).cancel(id);
    if (ctx.options.json) ctx.out.json({ cancelledExecutionIds });
    else if (cancelledExecutionIds.length === 0) ctx.out.err(`Test suite ${ref} had nothing queued or running.`);
    else for (const e of cancelledExecutionIds) ctx.out.out(String(e));
    return Exit.ok;
  },
};
