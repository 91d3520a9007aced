import { strict as assert } from 'node:assert';
import { after, before, beforeEach, describe, test } from 'node:test';
import { ExecutionsChangedNotification, RunTestCaseRequest, type ExecutionSummary, type Outcome, type RunTestCaseResult } from '../../server/src/protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { LspHarness } from './lspHarness';

// Run one test case (RunTestCaseRequest) at the LSP boundary: the built server against the
// emulator. Waits are for the watcher's notifications, never for time.

function value<T>(o: Outcome<T>): T {
  if (!o.ok) assert.fail(`expected success, got ${o.error.kind}: ${o.error.message}`);
  return o.value;
}

function started(r: RunTestCaseResult): Extract<RunTestCaseResult, { kind: 'started' }> {
  if (r.kind !== 'started') assert.fail(`expected a started run, got ${r.kind}: ${r.message}`);
  return r;
}

class Changes {
  readonly latest = new Map<number, ExecutionSummary>();
  readonly seen = new Map<number, ExecutionSummary[]>();
  private waiters: { test: () => boolean; resolve: () => void }[] = [];
  constructor(lsp: LspHarness) {
    lsp.connection.onNotification(ExecutionsChangedNotification, ({ changed }) => {
      for (const e of changed) {
        this.latest.set(e.id, e);
        this.seen.set(e.id, [...(this.seen.get(e.id) ?? []), e]);
      }
      this.waiters = this.waiters.filter((w) => (w.test() ? (w.resolve(), false) : true));
    });
  }
  final(id: number): Promise<ExecutionSummary> {
    const done = () => this.latest.get(id)?.final === true;
    if (done()) return Promise.resolve(this.latest.get(id)!);
    return new Promise((resolve) => this.waiters.push({ test: done, resolve: () => resolve(this.latest.get(id)!) }));
  }
}

describe('run one test case at the LSP boundary', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let lsp: LspHarness;
  let changes: Changes;
  const runs = (id: number) => emu.requests.filter((r) => r.method === 'POST' && r.path === `/api/v2/testcases/${id}/run`).length;
  const runnable = () => emu.store.testCases.all().filter((t) => !t.disabled && t.testStepList.length > 0 && !t.tags.includes('expect-fail'));

  before(async () => {
    emu = await startEmulator({ settings: { executionStepMs: 40 } });
    lsp = await LspHarness.start({}, { environmentFromClient: true }, { executions: { pollIntervalSeconds: 0.05 } });
    changes = new Changes(lsp);
    await lsp.configured;
    await lsp.setEnvironment({ name: 'emulator', baseUrl: emu.url, ...DEMO_CREDENTIALS.admin });
  });
  after(async () => {
    await lsp.stop();
    await emu.close();
  });
  beforeEach(() => emu.faults.reset());

  test('by id: started once, followed through its steps to PASSED', async () => {
    const tc = runnable()[0]!;
    const r = started(value(await lsp.connection.sendRequest(RunTestCaseRequest, { id: tc.id })));
    assert.equal(r.testCaseId, tc.id);
    assert.equal(r.execution.testCaseId, tc.id);
    assert.equal(r.execution.final, false);
    const end = await changes.final(r.execution.id);
    assert.equal(end.kind, 'passed');
    assert.equal(end.currentStep, tc.testStepList.length);
    assert.equal(runs(tc.id), 1);
  });

  test('by id: a test case tagged to fail ends failed', async () => {
    const tc = emu.store.testCases.all().find((t) => !t.disabled && t.testStepList.length > 0 && t.tags.includes('expect-fail'));
    assert.ok(tc);
    const r = started(value(await lsp.connection.sendRequest(RunTestCaseRequest, { id: tc.id })));
    assert.equal((await changes.final(r.execution.id)).kind, 'failed');
  });

  test('a disabled test case: refused in words, with the service\'s reason', async () => {
    const tc = emu.store.testCases.all().find((t) => t.disabled);
    assert.ok(tc);
    const r = await lsp.connection.sendRequest(RunTestCaseRequest, { id: tc.id });
    assert.equal(!r.ok && r.error.kind, 'conflict');
    const message = !r.ok ? r.error.message : '';
    assert.match(message, /cannot be started now/);
    assert.match(message, /disabled/);
    assert.doesNotMatch(message, /HTTP|\/api\/v2|409|Request|tas\//);
  });

  test('a test case without steps, or with a device that does not exist: refused in words', async () => {
    const empty = runnable()[1]!;
    empty.testStepList = [];
    const r1 = await lsp.connection.sendRequest(RunTestCaseRequest, { id: empty.id });
    assert.match(!r1.ok ? r1.error.message : '', /refused to run test case .*no test steps/);
    const ghost = runnable()[2]!;
    ghost.testStepList = [{ function: 'CALL', mobileDeviceId: 987_654, params: {} }];
    const r2 = await lsp.connection.sendRequest(RunTestCaseRequest, { id: ghost.id });
    assert.match(!r2.ok ? r2.error.message : '', /mobile devices that do not exist: 987654/);
    assert.doesNotMatch(!r2.ok ? r2.error.message : '', /HTTP|\/api\/v2|409/);
  });

  test('a dropped answer to run is "may have started", and the test case ran exactly once', async () => {
    const tc = runnable()[3]!;
    const before = emu.store.executions.all().filter((e) => e.testCaseId === tc.id).length;
    emu.faults.rules.push({ method: 'POST', path: `/api/v2/testcases/${tc.id}/run`, action: { kind: 'dropAfter' }, times: 1 });
    const r = await lsp.connection.sendRequest(RunTestCaseRequest, { id: tc.id });
    assert.equal(!r.ok && r.error.kind, 'mayHaveStarted');
    assert.match(!r.ok ? r.error.message : '', /may have started.*Check Executions/);
    assert.equal(runs(tc.id), 1);
    assert.equal(emu.store.executions.all().filter((e) => e.testCaseId === tc.id).length - before, 1);
  });

  test('an unknown test case: says it no longer exists', async () => {
    const r = await lsp.connection.sendRequest(RunTestCaseRequest, { id: 999_999 });
    assert.equal(!r.ok && r.error.kind, 'notFound');
    assert.match(!r.ok ? r.error.message : '', /no longer exists/);
  });
});
