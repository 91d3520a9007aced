// Real editor: the extension's walkthrough ("Get Started with Test Automation Service") opens from
// the command palette, shows its first step with its picture and its Sign In button, and
// following that step (the button, then the Sign In input boxes) connects to the emulator and
// ticks the step. With TAS_EDITOR_UPDATE_MEDIA=1 it also goes through the next steps and writes
// their pictures (media/walkthrough/connect.png, check.png, run.png) from what the editor shows;
// sync.png is docs/images/sync-conflict.png (sync.test.ts takes it).
// Needs `bash scripts/editor-setup.sh` and `npm run package` first; see test/editor/README.md.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { Editor, LIMITS, ROOT, withEditor } from './harness';

const TITLE = 'Get Started with Test Automation Service';
const ENVIRONMENT = 'Staging';
const UPDATE_MEDIA = process.env['TAS_EDITOR_UPDATE_MEDIA'] === '1';
const MEDIA = join(ROOT, 'media', 'walkthrough');

describe('real editor: the walkthrough, and following its first step', { timeout: 400_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1', settings: { executionStepMs: 300 } });
    // No credentials: the first step is what connects.
    editor = await Editor.start({ name: 'walkthrough', settings: { 'tas.executions.pollIntervalSeconds': 0.3 } });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  /** A step of the walkthrough's page, by its title. */
  const step = (e: Editor, title: string): Locator => e.page.locator('button.getting-started-step', { hasText: title });

  it('Welcome: Open Walkthrough... lists it; its first step shows its picture and a Sign In button', (t) =>
    withEditor(t, editor, async (e) => {
      await e.runCommand('Welcome: Open Walkthrough...');
      await e.quickInput.locator('input').waitFor();
      await e.page.keyboard.type(TITLE);
      await e.quickInput.locator('.monaco-list-row', { hasText: TITLE }).first().waitFor();
      await e.page.keyboard.press('Enter');
      await e.page.locator('.gettingStartedSlideDetails', { hasText: TITLE }).waitFor({ timeout: LIMITS.ui });
      for (const title of [
        'Connect to an environment',
        'Open or create a test case',
        'Run it and see the result',
        'Export and import',
      ]) {
        await step(e, title).waitFor();
      }
      const first = step(e, 'Connect to an environment');
      await first.and(e.page.locator('[aria-expanded="true"]')).waitFor();
      assert.equal(await first.getAttribute('aria-checked'), 'false', 'not done before signing in');
      // The step's picture, from media/ inside the .vsix, loaded (a missing file has no width).
      const picture = e.page.locator('.getting-started-media img[alt*="Sign In"]');
      await picture.waitFor();
      const loaded = (img: unknown) => {
        const i = img as { complete: boolean; naturalWidth: number };
        return i.complete && i.naturalWidth > 0;
      };
      await e.page.waitForFunction(loaded, await picture.elementHandle());
      await first.getByRole('button', { name: 'Sign In' }).waitFor();
      await e.screenshot('opened');
    }));

  it('its Sign In button starts Sign In; answered, the status bar shows the environment and the step is ticked', (t) =>
    withEditor(t, editor, async (e) => {
      assert.ok(emulator);
      const first = step(e, 'Connect to an environment');
      await first.getByRole('button', { name: 'Sign In' }).click();
      await e.answerInputBox('Base URL of the Test Automation Service', emulator.url);
      await e.answerInputBox('A name for this environment', ENVIRONMENT);
      await e.answerInputBox(`Client ID for ${ENVIRONMENT}`, 'demo-admin');
      const secretBox = e.quickInput.filter({ hasText: `Client secret for ${ENVIRONMENT}` });
      await secretBox.locator('input[type="password"]').waitFor();
      await e.page.keyboard.type('demo-admin-secret');
      await e.page.keyboard.press('Enter');
      // Connected: the environment's name with the beaker icon (no spinner, no "refused" or "unreachable").
      await e
        .statusItem(`TAS: ${ENVIRONMENT}`)
        .filter({ has: e.page.locator('.codicon-beaker') })
        .waitFor({ timeout: 30_000 });
      assert.doesNotMatch(await e.statusItem('TAS:').innerText(), /refused|unreachable|signed out/);
      await first.and(e.page.locator('[aria-checked="true"]')).waitFor({ timeout: LIMITS.ui });
      assert.ok(
        emulator.requests.some((r) => r.path === '/api/v2/connect/token'),
        'the credentials were checked with the service',
      );
      await e.screenshot('connected');
      if (UPDATE_MEDIA) await walkthroughPictures(e, emulator);
    }));
});

/** The pictures of the walkthrough's steps, taken from the editor as each step leaves it. */
async function walkthroughPictures(e: Editor, emulator: Emulator): Promise<void> {
  const shot = (name: string) => e.page.screenshot({ path: join(MEDIA, `${name}.png`) });
  // Connect: the Sign In input box over the workbench, with the status bar of a connected environment.
  await e.runCommand('View: Close All Editors');
  await e.runCommand('Test Automation: Sign In');
  await e.quickInput.waitFor();
  await shot('connect');
  await e.page.keyboard.press('Escape');

  // Check: a file naming a device the service does not have, the error under the cursor's hover.
  await e.openFile('broken-references.testcase.json');
  await e.showProblems();
  await e.waitForProblem('Mobile device 999 does not exist on the service');
  await e.editorLine('"mobileDeviceId": 999').locator('span', { hasText: '999' }).last().hover();
  await e.page.locator('.monaco-hover', { hasText: 'does not exist on the service' }).first().waitFor();
  await shot('check');

  // Run: the Run CodeLens, then Test Explorer with the passed item and the run's output.
  await e.page.mouse.move(0, 0);
  await e.openFile('voice-call-mo.testcase.json');
  await e.activeEditor.locator('.codelens-decoration a', { hasText: 'Run' }).first().click();
  const dialog = e.page.locator('.monaco-dialog-box');
  if (await dialog.isVisible({ timeout: 5_000 }).catch(() => false))
    await dialog.locator('.monaco-button', { hasText: "Run the service's version" }).click();
  await e.runCommand('Testing: Focus on Test Explorer View');
  const row = e.page.locator('.test-explorer .monaco-list-row', { hasText: 'voice-call-mo.testcase.json' }).first();
  await row.locator('.codicon-testing-passed-icon').waitFor({ timeout: 120_000 });
  await e.runCommand('Test: Show Output');
  await e.page
    .locator('.part.panel .xterm-rows', { hasText: /ended:\sPASSED/ })
    .first()
    .waitFor({ timeout: LIMITS.ui });
  await shot('run');
  assert.ok(emulator.requests.some((r) => r.method === 'POST' && r.path === '/api/v2/testcases/1/run'));
}
