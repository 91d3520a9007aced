import { mustGet } from '../access';
import { conflict } from '../errors';
import type { Emulator } from '../emulator';
import type { Execution, ExecutionSource, ExecutionStatus, TestCase } from '../model';
import { matchesSearch } from '../paging';
import { emptyOk, intParam, type RequestContext, type Router } from '../router';
import type { Store } from '../store';
import { referencedDeviceIds } from '../views';
import { listReply, rangeRows } from '../readings';
import { drawOutcome } from '../lab';

// Executions move with the emulator clock, never with timers: QUEUED for one step, RUNNING for
// one step per test step, then the outcome fixed at creation. A cancel freezes the progress.
// Record shape, log lines and the list's X-Total-Count are our decisions (DECISIONS.md, "Executions").

interface Timeline {
  status: ExecutionStatus;
  /** Steps reached: 0 while queued, k while running step k, stepCount when finished. */
  currentStep: number;
  startedMs: number | null;
  finishedMs: number | null;
}

/** The step it ends at: a failed execution's failing step (the failure model), else its last. */
export function lastStep(e: Execution): number {
  return e.outcome === 'FAILED' && e.failedStep ? Math.min(e.failedStep, e.stepCount) : e.stepCount;
}

function stepAt(e: Execution, ms: number): number {
  if (e.stepMs <= 0) return lastStep(e);
  return Math.min(lastStep(e), Math.max(0, Math.floor((ms - e.createdMs) / e.stepMs)));
}

/** Where an execution stands at clock time `now`. */
export function timeline(e: Execution, now: number): Timeline {
  const startMs = e.createdMs + e.stepMs;
  const finishMs = e.createdMs + (lastStep(e) + 1) * e.stepMs;
  // A cancel stamped after the natural end changes nothing (demo rows may carry one).
  if (e.cancelledMs !== null && e.cancelledMs < finishMs && e.cancelledMs <= now) {
    return {
      status: 'CANCELLED',
      currentStep: stepAt(e, e.cancelledMs),
      startedMs: e.cancelledMs >= startMs ? startMs : null,
      finishedMs: e.cancelledMs,
    };
  }
  if (now < startMs) return { status: 'QUEUED', currentStep: 0, startedMs: null, finishedMs: null };
  if (now < finishMs) return { status: 'RUNNING', currentStep: stepAt(e, now), startedMs: startMs, finishedMs: null };
  return { status: e.outcome, currentStep: lastStep(e), startedMs: startMs, finishedMs: finishMs };
}

export function isActive(e: Execution, now: number): boolean {
  const s = timeline(e, now).status;
  return s === 'QUEUED' || s === 'RUNNING';
}

/** Cancels an active execution; false when it had already finished. */
export function cancelExecution(e: Execution, now: number): boolean {
  if (!isActive(e, now)) return false;
  e.cancelledMs = now;
  return true;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The wire record of an execution, its status derived from the clock. */
export function executionView(store: Store, e: Execution, now: number): Record<string, unknown> {
  const t = timeline(e, now);
  return {
    id: e.id,
    testCaseId: e.testCaseId,
    testCaseName: e.testCaseName,
    testSuiteId: e.testSuiteId,
    testSuiteName: e.testSuiteName,
    source: e.source,
    rerunOf: e.rerunOf,
    status: t.status,
    createdAt: iso(e.createdMs),
    startedAt: iso(t.startedMs),
    finishedAt: iso(t.finishedMs),
    durationMs: t.startedMs === null ? null : (t.finishedMs ?? now) - t.startedMs,
    currentStep: t.currentStep,
    stepCount: e.stepCount,
    triggeredBy: store.users.get(e.triggeredBy)?.email ?? null,
  };
}

export interface LogLine {
  time: string;
  level: 'INFO' | 'WARN' | 'ERROR';
  message: string;
}

/** The log of the steps reached so far; the step a FAILED execution ends at is the one that fails. */
export function executionLog(e: Execution, now: number): LogLine[] {
  const t = timeline(e, now);
  const until = t.finishedMs ?? now;
  const lines: LogLine[] = [];
  const add = (ms: number, level: LogLine['level'], message: string) => {
    if (ms <= until) lines.push({ time: iso(ms)!, level, message });
  };
  const suite = e.testSuiteId !== null ? ` in test suite ${e.testSuiteId} '${e.testSuiteName ?? ''}'` : '';
  const rerun = e.rerunOf !== null ? `, rerun of execution ${e.rerunOf}` : '';
  add(e.createdMs, 'INFO', `Queued (${e.source}): test case ${e.testCaseId} '${e.testCaseName}'${suite}${rerun}`);
  if (t.startedMs !== null) add(t.startedMs, 'INFO', `Started: ${e.stepCount} step(s)`);
  for (let k = 1; k <= t.currentStep; k++) {
    const name = e.stepNames[k - 1] ?? `step ${k}`;
    const begin = e.createdMs + k * e.stepMs;
    add(begin, 'INFO', `Step ${k}/${e.stepCount} ${name}: started`);
    const fails = k === lastStep(e) && t.status === 'FAILED';
    add(begin + e.stepMs, fails ? 'ERROR' : 'INFO', `Step ${k}/${e.stepCount} ${name}: ${fails ? 'failed' : 'passed'}`);
  }
  if (t.status === 'CANCELLED') add(t.finishedMs!, 'WARN', 'Cancelled');
  else if (t.status === 'PASSED') add(t.finishedMs!, 'INFO', 'Finished: PASSED');
  else if (t.status === 'FAILED') add(t.finishedMs!, 'ERROR', 'Finished: FAILED');
  return lines;
}

/** Why a test case cannot be started now (the run's 409), or undefined when it can. */
export function whyNotRunnable(store: Store, tc: TestCase): string | undefined {
  if (tc.disabled) return `Test case ${tc.id} is disabled${tc.disableReason ? `: ${tc.disableReason}` : ''}`;
  if (tc.testStepList.length === 0) return `Test case ${tc.id} has no test steps`;
  const missing = referencedDeviceIds(tc).filter((id) => !store.devices.get(id));
  if (missing.length > 0) return `Test case ${tc.id} refers to mobile devices that do not exist: ${missing.join(', ')}`;
  return undefined;
}

/** Tags are a comma- or space-separated list; the tag `expect-fail` makes every execution fail. */
export const expectsFailure = (tc: TestCase): boolean =>
  tc.tags.split(/[\s,;]+/).some((tag) => tag.toLowerCase() === 'expect-fail');

export interface ExecutionOrigin {
  source: ExecutionSource;
  userId: number;
  suite?: { id: number; name: string } | null;
  rerunOf?: number | null;
}

/**
 * Queues a new execution of a test case now, at the emulator's current step speed; its outcome
 * is the failure model's (lab.ts): with none chosen, PASSED unless the case expects to fail.
 */
export function createExecution(emu: Emulator, tc: TestCase, origin: ExecutionOrigin): Execution {
  const devices = emu.store.devices.all();
  return emu.store.executions.insert((id) => ({
    id,
    testCaseId: tc.id,
    testCaseName: tc.name,
    testSuiteId: origin.suite?.id ?? null,
    testSuiteName: origin.suite?.name ?? null,
    source: origin.source,
    rerunOf: origin.rerunOf ?? null,
    triggeredBy: origin.userId,
    createdMs: emu.now(),
    stepMs: emu.settings.executionStepMs,
    stepCount: tc.testStepList.length,
    ...drawOutcome(emu.lab, tc, id, devices, expectsFailure(tc)),
    cancelledMs: null,
    stepNames: tc.testStepList.map((s, i) => (typeof s['function'] === 'string' ? s['function'] : `step ${i + 1}`)),
  }));
}

/** start/end over the newest-first list (readings.ts: other orders and readings); search over test case, suite, status and source. */
function listExecutions(c: RequestContext) {
  const search = c.query.get('search');
  const now = c.emu.now();
  const texts = (e: Execution) => [e.testCaseName, e.testSuiteName, timeline(e, now).status, e.source];
  const all = c.emu.store.executions.all();
  const order = c.emu.readings.executionsOldestFirst ? -1 : 1;
  const rows = (search ? all.filter((e) => matchesSearch(search, texts(e))) : all).sort(
    (a, b) => order * (b.createdMs - a.createdMs || b.id - a.id),
  );
  const page = rangeRows(c, rows, (e) => e.createdMs).map((e) => executionView(c.emu.store, e, now));
  return listReply(c, page, { headers: { 'X-Total-Count': String(rows.length) } });
}

function getExecution(c: RequestContext) {
  const e = mustGet(c.emu.store.executions, intParam(c), 'Test execution');
  const now = c.emu.now();
  return { ...executionView(c.emu.store, e, now), log: executionLog(e, now) };
}

/** Removes the record; an execution still active is cancelled first, so nothing keeps running. */
function deleteExecution(c: RequestContext) {
  const e = mustGet(c.emu.store.executions, intParam(c), 'Test execution');
  cancelExecution(e, c.emu.now());
  c.emu.store.executions.delete(e.id);
  return emptyOk();
}

/** A new execution of the same test case (its current steps) in the same suite, source RERUN. */
function rerun(c: RequestContext) {
  const st = c.emu.store;
  const e = mustGet(st.executions, intParam(c), 'Test execution');
  if (isActive(e, c.emu.now())) throw conflict(`Test execution ${e.id} is still ${timeline(e, c.emu.now()).status}`);
  const tc = st.testCases.get(e.testCaseId);
  if (!tc) throw conflict(`Test case ${e.testCaseId} of execution ${e.id} no longer exists`);
  const why = whyNotRunnable(st, tc);
  if (why) throw conflict(why);
  const suite = e.testSuiteId !== null ? { id: e.testSuiteId, name: e.testSuiteName ?? '' } : null;
  const next = createExecution(c.emu, tc, { source: 'RERUN', userId: c.user.id, suite, rerunOf: e.id });
  return { executionId: next.id, testCaseId: tc.id, source: next.source, rerunOf: e.id };
}

export function registerExecutions(r: Router): void {
  r.add('GET', '/api/v2/testexecutions', listExecutions);
  r.add('GET', '/api/v2/testexecutions/{id}', getExecution);
  r.add('DELETE', '/api/v2/testexecutions/{id}', deleteExecution);
  r.add('POST', '/api/v2/testexecutions/{id}/rerun', rerun);
}
