import type { CommandSpec } from '../command';
import { Exit } from '../exitCodes';
import { printList } from '../listing';
import { suiteActions } from '../suiteRef';

/** A test suite as `tas suites --json` prints it. */
export interface SuiteRow {
  id: number;
  name: string;
  description?: string;
  schedule?: string;
  disabled: boolean;
  testCaseIds: number[];
  activeExecutionIds: number[];
}

export const suites: CommandSpec = {
  name: 'suites',
  summary: 'List the test suites.',
  action: 'list the test suites',
  usage: 'tas suites [--json]',
  description: 'Lists the test suites with their test cases, schedule, and executions running now.',
  options: {},
  optionHelp: {},
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    const list = await suiteActions(ctx.client).list();
    const rows: (SuiteRow & { cases: number; running: number })[] = list.map((s) => ({
      id: s.id,
      name: s.name,
      ...(s.description !== undefined && { description: s.description }),
      ...(s.schedule !== undefined && { schedule: s.schedule }),
      disabled: s.disabled,
      testCaseIds: s.testCases.map((t) => t.id),
      activeExecutionIds: s.activeExecutionIds,
      cases: s.testCases.length,
      running: s.activeExecutionIds.length,
    }));
    if (ctx.options.json) {
      ctx.out.json(rows.map(({ cases: _c, running: _r, ...row }) => row));
      return Exit.ok;
    }
    printList(ctx, rows, [
      { header: 'ID', field: 'id' },
      { header: 'NAME', field: 'name' },
      { header: 'CASES', field: 'cases' },
      { header: 'RUNNING', field: 'running' },
      { header: 'DISABLED', field: 'disabled' },
      { header: 'SCHEDULE', field: 'schedule' },
    ], 'The service has no test suites.');
    return Exit.ok;
  },
};
