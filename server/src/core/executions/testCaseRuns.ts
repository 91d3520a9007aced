import type { TasClient } from '../api/client';
import type { ExecutionSummary } from '../model/executions';
import { summarizeExecution } from './state';

// A test case's recent executions, read from the executions list: the newest window of the list
// (read leniently, newest first: api/rangeLists.ts), kept when they name the test case. Small on
// purpose: a test case's history with flaky marks and suspect phones is its own feature; this is
// the one place that feature's answer would replace for an assistant's "how did it go lately".

export interface TestCaseRuns {
  /**
   * At most `limit` executions of the test case, newest first, from the newest `scan` executions
   * of the list. `complete`: the list had no more than were read, so none older was left out.
   */
  recent(
    testCaseId: number,
    limit: number,
    signal?: AbortSignal,
  ): Promise<{ executions: ExecutionSummary[]; scanned: number; complete: boolean }>;
}

/** How many executions of the whole list one question reads at most. */
export const RECENT_RUNS_SCAN = 500;

export function testCaseRunsOn(
  client: TasClient,
  extraFinal: () => readonly string[] = () => [],
  scan = RECENT_RUNS_SCAN,
): TestCaseRuns {
  return {
    async recent(testCaseId, limit, signal) {
      const window = await client.executions.newest(0, scan, { ...(signal && { signal }) });
      const executions = window.items
        .flatMap((r) => summarizeExecution(r, extraFinal()) ?? [])
        .filter((e) => e.testCaseId === testCaseId)
        .slice(0, limit);
      return { executions, scanned: window.items.length, complete: !window.hasMore };
    },
  };
}
