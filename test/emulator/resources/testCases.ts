import { Body } from '../body';
import { HttpError, badRequest, conflict, notFound } from '../errors';
import type { SipTraceFilterItem, TestCase, TraceFilterItem } from '../model';
import { matchesSearch, pageOf, parsePage, sortRows } from '../paging';
import { created, emptyOk, intParam, type RequestContext, type Router } from '../router';
import type { Store } from '../store';
import { apiClientView, deviceView, referencedApiClientIds, referencedDeviceIds, testCaseView } from '../views';
import { createExecution, isActive, whyNotRunnable } from './executions';

// Test cases: paged list with filters, CRUD with unique names, import/export batches, direct run.
// Choices the document leaves open are in DECISIONS.md, "Test cases".

type Fields = Pick<
  TestCase,
  | 'name'
  | 'description'
  | 'testStepList'
  | 'tags'
  | 'disableReason'
  | 'notes'
  | 'disabled'
  | 'traceFilters'
  | 'sipTraceFilters'
  | 'extra'
>;

/** Keys of a test case body that are not stored as extra fields: the document's, and read-only ones. */
const NOT_EXTRA = new Set([
  'id',
  'name',
  'description',
  'testStepList',
  'tags',
  'disableReason',
  'notes',
  'disabled',
  'traceFilters',
  'sipTraceFilters',
  'projects',
  'devices',
  'apiClients',
  'created',
  'updated',
]);

const FILTERS = ['name', 'description', 'tags', 'device'] as const;

/** 404 for a test case: the document says the error body has the resource's shape. */
const testCaseNotFound = (id: number) =>
  notFound(`Test case ${id} was not found`, {
    id,
    name: null,
    description: null,
    testStepList: null,
    tags: null,
    disableReason: null,
    notes: null,
    disabled: null,
    traceFilters: null,
    sipTraceFilters: null,
    projects: null,
  });

function mustGetCase(c: RequestContext): TestCase {
  const id = intParam(c);
  const tc = store(c).testCases.get(id);
  if (!tc) throw testCaseNotFound(id);
  return tc;
}

/**
 * The stored fields present in a body, types checked (400 naming the field). Response-only and
 * unknown fields (id, projects, devices, mobileDeviceName, msisdn, ...) are ignored.
 */
function readFields(b: Body, where: string): Partial<Fields> {
  const f: Partial<Fields> = {};
  const name = b.str('name');
  if (name !== undefined) {
    if (name.trim() === '') throw badRequest(`${where}: 'name' must not be empty`);
    f.name = name.trim();
  }
  for (const key of ['description', 'tags', 'disableReason', 'notes'] as const) {
    const v = b.str(key);
    if (v !== undefined) f[key] = v;
  }
  const disabled = b.bool('disabled');
  if (disabled !== undefined) f.disabled = disabled;
  const steps = b.objectArray('testStepList');
  if (steps !== undefined) f.testStepList = steps;
  const tf = b.objectArray('traceFilters');
  if (tf !== undefined) {
    f.traceFilters = tf.map((item, i): TraceFilterItem => {
      const n = b.nested(item, `traceFilters[${i}]`);
      return { mobileDeviceId: n.int('mobileDeviceId', true), traceFilterId: n.int('traceFilterId', true) };
    });
  }
  const sip = b.objectArray('sipTraceFilters');
  if (sip !== undefined) {
    f.sipTraceFilters = sip.map((item, i): SipTraceFilterItem => {
      const n = b.nested(item, `sipTraceFilters[${i}]`);
      return { mobileDeviceId: n.int('mobileDeviceId', true), sipMessageCodes: n.str('sipMessageCodes', true) };
    });
  }
  const extra = Object.entries(b.raw).filter(([k, v]) => !NOT_EXTRA.has(k) && v !== undefined);
  if (extra.length > 0) f.extra = Object.fromEntries(extra);
  return f;
}

function insertCase(c: RequestContext, f: Partial<Fields> & { name: string }): TestCase {
  const now = c.emu.nowIso();
  return store(c).testCases.insert((id) => ({
    id,
    ownerId: c.user.id,
    name: f.name,
    description: f.description ?? '',
    testStepList: f.testStepList ?? [],
    tags: f.tags ?? '',
    disableReason: f.disableReason ?? '',
    notes: f.notes ?? '',
    disabled: f.disabled ?? false,
    traceFilters: f.traceFilters ?? [],
    sipTraceFilters: f.sipTraceFilters ?? [],
    extra: f.extra ?? {},
    created: now,
    updated: now,
  }));
}

/** Updates change only the fields given (a read record PUT back is a no-op). */
function updateCase(c: RequestContext, tc: TestCase, f: Partial<Fields>): void {
  const { extra, ...fields } = f;
  Object.assign(tc, fields);
  // Like the document's fields, an extra field is changed when given and kept when not.
  if (extra) tc.extra = { ...tc.extra, ...extra };
  tc.updated = c.emu.nowIso();
}

const findByName = (st: Store, name: string): TestCase | undefined => st.testCases.all().find((t) => t.name === name);

const duplicateName = (name: string, id: number) => conflict(`A test case named '${name}' already exists`, { id });

const deviceNames = (st: Store, t: TestCase): string[] =>
  referencedDeviceIds(t).flatMap((id) => st.devices.get(id)?.name ?? []);

const listItem = (st: Store, t: TestCase) => ({
  projects: st.projectRefs('TEST_CASE', t.id),
  id: t.id,
  name: t.name,
  description: t.description,
  testStepCount: t.testStepList.length,
  deviceList: deviceNames(st, t),
  created: t.created,
  updated: t.updated,
});

/** prj: comma-separated (or repeated) project ids; a case matches if it is in any of them. */
function projectFilter(c: RequestContext): ((t: TestCase) => boolean) | undefined {
  const raw = c.query
    .getAll('prj')
    .flatMap((v) => v.split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (raw.length === 0) return undefined;
  const bad = raw.find((s) => !/^\d+$/.test(s));
  if (bad !== undefined) throw badRequest(`Query parameter 'prj' must list project ids, got '${bad}'`);
  const ids = raw.map(Number);
  return (t) => {
    const set = store(c).projectIdsOf('TEST_CASE', t.id);
    return ids.some((id) => set.has(id));
  };
}

/** filterName picks the field (default name); filterValue is a case-insensitive substring. */
function fieldFilter(c: RequestContext): ((t: TestCase) => boolean) | undefined {
  const name = c.query.get('filterName') || 'name';
  if (!(FILTERS as readonly string[]).includes(name)) {
    throw badRequest(`Query parameter 'filterName' must be one of ${FILTERS.join(', ')}, got '${name}'`);
  }
  const value = c.query.get('filterValue');
  if (!value) return undefined;
  if (name === 'device') return (t) => matchesSearch(value, deviceNames(store(c), t));
  return (t) => matchesSearch(value, [t[name as 'name' | 'description' | 'tags']]);
}

function listTestCases(c: RequestContext) {
  const req = parsePage(c.query, ['id', 'name', 'created', 'updated'], c.emu.readings.maxPageSize);
  const filters = [projectFilter(c), fieldFilter(c)].filter((f) => f !== undefined);
  const rows = store(c)
    .testCases.all()
    .filter((t) => filters.every((f) => f(t)));
  const sorted = sortRows(rows, req.sort, (t, f) => t[f as 'id' | 'name' | 'created' | 'updated']);
  const page = pageOf(sorted, req);
  // Views only for the page shown: a list of 10,000 cases must stay cheap.
  page['content'] = (page['content'] as TestCase[]).map((t) => listItem(store(c), t));
  return page;
}

function createTestCase(c: RequestContext) {
  const f = readFields(Body.object(c.body, 'test case'), 'test case');
  if (f.name === undefined) throw badRequest("test case: 'name' is required");
  const existing = findByName(store(c), f.name);
  if (existing) throw duplicateName(f.name, existing.id);
  return created(insertCase(c, { ...f, name: f.name }).id);
}

function putTestCase(c: RequestContext) {
  const tc = mustGetCase(c);
  const f = readFields(Body.object(c.body, 'test case'), 'test case');
  const other = f.name !== undefined ? findByName(store(c), f.name) : undefined;
  if (other && other.id !== tc.id) throw duplicateName(other.name, other.id);
  updateCase(c, tc, f);
  return testCaseView(store(c), tc);
}

/** 409 while a suite contains the case or an execution of it is queued or running. */
function deleteTestCase(c: RequestContext) {
  const tc = mustGetCase(c);
  const suites = store(c)
    .testSuites.all()
    .filter((s) => s.testCaseIds.includes(tc.id));
  if (suites.length > 0) {
    throw conflict(
      `Test case ${tc.id} cannot be deleted: it is in test suite(s) ${suites.map((s) => s.id).join(', ')}`,
    );
  }
  const now = c.emu.now();
  const active = store(c)
    .executions.all()
    .filter((e) => e.testCaseId === tc.id && isActive(e, now));
  if (active.length > 0) {
    throw conflict(
      `Test case ${tc.id} cannot be deleted: execution(s) ${active.map((e) => e.id).join(', ')} still active`,
    );
  }
  store(c).testCases.delete(tc.id);
  store(c).forgetEntity('TEST_CASE', tc.id);
  return emptyOk();
}

function checkBatchSize(c: RequestContext, n: number, what: string): void {
  const max = c.emu.settings.maxBatchSize;
  if (n > max) throw new HttpError(413, `${what}: ${n} items is more than the maximum batch size of ${max}`);
}

/**
 * Each item updates the case its `id` names, else the case with its name, else creates one.
 * Every item is validated and planned (names kept unique) before anything changes.
 */
function importTestCases(c: RequestContext) {
  if (!Array.isArray(c.body)) throw badRequest('import: the body must be a JSON array of test case objects');
  const items = c.body as unknown[];
  checkBatchSize(c, items.length, 'import');
  const st = store(c);
  // Planned names: an existing case is keyed by its id, a case to be created by "new <index>".
  const holderOf = new Map<string, number | string>(st.testCases.all().map((t) => [t.name, t.id]));
  const nameOf = new Map<number | string, string>(st.testCases.all().map((t) => [t.id, t.name]));
  const plan = items.map((item, i) => {
    const where = `import item ${i}`;
    const b = Body.object(item, where);
    const f = readFields(b, where);
    const id = b.int('id');
    let target =
      id !== undefined && st.testCases.get(id) ? id : f.name !== undefined ? holderOf.get(f.name) : undefined;
    if (target === undefined) {
      if (f.name === undefined) throw badRequest(`${where}: 'name' is required to create a test case`);
      target = `new ${i}`;
    } else if (f.name !== undefined) {
      const holder = holderOf.get(f.name);
      if (holder !== undefined && holder !== target) {
        // A name planned for a case this batch creates has no id yet: the common error body then.
        const body = typeof holder === 'number' ? { id: holder } : undefined;
        throw conflict(`${where}: a test case named '${f.name}' already exists`, body);
      }
      holderOf.delete(nameOf.get(target)!);
    }
    if (f.name !== undefined) {
      holderOf.set(f.name, target);
      nameOf.set(target, f.name);
    }
    return { f, target };
  });
  const createdIds = new Map<string, number>();
  const ids = plan.map(({ f, target }) => {
    const existing = typeof target === 'number' ? target : createdIds.get(target);
    if (existing !== undefined) {
      updateCase(c, st.testCases.get(existing)!, f);
      return existing;
    }
    const tc = insertCase(c, { ...f, name: f.name! });
    createdIds.set(target as string, tc.id);
    return tc.id;
  });
  return { ids };
}

/** The cases in request order (each id once), with the devices and API clients they refer to. */
function exportTestCases(c: RequestContext) {
  const ids = [...new Set(Body.object(c.body, 'export').intArray('ids', true))];
  checkBatchSize(c, ids.length, 'export');
  const st = store(c);
  const missing = ids.filter((id) => !st.testCases.get(id));
  if (missing.length > 0) throw notFound(`Test cases not found: ${missing.join(', ')}`);
  return ids.map((id) => {
    const tc = st.testCases.get(id)!;
    return {
      ...testCaseView(st, tc),
      devices: referencedDeviceIds(tc).flatMap((d) => {
        const device = st.devices.get(d);
        return device ? [deviceView(st, device)] : [];
      }),
      apiClients: referencedApiClientIds(tc).flatMap((a) => {
        const client = st.apiClients.get(a);
        return client ? [apiClientView(st, client)] : [];
      }),
    };
  });
}

function runTestCase(c: RequestContext) {
  const tc = mustGetCase(c);
  const why = whyNotRunnable(store(c), tc);
  if (why) throw conflict(`Cannot start: ${why}`);
  const e = createExecution(c.emu, tc, { source: 'DIRECT_RUN', userId: c.user.id });
  return { executionId: e.id, testCaseId: tc.id, source: e.source };
}

const store = (c: RequestContext) => c.emu.store;

export function registerTestCases(r: Router): void {
  r.add('GET', '/api/v2/testcases', listTestCases);
  r.add('POST', '/api/v2/testcases', createTestCase);
  r.add('POST', '/api/v2/testcases/import', importTestCases);
  r.add('POST', '/api/v2/testcases/export', exportTestCases);
  r.add('GET', '/api/v2/testcases/{id}', (c) => testCaseView(store(c), mustGetCase(c)));
  r.add('PUT', '/api/v2/testcases/{id}', putTestCase);
  r.add('DELETE', '/api/v2/testcases/{id}', deleteTestCase);
  r.add('GET', '/api/v2/testcases/{id}/testsuites', (c) => {
    const tc = mustGetCase(c);
    return store(c)
      .testSuites.all()
      .filter((s) => s.testCaseIds.includes(tc.id))
      .map((s) => ({ name: s.name }));
  });
  r.add('POST', '/api/v2/testcases/{id}/run', runTestCase);
}
