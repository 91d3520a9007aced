// Real editor: the extension offers `tas mcp` to the editor's agent. code-server 4.139.1 (VS Code
// 1.139) has the MCP server definition API, so the server must be listed by MCP: List Servers
// for the active environment, read-only, and start from there. The environment is added with
// Manage Environments (its secret in the editor's secret storage; no TAS_* variable in the
// editor's process), so a server that starts and names the emulator got its credentials from the
// provider: without the secret `tas mcp` refuses to start (all three variables or none). Needs
// `bash scripts/editor-setup.sh` and `npm run package` first; see test/editor/README.md.

import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { Editor, LIMITS, withEditor } from './harness';

const READ_ONLY = 'Test Automation Service (Staging, read-only)';
const CHANGES_ALLOWED = 'Test Automation Service (Staging, changes allowed)';

/** The rows MCP: List Servers shows now (it is closed again before this returns). */
async function listedServers(e: Editor): Promise<string[]> {
  await e.runCommand('MCP: List Servers');
  const rows = e.quickInput.locator('.monaco-list-row');
  await rows.filter({ hasText: 'Add Server' }).waitFor({ timeout: 5_000 });
  const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
  await e.page.keyboard.press('Escape');
  await e.quickInput.waitFor({ state: 'hidden' });
  return texts;
}

/**
 * Opens MCP: List Servers until `ok` holds for its rows: the editor learns of a change a moment
 * later, and a picker opened while its servers change may close by itself (then it is opened again).
 */
async function untilListed(e: Editor, what: string, ok: (rows: string[]) => boolean): Promise<string[]> {
  const deadline = Date.now() + LIMITS.output;
  for (;;) {
    let rows: string[];
    try {
      rows = await listedServers(e);
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await e.page.keyboard.press('Escape');
      await e.quickInput.waitFor({ state: 'hidden' });
      continue;
    }
    if (ok(rows)) return rows;
    if (Date.now() > deadline) throw new Error(`MCP: List Servers did not show ${what}; it shows:\n${rows.join('\n')}`);
  }
}

/** Sets a checkbox setting in the Settings editor's User tab, as a person would: search its id, click it. */
async function setUserSetting(e: Editor, id: string, checked: boolean): Promise<void> {
  await e.runCommand('Preferences: Open User Settings');
  const editor = e.page.locator('.settings-editor');
  await editor.locator('.settings-header .suggest-input-container').waitFor({ timeout: LIMITS.ui });
  await e.page.keyboard.type(id);
  // The search finds this one setting only.
  await editor.locator('.settings-count-widget', { hasText: '1 Setting Found' }).waitFor({ timeout: LIMITS.ui });
  const box = editor.locator('.setting-item-bool .setting-value-checkbox');
  await box.waitFor({ timeout: LIMITS.ui });
  if ((await box.getAttribute('aria-checked')) !== String(checked)) await box.click();
  await editor.locator(`.setting-item-bool .setting-value-checkbox[aria-checked="${checked}"]`).waitFor();
  // Written to the user's settings once the item shows it is set there (the editor writes a moment after the click).
  await editor.locator('.setting-item-bool .is-configured').waitFor({ timeout: LIMITS.ui });
  await e.screenshot(`setting-${id}`);
  await e.page.keyboard.press('Control+W');
  await editor.waitFor({ state: 'hidden' });
}

describe('real editor: tas mcp offered to the agent', { timeout: 400_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1' });
    editor = await Editor.start({
      name: 'assistants',
      // The harness turns AI features off for quiet; MCP servers are one of them.
      settings: { 'chat.disableAIFeatures': false },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  it('lists the server for the active environment, and it starts with its credentials from secret storage', (t) =>
    withEditor(t, editor, async (e) => {
      assert.ok(emulator);
      await e.statusItem('TAS: signed out').waitFor({ timeout: LIMITS.command });
      // Signed out: nothing to offer.
      assert.ok(!(await listedServers(e)).some((r) => r.includes('Test Automation Service')));

      await e.runCommand('Test Automation: Manage Environments');
      await e.answerInputBox('Base URL of the Test Automation Service', `${emulator.url}/api/v2/`);
      await e.answerInputBox('A name for this environment', 'Staging');
      await e.answerInputBox('Client ID for Staging', 'demo-admin');
      await e.answerInputBox('Client secret for Staging', 'demo-admin-secret');
      await e.statusItem('TAS: Staging').waitFor({ timeout: 30_000 });

      await e.runCommand('MCP: List Servers');
      const row = e.quickInput.locator('.monaco-list-row', { hasText: READ_ONLY });
      await row.waitFor({ timeout: LIMITS.command });
      await e.screenshot('mcp-list');
      await row.click();
      await e.quickInput.locator(`input[placeholder="Select action for '${READ_ONLY}'"]`).waitFor();
      await e.page.keyboard.type('Start Server');
      await e.quickInput
        .locator('.monaco-list-row.focused', { hasText: 'Start Server' })
        .waitFor({ timeout: LIMITS.ui });
      await e.page.keyboard.press('Enter');
      await e.quickInput.waitFor({ state: 'hidden', timeout: LIMITS.ui });

      // The server's own log, as a person finds it: its output channel.
      await e.showOutputChannel(`MCP: ${READ_ONLY}`);
      await e.waitForOutputLines('Discovered 15 tools');
      // A long line wraps into several rendered lines; the spaces stay at the ends of the first ones.
      const log = (await e.waitForOutputLines('tas mcp: serving')).replace(/\n/g, '');
      await e.screenshot('mcp-started');
      assert.match(
        log,
        new RegExp(
          `tas mcp: serving \\S+/workspace over stdio, asking ${emulator.url.replace(/\./g, '\\.')} with the credentials of TAS_\\* variables; read-only: acting tools refuse\\.`,
        ),
        log,
      );
      assert.ok(!log.includes('demo-admin-secret'), 'the secret is not in the log');
      await untilListed(e, `${READ_ONLY} running`, (rows) =>
        rows.some((r) => r.includes(READ_ONLY) && /Running/.test(r)),
      );

      // The settings, the user's own, as a person sets them: changes allowed, then not offered at all.
      await setUserSetting(e, 'tas.assistants.allowChanges', true);
      await untilListed(e, CHANGES_ALLOWED, (rows) => rows.some((r) => r.includes(CHANGES_ALLOWED)));
      await setUserSetting(e, 'tas.assistants.mcpServer', false);
      await untilListed(e, 'no Test Automation Service', (rows) => !rows.some((r) => r.includes('Test Automation')));
      const settings = await readFile(join(e.temp, 'user-data', 'User', 'settings.json'), 'utf8');
      assert.match(settings, /"tas\.assistants\.mcpServer": false/);
      // Nor in any file code-server keeps (settings, state, caches, logs, the extension's folders):
      // the provider handed the secret to the server's process only.
      const kept = await readdir(e.temp, { recursive: true, withFileTypes: true });
      for (const f of kept.filter((d) => d.isFile())) {
        const path = join(f.parentPath, f.name);
        assert.ok(!(await readFile(path)).includes('demo-admin-secret'), `the secret is in ${path}`);
      }
      await e.screenshot('mcp-turned-off');
    }));
});
