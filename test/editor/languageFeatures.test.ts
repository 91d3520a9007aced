// Real editor: the language features of the packaged extension in a real VS Code workbench
// (code-server + Chromium) against the service emulator, driven as a person would: the Problems
// panel, the status bar, hovering with the mouse, Ctrl+Space, Ctrl+., the Sign In input boxes.
// Needs `bash scripts/editor-setup.sh` and `npm run package` first; `bash scripts/test-editor.sh`
// does both. See test/editor/README.md.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { Editor, withEditor } from './harness';

/** The extension's display name: the source of its notifications. */
const EXTENSION = 'Test Automation Service';
/** Demo data of the emulator (test/emulator/README.md). */
const DEVICE_1 = 'Samsung Galaxy S24 Berlin 01';
const DEVICE_1_MSISDN = '4917664861526';
const CLIENT_ID = 'demo-admin';
const CLIENT_SECRET = 'demo-admin-secret';

/** What samples/workspace/broken-references.testcase.json gets wrong. */
const LOCAL_ERRORS = ["'disabled' must be true or false", "'1830' is not a SIP status code"];
const REFERENCE_ERRORS = [
  'Mobile device 999 does not exist on the service',
  'Trace filter 77 does not exist on the service',
];
const NOT_VERIFIED = 'References not verified: no service credentials are set';

/** A test case being written: the CALL step has no device yet (line 4 ends after `"CALL"` at column 25). */
/** HANGUP takes no parameters, so once its device is in, the step is complete (the step checks agree). */
const DRAFT = `{
  "name": "Draft call",
  "testStepList": [
    { "function": "HANGUP" }
  ]
}
`;
const DRAFT_LINE = 4;
const DRAFT_COLUMN = 27;

/** Exported before device 1 was renamed: its stored name is stale. */
const STALE_NAME = 'Galaxy S24 (old name)';
const STALE = `{
  "name": "Stale device name",
  "testStepList": [
    { "function": "WAIT", "params": { "seconds": 1 } }
  ],
  "traceFilters": [
    { "mobileDeviceId": 1, "traceFilterId": 1, "mobileDeviceName": "${STALE_NAME}" }
  ]
}
`;
const STALE_WARNING = `Device 1 is now named '${DEVICE_1}' on the service.`;

/** The status bar item once the service answered: `$(beaker) TAS: <environment>`. */
function connectedStatus(e: Editor, environment: string) {
  return e.statusItem(`TAS: ${environment}`).filter({ has: e.page.locator('.codicon-beaker') });
}

describe('real editor: language features with credentials from the environment', { timeout: 400_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;
  /** The environment the extension names when TAS_* come from the process (client/src/environments.ts). */
  const ENVIRONMENT = 'environment variables';

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1' });
    // code-server hands its environment to the extension host: the extension (and its language
    // server) read the credentials from there, as with `npm start`.
    editor = await Editor.start({
      name: 'language',
      files: { 'draft.testcase.json': DRAFT, 'stale-name.testcase.json': STALE },
      // The web workbench saves after a second by default; here saving is the person's move.
      // Suggestions show only when asked for (Ctrl+Space), not while typing: what the widget
      // shows is then the answer to that one request.
      // Inlay hints off: the tests find a line by its text, which a hint after an id would change.
      settings: {
        'files.autoSave': 'off',
        'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
        'editor.suggestOnTriggerCharacters': false,
        'tas.inlayHints.enabled': false,
      },
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: CLIENT_ID, TAS_CLIENT_SECRET: CLIENT_SECRET },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  it('broken-references: the Problems panel lists the mistakes, the status bar names the environment', (t) =>
    withEditor(t, editor, async (e) => {
      await e.openFile('broken-references.testcase.json');
      await e.showProblems();
      for (const text of [...LOCAL_ERRORS, ...REFERENCE_ERRORS]) await e.waitForProblem(text);
      await connectedStatus(e, ENVIRONMENT).waitFor();
      await e.screenshot('broken-references-problems');

      const labels = await e.problemLabels();
      for (const text of [...LOCAL_ERRORS, ...REFERENCE_ERRORS]) {
        assert.ok(
          labels.some((l) => l.startsWith('Error: ') && l.includes(text)),
          `an error "${text}"; the panel lists:\n${labels.join('\n')}`,
        );
      }
      assert.ok(
        !labels.some((l) => l.includes('References not verified')),
        `references are verified; the panel lists:\n${labels.join('\n')}`,
      );
      const status = await e.statusItem('TAS:').innerText();
      assert.match(status, new RegExp(`TAS: ${ENVIRONMENT}$`));
      assert.doesNotMatch(status, /signed out|unreachable/);
      assert.equal(
        emulator?.requests.some((r) => r.path === '/api/v2/mobiledevices' && r.status === 200),
        true,
        'the emulator served the devices',
      );
    }));

  it('hovering over mobileDeviceId 1 in voice-call-mo shows the device card', (t) =>
    withEditor(t, editor, async (e) => {
      await e.openFile('voice-call-mo.testcase.json');
      const hover = e.page.locator('.monaco-hover').filter({ hasText: DEVICE_1 });
      assert.equal(await hover.count(), 0, 'no device card before hovering');
      // The CALL step's device id, as rendered: one token "1" in the line.
      const line = e.editorLine('"function": "CALL", "mobileDeviceId": 1,');
      await line.locator('span > span', { hasText: /^1$/ }).hover();
      await hover.first().waitFor();
      await e.page
        .locator('.monaco-hover')
        .filter({ hasText: `MSISDN: ${DEVICE_1_MSISDN}` })
        .first()
        .waitFor();
      await e.screenshot('hover-device-1');
      const card = await hover.first().innerText();
      assert.match(card, new RegExp(`${DEVICE_1} \\(device 1\\)`));
      assert.match(card, new RegExp(`MSISDN: ${DEVICE_1_MSISDN}`));
      assert.match(card, /Platform: Android/);
      await e.page.keyboard.press('Escape');
      await hover.first().waitFor({ state: 'hidden' });
    }));

  it('Ctrl+Space after "mobileDeviceId": suggests the devices; Enter inserts the id', (t) =>
    withEditor(t, editor, async (e) => {
      await e.openFile('draft.testcase.json');
      await e.goTo(DRAFT_LINE, DRAFT_COLUMN);
      await e.page.keyboard.type(', "mobileDeviceId": ');
      await e.editorLine('"function": "HANGUP", "mobileDeviceId":').waitFor();
      const widget = e.page.locator('.editor-widget.suggest-widget');
      assert.equal(await widget.isVisible(), false, 'no suggestions before asking for them');
      await e.page.keyboard.press('Control+Space');
      const rows = widget.locator('.monaco-list-row');
      await rows.filter({ hasText: DEVICE_1 }).first().waitFor();
      await e.screenshot('suggest-devices');

      const labels = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
      for (const name of [DEVICE_1, 'Google Pixel 8 Munich 02', 'Motorola Edge 40 Hamburg 08']) {
        assert.ok(
          labels.some((l) => l.startsWith(name)),
          `"${name}" is suggested; the widget shows:\n${labels.join('\n')}`,
        );
      }
      // Devices come sorted by id: the first is focused.
      await widget.locator('.monaco-list-row.focused', { hasText: DEVICE_1 }).waitFor();
      await e.page.keyboard.press('Enter');
      await widget.waitFor({ state: 'hidden' });
      await e.editorLine('{ "function": "HANGUP", "mobileDeviceId": 1 }').waitFor();
      // The draft is valid again: once revalidated, the Problems panel lists nothing for it
      // (while the value was missing it showed "A value is expected here").
      await e.showProblems();
      await e.problemRows.filter({ hasText: 'draft.testcase.json' }).waitFor({ state: 'detached' });
      await e.problem(REFERENCE_ERRORS[0]!).first().waitFor(); // the panel shows the other file's problems meanwhile
      await e.screenshot('suggest-accepted');
    }));

  it('a stale mobileDeviceName: Ctrl+. offers "Update to ...", which fixes the text and the warning', (t) =>
    withEditor(t, editor, async (e) => {
      await e.openFile('stale-name.testcase.json');
      await e.showProblems();
      await e.waitForProblem(STALE_WARNING);
      const labels = await e.problemLabels();
      assert.ok(
        labels.some((l) => l.startsWith(`Warning: ${STALE_WARNING}`)),
        `a warning; the panel lists:\n${labels.join('\n')}`,
      );

      // Put the cursor into the stale name (a click on it) and ask for the quick fixes.
      await e.editorLine(STALE_NAME).locator('span > span', { hasText: 'old name' }).first().click();
      await e.page.keyboard.press('Control+.');
      const actions = e.page.locator('.action-widget:not(.action-list-submenu-panel)');
      const fix = actions.locator('.monaco-list-row.action', { hasText: `Update to "${DEVICE_1}"` });
      await fix.waitFor();
      await e.screenshot('quick-fix-offered');
      await fix.click();
      await actions.waitFor({ state: 'hidden' });

      await e.editorLine(`"mobileDeviceName": "${DEVICE_1}"`).waitFor();
      assert.equal(await e.editorLine(STALE_NAME).count(), 0, 'the stale name is gone from the editor');
      await e.problem(STALE_WARNING).waitFor({ state: 'detached' });
      await e.page.locator('.part.panel .markers-panel').waitFor(); // still open: the warning left it
      await e.screenshot('quick-fix-applied');

      // Saved, the file holds the service's name.
      const tab = e.activeTab('stale-name.testcase.json');
      await tab.and(e.page.locator('.dirty')).waitFor(); // edited, not saved yet
      await e.page.keyboard.press('Control+S');
      await tab.and(e.page.locator(':not(.dirty)')).waitFor();
      const saved = await readFile(join(e.workspace, 'stale-name.testcase.json'), 'utf8');
      assert.match(saved, new RegExp(`"mobileDeviceName": "${DEVICE_1}"`));
      assert.doesNotMatch(saved, /old name/);

      // Still connected: no late answer from a replaced environment turned the status around.
      await connectedStatus(e, ENVIRONMENT).waitFor();
      assert.doesNotMatch(await e.statusItem('TAS:').innerText(), /unreachable|signed out/);
    }));
});

describe('real editor: without credentials, then signing in through the input boxes', { timeout: 400_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;
  const ENVIRONMENT = 'Emulator';

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1' });
    editor = await Editor.start({ name: 'signin' }); // no TAS_* in its environment, nothing stored
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  it('signed out: references are "not verified", never "not found"; the status bar says signed out', (t) =>
    withEditor(t, editor, async (e) => {
      await e.openFile('broken-references.testcase.json');
      await e.showProblems();
      await e.waitForProblem(NOT_VERIFIED);
      for (const text of LOCAL_ERRORS) await e.waitForProblem(text);
      await e.statusItem('TAS: signed out').waitFor();
      await e.screenshot('signed-out-problems');

      const labels = await e.problemLabels();
      assert.ok(
        labels.some((l) => l.startsWith(`Info: ${NOT_VERIFIED}`)),
        `an info "${NOT_VERIFIED}"; the panel lists:\n${labels.join('\n')}`,
      );
      for (const text of REFERENCE_ERRORS) {
        assert.ok(
          !labels.some((l) => l.includes(text)),
          `no "${text}" while signed out; the panel lists:\n${labels.join('\n')}`,
        );
      }
      assert.equal(emulator?.requests.length, 0, 'nothing asked the service');
    }));

  it('Test Automation: Sign In, answered in its input boxes: a wrong secret is refused and nothing kept; the right one verifies the references', (t) =>
    withEditor(t, editor, async (e) => {
      assert.ok(emulator);
      const settingsFile = join(e.temp, 'user-data', 'User', 'settings.json');
      const typeSecret = async (secret: string, shot?: string) => {
        const secretBox = e.quickInput.filter({ hasText: `Client secret for ${ENVIRONMENT}` });
        await secretBox.locator('input[type="password"]').waitFor();
        await e.page.keyboard.type(secret);
        if (shot) await e.screenshot(shot);
        await e.page.keyboard.press('Enter');
        await secretBox.waitFor({ state: 'hidden' });
      };
      await e.runCommand('Test Automation: Sign In');
      // No environment yet: the command asks for one, then its credentials.
      await e.answerInputBox('Base URL of the Test Automation Service', emulator.url);
      await e.answerInputBox('A name for this environment', ENVIRONMENT);
      await e.answerInputBox(`Client ID for ${ENVIRONMENT}`, CLIENT_ID);
      await typeSecret('not-the-secret');

      // Checked with the service before anything is kept: refused, in words, with the next step.
      const refused = e.page.locator('.notification-toast').filter({ hasText: 'refused the client ID or secret' });
      await refused.waitFor({ timeout: 30_000 });
      assert.match(
        await refused.innerText(),
        new RegExp(`Not signed in to ${ENVIRONMENT}: the service at .* refused the client ID or secret \\(HTTP 401\\)`),
      );
      await e.screenshot('sign-in-refused');
      const settingsBefore = await readFile(settingsFile, 'utf8').catch(() => '');
      assert.ok(
        !settingsBefore.includes(emulator.url),
        `nothing is kept before the check succeeds:\n${settingsBefore}`,
      );
      await e.statusItem('TAS: signed out').waitFor();
      assert.doesNotMatch(await e.statusItem('TAS:').innerText(), /connecting|Emulator/);

      await refused.locator('.monaco-button', { hasText: 'Re-enter Credentials' }).click();
      await e.answerInputBox(`Client ID for ${ENVIRONMENT}`, CLIENT_ID);
      await typeSecret(CLIENT_SECRET, 'sign-in-secret');
      // Confirmed in the status bar, which goes on showing the environment, not in a notification.
      await e.statusItem(`signed in to ${ENVIRONMENT}`).waitFor({ timeout: 30_000 });

      await connectedStatus(e, ENVIRONMENT).waitFor({ timeout: 30_000 });
      for (const text of [...REFERENCE_ERRORS, ...LOCAL_ERRORS]) await e.waitForProblem(text);
      await e.problem(NOT_VERIFIED).waitFor({ state: 'detached' });
      await e.screenshot('signed-in-problems');

      const labels = await e.problemLabels();
      for (const text of REFERENCE_ERRORS) {
        assert.ok(
          labels.some((l) => l.startsWith('Error: ') && l.includes(text)),
          `an error "${text}"; the panel lists:\n${labels.join('\n')}`,
        );
      }
      const notes = await e.notifications();
      assert.ok(
        !notes.some((n) => n.source === EXTENSION && n.text.includes(`signed in to ${ENVIRONMENT}`)),
        `no "signed in" notification; there are: ${JSON.stringify(notes)}`,
      );
      assert.deepEqual(
        notes.filter((n) => n.source === EXTENSION && n.severity === 'error'),
        [],
        'no error from the extension',
      );
      // The name and URL are in the user settings, the secret is not (it is in secret storage).
      const settings = await readFile(settingsFile, 'utf8');
      assert.match(settings, new RegExp(`"name": "${ENVIRONMENT}"`));
      assert.ok(settings.includes(emulator.url), `the base URL is in the settings:\n${settings}`);
      assert.ok(!settings.includes(CLIENT_SECRET), 'the secret is not in the settings');
    }));
});
