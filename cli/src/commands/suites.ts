import { listCommand } from '../listing';
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

export const suites = listCommand<SuiteRow>({
  name: 'suites',
  summary: 'List the test suites.',
  action: 'list the test suites',
  description: 'Lists the test suites with their test cases, schedule, and executions running now.',
  async rows(ctx) {
    const list = await suiteActions(ctx.client).list();
    return list.map((s) => ({
      id: s.id,
      name: s.name,
      ...(s.description !== undefined && { description: s.description }),
      ...(s.schedule !== undefined && { schedule: s.schedule }),
      disabled: s.disabled,
      testCaseIds: s.testCases.map((t) => t.id),
      activeExecutionIds: s.activeExecutionIds,
    }));
  },
  columns: {
    ID: 'id',
    NAME: 'name',
    CASES: (s) => s.testCaseIds.length,
    RUNNING: (s) => s.activeExecutionIds.length,
    DISABLED: 'disabled',
    SCHEDULE: 'schedule',
  },
  empty: 'The service has no test suites.',
});
