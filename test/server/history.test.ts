import { strict as assert } from 'node:assert';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  ExportTestCasesRequest,
  HistoryCasesRequest,
  HistoryChangedNotification,
  HistoryDocumentRequest,
  HistorySuspectsRequest,
  ImportFilesRequest,
  RunTestCaseRequest,
} from '../../server/src/protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { DEMO_LAB } from '../emulator/lab';
import { markdown, pos } from './featureHelpers';
import { LspHarness } from './lspHarness';
import { ExecutionChanges, value } from './outcomes';

// The history at the LSP boundary, against the demo lab (its failure model on: test case 1 is
// flaky, Apple iPhone 15 Hamburg 03 (device 3) fails most steps that use it): the hover of a
// linked test case's name, the lines the CodeLens and the Test Cases view show, the suspect
// phones of the Devices view, the history document; a case run passed, failed, passed on one
// version is flaky, and not with an edit in between. Waits are for notifications, never for time.

describe('history at the LSP boundary', { timeout: 90_000 }, () => {
  let emu: Emulator;
  let lsp: LspHarness;
  let changes: ExecutionChanges;
  let dir: string;
  const changedCases: number[] = [];
  /** The file each exported test case was written to. */
  const files = new Map<number, string>();
  const uri = (name: string) => pathToFileURL(join(dir, name)).href;

  before(async () => {
    emu = await startEmulator({ lab: DEMO_LAB, settings: { executionStepMs: 20 } });
    lsp = await LspHarness.start({}, { environmentFromClient: true }, { executions: { pollIntervalSeconds: 0.05 } });
    changes = new ExecutionChanges(lsp);
    lsp.connection.onNotification(HistoryChangedNotification, ({ testCaseIds }) => {
      changedCases.push(...testCaseIds);
    });
    await lsp.signIn(emu.url, DEMO_CREDENTIALS.admin);
    dir = await mkdtemp(join(tmpdir(), 'tas-history-'));
    await mkdir(join(dir, '.tas'));
    const exported = value(
      await lsp.connection.sendRequest(ExportTestCasesRequest, { ids: [1, 3, 5], folder: pathToFileURL(dir).href }),
    );
    assert.deepEqual(
      exported.results.map((r) => r.outcome),
      ['written', 'written', 'written'],
    );
    for (const r of exported.results) files.set(r.id, r.uri);
  });
  after(async () => {
    await lsp.stop();
    await emu.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Opens the file linked to test case `id` and hovers on its name. */
  async function nameHover(id: number): Promise<string> {
    const name = emu.store.testCases.get(id)!.name;
    const file = files.get(id)!;
    const text = await readFile(fileURLToPath(file), 'utf8');
    await lsp.open(file, text);
    return markdown(await lsp.hover(file, pos(text, `"name": "${name.slice(0, 3)}`)));
  }

  test("the hover of a flaky case's name: its pass rate, the flaky mark with its runs, its newest runs", async () => {
    const md = await nameHover(1);
    assert.match(md, /^\*\*History\*\* of test case 1: \d+\/10 passed · failed .+ · flaky\n/);
    assert.match(md, /\n\*\*Flaky\*\*: passed \d+ and failed \d+ of \d+ runs of .+ \(executions [\d, ]+\)\.\n/);
    assert.match(md, /\n- (passed|failed).* · execution \d+\n/);
    assert.match(md, /\n---\n\n\*\*name\*\*\n\n/, "the schema's description follows");
  });

  test('the hover of a case that uses the unreliable phone: the suspect mark with its evidence', async () => {
    const md = await nameHover(3);
    assert.match(
      md,
      /\n\*\*Suspect phone\*\*: it uses Apple iPhone 15 Hamburg 03 \(device 3\) is suspect: failed \d+ of \d+ runs that used it since .+; the other phones of those test cases passed \d+ of \d+ runs without it\.\n/,
    );
    const fine = await nameHover(5);
    assert.match(fine, /^\*\*History\*\* of test case 5: 10\/10 passed\n/);
    assert.doesNotMatch(fine, /Flaky|Suspect/);
  });

  test('the lines of the CodeLens and the Test Cases view; the suspect phones of the Devices view', async () => {
    const shown = value(await lsp.connection.sendRequest(HistoryCasesRequest, { testCaseIds: [1, 3, 5] }));
    const line = (id: number) => shown.cases.find((c) => c.testCaseId === id)!;
    assert.match(line(1).line, /^\d+\/10 passed · failed .+ · flaky$/);
    assert.equal(line(1).flaky, true);
    assert.match(line(3).line, / · suspect phone$/);
    assert.deepEqual(line(3).suspectDevices, [3]);
    assert.equal(line(5).line, '10/10 passed');
    const devices = value(await lsp.connection.sendRequest(HistorySuspectsRequest));
    assert.deepEqual(
      devices.suspects.map((s) => s.deviceId),
      [3],
      'the unreliable phone is suspect; device 1 (case 1, flaky on its own) is not',
    );
    assert.match(devices.suspects[0]!.evidence, /^Apple iPhone 15 Hamburg 03 \(device 3\) is suspect: failed \d+ of/);
    assert.match(devices.notes.join('\n'), /do not say which phone each run used/);
    const doc = value(await lsp.connection.sendRequest(HistoryDocumentRequest, { testCaseIds: [1] }));
    assert.equal(doc.title, 'History of test case 1');
    assert.match(doc.text, /^Voice call MO LTE #001 \(test case 1\)\n {2}\d+\/10 passed/m);
  });

  /** A new test case (imported from a new file), its runs given in advance. */
  async function newCase(file: string): Promise<number> {
    const text = JSON.stringify({
      name: `History ${file}`,
      testStepList: [{ function: 'CHECK_SIGNAL', mobileDeviceId: 1 }],
    });
    await writeFile(join(dir, file), text);
    const r = value(await lsp.connection.sendRequest(ImportFilesRequest, { uris: [uri(file)], decisions: {} }));
    assert.equal(r.results[0]!.outcome, 'created', JSON.stringify(r));
    return r.results[0]!.id!;
  }
  async function runOnce(id: number, outcome: 'PASSED' | 'FAILED'): Promise<void> {
    emu.lab.scripted[String(id)] = [outcome];
    const r = value(await lsp.connection.sendRequest(RunTestCaseRequest, { id }));
    assert.equal(r.kind, 'started');
    if (r.kind !== 'started') return;
    assert.equal((await changes.final(r.execution.id)).kind, outcome.toLowerCase());
    assert.ok(changedCases.includes(id), 'the client was told its history changed');
  }
  const flaky = async (id: number) =>
    value(await lsp.connection.sendRequest(HistoryCasesRequest, { testCaseIds: [id] })).cases[0]!;

  test('passed, failed, passed on one version: flaky; with an edit before the last pass: not', async () => {
    const same = await newCase('same-version.testcase.json');
    for (const o of ['PASSED', 'FAILED', 'PASSED'] as const) await runOnce(same, o);
    const mark = await flaky(same);
    assert.equal(mark.flaky, true);
    assert.match(mark.markdown, /\*\*Flaky\*\*: passed 2 and failed 1 of 3 runs of .+; the outcome changed 2 times/);

    const edited = await newCase('edited.testcase.json');
    await runOnce(edited, 'PASSED');
    await runOnce(edited, 'FAILED');
    await writeFile(
      join(dir, 'edited.testcase.json'),
      JSON.stringify({
        id: edited,
        name: 'History edited.testcase.json',
        description: 'Edited.',
        testStepList: [{ function: 'CHECK_SIGNAL', mobileDeviceId: 1 }],
      }),
    );
    const r = value(
      await lsp.connection.sendRequest(ImportFilesRequest, { uris: [uri('edited.testcase.json')], decisions: {} }),
    );
    assert.equal(r.results[0]!.outcome, 'updated', JSON.stringify(r));
    await runOnce(edited, 'PASSED');
    const after = await flaky(edited);
    assert.equal(after.flaky, false, 'the failure ran the version before the edit');
    assert.match(after.line, /^2\/3 passed · failed .+$/);
  });
});
