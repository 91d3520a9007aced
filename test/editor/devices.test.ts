// Real editor: the Devices view as a person uses it. Open the "Test Automation" container, find a
// device with its live status, Prepare it from its row, and see it go preparing, then available.
// The emulator's clock is moved forward instead of waiting the prepare out. Needs
// `bash scripts/editor-setup.sh` and `npm run package` first. See test/editor/README.md.

import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { PREPARE_MS } from '../emulator/resources/devices';
import { Editor, LIMITS, withEditor } from './harness';

const DEVICE = 'Samsung Galaxy S24 Berlin 01';

describe('real editor: the Devices view', { timeout: 300_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1' });
    editor = await Editor.start({
      name: 'devices',
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: 'demo-admin', TAS_CLIENT_SECRET: 'demo-admin-secret' },
      settings: { 'tas.executions.pollIntervalSeconds': 0.3 },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  const pane = (e: Editor) =>
    e.page.locator('.pane').filter({ has: e.page.locator('.pane-header', { hasText: 'Devices' }) });
  const row = (e: Editor, text: string | RegExp) => pane(e).locator('.monaco-list-row').filter({ hasText: text });

  it('prepares a device from its row: preparing, then available', async (t) => {
    await withEditor(t, editor, async (e) => {
      await e.page
        .locator('.activitybar .action-item a[aria-label^="Test Automation"]')
        .click({ timeout: LIMITS.command });
      const header = pane(e).locator('.pane-header');
      await header.waitFor({ timeout: LIMITS.output });
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
      // The node rows show their state; the device row its live status (read while the view shows).
      await row(e, 'node-berlin-01')
        .filter({ hasText: /online · agent 5\.14\.2/ })
        .first()
        .waitFor({ timeout: LIMITS.output });
      const device = row(e, DEVICE);
      await device
        .filter({ hasText: /available · 49\d+/ })
        .first()
        .waitFor({ timeout: LIMITS.output });
      await e.screenshot('devices-available');
      await device.first().hover();
      await device.first().locator('.action-label[aria-label="Prepare Device"]').click();
      await device
        .filter({ hasText: /preparing/ })
        .first()
        .waitFor({ timeout: LIMITS.output });
      await e.screenshot('devices-preparing');
      emulator!.advanceClock(PREPARE_MS);
      await device
        .filter({ hasText: /available · 49\d+/ })
        .first()
        .waitFor({ timeout: LIMITS.output });
      await e.page
        .locator('.notification-toast', { hasText: `Device ${DEVICE} is prepared and available.` })
        .first()
        .waitFor({ timeout: LIMITS.output });
      await e.screenshot('devices-prepared');
    });
  });
});
