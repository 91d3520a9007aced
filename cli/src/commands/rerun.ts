import { parseId } from '../args';
import type { CommandSpec } from '../command';
import { waitSettings } from '../follow';
import { printOrFollow, START_OPTIONS, startOnce } from '../starts';
import { executionActions } from '../suiteRef';

export const rerun: CommandSpec = {
  name: 'rerun',
  summary: 'Run an execution again.',
  action: 'rerun the execution',
  usage: 'tas rerun <execution id> [--wait] [--timeout DURATION] [--junit FILE]',
  description: 'Starts the test case of a finished execution again (never sent twice) and prints the new execution id.',
  ...START_OPTIONS,
  positionals: { min: 1, max: 1 },
  async run(ctx, values, [ref = '']) {
    const settings = waitSettings(values, ctx.cwd);
    const id = parseId(ref, 'The execution id');
    const { execution } = await startOnce(`rerun execution ${id}`, () => executionActions(ctx.client).rerun(id));
    return printOrFollow(ctx, settings, {
      ids: [execution.id],
      readings: [execution],
      title: () => `rerun of execution ${id}`,
    });
  },
};
