import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, useEmulator, type RawClient, type RawResponse } from './harness';

// Test suites over raw HTTP: the read record (our decision: the update shape plus id, schedule,
// projects and timestamps), create/update/delete with 201/404/409, execute and cancel
// (DECISIONS.md, "Test suites").

interface Ref {
  id: number;
  name: string;
}
interface Suite {
  id: number;
  name: string;
  description: string;
  testCaseIds: { id: number; name: string | null }[];
  testCaseWeights: number[];
  schedule: Record<string, unknown> | null;
  disabled: boolean;
  projects: Ref[];
  created: string;
  updated: string;
}
interface Executed {
  testSuiteId: number;
  executionIds: number[];
  skipped: { testCaseId: number; reason: string }[];
}
interface Execution {
  status: string;
  source: string;
  testCaseId: number;
  testSuiteId: number | null;
  testSuiteName: string | null;
}

const SUITE_KEYS = [
  'created',
  'description',
  'disabled',
  'failureNotifEmail',
  'id',
  'name',
  'notifEmail',
  'notifyFailureThresholdPercentage',
  'projects',
  'schedule',
  'skipInitialization',
  'tags',
  'testCaseIds',
  'testCaseWeights',
  'updated',
];

let seq = 0;
const unique = (prefix: string) => `${prefix} ${++seq}`;
const message = (r: RawResponse) => r.headers.get('x-emulator-message') ?? '';
const keys = (o: unknown) => Object.keys(o as object).sort();
const readSuite = (client: RawClient, id: number) => expectStatus<Suite>(client.get(`/api/v2/testsuites/${id}`), 200);
const execution = (client: RawClient, id: number) =>
  expectStatus<Execution>(client.get(`/api/v2/testexecutions/${id}`), 200);

async function createSuite(client: RawClient, fields: Record<string, unknown> = {}): Promise<number> {
  const body = { name: unique('suite'), testCaseIds: [2, 3], ...fields };
  return (await expectStatus<{ id: number }>(client.post('/api/v2/testsuites', body), 201)).id;
}

async function createCase(client: RawClient, fields: Record<string, unknown> = {}): Promise<number> {
  const body = { name: unique('case'), testStepList: [{ function: 'WAIT' }, { function: 'WAIT' }], ...fields };
  return (await expectStatus<{ id: number }>(client.post('/api/v2/testcases', body), 201)).id;
}

void describe('test suites', () => {
  const fx = useEmulator({ settings: { executionStepMs: 60_000 } });
  const caseName = (id: number) => fx.emu.store.testCases.get(id)!.name;

  void it('refuses requests without a bearer token', async () => {
    assert.equal((await fx.raw.get('/api/v2/testsuites')).status, 401);
    assert.equal((await fx.raw.post('/api/v2/testsuites', { name: 'x' })).status, 401);
    assert.equal((await fx.raw.get(`/api/v2/testsuites/1`)).status, 401);
    assert.equal((await fx.raw.put(`/api/v2/testsuites/1`, { name: 'x' })).status, 401);
    assert.equal((await fx.raw.delete(`/api/v2/testsuites/1`)).status, 401);
    assert.equal((await fx.raw.post(`/api/v2/testsuites/1/execute`)).status, 401);
    assert.equal((await fx.raw.post(`/api/v2/testsuites/1/cancel`)).status, 401);
  });

  void it('lists every suite as a plain array of records', async () => {
    const list = await expectStatus<Suite[]>(fx.admin.get('/api/v2/testsuites'), 200);
    assert.ok(Array.isArray(list));
    assert.deepEqual(
      list.map((s) => s.id),
      fx.emu.store.testSuites.all().map((s) => s.id),
    );
    for (const s of list) assert.deepEqual(keys(s), SUITE_KEYS);
    const voice = list.find((s) => s.name === 'Voice smoke')!;
    assert.deepEqual(voice.projects, [{ id: 2, name: 'Voice' }]);
    const first = voice.testCaseIds[0]!;
    assert.deepEqual(first, { id: first.id, name: caseName(first.id) });
  });

  void it('creates with 201 {id} and reads the record back', async () => {
    const name = unique('created');
    const schedule = { startTime: '2026-02-01T03:00:00Z', repeating: true, repeatPeriod: 2, repeatUnit: 'HOURS' };
    const res = await fx.tester.post('/api/v2/testsuites', {
      name,
      description: 'desc',
      testCaseIds: [2, 3],
      testCaseWeights: [5, 1],
      schedule,
      tags: 't',
      notifyFailureThresholdPercentage: 30,
      disabled: false,
      notifEmail: 'a@example.com',
      failureNotifEmail: 'b@example.com',
      skipInitialization: true,
    });
    assert.equal(res.status, 201);
    assert.deepEqual(keys(res.body), ['id']);
    const id = (res.body as { id: number }).id;
    const { created, updated, ...rest } = await readSuite(fx.tester, id);
    assert.equal(created, updated);
    assert.ok(!Number.isNaN(Date.parse(created)));
    assert.deepEqual(rest, {
      id,
      name,
      description: 'desc',
      testCaseIds: [2, 3].map((i) => ({ id: i, name: caseName(i) })),
      testCaseWeights: [5, 1],
      schedule,
      tags: 't',
      notifyFailureThresholdPercentage: 30,
      disabled: false,
      notifEmail: 'a@example.com',
      failureNotifEmail: 'b@example.com',
      skipInitialization: true,
      projects: [],
    });
  });

  void it('fills defaults: weight 1 per test case, no schedule', async () => {
    const suite = await readSuite(fx.admin, await createSuite(fx.admin, { testCaseIds: [4, 5, 6] }));
    assert.deepEqual(suite.testCaseWeights, [1, 1, 1]);
    assert.equal(suite.schedule, null);
    assert.equal(suite.disabled, false);
  });

  void it('answers 409 {id} for a duplicate name', async () => {
    const name = unique('dup');
    const id = await createSuite(fx.admin, { name });
    const res = await fx.admin.post('/api/v2/testsuites', { name });
    assert.equal(res.status, 409);
    assert.deepEqual(res.body, { id });
  });

  void it('answers 400 naming the field for bad bodies and 404 for unknown test cases', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ description: 'x' }, /'name' is required/],
      [{ name: unique('b'), testCaseIds: [{ id: 1, name: 'a' }] }, /testCaseIds/],
      [{ name: unique('b'), testCaseIds: [1, 2], testCaseWeights: [1] }, /testCaseWeights/],
      [{ name: unique('b'), schedule: { repeating: true } }, /schedule.*startTime/],
      [{ name: unique('b'), schedule: { startTime: 'x', repeating: true, repeatPeriod: 0 } }, /repeatPeriod/],
      [{ name: unique('b'), notifyFailureThresholdPercentage: 101 }, /notifyFailureThresholdPercentage/],
      [{ name: unique('b'), disabled: 'yes' }, /disabled/],
    ];
    for (const [body, pattern] of cases) {
      const res = await fx.admin.post('/api/v2/testsuites', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(message(res), pattern);
    }
    const missing = await fx.admin.post('/api/v2/testsuites', { name: unique('b'), testCaseIds: [1, 777777] });
    assert.equal(missing.status, 404);
    assert.match(message(missing), /777777/);
  });

  void it('answers 404 with the common error body for an unknown suite on every {id} endpoint', async () => {
    for (const res of [
      await fx.admin.get(`/api/v2/testsuites/999999`),
      await fx.admin.put(`/api/v2/testsuites/999999`, { name: 'x' }),
      await fx.admin.delete(`/api/v2/testsuites/999999`),
      await fx.admin.post(`/api/v2/testsuites/999999/execute`),
      await fx.admin.post(`/api/v2/testsuites/999999/cancel`),
    ]) {
      assert.equal(res.status, 404);
      assert.equal((res.body as { status: number }).status, 404);
    }
  });

  void it('takes a read record back through PUT unchanged, without its create-only weights', async () => {
    const id = await createSuite(fx.admin, { testCaseWeights: [3, 4] });
    const before = await readSuite(fx.admin, id);
    const { testCaseWeights: _weights, ...fields } = before;
    const after = await expectStatus<Suite>(fx.admin.put(`/api/v2/testsuites/${id}`, fields), 200);
    assert.deepEqual({ ...after, updated: null }, { ...before, updated: null });
  });

  void it('refuses projects on create and weights on update (400 naming the field)', async () => {
    const create = await fx.admin.post('/api/v2/testsuites', {
      name: unique('with projects'),
      projects: [{ id: 1, name: 'Core Network' }],
    });
    assert.equal(create.status, 400);
    assert.match(String(create.body?.message), /'projects' is accepted on update only/);
    const id = await createSuite(fx.admin);
    const update = await fx.admin.put(`/api/v2/testsuites/${id}`, { testCaseWeights: [1] });
    assert.equal(update.status, 400);
    assert.match(String(update.body?.message), /'testCaseWeights' is accepted on create only/);
  });

  void it('updates test cases as [{id, name}], keeping weights of cases that stay', async () => {
    const id = await createSuite(fx.admin, { testCaseIds: [2, 3], testCaseWeights: [7, 8] });
    const body = { description: 'changed', testCaseIds: [{ id: 3, name: 'ignored' }, { id: 4 }] };
    const res = await expectStatus<Suite>(fx.admin.put(`/api/v2/testsuites/${id}`, body), 200);
    assert.deepEqual(
      res.testCaseIds,
      [3, 4].map((i) => ({ id: i, name: caseName(i) })),
    );
    assert.deepEqual(res.testCaseWeights, [8, 1]);
    assert.equal(res.description, 'changed');
    const ints = await fx.admin.put(`/api/v2/testsuites/${id}`, { testCaseIds: [3, 4] });
    assert.equal(ints.status, 400, 'the update shape is [{id, name}]');
    assert.match(message(ints), /testCaseIds/);
    assert.equal((await fx.admin.put(`/api/v2/testsuites/${id}`, { testCaseIds: [{ id: 888888 }] })).status, 404);
  });

  void it('replaces project assignments with PUT projects, 404 for an unknown project', async () => {
    const id = await createSuite(fx.admin);
    const res = await expectStatus<Suite>(
      fx.admin.put(`/api/v2/testsuites/${id}`, { projects: [{ id: 3, name: 'x' }, { id: 1 }] }),
      200,
    );
    assert.deepEqual(res.projects, [
      { id: 1, name: 'Core Network' },
      { id: 3, name: 'Messaging' },
    ]);
    const listed = await expectStatus<{ assignments: Record<string, Ref[]> }>(
      fx.admin.post('/api/v2/projects/listAssignments', { entityType: 'TEST_SUITE', entityIds: [id] }),
      200,
    );
    assert.deepEqual(listed.assignments[String(id)], res.projects);
    const unknown = await fx.admin.put(`/api/v2/testsuites/${id}`, {
      projects: [{ id: 555555 }],
      description: 'not applied',
    });
    assert.equal(unknown.status, 404);
    const unchanged = await readSuite(fx.admin, id);
    assert.equal(unchanged.projects.length, 2, 'nothing changes on a 404');
    assert.notEqual(unchanged.description, 'not applied');
    const cleared = await expectStatus<Suite>(fx.admin.put(`/api/v2/testsuites/${id}`, { projects: [] }), 200);
    assert.deepEqual(cleared.projects, []);
  });

  void it('answers 409 {id} when PUT renames to a taken name; an explicit null schedule clears it', async () => {
    const takenName = unique('taken');
    const taken = await createSuite(fx.admin, { name: takenName });
    const id = await createSuite(fx.admin, { schedule: { startTime: '2026-01-01T00:00:00Z' } });
    const res = await fx.admin.put(`/api/v2/testsuites/${id}`, { name: takenName });
    assert.equal(res.status, 409);
    assert.deepEqual(res.body, { id: taken });
    assert.notEqual((await readSuite(fx.admin, id)).schedule, null);
    const cleared = await expectStatus<Suite>(fx.admin.put(`/api/v2/testsuites/${id}`, { schedule: null }), 200);
    assert.equal(cleared.schedule, null);
  });

  void it('deletes with 200 and no body; the suite no longer blocks deleting its test cases', async () => {
    const tc = await createCase(fx.admin);
    const id = await createSuite(fx.admin, { testCaseIds: [tc] });
    assert.equal((await fx.admin.delete(`/api/v2/testcases/${tc}`)).status, 409);
    const res = await fx.admin.delete(`/api/v2/testsuites/${id}`);
    assert.equal(res.status, 200);
    assert.equal(res.text, '');
    assert.equal((await fx.admin.get(`/api/v2/testsuites/${id}`)).status, 404);
    assert.equal((await fx.admin.delete(`/api/v2/testcases/${tc}`)).status, 200);
  });

  void it('executes one execution per test case with source TEST_SUITE; 409 on delete while active', async () => {
    const cases = [await createCase(fx.admin), await createCase(fx.admin)];
    const name = unique('exec');
    const id = await createSuite(fx.admin, { name, testCaseIds: cases });
    const res = await expectStatus<Executed>(fx.admin.post(`/api/v2/testsuites/${id}/execute`), 200);
    assert.deepEqual(keys(res), ['executionIds', 'skipped', 'testSuiteId']);
    assert.equal(res.testSuiteId, id);
    assert.deepEqual(res.skipped, []);
    assert.equal(res.executionIds.length, 2);
    for (const [i, executionId] of res.executionIds.entries()) {
      const e = await execution(fx.admin, executionId);
      assert.deepEqual(
        {
          status: e.status,
          source: e.source,
          testCaseId: e.testCaseId,
          testSuiteId: e.testSuiteId,
          testSuiteName: e.testSuiteName,
        },
        { status: 'QUEUED', source: 'TEST_SUITE', testCaseId: cases[i], testSuiteId: id, testSuiteName: name },
      );
    }
    const del = await fx.admin.delete(`/api/v2/testsuites/${id}`);
    assert.equal(del.status, 409);
    assert.match(message(del), /still active/);
    fx.emu.advanceClock(3 * 60_000);
    assert.equal((await fx.admin.delete(`/api/v2/testsuites/${id}`)).status, 200);
  });

  void it('skips test cases that cannot start and reports them', async () => {
    const ok = await createCase(fx.admin);
    const off = await createCase(fx.admin, { disabled: true });
    const id = await createSuite(fx.admin, { testCaseIds: [off, ok] });
    const res = await expectStatus<Executed>(fx.admin.post(`/api/v2/testsuites/${id}/execute`), 200);
    assert.equal(res.executionIds.length, 1);
    assert.equal((await execution(fx.admin, res.executionIds[0]!)).testCaseId, ok);
    assert.equal(res.skipped.length, 1);
    assert.equal(res.skipped[0]!.testCaseId, off);
    assert.match(res.skipped[0]!.reason, /disabled/);
  });

  void it('answers 409 to execute when the suite is disabled, empty, or none of its cases can start', async () => {
    const disabled = await createSuite(fx.admin, { disabled: true });
    const empty = await createSuite(fx.admin, { testCaseIds: [] });
    const hopeless = await createSuite(fx.admin, { testCaseIds: [await createCase(fx.admin, { testStepList: [] })] });
    const expected: [number, RegExp][] = [
      [disabled, /disabled/],
      [empty, /no test cases/],
      [hopeless, /none of its test cases/],
    ];
    for (const [id, pattern] of expected) {
      const res = await fx.admin.post(`/api/v2/testsuites/${id}/execute`);
      assert.equal(res.status, 409);
      assert.match(message(res), pattern);
    }
  });

  void it('cancels the queued and running executions of a suite, leaving finished ones', async () => {
    const id = await createSuite(fx.admin, { testCaseIds: [await createCase(fx.admin), await createCase(fx.admin)] });
    const first = await expectStatus<Executed>(fx.admin.post(`/api/v2/testsuites/${id}/execute`), 200);
    fx.emu.advanceClock(10 * 60_000);
    const second = await expectStatus<Executed>(fx.admin.post(`/api/v2/testsuites/${id}/execute`), 200);
    fx.emu.advanceClock(60_000);
    const res = await expectStatus(fx.tester.post(`/api/v2/testsuites/${id}/cancel`), 200);
    assert.deepEqual(res, { testSuiteId: id, cancelledExecutionIds: second.executionIds });
    for (const e of second.executionIds) assert.equal((await execution(fx.admin, e)).status, 'CANCELLED');
    for (const e of first.executionIds) assert.equal((await execution(fx.admin, e)).status, 'PASSED');
    const again = await expectStatus(fx.admin.post(`/api/v2/testsuites/${id}/cancel`), 200);
    assert.deepEqual(again, { testSuiteId: id, cancelledExecutionIds: [] });
  });
});
