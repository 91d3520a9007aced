// Real editor: run the open test case from its CodeLens and see its result in Test Explorer.
// voice-call-mo.testcase.json of the sample workspace names test case 1 of the emulator's demo
// data. Needs `bash scripts/editor-setup.sh` and `npm run package` first; see test/editor/README.md.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { Editor, LIMITS, withEditor } from './harness';

const FILE = 'voice-call-mo.testcase.json';

describe('real editor: run a test case from the editor into Test Explorer', { timeout: 300_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    // A few seconds per run: long enough to be seen running, short enough to wait for.
    emulator = await startEmulator({ host: '127.0.0.1', settings: { executionStepMs: 400 } });
    editor = await Editor.start({
      name: 'testing',
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: 'demo-admin', TAS_CLIENT_SECRET: 'demo-admin-secret' },
      settings: { 'tas.executions.pollIntervalSeconds': 0.3 },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  it("the open file's Run CodeLens runs it once on the service and Test Explorer shows it passed", async (t) => {
    await withEditor(t, editor, async (e) => {
      await e.openFile(FILE);
      await e.statusItem(/TAS: environment variables/).waitFor({ timeout: LIMITS.output });
      // The CodeLens over the first line (the same command as Test Automation: Run Test Case).
      await e.activeEditor.locator('.codelens-decoration a', { hasText: 'Run' }).first().click();
      // A file that differs from the service asks first; the service's version is what this test runs.
      const dialog = e.page.locator('.monaco-dialog-box');
      const running = () => emulator!.requests.some((r) => r.method === 'POST' && r.path === '/api/v2/testcases/1/run');
      await Promise.race([dialog.waitFor({ timeout: LIMITS.output }), waitUntil(running, LIMITS.output)]);
      if (!running() && (await dialog.isVisible())) {
        await e.screenshot('testing-asks');
        await dialog.locator('.monaco-button', { hasText: "Run the service's version" }).click();
      }
      await waitUntil(running, LIMITS.output);
      await e.runCommand('Testing: Focus on Test Explorer View');
      const row = e.page.locator('.test-explorer .monaco-list-row', { hasText: FILE });
      await row.first().waitFor({ timeout: LIMITS.output });
      await e.screenshot('testing-running');
      await row.first().locator('.codicon-testing-passed-icon').waitFor({ timeout: 120_000 });
      await e.screenshot('testing-passed');
      // The run's output: the execution's progress and its log, streamed while it ran.
      await e.runCommand('Test: Show Output');
      await e.page
        .locator('.part.panel .xterm-rows', { hasText: /Execution\s\d+\sended:\sPASSED/ })
        .first()
        .waitFor({ timeout: LIMITS.ui });
      assert.match(await e.page.locator('.part.panel .xterm-rows').first().innerText(), /Step\s3\/3\sHANGUP:\spassed/);
      await e.screenshot('testing-output');
      const runs = emulator!.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/testcases/1/run');
      assert.equal(runs.length, 1, 'the test case ran once');
    });
  });
});

/** Waits for a condition on the test's own side (the emulator's request log), polling briefly. */
async function waitUntil(condition: () => boolean, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
