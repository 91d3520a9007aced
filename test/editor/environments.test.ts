// Real editor: Test Automation: Manage Environments in a real VS Code workbench (code-server +
// Chromium) against the service emulator, driven as a person would: the command palette, its
// pickers and input boxes, the confirmation dialog and the status bar. Needs
// `bash scripts/editor-setup.sh` and `npm run package` first; `bash scripts/test-editor.sh` does
// both. See test/editor/README.md.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { Editor, LIMITS, withEditor } from './harness';

const CLIENT_ID = 'demo-admin';
const CLIENT_SECRET = 'demo-admin-secret';

/** The status bar item once the service answered: `$(beaker) TAS: <environment>`. */
function connectedStatus(e: Editor, environment: string) {
  return e.statusItem(`TAS: ${environment}`).filter({ has: e.page.locator('.codicon-beaker') });
}

/** In the picker titled `title`, types `label` and takes the row it focuses, as a person would. */
async function choose(e: Editor, title: string, label: string): Promise<void> {
  const picker = e.quickInput.filter({ has: e.page.locator('.quick-input-title', { hasText: title }) });
  await picker.locator('input').waitFor({ timeout: LIMITS.ui });
  await e.page.keyboard.type(label);
  await picker.locator(`.monaco-list-row.focused[aria-label^="${label}"]`).waitFor({ timeout: LIMITS.ui });
  await e.page.keyboard.press('Enter');
  await picker.waitFor({ state: 'hidden', timeout: LIMITS.ui });
}

describe('real editor: Manage Environments', { timeout: 400_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;
  const MANAGE = 'Manage Test Automation Service environments';

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1' });
    editor = await Editor.start({ name: 'environments' }); // no TAS_* in its environment, nothing stored
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  it('adds an environment with its credentials, shows that they are stored, renames it, removes it with its secrets', (t) =>
    withEditor(t, editor, async (e) => {
      assert.ok(emulator);
      const settingsFile = join(e.temp, 'user-data', 'User', 'settings.json');
      await e.statusItem('TAS: signed out').waitFor({ timeout: LIMITS.command });

      // No environment yet: Manage Environments goes straight to adding one.
      await e.runCommand('Test Automation: Manage Environments');
      await e.answerInputBox('Base URL of the Test Automation Service', `${emulator.url}/api/v2/`);
      await e.answerInputBox('A name for this environment', 'Staging');
      await e.answerInputBox('Client ID for Staging', CLIENT_ID);
      await e.answerInputBox('Client secret for Staging', CLIENT_SECRET);
      await connectedStatus(e, 'Staging').waitFor({ timeout: 30_000 });
      let settings = await readFile(settingsFile, 'utf8');
      assert.ok(
        settings.includes(`"baseUrl": "${emulator.url}"`),
        `the URL without /api/v2 is in the settings:\n${settings}`,
      );

      // The picker says which environments have credentials.
      await e.runCommand('Test Automation: Manage Environments');
      const row = e.quickInput.locator('.monaco-list-row', { hasText: 'Staging' });
      await row.waitFor({ timeout: LIMITS.ui });
      assert.match(await row.innerText(), /credentials stored/);
      await e.screenshot('manage-picker');
      await e.page.keyboard.press('Escape');
      await e.quickInput.waitFor({ state: 'hidden' });

      // Rename: the active environment follows, and its credentials go with it.
      await e.runCommand('Test Automation: Manage Environments');
      await choose(e, MANAGE, 'Staging');
      await choose(e, 'Staging (', 'Rename...');
      await e.answerInputBox('New name for Staging', 'Lab');
      await connectedStatus(e, 'Lab').waitFor({ timeout: 30_000 });
      settings = await readFile(settingsFile, 'utf8');
      assert.match(settings, /"name": "Lab"/);
      assert.doesNotMatch(settings, /Staging/);

      // Change URL: a URL that does not work with the stored credentials is not kept unless the
      // user says so.
      await e.runCommand('Test Automation: Manage Environments');
      await choose(e, MANAGE, 'Lab');
      await choose(e, 'Lab (', 'Change URL...');
      await e.answerInputBox('Base URL of the Test Automation Service', 'http://127.0.0.1:9');
      const warning = e.page.locator('.monaco-dialog-box');
      await warning.waitFor({ timeout: 30_000 });
      assert.match(
        await warning.innerText(),
        /http:\/\/127\.0\.0\.1:9 was checked with Lab's stored credentials: it cannot be reached/,
      );
      await e.screenshot('manage-change-url-check');
      await warning.locator('.monaco-button', { hasText: 'Cancel' }).click();
      await warning.waitFor({ state: 'hidden', timeout: LIMITS.ui });
      settings = await readFile(settingsFile, 'utf8');
      assert.ok(
        settings.includes(`"baseUrl": "${emulator.url}"`) && !settings.includes('127.0.0.1:9"'),
        `the URL is kept:\n${settings}`,
      );

      // Remove, after a confirmation: signed out, nothing left in the settings.
      await e.runCommand('Test Automation: Manage Environments');
      await choose(e, MANAGE, 'Lab');
      await choose(e, 'Lab (', 'Remove');
      const dialog = e.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: LIMITS.ui });
      assert.match(await dialog.innerText(), /Remove Lab and its stored credentials\?/);
      await e.screenshot('manage-remove-confirm');
      await dialog.locator('.monaco-button', { hasText: 'Remove' }).click();
      await e.statusItem('TAS: signed out').waitFor({ timeout: 30_000 });
      settings = await readFile(settingsFile, 'utf8');
      assert.doesNotMatch(settings, /"name": "Lab"/);
      assert.ok(!settings.includes(CLIENT_SECRET), 'the secret was never in the settings');
    }));
});
