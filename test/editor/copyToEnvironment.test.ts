// Real editor: Copy to Environment... on a row of the Test Cases view, with two emulators as two
// environments whose phones, API clients and trace filters have other ids. The other environment
// is signed in on the way; a phone it lacks is chosen in a quick pick; the preview lists every
// mapping; the copy creates the test case there with that environment's records and keeps the
// choice in the workspace's .tas/sync.json. A file exported from Alpha and imported into Beta
// asks for the phone Beta lacks in a quick pick that names Alpha as its home. Needs `bash scripts/editor-setup.sh` and
// `npm run package` first; see test/editor/README.md.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { caseOn, shuffle, type Moved } from '../twoEnvironments';
import { Editor, exportToWorkspace, LIMITS, view, withEditor } from './harness';

const NAME = 'Copied in the editor';
const EXPORTED = 'Exported from Alpha, imported into Beta';
const { clientId, clientSecret } = DEMO_CREDENTIALS.admin;

describe('real editor: Copy to Environment', { timeout: 300_000 }, () => {
  let a: Emulator | undefined;
  let b: Emulator | undefined;
  let moved: Moved;
  let editor: Editor | undefined;

  before(async () => {
    a = await startEmulator({ host: '127.0.0.1' });
    b = await startEmulator({ host: '127.0.0.1' });
    moved = shuffle(b);
    caseOn(a, NAME, 4, 5);
    caseOn(a, EXPORTED, 4, 6);
    // B has no phone with device 5's MSISDN: the copy asks which of B's phones to use.
    b.store.devices.delete(moved.device.get(5)!);
    editor = await Editor.start({
      name: 'copyToEnvironment',
      settings: {
        'tas.environments': [
          { name: 'Alpha', baseUrl: a.url },
          { name: 'Beta', baseUrl: b.url },
        ],
        'tas.activeEnvironment': 'Alpha',
      },
    });
  });

  after(async () => {
    await editor?.stop();
    await Promise.all([a?.close(), b?.close()]);
  });

  /** Types into the open quick input whose title holds `title` and takes the focused row. */
  const pickIn = async (e: Editor, title: string | RegExp, typed: string) => {
    const picker = e.quickInput.filter({ has: e.page.locator('.quick-input-title', { hasText: title }) });
    await picker.locator('input').waitFor({ timeout: LIMITS.output });
    await e.page.keyboard.type(typed);
    await picker.locator('.monaco-list-row.focused', { hasText: typed }).waitFor({ timeout: LIMITS.ui });
    await e.page.keyboard.press('Enter');
    await picker.waitFor({ state: 'hidden', timeout: LIMITS.ui });
  };

  it('signs in to the other environment, asks for the phone it lacks, previews the mappings and copies', (t) =>
    withEditor(t, editor, async (e) => {
      await e.runCommand('Test Automation: Sign In');
      await pickIn(e, 'Sign in to a Test Automation Service environment', 'Alpha');
      await e.answerInputBox('Client ID for Alpha', clientId);
      await e.answerInputBox('Client secret for Alpha', clientSecret);
      await e
        .statusItem('TAS: Alpha')
        .filter({ has: e.page.locator('.codicon-beaker') })
        .waitFor({ timeout: 30_000 });

      await e.page
        .locator('.activitybar .action-item a[aria-label^="Test Automation"]')
        .click({ timeout: LIMITS.command });
      // The view pages its rows: filtered by the name, the test case is the one row.
      await e.runCommand('Test Automation: Filter Test Cases by Name, Description, Tags or Device...');
      await pickIn(e, /^Filter Test Cases$/, 'Name');
      await e.answerInputBox('Filter Test Cases by Name', NAME);
      const row = view(e, 'Test Cases')
        .locator('.monaco-list-row')
        .filter({ has: e.page.locator('.label-name', { hasText: NAME }) })
        .first();
      await row.waitFor({ timeout: LIMITS.output });
      await row.click({ button: 'right' });
      await e.chooseMenuItem('Copy to Environment...');

      await pickIn(e, `Copy test case ${NAME} to Environment`, 'Beta');
      // Beta has no stored credentials: they are asked for, and Beta does not become active.
      await e.answerInputBox('Client ID for Beta', clientId);
      await e.answerInputBox('Client secret for Beta', clientSecret);

      const chosen = b!.store.devices.get(moved.device.get(1)!)!;
      await pickIn(e, 'Counterpart in Beta of device 5', chosen.name);

      const dialog = e.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: LIMITS.output });
      const preview = await dialog.innerText();
      assert.match(preview, new RegExp(`Copy test case ${NAME} from Alpha to Beta\\?`));
      assert.match(preview, new RegExp(`device 4 -> ${moved.device.get(4)} \\(MSISDN`));
      assert.match(preview, new RegExp(`device 5 -> ${chosen.id} \\(chosen\\)`));
      assert.match(preview, new RegExp(`API client 2 -> ${moved.apiClient.get(2)}`));
      assert.match(preview, new RegExp(`trace filter 3 -> ${moved.traceFilter.get(3)}`));
      await e.screenshot('copy-preview');
      await dialog.locator('.monaco-button', { hasText: /^Copy$/ }).click();
      await e.statusItem('Copied 1 test case to Beta.').waitFor({ timeout: LIMITS.output });

      const copy = b!.store.testCases.all().find((tc) => tc.name === NAME);
      assert.ok(copy, 'the test case is in Beta');
      const steps = copy.testStepList as { mobileDeviceId?: number; params: Record<string, unknown> }[];
      assert.deepEqual(
        steps.map((s) => s.mobileDeviceId),
        [moved.device.get(4), chosen.id, undefined],
      );
      assert.equal(steps[2]!.params['apiClientId'], moved.apiClient.get(2));
      await e.statusItem('TAS: Alpha').first().waitFor({ timeout: LIMITS.ui });

      const state = JSON.parse(await readFile(join(e.workspace, '.tas', 'sync.json'), 'utf8')) as {
        choices: Record<string, Record<string, { device: Record<string, number> }>>;
      };
      assert.deepEqual(
        state.choices[a!.url]?.[b!.url]?.device,
        { '5': chosen.id },
        'the choice is kept for the next copy',
      );
      assert.ok(!JSON.stringify(state).includes(clientSecret), 'no secret in the sync state');
    }));

  it('imports a file of Alpha into Beta: the phone Beta lacks is asked for in a quick pick naming Alpha, then the mappings are previewed', (t) =>
    withEditor(t, editor, async (e) => {
      // Exported from Alpha (active): the file's home is Alpha.
      await exportToWorkspace(e, [EXPORTED]);

      // Beta, whose credentials the copy stored, becomes active; it has no phone with device 6's MSISDN.
      b!.store.devices.delete(moved.device.get(6)!);
      await e.runCommand('Test Automation: Select Environment');
      await pickIn(e, 'Test Automation Service environment', 'Beta');
      await e.statusItem('TAS: Beta').first().waitFor({ timeout: 30_000 });

      const file = (await readdir(e.workspace)).find(
        (f) => f.endsWith('.testcase.json') && readFileSync(join(e.workspace, f), 'utf8').includes(EXPORTED),
      );
      assert.ok(file, 'the exported file is in the workspace');
      await e.openFile(file);
      await e.runCommand('Test Automation: Import to Service');
      const chosen = b!.store.devices.get(moved.device.get(2)!)!;
      const title = e.quickInput.locator('.quick-input-title', { hasText: 'Counterpart in Beta of device 6' });
      await title.waitFor({ timeout: LIMITS.output });
      assert.match(
        await title.innerText(),
        / in Alpha\)$/,
        'the home is named as the settings name it, not by its URL',
      );
      await pickIn(e, 'Counterpart in Beta of device 6', chosen.name);

      const dialog = e.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: LIMITS.output });
      const preview = await dialog.innerText();
      assert.match(preview, /Import into Beta with references mapped to its records\?/);
      assert.match(preview, new RegExp(`device 6 -> ${chosen.id} \\(chosen\\)`));
      assert.match(preview, new RegExp(`device 4 -> ${moved.device.get(4)} \\(MSISDN`));
      await dialog.locator('.monaco-button', { hasText: /^Import$/ }).click();
      // Linked in Beta now: its lens offers a refresh. The summary may not show as a toast while
      // the dialog closes; the notification center has it either way.
      await e.activeEditor
        .locator('.codelens-decoration a', { hasText: 'Refresh from Service' })
        .waitFor({ timeout: LIMITS.output });
      const said = (await e.notifications()).map((n) => n.text);
      assert.ok(
        said.some((t) => t.startsWith('Imported 1 test case into Beta: 1 created.')),
        said.join('\n'),
      );
      const made = b!.store.testCases.all().find((tc) => tc.name === EXPORTED);
      assert.ok(made, 'the test case is in Beta');
      assert.deepEqual(
        (made.testStepList as { mobileDeviceId?: number }[]).map((s) => s.mobileDeviceId),
        [moved.device.get(4), chosen.id, undefined],
      );
    }));
});
