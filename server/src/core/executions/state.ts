import { int, isRecord, num, pick, str, time } from '../base/read';
import type { Loose } from '../api/types';
import type { ExecutionStatusKind, ExecutionSummary } from '../model/executions';

// The interface document shows no execution fields or states, so records are read leniently:
// several spellings of each field are tried, and a state we do not know is shown as it is. Ids,
// steps and durations are read with `num`, which keeps a fraction (a duration may carry one).

const FINAL: Record<string, ExecutionStatusKind> = {
  PASSED: 'passed',
  PASS: 'passed',
  SUCCESS: 'passed',
  SUCCEEDED: 'passed',
  SUCCESSFUL: 'passed',
  OK: 'passed',
  COMPLETED: 'passed',
  FAILED: 'failed',
  FAIL: 'failed',
  FAILURE: 'failed',
  ERROR: 'failed',
  ERRORED: 'failed',
  ABORTED: 'failed',
  TIMEOUT: 'failed',
  TIMED_OUT: 'failed',
  CANCELLED: 'cancelled',
  CANCELED: 'cancelled',
  STOPPED: 'cancelled',
  SKIPPED: 'cancelled',
};
const ACTIVE: Record<string, ExecutionStatusKind> = {
  QUEUED: 'queued',
  PENDING: 'queued',
  WAITING: 'queued',
  SCHEDULED: 'queued',
  CREATED: 'queued',
  NEW: 'queued',
  RUNNING: 'running',
  STARTED: 'running',
  IN_PROGRESS: 'running',
  EXECUTING: 'running',
  PREPARING: 'running',
};

/** The state name, normalised for lookup: `In Progress` and `in-progress` read as IN_PROGRESS. */
function stateKey(status: string): string {
  return status
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
}

/** How a state reads, given the extra final state names from the settings. */
export function statusKind(
  status: string | undefined,
  finishedAt: string | undefined,
  extraFinal: readonly string[] = [],
): { kind: ExecutionStatusKind; final: boolean } {
  const key = status === undefined ? '' : stateKey(status);
  if (FINAL[key]) return { kind: FINAL[key], final: true };
  if (extraFinal.some((s) => stateKey(s) === key)) return { kind: 'unknown', final: true };
  // A finish time ends the follow whatever the state says.
  if (finishedAt !== undefined) return { kind: 'unknown', final: true };
  if (ACTIVE[key]) return { kind: ACTIVE[key], final: false };
  return { kind: 'unknown', final: false };
}

/** A record from the list or `GET /testexecutions/{id}`, in the shape views and runs use. */
export function summarizeExecution(value: unknown, extraFinal: readonly string[] = []): ExecutionSummary | undefined {
  if (!isRecord(value)) return undefined;
  const raw = value;
  const id = num(pick(raw, ['id', 'executionId', 'testExecutionId']));
  if (id === undefined) return undefined;
  const status = str(pick(raw, ['status', 'state', 'executionStatus', 'result']));
  const finishedAt = time(pick(raw, ['finishedAt', 'finishTime', 'endTime', 'endedAt', 'completedAt']));
  const { kind, final } = statusKind(status, finishedAt, extraFinal);
  const testCase = pick(raw, ['testCase']) as Loose | undefined;
  const testSuite = pick(raw, ['testSuite']) as Loose | undefined;
  const summary: ExecutionSummary = {
    id,
    status: status ?? (final ? 'FINISHED' : 'UNKNOWN'),
    kind,
    final,
  };
  const set = <K extends keyof ExecutionSummary>(k: K, v: ExecutionSummary[K] | undefined) => {
    if (v !== undefined) summary[k] = v;
  };
  set('testCaseId', num(pick(raw, ['testCaseId'])) ?? num(testCase?.['id']));
  set('testCaseName', str(pick(raw, ['testCaseName'])) ?? str(testCase?.['name']));
  set('testSuiteId', num(pick(raw, ['testSuiteId'])) ?? num(testSuite?.['id']));
  set('testSuiteName', str(pick(raw, ['testSuiteName'])) ?? str(testSuite?.['name']));
  set('source', str(pick(raw, ['source', 'trigger'])));
  set('createdAt', time(pick(raw, ['createdAt', 'created', 'queuedAt'])));
  set('startedAt', time(pick(raw, ['startedAt', 'startTime', 'started'])));
  set('finishedAt', finishedAt);
  set('durationMs', num(pick(raw, ['durationMs', 'duration'])));
  set('currentStep', num(pick(raw, ['currentStep', 'step'])));
  set('stepCount', num(pick(raw, ['stepCount', 'totalSteps', 'steps'])));
  set('triggeredBy', str(pick(raw, ['triggeredBy', 'user', 'startedBy'])));
  set('rerunOf', num(pick(raw, ['rerunOf'])));
  set('deviceIds', deviceIdsOf(raw));
  return summary;
}

/**
 * The phones an execution record names, in the spellings a service may choose: a list of ids,
 * one id, or device objects with an id. Undefined when it names none (never guessed).
 */
function deviceIdsOf(raw: Loose): number[] | undefined {
  const value = pick(raw, ['mobileDeviceIds', 'deviceIds', 'mobileDevices', 'devices', 'mobileDeviceId']);
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const ids = items.flatMap((item) => {
    const id = isRecord(item) ? int(pick(item, ['id', 'mobileDeviceId'])) : int(item);
    return id === undefined ? [] : [id];
  });
  return ids.length > 0 ? [...new Set(ids)] : undefined;
}

/** What changed between two readings, for "nothing changed" backoff. */
export function sameExecution(a: ExecutionSummary | undefined, b: ExecutionSummary): boolean {
  return (
    a !== undefined &&
    a.status === b.status &&
    a.currentStep === b.currentStep &&
    a.finishedAt === b.finishedAt &&
    a.final === b.final
  );
}
