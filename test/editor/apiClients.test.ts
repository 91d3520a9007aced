// Real editor: an API client created in the API Clients view as a person does it: the view's
// New API Client... button opens a record document (no password in it), the name and URL typed,
// Ctrl+S creates it, the new row in the view. Then Format
// Document on a sample file and the Outline it leaves. Needs
// `bash scripts/editor-setup.sh` and `npm run package` first; see test/editor/README.md.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { Editor, LIMITS, view, withEditor } from './harness';

const NAME = 'Editor API client';

describe('real editor: API clients', { timeout: 300_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1' });
    editor = await Editor.start({
      name: 'apiClients',
      // VS Code shortens a line's inlay hints past 43 characters by default; whole, they can be read.
      settings: { 'editor.inlayHints.maximumLength': 0 },
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: 'demo-admin', TAS_CLIENT_SECRET: 'demo-admin-secret' },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  it('creates an API client from its view as a record document; the row shows; the document holds no password', async (t) => {
    await withEditor(t, editor, async (e) => {
      await e.page
        .locator('.activitybar .action-item a[aria-label^="Test Automation"]')
        .click({ timeout: LIMITS.command });
      // Only the API Clients view open, so its rows have room.
      for (const header of await e.page.locator('.sidebar .pane-header').all()) {
        const isIt = /^API Clients/.test((await header.innerText()).trim());
        if (((await header.getAttribute('aria-expanded')) === 'true') !== isIt) await header.click();
      }
      const pane = view(e, 'API Clients');
      await pane
        .locator('.monaco-list-row')
        .filter({ hasText: 'Billing REST' })
        .first()
        .waitFor({ timeout: LIMITS.output });
      await pane.locator('.pane-header').hover();
      await pane.locator('.pane-header .action-label[aria-label^="New API Client"]').click({ timeout: LIMITS.ui });

      // A new record document from the template: the fields a create sends, no secret among them.
      await e.activeTab('new-1.json').waitFor({ timeout: LIMITS.output });
      await e.editorLine('"serverURL": "https://",').first().waitFor({ timeout: LIMITS.ui });
      assert.equal(await e.editorLine(/"password"|"authParams"/).count(), 0, 'no secret field in the document');
      const typeInto = async (key: string, text: string) => {
        await e.editorLine(`"${key}":`).first().click();
        await e.page.keyboard.press('End');
        await e.page.keyboard.press('ArrowLeft');
        await e.page.keyboard.press('ArrowLeft');
        await e.page.keyboard.type(text);
        await e.page.keyboard.press('Escape');
      };
      await typeInto('name', NAME);
      await typeInto('serverURL', 'made.example.invalid/hook');
      await e.page.keyboard.press('Control+S');

      await e
        .statusItem(/API client \d+ created/)
        .first()
        .waitFor({ timeout: LIMITS.output });
      const made = emulator!.store.apiClients.all().find((c) => c.name === NAME);
      assert.ok(made, 'the service has the new API client');
      assert.equal(made.serverURL, 'https://made.example.invalid/hook');
      assert.equal(made.httpMethod, 'GET');
      await e.editorLine(`"id": ${made.id},`).first().waitFor({ timeout: LIMITS.output });
      await pane.locator('.monaco-list-row').filter({ hasText: NAME }).first().waitFor({ timeout: LIMITS.output });
      await e.screenshot('api-client-created');
    });
  });

  it('Format Document lays a test case out as export does, and the Outline shows its steps', async (t) => {
    await withEditor(t, editor, async (e) => {
      await e.openFile('voice-call-mo.testcase.json');
      // The sample keeps each step on one line; formatted, each entry has its own. Monaco draws
      // spaces as no-break spaces, which \s matches.
      await e
        .editorLine(/"function":\s"CALL",\s"mobileDeviceId":\s1/)
        .first()
        .waitFor({ timeout: LIMITS.ui });
      await e.runCommand('Format Document');
      await e
        .editorLine(/^\s*"function":\s"CALL",$/)
        .first()
        .waitFor({ timeout: LIMITS.output });
      await e.runCommand('Explorer: Focus on Outline View');
      const outline = view(e, 'Outline');
      await outline
        .locator('.monaco-list-row')
        .filter({ hasText: 'Voice call MO LTE #001' })
        .first()
        .waitFor({ timeout: LIMITS.output });
      const steps = outline
        .locator('.monaco-list-row')
        .filter({ hasText: /^Steps/ })
        .first();
      await steps.waitFor({ timeout: LIMITS.output });
      if ((await steps.getAttribute('aria-expanded')) !== 'true') await steps.click();
      await outline
        .locator('.monaco-list-row')
        .filter({ hasText: /1 CALL · Samsung Galaxy S24 Berlin 01/ })
        .first()
        .waitFor({ timeout: LIMITS.output });
      await outline
        .locator('.monaco-list-row')
        .filter({ hasText: /2 WAIT/ })
        .first()
        .waitFor({ timeout: LIMITS.output });
      await e.screenshot('outline-after-format');
    });
  });

  it('inlay hints name the device after its id, with its MSISDN, and the trace filter after its id', async (t) => {
    await withEditor(t, editor, async (e) => {
      await e.openFile('sms-to-pixel.testcase.json');
      const device = emulator!.store.devices.get(3)!;
      const filter = emulator!.store.traceFilters.get(3)!;
      // Monaco draws spaces as no-break spaces: \s matches both.
      const words = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s');
      await e
        .editorLine(new RegExp(`"mobileDeviceId":\\s3\\s*${words(device.name)}\\s·\\s${device.msisdn.slice(0, 6)}`))
        .first()
        .waitFor({ timeout: LIMITS.output });
      await e
        .editorLine(new RegExp(`"traceFilterId":\\s3\\s*${words(filter.name)}`))
        .first()
        .waitFor({ timeout: LIMITS.output });
      await e.screenshot('inlay-hints');
    });
  });
});
