import type { ExecutionSummary } from '../../server/src/core/model/executions';

// Executions for the history's unit tests: final runs of a test case at a time before NOW.

export const NOW = Date.parse('2026-11-22T12:00:00Z');
export const iso = (hoursAgo: number): string => new Date(NOW - hoursAgo * 3_600_000).toISOString();

let nextId = 1;
/** A final execution of test case `tc`, queued `hoursAgo` before NOW. */
export function run(
  tc: number,
  kind: 'passed' | 'failed' | 'cancelled',
  hoursAgo: number,
  more: Partial<ExecutionSummary> = {},
): ExecutionSummary {
  return {
    id: nextId++,
    status: kind.toUpperCase(),
    kind,
    final: true,
    testCaseId: tc,
    createdAt: iso(hoursAgo),
    startedAt: iso(hoursAgo - 0.01),
    source: 'DIRECT_RUN',
    ...more,
  };
}
