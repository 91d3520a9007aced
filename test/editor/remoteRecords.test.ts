// Real editor: reference links open the service's record read-only. In a real VS Code workbench
// (code-server + Chromium) with the packaged extension, against the service emulator, driven as a
// person would: hover over a device id, Ctrl+click it, look at the editor tab that opens, try to
// type into it. Needs `bash scripts/editor-setup.sh` and `npm run package` first;
// `bash scripts/test-editor.sh` does both. See test/editor/README.md.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { Editor, withEditor } from './harness';

/** Demo data of the emulator (test/emulator/README.md). */
const DEVICE_1 = 'Samsung Galaxy S24 Berlin 01';
const DEVICE_1_MSISDN = '4917664861526';
const CLIENT_ID = 'demo-admin';
const CLIENT_SECRET = 'demo-admin-secret';
/** The link's tooltip (server/src/core/language/links.ts). */
const TOOLTIP = 'Open mobile device 1 from the service (read-only)';
/** What the service is asked when the record opens. */
const DEVICE_1_PATH = '/api/v2/mobiledevices/1';
/** The path of the link target `tas-remote:/mobileDevice/1.json`, as the tab's hover shows it. */
const RECORD_PATH = '/mobileDevice/1.json';

describe('real editor: reference links open the remote record read-only', { timeout: 300_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1' });
    editor = await Editor.start({
      name: 'remote',
      // Alt adds cursors, so Ctrl+click follows links (VS Code's default, pinned here).
      // Inlay hints off: the tests find a line by its text, which a hint after an id would change.
      settings: { 'editor.multiCursorModifier': 'alt', 'files.autoSave': 'off', 'tas.inlayHints.enabled': false },
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: CLIENT_ID, TAS_CLIENT_SECRET: CLIENT_SECRET },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  it('hovering over mobileDeviceId 1 shows the link to the record', (t) =>
    withEditor(t, editor, async (e) => {
      await e.openFile('voice-call-mo.testcase.json');
      const line = e.editorLine('"function": "CALL", "mobileDeviceId": 1,');
      // The language server's links are drawn as such once they have come.
      const link = line.locator('.detected-link', { hasText: /^1$/ });
      await link.waitFor();
      const hover = e.page.locator('.monaco-hover').filter({ hasText: TOOLTIP });
      assert.equal(await hover.count(), 0, 'no link hover before hovering');
      await link.hover();
      await hover.first().waitFor();
      await e.screenshot('hover-link');
      // VS Code adds how to follow it: "(ctrl + click)".
      assert.match(
        await hover.first().innerText(),
        new RegExp(`${TOOLTIP.replace(/[()]/g, '\\$&')}\\s*\\(ctrl \\+ click\\)`),
      );
      await e.page.keyboard.press('Escape');
      await hover.first().waitFor({ state: 'hidden' });
    }));

  it('Ctrl+click on mobileDeviceId 1 opens the device record from the service in a read-only tab', (t) =>
    withEditor(t, editor, async (e) => {
      assert.ok(emulator);
      await e.openFile('voice-call-mo.testcase.json');
      const line = e.editorLine('"function": "CALL", "mobileDeviceId": 1,');
      const link = line.locator('.detected-link', { hasText: /^1$/ });
      await link.waitFor();
      const asked = () =>
        emulator?.requests.filter((r) => r.method === 'GET' && r.path === DEVICE_1_PATH && r.status === 200).length ??
        0;
      const askedBefore = asked();

      await e.ctrlClickLink(link);
      const tab = e.activeTab('1.json');
      await tab.waitFor();
      await e.editorLine(DEVICE_1).first().waitFor();
      await e.editorLine(DEVICE_1_MSISDN).first().waitFor();
      await e.screenshot('record-opened');

      // The record's path, not a workspace file's: the tab's hover shows /mobileDevice/1.json
      // (a file named 1.json would show its full path in the temp folder).
      await tab.hover();
      const tabHover = e.page.locator('.workbench-hover, .monaco-hover').filter({ hasText: RECORD_PATH });
      await tabHover.first().waitFor();
      await e.screenshot('record-tab-hover');
      assert.match(await tabHover.first().innerText(), new RegExp(`^${RECORD_PATH.replace(/\./g, '\\.')}\\b`));
      // Shown as JSON (the language the workbench picks for .json).
      assert.match(await e.page.locator('#status\\.editor\\.mode').innerText(), /JSON$/);
      assert.ok(asked() > askedBefore, `the record came from the service (GET ${DEVICE_1_PATH})`);
      // The test case's tab is still there, no longer active.
      await e.page
        .locator('.tabs-container .tab:not(.active)[data-resource-name="voice-call-mo.testcase.json"]')
        .waitFor();

      // Typing into it changes nothing: VS Code says it is read-only; the tab never turns dirty.
      const text = await e.activeEditor.locator('.view-lines').innerText();
      await e.editorLine(DEVICE_1).first().click();
      await e.page.keyboard.type('x');
      await e.activeEditor
        .locator('.monaco-editor-overlaymessage', { hasText: 'Cannot edit in read-only editor' })
        .waitFor();
      await e.screenshot('record-read-only');
      assert.equal(await e.activeEditor.locator('.view-lines').innerText(), text, 'the record is unchanged');
      assert.equal(await tab.and(e.page.locator('.dirty')).count(), 0, 'the record tab is not dirty');
    }));
});
