import { strict as assert } from 'node:assert';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ExportTestCasesRequest, RunTestCaseRequest } from '../../server/src/protocol';
import type { RunTestCaseResult } from '../../server/src/core/model/sync';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { LspHarness } from './lspHarness';
import { ExecutionChanges, value } from './outcomes';

// Run one test case (RunTestCaseRequest) at the LSP boundary: the built server against the
// emulator. Waits are for the follower's notifications, never for time.

function started(r: RunTestCaseResult): Extract<RunTestCaseResult, { kind: 'started' }> {
  if (r.kind !== 'started') assert.fail(`expected a started run, got ${r.kind}: ${r.message}`);
  return r;
}

describe('run one test case at the LSP boundary', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let lsp: LspHarness;
  let changes: ExecutionChanges;
  let dir: string;
  const runs = (id: number) =>
    emu.requests.filter((r) => r.method === 'POST' && r.path === `/api/v2/testcases/${id}/run`).length;
  const runnable = () =>
    emu.store.testCases
      .all()
      .filter((t) => !t.disabled && t.testStepList.length > 0 && !t.tags.includes('expect-fail'));

  before(async () => {
    emu = await startEmulator({ settings: { executionStepMs: 40 } });
    lsp = await LspHarness.start({}, { environmentFromClient: true }, { executions: { pollIntervalSeconds: 0.05 } });
    changes = new ExecutionChanges(lsp);
    await lsp.signIn(emu.url, DEMO_CREDENTIALS.admin);
    // The `.tas` folder makes this folder the sync root of the files written into it.
    dir = await mkdtemp(join(tmpdir(), 'tas-run-'));
    await mkdir(join(dir, '.tas'));
  });
  after(async () => {
    await lsp.stop();
    await emu.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => emu.faults.reset());

  test('by id: started once, followed through its steps to PASSED', async () => {
    const tc = runnable()[0]!;
    // Held at a minute per step until the answer is in, so it cannot have ended on a slow machine.
    emu.settings.executionStepMs = 60_000;
    const r = started(value(await lsp.connection.sendRequest(RunTestCaseRequest, { id: tc.id })));
    emu.settings.executionStepMs = 40;
    emu.store.executions.get(r.execution.id)!.stepMs = 40;
    assert.equal(r.testCaseId, tc.id);
    assert.equal(r.execution.testCaseId, tc.id);
    assert.equal(r.execution.final, false);
    const end = await changes.final(r.execution.id);
    assert.equal(end.kind, 'passed');
    assert.equal(end.currentStep, tc.testStepList.length);
    assert.equal(runs(tc.id), 1);
  });

  test('by id: a test case tagged to fail ends failed', async () => {
    const tc = emu.store.testCases
      .all()
      .find((t) => !t.disabled && t.testStepList.length > 0 && t.tags.includes('expect-fail'));
    assert.ok(tc);
    const r = started(value(await lsp.connection.sendRequest(RunTestCaseRequest, { id: tc.id })));
    assert.equal((await changes.final(r.execution.id)).kind, 'failed');
  });

  test("a disabled test case: refused in words, with the service's reason", async () => {
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
    emu.faults.rules.push({
      method: 'POST',
      path: `/api/v2/testcases/${tc.id}/run`,
      action: { kind: 'dropAfter' },
      times: 1,
    });
    const r = await lsp.connection.sendRequest(RunTestCaseRequest, { id: tc.id });
    assert.equal(!r.ok && r.error.kind, 'mayHaveStarted');
    assert.match(!r.ok ? r.error.message : '', /may have started.*Check Executions/);
    assert.equal(runs(tc.id), 1);
    assert.equal(emu.store.executions.all().filter((e) => e.testCaseId === tc.id).length - before, 1);
  });

  test('an unknown test case: says it was deleted, by the name shown', async () => {
    const r = await lsp.connection.sendRequest(RunTestCaseRequest, { id: 999_999, shown: 'Ghost case' });
    assert.equal(!r.ok && r.error.kind, 'notFound');
    assert.equal(
      !r.ok ? r.error.message : '',
      'Test case "Ghost case" was deleted on the service; it has left the views.',
    );
  });

  // ---- by file: the link and change state come from sync ----

  const imports = () => emu.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/testcases/import').length;

  /** Exports a runnable demo case into the folder: a file linked to it, in sync. */
  async function exported(n: number): Promise<{ id: number; uri: string; path: string }> {
    const tc = runnable()[n]!;
    const r = value(
      await lsp.connection.sendRequest(ExportTestCasesRequest, { ids: [tc.id], folder: pathToFileURL(dir).href }),
    );
    const item = r.results[0]!;
    assert.equal(item.outcome, 'written', item.message);
    return { id: tc.id, uri: item.uri, path: fileURLToPath(item.uri) };
  }

  async function editFile(path: string, edit: (tc: Record<string, unknown>) => void): Promise<void> {
    const tc = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    edit(tc);
    await writeFile(path, `${JSON.stringify(tc, null, 2)}\n`);
  }

  const choiceOf = (r: RunTestCaseResult) => (r.kind === 'needsChoice' ? r.reason : `started ${r.testCaseId}`);

  test('by file, in sync: runs its linked test case at once', async () => {
    const f = await exported(10);
    const r = started(value(await lsp.connection.sendRequest(RunTestCaseRequest, { uri: f.uri })));
    assert.equal(r.testCaseId, f.id);
    assert.equal((await changes.final(r.execution.id)).kind, 'passed');
    assert.equal(runs(f.id), 1);
  });

  test("by file, unsaved changes: asks; 'Run the service version' runs it without importing", async () => {
    const f = await exported(11);
    const before = imports();
    const r = value(await lsp.connection.sendRequest(RunTestCaseRequest, { uri: f.uri, dirty: true }));
    assert.equal(choiceOf(r), 'unsavedChanges');
    assert.equal(r.kind === 'needsChoice' && r.testCaseId, f.id);
    assert.equal(runs(f.id), 0);
    const s = started(
      value(
        await lsp.connection.sendRequest(RunTestCaseRequest, { uri: f.uri, dirty: true, choice: 'runServiceVersion' }),
      ),
    );
    assert.equal(s.testCaseId, f.id);
    assert.equal(imports(), before);
    assert.equal(runs(f.id), 1);
  });

  test('by file, changed locally: asks "differs"; "Import and run" updates the service, then runs', async () => {
    const f = await exported(12);
    await editFile(f.path, (tc) => (tc['description'] = 'Changed in the file before the run'));
    const r = value(await lsp.connection.sendRequest(RunTestCaseRequest, { uri: f.uri }));
    assert.equal(choiceOf(r), 'localChanges');
    assert.match(r.kind === 'needsChoice' ? r.message : '', /differs from the service/);
    assert.equal(runs(f.id), 0);
    const s = started(
      value(await lsp.connection.sendRequest(RunTestCaseRequest, { uri: f.uri, choice: 'importAndRun' })),
    );
    assert.equal(s.testCaseId, f.id);
    assert.equal(emu.store.testCases.get(f.id)?.description, 'Changed in the file before the run');
    assert.equal(runs(f.id), 1);
  });

  test('by file, changed on the service only: asks "differs"; changed on both: asks "conflict"', async () => {
    const f = await exported(13);
    emu.store.testCases.get(f.id)!.description = 'Changed on the service';
    assert.equal(choiceOf(value(await lsp.connection.sendRequest(RunTestCaseRequest, { uri: f.uri }))), 'localChanges');
    await editFile(f.path, (tc) => (tc['description'] = 'Changed in the file too'));
    const r = value(await lsp.connection.sendRequest(RunTestCaseRequest, { uri: f.uri }));
    assert.equal(choiceOf(r), 'conflict');
    assert.match(r.kind === 'needsChoice' ? r.message : '', /both changed/);
    assert.equal(runs(f.id), 0);
    assert.equal(emu.store.testCases.get(f.id)?.description, 'Changed on the service');
  });

  test('by file, not on the service: asks; "Import and run" creates it, writes its id and runs it', async () => {
    const path = join(dir, 'brand-new.testcase.json');
    const body = {
      name: 'Run me from the editor',
      description: '',
      testStepList: [{ function: 'WAIT', params: { seconds: 1 } }],
      traceFilters: [],
      sipTraceFilters: [],
    };
    await writeFile(path, `${JSON.stringify(body, null, 2)}\n`);
    const uri = pathToFileURL(path).href;
    const r = value(await lsp.connection.sendRequest(RunTestCaseRequest, { uri }));
    assert.equal(choiceOf(r), 'notOnService');
    const s = started(value(await lsp.connection.sendRequest(RunTestCaseRequest, { uri, choice: 'importNew' })));
    assert.equal(emu.store.testCases.get(s.testCaseId)?.name, 'Run me from the editor');
    assert.equal((JSON.parse(await readFile(path, 'utf8')) as { id?: number }).id, s.testCaseId);
    assert.equal((await changes.final(s.execution.id)).kind, 'passed');
  });

  test('by file, an import that fails: that failure in words, nothing run', async () => {
    const taken = runnable()[14]!;
    const path = join(dir, 'taken-name.testcase.json');
    await writeFile(
      path,
      `${JSON.stringify({ name: taken.name, testStepList: [{ function: 'WAIT', params: {} }] }, null, 2)}\n`,
    );
    const before = emu.requests.filter((q) => q.method === 'POST' && /\/testcases\/\d+\/run$/.test(q.path)).length;
    const r = await lsp.connection.sendRequest(RunTestCaseRequest, {
      uri: pathToFileURL(path).href,
      choice: 'importNew',
    });
    assert.equal(r.ok, false);
    assert.match(
      !r.ok ? r.error.message : '',
      new RegExp(`Not run: another test case on the service \\(id ${taken.id}\\) already has the name`),
    );
    assert.doesNotMatch(!r.ok ? r.error.message : '', /HTTP|\/api\/v2|409/);
    assert.equal(
      emu.requests.filter((q) => q.method === 'POST' && /\/testcases\/\d+\/run$/.test(q.path)).length,
      before,
    );
  });
});
