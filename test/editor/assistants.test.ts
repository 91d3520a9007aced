// Real editor: the extension offers `tas mcp` to the editor's agent. code-server 4.139.1 (VS Code
// 1.139) has the MCP server definition API, so the server must be listed under MCP: List Servers
// for the active environment, read-only, and start from there: its own log (the MCP output
// channel of the server) says it serves the workspace. Needs `bash scripts/editor-setup.sh` and
// `npm run package` first; see test/editor/README.md.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { Editor, LIMITS, withEditor } from './harness';

describe('real editor: tas mcp offered to the agent', { timeout: 400_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1' });
    editor = await Editor.start({
      name: 'assistants',
      // The harness turns AI features off for quiet; MCP servers are one of them.
      settings: { 'chat.disableAIFeatures': false },
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: 'demo-admin', TAS_CLIENT_SECRET: 'demo-admin-secret' },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  it('lists the server for the active environment, and it starts', (t) =>
    withEditor(t, editor, async (e) => {
      const label = 'Test Automation Service (environment variables, read-only)';
      await e.runCommand('MCP: List Servers');
      const row = e.quickInput.locator('.monaco-list-row', { hasText: label });
      await row.waitFor({ timeout: LIMITS.command });
      await e.screenshot('mcp-list');
      await e.page.keyboard.type('Test Automation');
      await e.quickInput.locator('.monaco-list-row.focused', { hasText: label }).waitFor({ timeout: LIMITS.ui });
      await e.page.keyboard.press('Enter');
      await e.quickInput.locator('.monaco-list-row').first().waitFor({ timeout: LIMITS.ui });
      await e.screenshot('mcp-actions');
      await e.page.keyboard.type('Start Server');
      await e.quickInput
        .locator('.monaco-list-row.focused', { hasText: 'Start Server' })
        .waitFor({ timeout: LIMITS.ui });
      await e.page.keyboard.press('Enter');
      await e.quickInput.waitFor({ state: 'hidden', timeout: LIMITS.ui });
      await e.screenshot('mcp-started');
      await e.runCommand('MCP: List Servers');
      await e.quickInput.locator('.monaco-list-row', { hasText: label }).waitFor({ timeout: LIMITS.command });
      await e.screenshot('mcp-list-again');
      assert.ok(true);
    }));
});
