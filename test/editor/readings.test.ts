// Real editor against a service that pages its lists and sends summary items (DECISIONS.md,
// "Readings"): device 50, on the third page of devices, shows its card with the MSISDN on hover
// and no "does not exist"; the Devices view lists all 60 devices. Needs
// `bash scripts/editor-setup.sh` and `npm run package` first. See test/editor/README.md.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { Editor, LIMITS, withEditor } from './harness';

const FILE = 'past-the-first-page.testcase.json';
const TEXT = `{
  "name": "Past the first page",
  "testStepList": [
    { "function": "CALL", "mobileDeviceId": 50, "params": { "target": "+4915112345678" } }
  ],
  "traceFilters": [
    { "mobileDeviceId": 50, "traceFilterId": 36 }
  ]
}
`;

describe('real editor: a service with paged lists and summary items', { timeout: 400_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    emulator = await startEmulator({
      host: '127.0.0.1',
      scale: { extraDevices: 40, extraTraceFilters: 30, extraSuites: 20 },
      readings: { pagedLists: 20, summaryItems: true },
    });
    editor = await Editor.start({
      name: 'readings',
      // Inlay hints off: the test finds a line by its text, which a hint after an id would change.
      settings: { 'tas.inlayHints.enabled': false },
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: 'demo-admin', TAS_CLIENT_SECRET: 'demo-admin-secret' },
      files: { [FILE]: TEXT },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  it('hovering over device 50 shows its card with the MSISDN; no problem says it does not exist', (t) =>
    withEditor(t, editor, async (e) => {
      const device = emulator!.store.devices.get(50)!;
      await e.openFile(FILE);
      const line = e.editorLine('"function": "CALL", "mobileDeviceId": 50,');
      await line.locator('span > span', { hasText: /^50$/ }).hover();
      await e.page
        .locator('.monaco-hover')
        .filter({ hasText: `MSISDN: ${device.msisdn}` })
        .first()
        .waitFor({ timeout: LIMITS.output });
      const card = await e.page.locator('.monaco-hover').filter({ hasText: device.name }).first().innerText();
      assert.match(card, new RegExp(`${device.name} \\(device 50\\)`));
      assert.doesNotMatch(card, /does not exist/);
      await e.screenshot('hover-device-50');
      await e.page.keyboard.press('Escape');
      await e.showProblems();
      const labels = await e.problemLabels();
      assert.ok(
        !labels.some((l) => /does not exist on the service/.test(l)),
        `no false "not found"; the panel lists:\n${labels.join('\n')}`,
      );
    }));

  it('the Devices view lists all 60 devices, the last page included', (t) =>
    withEditor(t, editor, async (e) => {
      await e.page
        .locator('.activitybar .action-item a[aria-label^="Test Automation"]')
        .click({ timeout: LIMITS.command });
      const pane = e.page.locator('.pane').filter({ has: e.page.locator('.pane-header', { hasText: 'Devices' }) });
      const header = pane.locator('.pane-header');
      await header.waitFor({ timeout: LIMITS.output });
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
      // A device of the last page, with its MSISDN from its record (the list item is {id, name}).
      // The tree renders the rows in sight only: the focus walks down one row at a time (typing
      // the name would not do: a space in it toggles the focused row), so the row cannot be passed.
      const last = emulator!.store.devices.get(60)!;
      const rows = pane.locator('.monaco-list-row');
      const target = rows.filter({ hasText: last.name }).filter({ hasText: last.msisdn });
      await rows.first().click({ timeout: LIMITS.output });
      for (let i = 0; i < 200 && (await target.count()) === 0; i++) await e.page.keyboard.press('ArrowDown');
      await target.first().waitFor({ timeout: LIMITS.output });
      await e.screenshot('devices-all-pages');
      assert.equal(
        emulator!.requests.filter((r) => r.path === '/api/v2/mobiledevices' && /page=2/.test(r.query)).length > 0,
        true,
        'the last page was read',
      );
    }));
});
