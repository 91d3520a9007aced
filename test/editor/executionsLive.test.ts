// Real editor: every execution this editor starts shows at the top of Executions at once, with
// its live state, and settles there when it ends, with no refresh; the status bar and Test
// Explorer say the same. And the Run question on a file changed on both sides focuses the choice
// that loses nothing. The emulator's executions take a minute per step and the test moves the
// emulator's clock, so each state lasts until the test moves on. Needs `bash scripts/editor-setup.sh`
// and `npm run package` first; see test/editor/README.md.

import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { Editor, LIMITS, withEditor } from './harness';

const FILE = 'voice-call-mo.testcase.json';
/** Test case 1 of the demo data (the file above): three steps. */
const CASE = 1;
const STEP_MS = 60_000;

describe('real editor: what the editor starts shows in Executions at once', { timeout: 400_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1', settings: { executionStepMs: STEP_MS } });
    editor = await Editor.start({
      name: 'executions-live',
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: 'demo-admin', TAS_CLIENT_SECRET: 'demo-admin-secret' },
      settings: { 'tas.executions.pollIntervalSeconds': 0.3 },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  const view = (e: Editor) =>
    e.page.locator('.pane').filter({ has: e.page.locator('.pane-header', { hasText: /^Executions/ }) });
  /** The top row of Executions while it names `id` in `status` (its accessible label ends "execution 7, RUNNING"). */
  const top = (e: Editor, id: number | string, status: string) =>
    view(e).locator(`.monaco-list-row[data-index="0"][aria-label$="execution ${id}, ${status}"]`);
  const requests = (method: string, path: string) =>
    emulator!.requests.filter((r) => r.method === method && r.path === path).length;

  /** Opens the Test Automation container with only Executions expanded, and waits for its rows. */
  async function showExecutions(e: Editor): Promise<void> {
    // A click on the container's icon while it is shown would hide the side bar.
    const icon = e.page.locator('.activitybar .action-item', {
      has: e.page.locator('a[aria-label^="Test Automation"]'),
    });
    await icon.waitFor({ timeout: LIMITS.command });
    if (!/\bchecked\b/.test((await icon.getAttribute('class')) ?? '')) await icon.locator('a').click();
    for (const title of ['Test Cases', 'Test Suites', 'Executions']) {
      const header = e.page.locator('.pane-header', { hasText: new RegExp(`^${title}`) });
      await header.waitFor({ timeout: LIMITS.output });
      if (((await header.getAttribute('aria-expanded')) === 'true') !== (title === 'Executions')) await header.click();
    }
    await view(e).locator('.monaco-list-row').first().waitFor({ timeout: LIMITS.output });
  }

  /** Follows execution `id` at the top of Executions from queued to passed, moving the emulator's clock. */
  async function followToTheEnd(e: Editor, id: number | string, label: string): Promise<void> {
    // Queued: the row is at the top at once, and the status bar says the same.
    await top(e, id, 'QUEUED').waitFor({ timeout: LIMITS.output });
    await e.statusItem(/^\S*\s*1 queued$/).waitFor({ timeout: LIMITS.output });
    await e.screenshot(`${label}-queued`);
    emulator!.advanceClock(STEP_MS);
    await top(e, id, 'RUNNING').filter({ hasText: 'step 1/3' }).waitFor({ timeout: LIMITS.output });
    await e.statusItem(/^\S*\s*1 running$/).waitFor({ timeout: LIMITS.output });
    await e.screenshot(`${label}-running`);
    emulator!.advanceClock(3 * STEP_MS);
    await top(e, id, 'PASSED').filter({ hasText: 'passed' }).waitFor({ timeout: LIMITS.output });
    await e.statusItem(/\d+ (running|queued)/).waitFor({ state: 'hidden', timeout: LIMITS.output });
    await e.screenshot(`${label}-passed`);
  }

  /** The newest execution of the emulator: the one a run just started. */
  const newest = (): number => Math.max(...emulator!.store.executions.all().map((x) => x.id));

  it('a run from the CodeLens is at the top of Executions at once, queued, running, then passed, with no refresh', async (t) => {
    await withEditor(t, editor, async (e) => {
      await showExecutions(e);
      const before = newest();
      // The newest execution of the demo data is at the top before the run.
      await top(e, before, 'PASSED')
        .or(top(e, before, 'FAILED'))
        .or(top(e, before, 'CANCELLED'))
        .waitFor({ timeout: LIMITS.output });

      await e.openFile(FILE);
      await e.statusItem(/TAS: environment variables/).waitFor({ timeout: LIMITS.output });
      await e.activeEditor.locator('.codelens-decoration a', { hasText: 'Run' }).first().click();
      // With the sample as it is, sync adopts the file as unchanged: nothing is asked.
      await top(e, before + 1, 'QUEUED').waitFor({ timeout: LIMITS.output });
      assert.equal(newest(), before + 1, 'the run started one execution');
      await followToTheEnd(e, before + 1, 'live-run');

      // Test Explorer ended the file's item passed, as Executions says.
      await e.runCommand('Testing: Focus on Test Explorer View');
      await e.page
        .locator('.test-explorer .monaco-list-row', { hasText: FILE })
        .first()
        .locator('.codicon-testing-passed-icon')
        .waitFor({ timeout: LIMITS.output });
      assert.equal(requests('POST', `/api/v2/testcases/${CASE}/run`), 1, 'the test case ran once');
    });
  });

  it('a Rerun from the Executions view is at the top at once, queued, running, then passed', async (t) => {
    await withEditor(t, editor, async (e) => {
      await showExecutions(e);
      const ran = newest();
      const row = top(e, ran, 'PASSED');
      await row.hover({ timeout: LIMITS.output });
      await row.locator('.action-label[aria-label="Rerun Execution"]').click();
      const said = e.statusItem(/Rerunning .*: execution \d+ started/).first();
      await said.waitFor({ timeout: LIMITS.output });
      const id = /execution (\d+) started/.exec(await said.innerText())?.[1];
      assert.equal(Number(id), ran + 1, 'the rerun is the newest execution');
      await followToTheEnd(e, ran + 1, 'live-rerun');
      assert.equal(requests('POST', `/api/v2/testexecutions/${ran}/rerun`), 1, 'rerun once');
    });
  });

  it('Run on a file changed here and on the service focuses "Run the service\'s version": Enter runs it and imports nothing', async (t) => {
    await withEditor(t, editor, async (e) => {
      // Both sides change after the last sync: the service's notes, and the file on disk.
      const tc = emulator!.store.testCases.get(CASE)!;
      tc.description = `${tc.description} (changed on the service)`;
      const path = join(e.workspace, FILE);
      const text = await readFile(path, 'utf8');
      const changed = text.replace(/"description":\s*"([^"]*)"/, '"description": "$1 (changed in the file)"');
      assert.notEqual(changed, text, 'the sample has a description to change');
      await writeFile(path, changed);
      await e.editorLine('(changed in the file)').first().waitFor({ timeout: LIMITS.output });

      const before = newest();
      const runs = requests('POST', `/api/v2/testcases/${CASE}/run`);
      const imports = requests('POST', '/api/v2/testcases/import');
      await e.activeEditor.locator('.codelens-decoration a', { hasText: 'Run' }).first().click();
      const dialog = e.page.locator('.monaco-dialog-box');
      await dialog.filter({ hasText: 'both changed' }).waitFor({ timeout: LIMITS.output });
      await e.screenshot('live-run-asks');
      // The focused button is the one Enter takes: it changes neither side.
      await dialog
        .locator('.monaco-button:focus', { hasText: "Run the service's version" })
        .waitFor({ timeout: LIMITS.ui });
      await dialog.locator('.monaco-button', { hasText: 'Import and run' }).waitFor();
      await e.page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden', timeout: LIMITS.ui });

      await showExecutions(e);
      await top(e, before + 1, 'QUEUED').waitFor({ timeout: LIMITS.output });
      assert.equal(requests('POST', `/api/v2/testcases/${CASE}/run`), runs + 1, 'the service version ran once');
      assert.equal(requests('POST', '/api/v2/testcases/import'), imports, 'nothing was imported');
      assert.match(String(emulator!.store.testCases.get(CASE)!.description), /changed on the service/);
      emulator!.advanceClock(4 * STEP_MS);
      await top(e, before + 1, 'PASSED').waitFor({ timeout: LIMITS.output });
    });
  });
});
