import { parseId } from '../args';
import type { CommandSpec } from '../command';
import { follow, report, summarizeExecution, WAIT_COMPLETE, WAIT_HELP, waitSettings } from '../follow';

export const watch: CommandSpec = {
  name: 'watch',
  summary: 'Follow executions started elsewhere until they end.',
  action: 'follow the executions',
  usage: 'tas watch <execution id>... [--timeout DURATION] [--junit FILE]',
  description: [
    'Follows executions to their end, so a CI job that lost its connection can pick up where it',
    'was. Exit 0 when all passed, 1 otherwise, 6 on --timeout.',
  ].join('\n'),
  // --wait is what watch always does: accepted, so a command line written for run works here too.
  options: { wait: { type: 'boolean' }, timeout: { type: 'string' }, junit: { type: 'string' } },
  optionHelp: { wait: ['', 'always on for watch'], timeout: WAIT_HELP['timeout']!, junit: WAIT_HELP['junit']! },
  positionals: { min: 1 },
  complete: { options: WAIT_COMPLETE },
  async run(ctx, values, refs) {
    const settings = { ...waitSettings(values, ctx.cwd), wait: true };
    const ids = refs.map((r) => parseId(r, 'An execution id'));
    // One read each first: an id that does not exist is said at once, not followed.
    const known = [];
    for (const id of ids) {
      const s = summarizeExecution(await ctx.client.executions.get(id, ctx.signal));
      if (s) known.push(s);
    }
    return report(ctx, await follow(ctx, ids, known, settings.timeoutMs), settings, `executions ${ids.join(', ')}`);
  },
};
