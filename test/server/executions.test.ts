import { strict as assert } from 'node:assert';
import { after, before, beforeEach, describe, test } from 'node:test';
import {
  CancelSuiteRequest,
  CreateSuiteRequest,
  DeleteExecutionsRequest,
  DeleteSuiteRequest,
  ExecuteSuiteRequest,
  ExecutionDetailsRequest,
  FollowExecutionsNotification,
  ListExecutionsRequest,
  ListSuitesRequest,
  RerunExecutionRequest,
  SetSuiteTestCasesRequest,
  TestCaseChoicesRequest,
} from '../../server/src/protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { LspHarness } from './lspHarness';
import { ExecutionChanges, value } from './outcomes';
import { timeline } from '../emulator/resources/executions';

// Suites, executions and the follower at the LSP boundary: the built server against
// the emulator, with its fault knobs. Waits are for notifications, never for time.

describe('suites and executions at the LSP boundary', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let lsp: LspHarness;
  let changes: ExecutionChanges;
  /** The state the emulator holds for an execution now, as it answers it. */
  const serviceStatus = (id: number) => timeline(emu.store.executions.get(id)!, emu.now()).status;
  const posts = (path: string) => emu.requests.filter((r) => r.method === 'POST' && r.path === path).length;

  before(async () => {
    emu = await startEmulator({ settings: { executionStepMs: 40 } });
    lsp = await LspHarness.start({}, { environmentFromClient: true }, { executions: { pollIntervalSeconds: 0.05 } });
    changes = new ExecutionChanges(lsp);
    await lsp.signIn(emu.url, DEMO_CREDENTIALS.admin);
  });
  after(async () => {
    await lsp.stop();
    await emu.close();
  });
  beforeEach(() => {
    emu.faults.reset();
  });

  test('lists every suite with its test cases, schedule in words and disabled state', async () => {
    const suites = value(await lsp.connection.sendRequest(ListSuitesRequest));
    assert.equal(suites.length, 6);
    const nightly = suites.find((s) => s.name === 'Nightly regression');
    assert.ok(nightly);
    assert.equal(nightly.testCases.length, 20);
    assert.ok(nightly.testCases.every((t) => t.name.length > 0 && !t.name.startsWith('Test case ')));
    assert.equal(nightly.schedule, 'every day from 2026-01-05T02:00:00Z');
    assert.equal(suites.find((s) => s.name.startsWith('Legacy'))?.disabled, true);
  });

  test('execute: the new executions come back at once and are followed to their final state', async () => {
    // Held at a minute per step until the answer is in, so none can have ended on a slow machine.
    emu.settings.executionStepMs = 60_000;
    const r = value(await lsp.connection.sendRequest(ExecuteSuiteRequest, { id: 2 }));
    emu.settings.executionStepMs = 40;
    for (const id of r.executionIds) emu.store.executions.get(id)!.stepMs = 40;
    assert.ok(r.executionIds.length > 0);
    assert.deepEqual(r.executions.map((e) => e.id).sort(), [...r.executionIds].sort());
    assert.ok(r.executions.every((e) => e.testSuiteName === 'Voice smoke' && !e.final));
    await changes.allFinal(r.executionIds);
    assert.ok(r.executionIds.every((id) => ['passed', 'failed'].includes(changes.latest.get(id)!.kind)));
    await changes.until(() => changes.active.every((e) => !r.executionIds.includes(e.id)));
  });

  test('a dropped answer to execute is "may have started", and the suite executed exactly once', async () => {
    const before = posts('/api/v2/testsuites/3/execute');
    emu.faults.rules.push({
      method: 'POST',
      path: '/api/v2/testsuites/3/execute',
      action: { kind: 'dropAfter' },
      times: 1,
    });
    const r = await lsp.connection.sendRequest(ExecuteSuiteRequest, { id: 3 });
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.error.kind, 'mayHaveStarted');
    assert.match(!r.ok ? r.error.message : '', /may have started.*Check Executions/);
    assert.equal(posts('/api/v2/testsuites/3/execute') - before, 1);
  });

  test('following survives a 5xx burst, a 429 with Retry-After and an expired token', async () => {
    emu.faults.rules.push(
      { method: 'GET', path: '/api/v2/testexecutions/**', action: { kind: 'status', status: 503 }, times: 3 },
      { method: 'GET', path: '/api/v2/testexecutions', action: { kind: 'status', status: 503 }, times: 3 },
    );
    // The executions cannot end before the 429 and the revoke are in place: they are held at a
    // minute per step, and only then given short steps (a slow machine used to finish them first).
    emu.settings.executionStepMs = 60_000;
    const r = value(await lsp.connection.sendRequest(ExecuteSuiteRequest, { id: 5 }));
    emu.settings.executionStepMs = 40;
    assert.ok(emu.requests.filter((q) => q.status === 503).length >= 1, 'the burst was met');
    emu.advanceClock(60_001);
    await changes.seenRunning(r.executionIds);
    emu.revokeTokens();
    emu.faults.rules.push(
      {
        method: 'GET',
        path: '/api/v2/testexecutions/**',
        action: { kind: 'status', status: 429, retryAfterSeconds: 1 },
        times: 1,
      },
      {
        method: 'GET',
        path: '/api/v2/testexecutions',
        action: { kind: 'status', status: 429, retryAfterSeconds: 1 },
        times: 1,
      },
    );
    for (const id of r.executionIds) emu.store.executions.get(id)!.stepMs = 40;
    await changes.followedToEnd(r.executionIds, serviceStatus);
    assert.ok(emu.requests.some((q) => q.status === 429));
    assert.ok(
      emu.requests.filter((q) => q.path === '/api/v2/connect/token').length >= 2,
      'a new token after the revoke',
    );
  });

  test('cancel says which executions it cancelled, and the follower reports them cancelled', async () => {
    emu.settings.executionStepMs = 60_000;
    const r = value(await lsp.connection.sendRequest(ExecuteSuiteRequest, { id: 4 }));
    emu.settings.executionStepMs = 40;
    const suites = value(await lsp.connection.sendRequest(ListSuitesRequest));
    assert.deepEqual(suites.find((s) => s.id === 4)?.activeExecutionIds.sort(), [...r.executionIds].sort());
    const deleted = await lsp.connection.sendRequest(DeleteSuiteRequest, { id: 4, shown: 'Suite four' });
    assert.equal(!deleted.ok && deleted.error.kind, 'conflict');
    // It names the suite as shown and the executions that hold it.
    assert.match(
      !deleted.ok ? deleted.error.message : '',
      /^The service refused to delete test suite "Suite four": executions? \d+(, \d+)*( and \d+( more)?)? of it (is|are) still queued or running\. Cancel (it|them) \(Cancel Test Suite\)/,
    );
    assert.doesNotMatch(!deleted.ok ? deleted.error.message : '', /HTTP|\/api\/v2|Request/);
    const c = value(await lsp.connection.sendRequest(CancelSuiteRequest, { id: 4 }));
    assert.deepEqual([...c.cancelledExecutionIds].sort(), [...r.executionIds].sort());
    await changes.allFinal(r.executionIds);
    assert.ok(r.executionIds.every((id) => changes.latest.get(id)?.kind === 'cancelled'));
  });

  test('rerun of a finished execution is followed; rerun of a running one is refused in words', async () => {
    const page = value(
      await lsp.connection.sendRequest(ListExecutionsRequest, { start: 0, count: 50, search: 'PASSED' }),
    );
    const done = page.items.find((e) => e.kind === 'passed');
    assert.ok(done);
    const before = posts(`/api/v2/testexecutions/${done.id}/rerun`);
    emu.settings.executionStepMs = 60_000;
    const rerun = value(await lsp.connection.sendRequest(RerunExecutionRequest, { id: done.id }));
    emu.settings.executionStepMs = 40;
    assert.equal(rerun.execution.rerunOf, done.id);
    assert.equal(posts(`/api/v2/testexecutions/${done.id}/rerun`) - before, 1);
    const again = await lsp.connection.sendRequest(RerunExecutionRequest, { id: rerun.execution.id });
    assert.equal(!again.ok && again.error.kind, 'conflict');
    assert.match(!again.ok ? again.error.message : '', /still queued or running/);
    emu.advanceClock(60_001);
    await changes.seenRunning([rerun.execution.id]);
    emu.store.executions.get(rerun.execution.id)!.stepMs = 40;
    await changes.followedToEnd([rerun.execution.id], serviceStatus);
  });

  test('a dropped answer to rerun is "may have started", sent once', async () => {
    const page = value(
      await lsp.connection.sendRequest(ListExecutionsRequest, { start: 0, count: 50, search: 'FAILED' }),
    );
    const done = page.items.find((e) => e.final);
    assert.ok(done);
    emu.faults.rules.push({
      method: 'POST',
      path: `/api/v2/testexecutions/${done.id}/rerun`,
      action: { kind: 'drop' },
      times: 1,
    });
    const r = await lsp.connection.sendRequest(RerunExecutionRequest, { id: done.id });
    assert.equal(!r.ok && r.error.kind, 'mayHaveStarted');
    assert.equal(posts(`/api/v2/testexecutions/${done.id}/rerun`), 1);
  });

  test('pages of executions come newest first; the last page says there is no more', async () => {
    const first = value(await lsp.connection.sendRequest(ListExecutionsRequest, { start: 0, count: 50 }));
    assert.equal(first.items.length, 50);
    assert.equal(first.hasMore, true);
    const ids = first.items.map((e) => e.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
    );
    const total = emu.store.executions.all().length;
    const last = value(await lsp.connection.sendRequest(ListExecutionsRequest, { start: total - 10, count: 50 }));
    assert.equal(last.items.length, 10);
    assert.equal(last.hasMore, false);
  });

  test('details: summary, log lines in the log grammar, and the record', async () => {
    const page = value(
      await lsp.connection.sendRequest(ListExecutionsRequest, { start: 0, count: 20, search: 'PASSED' }),
    );
    const d = value(await lsp.connection.sendRequest(ExecutionDetailsRequest, { id: page.items[0]!.id }));
    assert.match(d.text, /^Execution \d+: PASSED/);
    assert.match(d.text, /^\d{4}-\d\d-\d\dT\S+ INFO Finished: PASSED$/m);
    assert.match(d.text, /^Record:\n\{/m);
    const missing = await lsp.connection.sendRequest(ExecutionDetailsRequest, { id: 999_999 });
    assert.equal(!missing.ok && missing.error.kind, 'notFound');
  });

  test('delete several executions: says which failed and why', async () => {
    const page = value(
      await lsp.connection.sendRequest(ListExecutionsRequest, { start: 0, count: 50, search: 'PASSED' }),
    );
    const id = page.items.find((e) => e.final)!.id;
    const r = value(await lsp.connection.sendRequest(DeleteExecutionsRequest, { ids: [id, 999_998] }));
    assert.deepEqual(r.deleted, [id]);
    assert.equal(r.failed.length, 1);
    assert.equal(r.failed[0]!.id, 999_998);
    assert.equal(r.failed[0]!.message, 'Execution 999998 was deleted on the service; it has left the views.');
  });

  test('a new suite from test cases, then its test cases changed', async () => {
    const choices = value(await lsp.connection.sendRequest(TestCaseChoicesRequest));
    assert.equal(choices.length, emu.store.testCases.all().length);
    const picked = choices.slice(0, 3).map((c) => c.id);
    const { id } = value(
      await lsp.connection.sendRequest(CreateSuiteRequest, { name: 'From the editor', testCaseIds: picked }),
    );
    const dup = await lsp.connection.sendRequest(CreateSuiteRequest, { name: 'From the editor', testCaseIds: picked });
    assert.equal(!dup.ok && dup.error.kind, 'conflict');
    assert.match(!dup.ok ? dup.error.message : '', /already has this name/);
    value(
      await lsp.connection.sendRequest(SetSuiteTestCasesRequest, { id, testCaseIds: [picked[0]!, choices[10]!.id] }),
    );
    const suite = value(await lsp.connection.sendRequest(ListSuitesRequest)).find((s) => s.id === id);
    assert.deepEqual(
      suite?.testCases.map((t) => t.id),
      [picked[0], choices[10]!.id],
    );
    assert.equal(suite?.testCases[1]?.name, choices[10]!.name);
  });

  test('follow by id: an execution started elsewhere is reported until it ends', async () => {
    const res = await fetch(`${emu.url}/api/v2/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_CREDENTIALS.tester),
    });
    const { accessToken } = (await res.json()) as { accessToken: string };
    // Held at a minute per step, then one step on (the emulator's clock), until the follower reports it running.
    emu.settings.executionStepMs = 60_000;
    const run = await fetch(`${emu.url}/api/v2/testcases/2/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    emu.settings.executionStepMs = 40;
    const { executionId } = (await run.json()) as { executionId: number };
    await lsp.connection.sendNotification(FollowExecutionsNotification, { ids: [executionId] });
    emu.advanceClock(60_001);
    await changes.seenRunning([executionId]);
    emu.store.executions.get(executionId)!.stepMs = 40;
    await changes.followedToEnd([executionId], serviceStatus);
  });
});
