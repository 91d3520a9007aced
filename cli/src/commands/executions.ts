import { parseCount } from '../args';
import { str, type CommandSpec } from '../command';
import { Exit, UsageError } from '../exitCodes';
import { printList } from '../listing';
import { executionActions } from '../suiteRef';

export const executions: CommandSpec = {
  name: 'executions',
  summary: 'List the newest executions.',
  action: 'list the executions',
  usage: 'tas executions [--search TEXT] [--limit N]',
  description: 'Lists the newest executions first, with their state, test case and suite.',
  options: { search: { type: 'string' }, limit: { type: 'string' } },
  optionHelp: {
    search: ['TEXT', 'only executions the service finds for this text'],
    limit: ['N', 'at most this many (default 20)'],
  },
  positionals: { min: 0, max: 0 },
  async run(ctx, values) {
    const limit = parseCount(str(values['limit']), '--limit', 20);
    if (limit < 1) throw new UsageError('--limit takes a number of at least 1.');
    const search = str(values['search']);
    const page = await executionActions(ctx.client).page(0, limit, search);
    const columns = {
      ID: 'id',
      STATUS: 'status',
      'TEST CASE': 'testCaseName',
      SUITE: 'testSuiteName',
      STARTED: 'startedAt',
      'DURATION MS': 'durationMs',
    } as const;
    printList(ctx, page.items, columns, 'No executions.');
    return Exit.ok;
  },
};
