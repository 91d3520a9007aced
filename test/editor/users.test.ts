// Real editor: the Users view as an administrator uses it (issue 29): who is signed in in the
// status bar's tooltip; Invite User... with a typed temporary password (a password box); Change
// Role... and Delete User... from a row's menu, each confirmed in a dialog whose focused button
// keeps things, the delete naming the user picked to receive the records. The temporary password
// reaches the service and nothing the editor wrote (logs, settings, backups, state). Needs
// `bash scripts/editor-setup.sh` and `npm run package` first; see test/editor/README.md.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { Editor, LIMITS, onlyOpen, view, withEditor } from './harness';

const EMAIL = 'invited.in.editor@example.com';
const TEMP_PASSWORD = 'typed-temp-pw-in-editor-8';
const HEIR = 'qa.lead@example.com';
const API_PASSWORD = 'typed-api-pw-in-editor-3';
const AGENT_MARKER = 'agent-key-shown-in-editor-6';

/** Every file under `dir` (the editor's whole temp folder: profile, logs, browser state) holding `secret`. */
function holding(dir: string, secret: string): string[] {
  const found: string[] = [];
  for (const f of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!f.isFile()) continue;
    const path = join(f.parentPath, f.name);
    // Installed extensions and the like are large and were written before anything was typed.
    if (statSync(path).size > 64 * 1024 * 1024) continue;
    const bytes = readFileSync(path);
    if (bytes.includes(secret, 0, 'latin1') || bytes.includes(Buffer.from(secret, 'utf16le'))) found.push(path);
  }
  return found;
}

const dialog = (e: Editor) => e.page.locator('.monaco-dialog-box');

describe('real editor: users', { timeout: 300_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1', keepBodies: true });
    editor = await Editor.start({
      name: 'users',
      // The LSP trace on, as a person debugging would have it: it goes to the log files scanned below.
      settings: { 'tas.trace.server': 'verbose' },
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: 'demo-admin', TAS_CLIENT_SECRET: 'demo-admin-secret' },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  it('invites a user, changes the role, deletes with reassignment; the password is in nothing the editor wrote', async (t) => {
    await withEditor(t, editor, async (e) => {
      const emu = emulator!;
      const pane = await onlyOpen(e, 'Users');
      const row = (text: string) => pane.locator('.monaco-list-row').filter({ hasText: text }).first();
      await row('admin@example.com').waitFor({ timeout: LIMITS.output });
      // Who is signed in, in the status bar's tooltip (connected by now: the view has its rows).
      await e.statusItem(/TAS: /).first().hover();
      await e.page
        .locator('.monaco-hover, .workbench-hover', { hasText: 'Signed in as admin@example.com, role ADMIN.' })
        .first()
        .waitFor({ timeout: LIMITS.output });
      await e.page.mouse.move(0, 0);
      await pane.locator('.pane-header').hover();
      await pane.locator('.pane-header .action-label[aria-label^="Invite User"]').click({ timeout: LIMITS.ui });

      await e.answerStep({ prompt: 'Email of the new user' }, EMAIL);
      await e.answerStep({ placeholder: 'Role' }, 'TESTER');
      await e.answerStep({ placeholder: 'Temporary password' }, 'Type a temporary');
      await e.waitForStep({ prompt: 'Temporary password (not shown' });
      assert.equal(
        await e.quickInput.locator('input').getAttribute('type'),
        'password',
        'the temporary password is typed in a password box',
      );
      await e.answerStep({ prompt: 'Temporary password (not shown' }, TEMP_PASSWORD);

      await e.statusItem(`User ${EMAIL}`).first().waitFor({ timeout: LIMITS.output });
      const invited = emu.store.users.all().find((u) => u.email === EMAIL);
      assert.ok(invited, 'the service has the new user');
      assert.equal(invited.role, 'TESTER');
      const sent = emu.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/users').at(-1)?.body;
      assert.deepEqual(sent, { email: EMAIL, role: 'TESTER', tempPassword: TEMP_PASSWORD });
      await row(EMAIL).waitFor({ timeout: LIMITS.output });

      // Change Role... from the row's menu: Enter would keep the role; the click changes it.
      await row(EMAIL).click({ button: 'right' });
      await e.chooseMenuItem('Change Role...');
      await e.answerStep({ placeholder: 'Role (now TESTER)' }, 'ADMIN');
      await dialog(e)
        .filter({ hasText: `Give ${EMAIL} the role ADMIN instead of TESTER?` })
        .waitFor({ timeout: LIMITS.ui });
      await dialog(e).locator('.monaco-button:focus', { hasText: 'Keep the Role' }).waitFor({ timeout: LIMITS.ui });
      await dialog(e)
        .locator('.monaco-button', { hasText: /^Change Role$/ })
        .click();
      await e.statusItem(`${EMAIL} now has the role ADMIN`).first().waitFor({ timeout: LIMITS.output });
      assert.equal(emu.store.users.get(invited.id)!.role, 'ADMIN');

      // Delete User...: the heir is picked from the list and named in the question.
      const filter = emu.store.traceFilters.all()[0]!;
      filter.ownerId = invited.id;
      await row(EMAIL).click({ button: 'right' });
      await e.chooseMenuItem('Delete User...');
      await e.answerStep({ placeholder: `Who receives everything ${EMAIL} owns?` }, HEIR);
      await dialog(e)
        .filter({ hasText: `Everything ${EMAIL} owns on the service goes to ${HEIR}` })
        .waitFor({ timeout: LIMITS.ui });
      await dialog(e).locator('.monaco-button:focus', { hasText: 'Keep the User' }).waitFor({ timeout: LIMITS.ui });
      await dialog(e)
        .locator('.monaco-button', { hasText: `Delete and Give to ${HEIR}` })
        .click();
      await e.statusItem(`User ${EMAIL} deleted`).first().waitFor({ timeout: LIMITS.output });
      assert.equal(emu.store.users.get(invited.id), undefined);
      assert.equal(filter.ownerId, emu.store.users.all().find((u) => u.email === HEIR)!.id);
      await row(EMAIL).waitFor({ state: 'hidden', timeout: LIMITS.output });
      await e.screenshot('users-after-delete');

      await e.saveLogs();
      assert.deepEqual(holding(e.temp, TEMP_PASSWORD), [], 'no file of the editor holds the temporary password');
    });
  });

  it('a generated temporary password is shown once in a dialog, is what the service got, and is in no file', async (t) => {
    await withEditor(t, editor, async (e) => {
      const emu = emulator!;
      const email = 'generated.pw@example.com';
      await e.runCommand('Test Automation: Invite User...');
      await e.answerStep({ prompt: 'Email of the new user' }, email);
      await e.answerStep({ placeholder: 'Role' }, 'TESTER');
      await e.answerStep({ placeholder: 'Temporary password' }, 'Generate');
      const shown = dialog(e).filter({ hasText: `${email}` });
      await shown.filter({ hasText: 'it is not shown again' }).waitFor({ timeout: LIMITS.output });
      const sent = emu.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/users').at(-1)?.body as {
        email: string;
        tempPassword: string;
      };
      assert.equal(sent.email, email);
      assert.match(sent.tempPassword, /^[A-Za-z2-9]{20}$/);
      assert.ok((await shown.innerText()).includes(sent.tempPassword), 'the dialog shows the password the service got');
      await dialog(e)
        .locator('.monaco-button:focus', { hasText: /^Copy$/ })
        .waitFor({ timeout: LIMITS.ui });
      await dialog(e)
        .locator('.monaco-button', { hasText: /^Close$/ })
        .click();
      await dialog(e).waitFor({ state: 'hidden', timeout: LIMITS.ui });
      await e.saveLogs();
      assert.deepEqual(holding(e.temp, sent.tempPassword), [], 'no file of the editor holds the generated password');
    });
  });

  it('the other secret boxes: an API client password, a pasted device token, an agent configuration; none in any file', async (t) => {
    await withEditor(t, editor, async (e) => {
      const emu = emulator!;
      const input = e.quickInput.locator('input');
      const password = async (promptText: string, text: string) => {
        await e.quickInput.locator('.quick-input-message', { hasText: promptText }).waitFor({ timeout: LIMITS.ui });
        assert.equal(await input.getAttribute('type'), 'password', `"${promptText}" is a password box`);
        await e.page.keyboard.type(text);
        await e.page.keyboard.press('Enter');
      };

      // The log channel at Trace level, so the LSP trace reaches its log file (as when debugging).
      await e.runCommand('Developer: Set Log Level...');
      await e.page.keyboard.type('Test Automation Service');
      await e.quickInput
        .locator('.monaco-list-row', { hasText: 'Test Automation Service' })
        .first()
        .waitFor({ timeout: LIMITS.ui });
      await e.page.keyboard.press('Enter');
      await e.quickInput.locator('.monaco-list-row', { hasText: 'Trace' }).first().waitFor({ timeout: LIMITS.ui });
      await e.page.keyboard.type('Trace');
      await e.page.keyboard.press('Enter');
      await e.quickInput.waitFor({ state: 'hidden', timeout: LIMITS.ui });

      // Set API Client Password... from the row's menu: typed twice, never shown.
      const basic = emu.store.apiClients.all().find((c) => c.apiClientAuthType === 'BASIC')!;
      const clients = await onlyOpen(e, 'API Clients');
      await clients
        .locator('.monaco-list-row')
        .filter({ hasText: basic.name })
        .first()
        .click({ button: 'right', timeout: LIMITS.output });
      await e.chooseMenuItem('Set API Client Password...');
      await password('New password', API_PASSWORD);
      await password('The same password again', API_PASSWORD);
      await e
        .statusItem(`The password of API client ${basic.name} was set`)
        .first()
        .waitFor({ timeout: LIMITS.output });
      assert.equal(emu.store.apiClients.get(basic.id)!.password, API_PASSWORD);

      // Validate Device Token... from the palette: the token pasted into a password box.
      const token = emu.store.tokens.all().find((x) => x.expiresMs > emu.now())!;
      await e.runCommand('Test Automation: Validate Device Token...');
      await password('Paste the device token', token.token);
      await e.page
        .locator('.notification-toast', { hasText: 'The service says the token is valid.' })
        .first()
        .waitFor({ timeout: LIMITS.output });

      // Show Agent Configuration on a test node: read-only in a dialog, then closed.
      const node = emu.store.testNodes.all().find((n) => n.label !== '')!;
      emu.store.agentConfigs[node.label]!['enrollmentKey'] = AGENT_MARKER;
      const devices = await onlyOpen(e, 'Devices');
      await devices
        .locator('.monaco-list-row')
        .filter({ hasText: node.name })
        .first()
        .click({ button: 'right', timeout: LIMITS.output });
      await e.chooseMenuItem('Show Agent Configuration');
      await dialog(e).filter({ hasText: AGENT_MARKER }).waitFor({ timeout: LIMITS.output });
      await dialog(e)
        .locator('.monaco-button', { hasText: /^Close$/ })
        .click();
      await dialog(e).waitFor({ state: 'hidden', timeout: LIMITS.ui });

      await e.saveLogs();
      // The trace was on: the log files hold the requests that carried the secrets, masked.
      const logs = readdirSync(join(e.temp, 'user-data', 'logs'), { recursive: true, withFileTypes: true }).filter(
        (f) => f.isFile(),
      );
      const logText = logs.map((f) => readFileSync(join(f.parentPath, f.name), 'utf8')).join('\n');
      assert.match(logText, /tas\/apiClients\/setPassword/, 'the LSP trace was written');
      for (const secret of [API_PASSWORD, token.token, AGENT_MARKER, TEMP_PASSWORD]) {
        assert.deepEqual(holding(e.temp, secret), [], `no file of the editor holds ${secret.slice(0, 8)}...`);
      }
    });
  });
});

describe('real editor: a user without the ADMIN role', { timeout: 300_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1' });
    editor = await Editor.start({
      name: 'usersTester',
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: 'demo-tester', TAS_CLIENT_SECRET: 'demo-tester-secret' },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  it('the Users view says why it is empty; Assign to Projects... says before sending what the service will refuse', async (t) => {
    await withEditor(t, editor, async (e) => {
      const emu = emulator!;
      await e.page
        .locator('.activitybar .action-item a[aria-label^="Test Automation"]')
        .click({ timeout: LIMITS.command });
      const users = view(e, 'Users');
      await users.locator('.pane-header').click();
      await users
        .getByText(
          'Only users with the ADMIN role manage users. You are signed in as tester@example.com with the role TESTER.',
        )
        .waitFor({ timeout: LIMITS.output });
      await users.locator('.pane-header').hover();
      await users.locator('.pane-header .action-label[aria-label^="Refresh Users"]').waitFor({ timeout: LIMITS.ui });
      assert.equal(
        await users.locator('.pane-header .action-label[aria-label^="Invite User"]').count(),
        0,
        'no Invite User... for a tester',
      );

      // A trace filter the admin owns, in Voice: the picker's Enter keeps Voice, then the question.
      const filter = emu.store.traceFilters.get(1)!;
      const filters = view(e, 'Trace Filters');
      await filters.locator('.pane-header').click();
      const assignments = () =>
        emu.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/projects/assignments').length;
      const ask = async () => {
        await filters
          .locator('.monaco-list-row')
          .filter({ hasText: filter.name })
          .first()
          .click({ button: 'right', timeout: LIMITS.output });
        await e.chooseMenuItem('Assign to Projects...');
        await e.quickInput
          .locator('.quick-input-title', { hasText: `Assign trace filter ${filter.name} to Projects` })
          .waitFor({ timeout: LIMITS.output });
        await e.quickInput
          .locator('.monaco-list-row[aria-checked="true"]', { hasText: 'Voice' })
          .first()
          .waitFor({ timeout: LIMITS.ui });
        await e.page.keyboard.press('Enter');
        await dialog(e)
          .filter({ hasText: 'You are signed in as tester@example.com with the role TESTER, not ADMIN.' })
          .waitFor({ timeout: LIMITS.ui });
        assert.match(await dialog(e).innerText(), new RegExp(`if any of these is not yours: ${filter.name}\\.`));
      };
      await ask();
      await dialog(e).locator('.monaco-button:focus', { hasText: 'Do Not Assign' }).waitFor({ timeout: LIMITS.ui });
      await e.page.keyboard.press('Enter');
      await dialog(e).waitFor({ state: 'hidden', timeout: LIMITS.ui });
      assert.equal(assignments(), 0, 'Enter sends nothing');

      await ask();
      await dialog(e).locator('.monaco-button', { hasText: 'Assign Anyway' }).click();
      await e.page
        .locator('.notification-toast', { hasText: 'without the ADMIN role you can assign only records you created' })
        .first()
        .waitFor({ timeout: LIMITS.output });
      // Sent now (the session repeats a 401 once with a fresh token, as for any call).
      assert.ok(assignments() > 0);
      assert.deepEqual(
        emu.store.projectRefs('TRACE_FILTER', filter.id).map((p) => p.name),
        ['Voice'],
        'nothing changed',
      );
      await e.screenshot('tester-refused');
    });
  });
});
