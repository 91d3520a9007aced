import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, useEmulator, waitFor, type RawClient, type RawResponse } from './harness';

// Test executions over raw HTTP (DECISIONS.md, "Test executions"). Their states follow
// the emulator clock: these tests move it with advanceClock at a step speed of one minute, so
// real time never crosses a step boundary.

interface LogLine {
  time: string;
  level: string;
  message: string;
}
interface Execution {
  id: number;
  testCaseId: number;
  testCaseName: string;
  testSuiteId: number | null;
  testSuiteName: string | null;
  source: string;
  rerunOf: number | null;
  status: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  currentStep: number;
  stepCount: number;
  triggeredBy: string | null;
  log: LogLine[];
}

const STEP = 60_000;
const EXECUTION_KEYS = [
  'createdAt',
  'currentStep',
  'durationMs',
  'finishedAt',
  'id',
  'rerunOf',
  'source',
  'startedAt',
  'status',
  'stepCount',
  'testCaseId',
  'testCaseName',
  'testSuiteId',
  'testSuiteName',
  'triggeredBy',
];

let seq = 0;
const unique = (prefix: string) => `${prefix} ${++seq}`;
const message = (r: RawResponse) => r.headers.get('x-emulator-message') ?? '';
const keys = (o: unknown) => Object.keys(o as object).sort();
const ms = (iso: string | null) => Date.parse(iso ?? 'missing');
const lines = (e: Execution) => e.log.map((l) => `${l.level} ${l.message}`);

async function createCase(client: RawClient, fields: Record<string, unknown> = {}): Promise<number> {
  const body = { name: unique('case'), testStepList: [{ function: 'CALL' }, { function: 'HANGUP' }], ...fields };
  return (await expectStatus<{ id: number }>(client.post('/api/v2/testcases', body), 201)).id;
}

async function run(client: RawClient, testCaseId: number): Promise<number> {
  return (await expectStatus<{ executionId: number }>(client.post(`/api/v2/testcases/${testCaseId}/run`), 200))
    .executionId;
}

async function executeSuite(
  client: RawClient,
  testCaseIds: number[],
): Promise<{ suiteId: number; executionIds: number[] }> {
  const suite = await expectStatus<{ id: number }>(
    client.post('/api/v2/testsuites', { name: unique('suite'), testCaseIds }),
    201,
  );
  const res = await expectStatus<{ executionIds: number[] }>(
    client.post(`/api/v2/testsuites/${suite.id}/execute`),
    200,
  );
  return { suiteId: suite.id, executionIds: res.executionIds };
}

void describe('test executions on a driven clock', () => {
  const fx = useEmulator({ settings: { executionStepMs: STEP } });
  const get = (id: number) => expectStatus<Execution>(fx.admin.get(`/api/v2/testexecutions/${id}`), 200);

  void it('refuses requests without a bearer token', async () => {
    assert.equal((await fx.raw.get('/api/v2/testexecutions')).status, 401);
    assert.equal((await fx.raw.get(`/api/v2/testexecutions/1`)).status, 401);
    assert.equal((await fx.raw.delete(`/api/v2/testexecutions/1`)).status, 401);
    assert.equal((await fx.raw.post(`/api/v2/testexecutions/1/rerun`)).status, 401);
  });

  void it('moves QUEUED, RUNNING step by step, PASSED, with a growing log', async () => {
    const tc = await createCase(fx.admin);
    const id = await run(fx.tester, tc);
    const queued = await get(id);
    assert.deepEqual(keys(queued), [...EXECUTION_KEYS, 'log'].sort());
    const { log, createdAt, testCaseName, ...fields } = queued;
    assert.ok(testCaseName.startsWith('case '));
    assert.ok(!Number.isNaN(ms(createdAt)));
    assert.deepEqual(fields, {
      id,
      testCaseId: tc,
      testSuiteId: null,
      testSuiteName: null,
      source: 'DIRECT_RUN',
      rerunOf: null,
      status: 'QUEUED',
      startedAt: null,
      finishedAt: null,
      durationMs: null,
      currentStep: 0,
      stepCount: 2,
      triggeredBy: 'tester@example.com',
    });
    assert.equal(log.length, 1);
    assert.equal(log[0]!.time, createdAt);
    assert.equal(log[0]!.message, `Queued (DIRECT_RUN): test case ${tc} '${testCaseName}'`);

    fx.emu.advanceClock(STEP);
    const step1 = await get(id);
    assert.equal(step1.status, 'RUNNING');
    assert.equal(step1.currentStep, 1);
    assert.equal(ms(step1.startedAt) - ms(step1.createdAt), STEP);
    assert.deepEqual(lines(step1).slice(1), ['INFO Started: 2 step(s)', 'INFO Step 1/2 CALL: started']);

    fx.emu.advanceClock(STEP);
    const step2 = await get(id);
    assert.equal(step2.status, 'RUNNING');
    assert.equal(step2.currentStep, 2);
    assert.equal(step2.finishedAt, null);

    fx.emu.advanceClock(STEP);
    const done = await get(id);
    assert.equal(done.status, 'PASSED');
    assert.equal(done.currentStep, 2);
    assert.equal(ms(done.finishedAt) - ms(done.createdAt), 3 * STEP);
    assert.equal(done.durationMs, 2 * STEP);
    assert.deepEqual(lines(done).slice(1), [
      'INFO Started: 2 step(s)',
      'INFO Step 1/2 CALL: started',
      'INFO Step 1/2 CALL: passed',
      'INFO Step 2/2 HANGUP: started',
      'INFO Step 2/2 HANGUP: passed',
      'INFO Finished: PASSED',
    ]);
    const times = done.log.map((l) => ms(l.time));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
    );

    fx.emu.advanceClock(10 * STEP);
    assert.deepEqual(await get(id), done, 'a finished execution no longer changes');
  });

  void it('fails when the test case is tagged expect-fail', async () => {
    const id = await run(fx.admin, await createCase(fx.admin, { tags: 'voice, Expect-Fail' }));
    fx.emu.advanceClock(3 * STEP);
    const done = await get(id);
    assert.equal(done.status, 'FAILED');
    assert.deepEqual(lines(done).slice(-2), ['ERROR Step 2/2 HANGUP: failed', 'ERROR Finished: FAILED']);
    const other = await run(fx.admin, await createCase(fx.admin, { tags: 'no-expect-fail-here' }));
    fx.emu.advanceClock(3 * STEP);
    assert.equal((await get(other)).status, 'PASSED', 'only the whole tag counts');
  });

  void it('reruns a finished execution: new execution, same test case and suite, source RERUN', async () => {
    const tc = await createCase(fx.admin);
    const { suiteId, executionIds } = await executeSuite(fx.admin, [tc]);
    const original = executionIds[0]!;
    const early = await fx.admin.post(`/api/v2/testexecutions/${original}/rerun`);
    assert.equal(early.status, 409, 'still active');
    assert.match(message(early), /QUEUED/);
    fx.emu.advanceClock(3 * STEP);
    const res = await expectStatus<{ executionId: number }>(
      fx.tester.post(`/api/v2/testexecutions/${original}/rerun`),
      200,
    );
    assert.deepEqual(res, { executionId: res.executionId, testCaseId: tc, source: 'RERUN', rerunOf: original });
    assert.notEqual(res.executionId, original);
    const e = await get(res.executionId);
    assert.equal(e.status, 'QUEUED');
    assert.equal(e.source, 'RERUN');
    assert.equal(e.rerunOf, original);
    assert.equal(e.testSuiteId, suiteId);
    assert.equal(e.triggeredBy, 'tester@example.com');
    assert.match(e.log[0]!.message, new RegExp(`rerun of execution ${original}$`));
  });

  void it('answers 409 to rerun when the test case is disabled or gone, 404 when unknown', async () => {
    const tc = await createCase(fx.admin);
    const first = await run(fx.admin, tc);
    const second = await run(fx.admin, tc);
    fx.emu.advanceClock(3 * STEP);
    await expectStatus(fx.admin.put(`/api/v2/testcases/${tc}`, { disabled: true }), 200);
    const disabled = await fx.admin.post(`/api/v2/testexecutions/${first}/rerun`);
    assert.equal(disabled.status, 409);
    assert.match(message(disabled), /disabled/);
    assert.equal((await fx.admin.delete(`/api/v2/testcases/${tc}`)).status, 200);
    const gone = await fx.admin.post(`/api/v2/testexecutions/${second}/rerun`);
    assert.equal(gone.status, 409);
    assert.match(message(gone), /no longer exists/);
    assert.ok((await get(second)).testCaseName.startsWith('case '), 'the history keeps the name');
    assert.equal((await fx.admin.post(`/api/v2/testexecutions/999999/rerun`)).status, 404);
  });

  void it('answers 404 with the common error body for an unknown execution', async () => {
    const res = await fx.admin.get(`/api/v2/testexecutions/999999`);
    assert.equal(res.status, 404);
    const body = res.body as { status: number; message: string };
    assert.equal(body.status, 404);
    assert.match(body.message, /999999/);
    assert.equal((await fx.admin.delete(`/api/v2/testexecutions/999999`)).status, 404);
    assert.equal((await fx.admin.get(`/api/v2/testexecutions/abc`)).status, 400);
  });

  void it('deletes with 200 and no body, also while still running', async () => {
    const tc = await createCase(fx.admin);
    const finished = await run(fx.admin, tc);
    fx.emu.advanceClock(3 * STEP);
    const active = await run(fx.admin, tc);
    fx.emu.advanceClock(STEP);
    for (const id of [finished, active]) {
      const res = await fx.admin.delete(`/api/v2/testexecutions/${id}`);
      assert.equal(res.status, 200);
      assert.equal(res.text, '');
      assert.equal((await fx.admin.get(`/api/v2/testexecutions/${id}`)).status, 404);
    }
    assert.equal((await fx.admin.delete(`/api/v2/testcases/${tc}`)).status, 200, 'nothing of it still runs');
  });

  void it('freezes a cancelled execution at the step it reached', async () => {
    const tc = await createCase(fx.admin);
    const { suiteId, executionIds } = await executeSuite(fx.admin, [tc]);
    const id = executionIds[0]!;
    fx.emu.advanceClock(STEP + STEP / 2);
    await expectStatus(fx.admin.post(`/api/v2/testsuites/${suiteId}/cancel`), 200);
    const cancelled = await get(id);
    fx.emu.advanceClock(5 * STEP);
    assert.deepEqual(await get(id), cancelled);
    assert.equal(cancelled.status, 'CANCELLED');
    assert.equal(cancelled.currentStep, 1);
    // The cancel is stamped with the clock, which real time also moves by a few milliseconds.
    const duration = cancelled.durationMs ?? -1;
    assert.ok(duration >= STEP / 2 && duration < STEP / 2 + 5000, String(duration));
    assert.equal(ms(cancelled.finishedAt) - ms(cancelled.startedAt), duration);
    assert.deepEqual(lines(cancelled).slice(1), [
      'INFO Started: 2 step(s)',
      'INFO Step 1/2 CALL: started',
      'WARN Cancelled',
    ]);
  });
});

void describe('test execution list', () => {
  const fx = useEmulator({ settings: { executionStepMs: STEP } });
  const list = async (query = '') => {
    const res = await fx.admin.get(`/api/v2/testexecutions${query}`);
    assert.equal(res.status, 200, res.text);
    return { items: res.body as Execution[], total: Number(res.headers.get('x-total-count')) };
  };
  const idsOf = (items: Execution[]) => items.map((e) => e.id);

  void it('answers a plain array, newest first, with X-Total-Count', async () => {
    const { items, total } = await list();
    assert.ok(Array.isArray(items));
    assert.equal(total, fx.emu.store.executions.size);
    assert.equal(items.length, total);
    for (const e of items) assert.deepEqual(keys(e), EXECUTION_KEYS);
    const created = items.map((e) => ms(e.createdAt));
    assert.deepEqual(
      created,
      [...created].sort((a, b) => b - a),
    );
    const id = await run(fx.admin, await createCase(fx.admin));
    const newest = await list('?start=0&end=1');
    assert.deepEqual(idsOf(newest.items), [id]);
    assert.equal(newest.total, total + 1);
  });

  void it('slices with start (inclusive) and end (exclusive) offsets', async () => {
    const all = (await list()).items;
    const slice = await list('?start=5&end=15');
    assert.deepEqual(idsOf(slice.items), idsOf(all.slice(5, 15)));
    assert.equal(slice.total, all.length);
    assert.equal((await list(`?start=${all.length - 2}`)).items.length, 2);
    assert.deepEqual((await list(`?start=${all.length + 5}`)).items, []);
    assert.equal((await fx.admin.get(`/api/v2/testexecutions?start=10&end=5`)).status, 400);
    assert.equal((await fx.admin.get(`/api/v2/testexecutions?start=x`)).status, 400);
  });

  void it('searches test case name, suite name, status and source, case-insensitively', async () => {
    const id = await run(fx.admin, await createCase(fx.admin, { name: unique('Searchable Zebra') }));
    const byName = await list('?search=searchable%20zebra');
    assert.deepEqual(idsOf(byName.items), [id]);
    assert.equal(byName.total, 1);
    const statuses = async (search: string) => new Set((await list(`?search=${search}`)).items.map((e) => e.status));
    assert.deepEqual(await statuses('cancelled'), new Set(['CANCELLED']));
    assert.deepEqual(await statuses('queued'), new Set(['QUEUED']));
    const suite = (await list('?search=nightly%20REGRESSION')).items;
    assert.ok(suite.length > 0);
    for (const e of suite) assert.equal(e.testSuiteName, 'Nightly regression');
    const reruns = (await list('?search=RERUN')).items;
    assert.ok(reruns.length > 0);
    for (const e of reruns) assert.equal(e.source, 'RERUN');
    assert.deepEqual(await list('?search=no-such-thing'), { items: [], total: 0 });
  });
});

void describe('test executions in real time', () => {
  const fx = useEmulator({ settings: { executionStepMs: 5 } });

  void it('reaches its outcome as real time passes at the configured step speed', async () => {
    const id = await run(fx.admin, await createCase(fx.admin));
    const done = await waitFor(
      () => expectStatus<Execution>(fx.admin.get(`/api/v2/testexecutions/${id}`), 200),
      (e) => e.status === 'PASSED',
      'the execution to pass',
    );
    assert.equal(done.currentStep, 2);
  });
});
