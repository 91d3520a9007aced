import type { ExecutionSummary } from '../model/executions';
import type { HistoryRun, RunSource } from '../model/history';

// An execution as the history shows it: its source in one of three words (or the service's
// own), when it ran, and the step a failed run ended at. Read from the summary every view reads
// (executions/state.ts), so history holds under every reading of the list the views hold under.

const SOURCES: Record<string, RunSource> = {
  DIRECT_RUN: 'direct',
  DIRECT: 'direct',
  RUN: 'direct',
  MANUAL: 'direct',
  TEST_SUITE: 'suite',
  SUITE: 'suite',
  SCHEDULED: 'suite',
  SCHEDULE: 'suite',
  RERUN: 'rerun',
  RE_RUN: 'rerun',
  RETRY: 'rerun',
};

function sourceOf(e: ExecutionSummary): { source: RunSource; sourceText?: string } {
  const key = e.source
    ?.trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  const known = key === undefined ? undefined : SOURCES[key];
  if (known) return { source: known };
  // No word we know: what else the record says (a rerun of, a suite), else the service's word.
  if (e.rerunOf !== undefined) return { source: 'rerun' };
  if (e.testSuiteId !== undefined || e.testSuiteName !== undefined) return { source: 'suite' };
  if (e.source === undefined) return { source: 'other' };
  return { source: 'other', sourceText: e.source };
}

/** When an execution ran, as a time in ms: started, else queued; undefined when its record says neither. */
export function runMs(e: Pick<ExecutionSummary, 'startedAt' | 'createdAt'>): number | undefined {
  // Queued first: a run queued before a change of its test case runs the version it was queued with.
  const t = e.createdAt ?? e.startedAt;
  const ms = t === undefined ? NaN : Date.parse(t);
  return Number.isNaN(ms) ? undefined : ms;
}

/** An execution of a test case as a history run; undefined for one that names no test case. */
export function historyRun(e: ExecutionSummary): HistoryRun | undefined {
  if (e.testCaseId === undefined) return undefined;
  const at = e.createdAt ?? e.startedAt;
  return {
    executionId: e.id,
    testCaseId: e.testCaseId,
    kind: e.kind,
    status: e.status,
    final: e.final,
    ...(at !== undefined && { at }),
    ...(e.durationMs !== undefined && { durationMs: e.durationMs }),
    ...sourceOf(e),
    ...(e.testSuiteName !== undefined && { suiteName: e.testSuiteName }),
    ...(e.rerunOf !== undefined && { rerunOf: e.rerunOf }),
    ...(e.final &&
      e.kind === 'failed' &&
      e.currentStep !== undefined &&
      e.currentStep > 0 && { failedStep: e.currentStep }),
    ...(e.stepCount !== undefined && { stepCount: e.stepCount }),
  };
}

/** When a run ran, in ms (NaN when its record says no time). */
export const runTime = (r: HistoryRun): number => (r.at === undefined ? NaN : Date.parse(r.at));

/** Newest first: by time when both have one, then by execution id, higher first. */
export function newerFirst(ta: number, tb: number, a: HistoryRun, b: HistoryRun): number {
  if (!Number.isNaN(ta) && !Number.isNaN(tb) && ta !== tb) return tb - ta;
  return b.executionId - a.executionId;
}

/** A run with its time in ms, read once: sorts and the suspects' stretches compare times many times per run. */
export interface TimedRun {
  run: HistoryRun;
  t: number;
}

/** Newest first, by the times already read. */
export const newestTimedFirst = (a: TimedRun, b: TimedRun): number => newerFirst(a.t, b.t, a.run, b.run);

/** A run that counts for a pass rate: it ended passed or failed (a cancelled run says nothing of the test). */
export const decided = (r: HistoryRun): boolean => r.final && (r.kind === 'passed' || r.kind === 'failed');
