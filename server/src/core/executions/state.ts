import type { ExecutionStatusKind, ExecutionSummary } from '../model/executions';

// The interface document shows no execution fields or states, so records are read leniently:
// several spellings of each field are tried, and a state we do not know is shown as it is.

const FINAL: Record<string, ExecutionStatusKind> = {
  PASSED: 'passed', PASS: 'passed', SUCCESS: 'passed', SUCCEEDED: 'passed', SUCCESSFUL: 'passed', OK: 'passed', COMPLETED: 'passed',
  FAILED: 'failed', FAIL: 'failed', FAILURE: 'failed', ERROR: 'failed', ERRORED: 'failed', ABORTED: 'failed', TIMEOUT: 'failed', TIMED_OUT: 'failed',
  CANCELLED: 'cancelled', CANCELED: 'cancelled', STOPPED: 'cancelled', SKIPPED: 'cancelled',
};
const ACTIVE: Record<string, ExecutionStatusKind> = {
  QUEUED: 'queued', PENDING: 'queued', WAITING: 'queued', SCHEDULED: 'queued', CREATED: 'queued', NEW: 'queued',
  RUNNING: 'running', STARTED: 'running', IN_PROGRESS: 'running', EXECUTING: 'running', PREPARING: 'running',
};

type Raw = Record<string, unknown>;

function pick(raw: Raw, keys: string[]): unknown {
  for (const k of keys) if (raw[k] !== undefined && raw[k] !== null) return raw[k];
  return undefined;
}
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined);
const int = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);
const time = (v: unknown): string | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return new Date(v).toISOString();
  return typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? v : undefined;
};

/** The state name, normalised for lookup: `In Progress` and `in-progress` read as IN_PROGRESS. */
function stateKey(status: string): string {
  return status.trim().toUpperCase().replace(/[\s-]+/g, '_');
}

/** How a state reads, given the extra final state names from the settings. */
export function statusKind(status: string | undefined, finishedAt: string | undefined, extraFinal: readonly string[] = []): { kind: ExecutionStatusKind; final: boolean } {
  const key = status === undefined ? '' : stateKey(status);
  if (FINAL[key]) return { kind: FINAL[key], final: true };
  if (extraFinal.some((s) => stateKey(s) === key)) return { kind: 'unknown', final: true };
  // A finish time ends the watch whatever the state says.
  if (finishedAt !== undefined) return { kind: 'unknown', final: true };
  if (ACTIVE[key]) return { kind: ACTIVE[key], final: false };
  return { kind: 'unknown', final: false };
}

/** A record from the list or `GET /testexecutions/{id}`, in the shape views and runs use. */
export function summarizeExecution(value: unknown, extraFinal: readonly string[] = []): ExecutionSummary | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const raw = value as Raw;
  const id = int(pick(raw, ['id', 'executionId', 'testExecutionId']));
  if (id === undefined) return undefined;
  const status = str(pick(raw, ['status', 'state', 'executionStatus', 'result']));
  const finishedAt = time(pick(raw, ['finishedAt', 'finishTime', 'endTime', 'endedAt', 'completedAt']));
  const { kind, final } = statusKind(status, finishedAt, extraFinal);
  const testCase = pick(raw, ['testCase']) as Raw | undefined;
  const testSuite = pick(raw, ['testSuite']) as Raw | undefined;
  const summary: ExecutionSummary = {
    id,
    status: status ?? (final ? 'FINISHED' : 'UNKNOWN'),
    kind,
    final,
  };
  const set = <K extends keyof ExecutionSummary>(k: K, v: ExecutionSummary[K] | undefined) => {
    if (v !== undefined) summary[k] = v;
  };
  set('testCaseId', int(pick(raw, ['testCaseId'])) ?? int(testCase?.['id']));
  set('testCaseName', str(pick(raw, ['testCaseName'])) ?? str(testCase?.['name']));
  set('testSuiteId', int(pick(raw, ['testSuiteId'])) ?? int(testSuite?.['id']));
  set('testSuiteName', str(pick(raw, ['testSuiteName'])) ?? str(testSuite?.['name']));
  set('source', str(pick(raw, ['source', 'trigger'])));
  set('createdAt', time(pick(raw, ['createdAt', 'created', 'queuedAt'])));
  set('startedAt', time(pick(raw, ['startedAt', 'startTime', 'started'])));
  set('finishedAt', finishedAt);
  set('durationMs', int(pick(raw, ['durationMs', 'duration'])));
  set('currentStep', int(pick(raw, ['currentStep', 'step'])));
  set('stepCount', int(pick(raw, ['stepCount', 'totalSteps', 'steps'])));
  set('triggeredBy', str(pick(raw, ['triggeredBy', 'user', 'startedBy'])));
  set('rerunOf', int(pick(raw, ['rerunOf'])));
  return summary;
}

/** What changed between two readings, for "nothing changed" backoff. */
export function sameExecution(a: ExecutionSummary | undefined, b: ExecutionSummary): boolean {
  return a !== undefined && a.status === b.status && a.currentStep === b.currentStep && a.finishedAt === b.finishedAt && a.final === b.final;
}
