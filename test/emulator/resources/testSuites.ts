import { mustGet } from '../access';
import { Body } from '../body';
import { badRequest, conflict, notFound } from '../errors';
import type { Schedule, TestSuite } from '../model';
import { created, emptyOk, intParam, type RequestContext, type Router } from '../router';
import type { Store } from '../store';
import { cancelExecution, createExecution, isActive, whyNotRunnable } from './executions';
import { listReply } from '../readings';

// Test suites. The document shows request bodies only; the read record is the update shape
// (testCaseIds as [{id, name}], projects) plus id, schedule and timestamps, so a record read can
// be PUT back unchanged. Every choice is in DECISIONS.md, "Test suites".

type Fields = Pick<
  TestSuite,
  | 'name'
  | 'description'
  | 'tags'
  | 'notifyFailureThresholdPercentage'
  | 'disabled'
  | 'notifEmail'
  | 'failureNotifEmail'
  | 'skipInitialization'
  | 'schedule'
>;

function suiteView(st: Store, s: TestSuite): Record<string, unknown> {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    testCaseIds: s.testCaseIds.map((id) => ({ id, name: st.testCases.get(id)?.name ?? null })),
    testCaseWeights: s.testCaseWeights,
    schedule: s.schedule,
    tags: s.tags,
    notifyFailureThresholdPercentage: s.notifyFailureThresholdPercentage,
    disabled: s.disabled,
    notifEmail: s.notifEmail,
    failureNotifEmail: s.failureNotifEmail,
    skipInitialization: s.skipInitialization,
    projects: st.projectRefs('TEST_SUITE', s.id),
    created: s.created,
    updated: s.updated,
  };
}

/** An explicit `schedule: null` clears the schedule; absent leaves it as it is. */
function readSchedule(b: Body): Schedule | null | undefined {
  if (b.raw['schedule'] === null) return null;
  const raw = b.object('schedule');
  if (raw === undefined) return undefined;
  const s = b.nested(raw, 'schedule');
  const schedule: Schedule = {
    startTime: s.str('startTime', true),
    repeating: s.bool('repeating') ?? false,
    repeatPeriod: s.int('repeatPeriod') ?? 0,
    repeatUnit: s.str('repeatUnit') ?? '',
  };
  if (schedule.repeating && schedule.repeatPeriod < 1) {
    throw badRequest("test suite: schedule: 'repeatPeriod' must be at least 1 when 'repeating' is true");
  }
  return schedule;
}

/** The fields common to create and update that are present in the body, types checked. */
function readFields(b: Body): Partial<Fields> {
  const f: Partial<Fields> = {};
  const name = b.str('name');
  if (name !== undefined) {
    if (name.trim() === '') throw badRequest("test suite: 'name' must not be empty");
    f.name = name.trim();
  }
  for (const key of ['description', 'tags', 'notifEmail', 'failureNotifEmail'] as const) {
    const v = b.str(key);
    if (v !== undefined) f[key] = v;
  }
  for (const key of ['disabled', 'skipInitialization'] as const) {
    const v = b.bool(key);
    if (v !== undefined) f[key] = v;
  }
  const pct = b.int('notifyFailureThresholdPercentage');
  if (pct !== undefined) {
    if (pct < 0 || pct > 100) throw badRequest("test suite: 'notifyFailureThresholdPercentage' must be 0 to 100");
    f.notifyFailureThresholdPercentage = pct;
  }
  const schedule = readSchedule(b);
  if (schedule !== undefined) f.schedule = schedule;
  return f;
}

/** Every listed test case must exist: 404 naming the missing ones. */
function checkTestCases(st: Store, ids: number[]): void {
  const missing = ids.filter((id) => !st.testCases.get(id));
  if (missing.length > 0) throw notFound(`Test cases not found: ${missing.join(', ')}`);
}

function checkUniqueName(st: Store, name: string, selfId?: number): void {
  const other = st.testSuites.all().find((s) => s.name === name && s.id !== selfId);
  if (other) throw conflict(`A test suite named '${name}' already exists`, { id: other.id });
}

/** Create: testCaseIds is an array of ints, testCaseWeights (optional) one int per test case. */
function createSuite(c: RequestContext) {
  const st = c.emu.store;
  const b = Body.object(c.body, 'test suite');
  const f = readFields(b);
  if (f.name === undefined) throw badRequest("test suite: 'name' is required");
  const ids = b.intArray('testCaseIds') ?? [];
  const weights = b.intArray('testCaseWeights') ?? [];
  if (weights.length > 0 && weights.length !== ids.length) {
    throw badRequest(`test suite: 'testCaseWeights' has ${weights.length} entries for ${ids.length} test cases`);
  }
  checkUniqueName(st, f.name);
  checkTestCases(st, ids);
  const now = c.emu.nowIso();
  const suite = st.testSuites.insert((id) => ({
    id,
    ownerId: c.user.id,
    name: f.name!,
    description: f.description ?? '',
    testCaseIds: ids,
    testCaseWeights: weights.length > 0 ? weights : ids.map(() => 1),
    schedule: f.schedule ?? null,
    tags: f.tags ?? '',
    notifyFailureThresholdPercentage: f.notifyFailureThresholdPercentage ?? 0,
    disabled: f.disabled ?? false,
    notifEmail: f.notifEmail ?? '',
    failureNotifEmail: f.failureNotifEmail ?? '',
    skipInitialization: f.skipInitialization ?? false,
    created: now,
    updated: now,
  }));
  return created(suite.id);
}

/** Reads an update array of {id, name}: the id decides, the name is informational. */
function refIds(b: Body, field: string): number[] | undefined {
  return b.objectArray(field)?.map((item, i) => b.nested(item, `${field}[${i}]`).int('id', true));
}

/**
 * Update: only the fields given change. testCaseIds is [{id, name}]; a case that stays keeps its
 * weight, a new one gets weight 1 (testCaseWeights is create-only and ignored here). projects
 * replaces the suite's project assignments.
 */
function updateSuite(c: RequestContext) {
  const st = c.emu.store;
  const suite = mustGet(st.testSuites, intParam(c), 'Test suite');
  const b = Body.object(c.body, 'test suite');
  const f = readFields(b);
  const ids = refIds(b, 'testCaseIds');
  const projectIds = refIds(b, 'projects');
  if (f.name !== undefined) checkUniqueName(st, f.name, suite.id);
  if (ids) checkTestCases(st, ids);
  const missingProjects = (projectIds ?? []).filter((id) => !st.projects.get(id));
  if (missingProjects.length > 0) throw notFound(`Projects not found: ${missingProjects.join(', ')}`);
  Object.assign(suite, f);
  if (ids) {
    const weightOf = new Map<number, number>();
    suite.testCaseIds.forEach((id, i) => {
      if (!weightOf.has(id)) weightOf.set(id, suite.testCaseWeights[i] ?? 1);
    });
    suite.testCaseWeights = ids.map((id) => weightOf.get(id) ?? 1);
    suite.testCaseIds = ids;
  }
  if (projectIds) st.setProjects('TEST_SUITE', suite.id, projectIds);
  suite.updated = c.emu.nowIso();
  return suiteView(st, suite);
}

/** 409 while one of its executions is queued or running (as for test cases). */
function deleteSuite(c: RequestContext) {
  const st = c.emu.store;
  const suite = mustGet(st.testSuites, intParam(c), 'Test suite');
  const now = c.emu.now();
  const active = st.executions.all().filter((e) => e.testSuiteId === suite.id && isActive(e, now));
  if (active.length > 0) {
    const ids = active.map((e) => e.id).join(', ');
    throw conflict(`Test suite ${suite.id} cannot be deleted: execution(s) ${ids} still active`);
  }
  st.testSuites.delete(suite.id);
  st.forgetEntity('TEST_SUITE', suite.id);
  return emptyOk();
}

/**
 * One execution per test case entry, source TEST_SUITE. Cases that cannot start (disabled, no
 * steps, missing device) are skipped and reported; 409 when the suite is disabled, empty, or
 * none of its cases can start.
 */
function executeSuite(c: RequestContext) {
  const st = c.emu.store;
  const suite = mustGet(st.testSuites, intParam(c), 'Test suite');
  if (suite.disabled) throw conflict(`Test suite ${suite.id} is disabled`);
  if (suite.testCaseIds.length === 0) throw conflict(`Test suite ${suite.id} has no test cases`);
  const plan = suite.testCaseIds.map((testCaseId) => {
    const tc = st.testCases.get(testCaseId);
    return { testCaseId, tc, reason: tc ? whyNotRunnable(st, tc) : `Test case ${testCaseId} does not exist` };
  });
  const skipped = plan
    .filter((p) => p.reason !== undefined)
    .map((p) => ({ testCaseId: p.testCaseId, reason: p.reason! }));
  if (skipped.length === plan.length) {
    const reasons = skipped.map((s) => s.reason).join('; ');
    throw conflict(`Test suite ${suite.id}: none of its test cases can be started (${reasons})`);
  }
  const origin = { source: 'TEST_SUITE' as const, userId: c.user.id, suite: { id: suite.id, name: suite.name } };
  const executionIds = plan.filter((p) => p.reason === undefined).map((p) => createExecution(c.emu, p.tc!, origin).id);
  return { testSuiteId: suite.id, executionIds, skipped };
}

/** Cancels every queued or running execution of the suite; finished ones are left alone. */
function cancelSuite(c: RequestContext) {
  const st = c.emu.store;
  const suite = mustGet(st.testSuites, intParam(c), 'Test suite');
  const now = c.emu.now();
  const cancelledExecutionIds = st.executions
    .all()
    .filter((e) => e.testSuiteId === suite.id && cancelExecution(e, now))
    .map((e) => e.id);
  return { testSuiteId: suite.id, cancelledExecutionIds };
}

export function registerTestSuites(r: Router): void {
  r.add('GET', '/api/v2/testsuites', (c) =>
    listReply(
      c,
      c.emu.store.testSuites.all().map((s) => suiteView(c.emu.store, s)),
    ),
  );
  r.add('POST', '/api/v2/testsuites', createSuite);
  r.add('GET', '/api/v2/testsuites/{id}', (c) =>
    suiteView(c.emu.store, mustGet(c.emu.store.testSuites, intParam(c), 'Test suite')),
  );
  r.add('PUT', '/api/v2/testsuites/{id}', updateSuite);
  r.add('DELETE', '/api/v2/testsuites/{id}', deleteSuite);
  r.add('POST', '/api/v2/testsuites/{id}/execute', executeSuite);
  r.add('POST', '/api/v2/testsuites/{id}/cancel', cancelSuite);
}
