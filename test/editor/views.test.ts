// Real editor: the Test Automation views as a person uses them. Open the activity bar's "Test
// Automation" container, execute a suite from its row, watch its executions end in Executions,
// rerun one, open its details, delete one. Needs `bash scripts/editor-setup.sh` and
// `npm run package` first; `bash scripts/test-editor.sh` does both. See test/editor/README.md.

import assert from 'node:assert/strict';
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { Editor, LIMITS, ROOT, withEditor } from './harness';

const SUITE = 'Voice smoke';

describe('real editor: test suites and executions', { timeout: 400_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    // Executions take a few seconds: long enough to be seen running, short enough to wait for.
    emulator = await startEmulator({ host: '127.0.0.1', settings: { executionStepMs: 400 } });
    editor = await Editor.start({
      name: 'views',
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: 'demo-admin', TAS_CLIENT_SECRET: 'demo-admin-secret' },
      settings: { 'tas.executions.pollIntervalSeconds': 0.3 },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  const view = (e: Editor, title: string) =>
    e.page.locator('.pane').filter({ has: e.page.locator('.pane-header', { hasText: title }) });
  const rows = (e: Editor, title: string) => view(e, title).locator('.monaco-list-row');
  const row = (e: Editor, title: string, text: string | RegExp) => rows(e, title).filter({ hasText: text });

  /** Hovers a row and clicks one of its inline actions, found by its title. */
  async function inlineAction(r: ReturnType<typeof row>, action: string): Promise<void> {
    await r.first().hover();
    await r.first().locator(`.action-label[aria-label="${action}"]`).click();
  }

  it('opens the Test Automation container and lists the suites', async (t) => {
    await withEditor(t, editor, async (e) => {
      await e.page
        .locator('.activitybar .action-item a[aria-label^="Test Automation"]')
        .click({ timeout: LIMITS.command });
      await row(e, 'Test Suites', SUITE).first().waitFor({ timeout: LIMITS.output });
      await row(e, 'Test Suites', 'Legacy 3G (retired)').filter({ hasText: 'disabled' }).waitFor();
      await row(e, 'Test Suites', 'Nightly regression').filter({ hasText: 'every day' }).waitFor();
      // Executions lists the past executions (read after the suites: wait for its first row).
      await rows(e, 'Executions').first().waitFor({ timeout: LIMITS.output });
    });
  });

  it('executes a suite from its row and watches its executions end', async (t) => {
    await withEditor(t, editor, async (e) => {
      await inlineAction(row(e, 'Test Suites', SUITE), 'Execute Test Suite');
      // Said in the status bar (the view shows what started), not in a notification.
      await e
        .statusItem(`Test suite ${SUITE}: `)
        .filter({ hasText: 'started' })
        .first()
        .waitFor({ timeout: LIMITS.output });
      assert.equal(
        await e.page.locator('.notification-toast', { hasText: 'started' }).count(),
        0,
        'no notification says what the view shows',
      );
      // The new executions show at once, queued or running, with the suite's name.
      await row(e, 'Executions', new RegExp(`(queued|step \\d+/\\d+) · ${SUITE}`))
        .first()
        .waitFor({ timeout: LIMITS.output });
      await e.statusItem(/\d+ running/).waitFor({ timeout: LIMITS.output });
      await copyScreenshot(await e.screenshot('suite-running'), 'views-running.png');
      // One notification when the round has ended.
      await e.page
        .locator('.notification-toast', { hasText: `Test suite ${SUITE}: ` })
        .filter({ hasText: /\d+ (passed|failed)/ })
        .first()
        .waitFor({ timeout: 120_000 });
      await row(e, 'Executions', new RegExp(`(passed|failed) · ${SUITE}`))
        .first()
        .waitFor();
      await e.statusItem(/\d+ running/).waitFor({ state: 'hidden' });
      await copyScreenshot(await e.screenshot('suite-finished'), 'views-finished.png');
    });
  });

  it('reruns an execution, opens its details and deletes one', async (t) => {
    await withEditor(t, editor, async (e) => {
      const done = row(e, 'Executions', new RegExp(`passed · ${SUITE}|failed · ${SUITE}`));
      await inlineAction(done, 'Rerun Execution');
      await e
        .statusItem(/Rerunning .*: execution \d+ started/)
        .first()
        .waitFor({ timeout: LIMITS.output });
      // Editor lines render spaces as no-break spaces: \s matches both.
      // Details of the newest: a read-only log document that follows the run.
      await rows(e, 'Executions').first().click();
      await e.page
        .locator('.tabs-container .tab', { hasText: /^Execution \d+\.log/ })
        .first()
        .waitFor({ timeout: LIMITS.output });
      await e
        .editorLine(/^Execution\s\d+:\s/)
        .first()
        .waitFor({ timeout: LIMITS.output });
      await e
        .editorLine(/Log\s\(\d+\sentr/)
        .first()
        .waitFor();
      await e
        .editorLine(/Finished:\s(PASSED|FAILED)/)
        .first()
        .waitFor({ timeout: 120_000 });
      await copyScreenshot(await e.screenshot('execution-details'), 'execution-details.png');
      // Delete, confirmed in a modal dialog.
      const target = row(e, 'Executions', /passed|failed/).last();
      const label = (await target.getAttribute('aria-label')) ?? '';
      const id = /execution (\d+)/.exec(label)?.[1];
      assert.ok(id, `the row names its execution: ${label}`);
      await target.click({ button: 'right' });
      await e.chooseMenuItem('Delete Execution');
      await e.page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Delete$/ }).click({ timeout: LIMITS.ui });
      await e.statusItem(`Deleted execution ${id}.`).waitFor({ timeout: LIMITS.output });
      assert.equal(emulator?.store.executions.get(Number(id)), undefined, 'the service no longer has it');
    });
  });
});

/** Keeps the manual's screenshots of the views (README.md, docs/views.md) current. */
async function copyScreenshot(from: string, name: string): Promise<void> {
  if (!process.env['TAS_EDITOR_UPDATE_DOCS']) return;
  await mkdir(join(ROOT, 'docs', 'images'), { recursive: true });
  await copyFile(from, join(ROOT, 'docs', 'images', name));
}
