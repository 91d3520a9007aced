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

/** The source word of each spelling the service used: a lab's executions use few, so each is read once. */
const sourceWords = new Map<string, RunSource | undefined>();

function knownSource(source: string): RunSource | undefined {
  if (sourceWords.has(source)) return sourceWords.get(source);
  const word =
    SOURCES[
      source
        .trim()
        .toUpperCase()
        .replace(/[\s-]+/g, '_')
    ];
  // Bounded: a service that writes a new word per execution does not grow it without end.
  if (sourceWords.size < 256) sourceWords.set(source, word);
  return word;
}

function setSource(run: HistoryRun, e: ExecutionSummary): void {
  const known = e.source === undefined ? undefined : knownSource(e.source);
  if (known) run.source = known;
  // No word we know: what else the record says (a rerun of, a suite), else the service's word.
  else if (e.rerunOf !== undefined) run.source = 'rerun';
  else if (e.testSuiteId !== undefined || e.testSuiteName !== undefined) run.source = 'suite';
  else if (e.source !== undefined) run.sourceText = e.source;
}

/** When an execution ran, as a time in ms: started, else queued; undefined when its record says neither. */
export function runMs(e: Pick<ExecutionSummary, 'startedAt' | 'createdAt'>): number | undefined {
  // Queued first: a run queued before a change of its test case runs the version it was queued with.
  const t = e.createdAt ?? e.startedAt;
  const ms = t === undefined ? NaN : Date.parse(t);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * An execution of a test case as a history run; undefined for one that names no test case.
 * Built field by field, in the order the JSON shows them: a lab's 10,000 runs are made on
 * every fresh history, and spreads made each one many objects.
 */
export function historyRun(e: ExecutionSummary): HistoryRun | undefined {
  if (e.testCaseId === undefined) return undefined;
  const at = e.createdAt ?? e.startedAt;
  const run = {
    executionId: e.id,
    testCaseId: e.testCaseId,
    kind: e.kind,
    status: e.status,
    final: e.final,
  } as HistoryRun;
  if (at !== undefined) run.at = at;
  if (e.durationMs !== undefined) run.durationMs = e.durationMs;
  run.source = 'other';
  setSource(run, e);
  if (e.testSuiteName !== undefined) run.suiteName = e.testSuiteName;
  if (e.rerunOf !== undefined) run.rerunOf = e.rerunOf;
  if (e.final && e.kind === 'failed' && e.currentStep !== undefined && e.currentStep > 0)
    run.failedStep = e.currentStep;
  if (e.stepCount !== undefined) run.stepCount = e.stepCount;
  return run;
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
