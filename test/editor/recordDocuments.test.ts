// Real editor: a device kept as a record document, as a person does it. New Device... in the
// Devices view's title (a test node and a model picked), the name and MSISDN typed into the new
// document, Ctrl+S creates it; the MSISDN changed and saved again while a colleague renamed the
// device over HTTP: the diff opens, the question's focused choice (Enter) keeps both changes, and
// the service has both; Delete Device... from the row's menu asks first and removes it. A test
// node: created, renamed with a keystroke typed straight after Ctrl+S (none lost, no question
// after), a refused name, a colleague's rename of the same field kept apart from mine. An API
// client: a colleague's change merged, its password kept, deleted; a new one created from its view. Needs
// `bash scripts/editor-setup.sh` and `npm run package` first; see test/editor/README.md.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { revisionOf } from '../../server/src/core/recordDocuments/document';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { colleague } from './colleague';
import { Editor, LIMITS, newRecordTab, onlyOpen, typeIntoValue, view, viewAction, withEditor } from './harness';

const ID = 'demo-admin';
const SECRET = 'demo-admin-secret';
const NAME = 'Editor phone';
const FIRST_MSISDN = '4915112345';
const SECOND_MSISDN = '4915198765';
const COLLEAGUES_NAME = 'Editor phone (desk 4)';

describe('real editor: a device as a record document', { timeout: 300_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1' });
    editor = await Editor.start({
      name: 'records',
      settings: {
        'files.autoSave': 'off',
        'tas.inlayHints.enabled': false,
        'editor.quickSuggestions': { other: false, comments: false, strings: false },
      },
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: ID, TAS_CLIENT_SECRET: SECRET },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  /** The service over HTTP, as a colleague's script or a check would call it. */
  const http = colleague(() => emulator!.url, ID, SECRET);
  const pane = (e: Editor) => view(e, 'Devices');

  it("creates a device, saves a new MSISDN over a colleague's rename keeping both, and deletes it", async (t) => {
    await withEditor(t, editor, async (e) => {
      await onlyOpen(e, 'Devices');
      await pane(e)
        .locator('.monaco-list-row')
        .filter({ hasText: 'node-berlin-01' })
        .first()
        .waitFor({ timeout: LIMITS.output });
      await viewAction(e, 'Devices', 'New Device');

      // The test node, then the model: each a quick pick of the service's records.
      const node = emulator!.store.testNodes.all()[0]!;
      const model = emulator!.store.deviceModels.all()[0]!;
      for (const [placeholder, label] of [
        ['The test node', node.name],
        ['The device model', model.name],
      ] as const) {
        await e.quickInput.locator(`input[placeholder^="${placeholder}"]`).waitFor({ timeout: LIMITS.ui });
        await e.page.keyboard.type(label);
        await e.quickInput.locator('.monaco-list-row', { hasText: label }).first().waitFor({ timeout: LIMITS.ui });
        await e.page.keyboard.press('Enter');
      }
      await e.activeTab('new-1.json').waitFor({ timeout: LIMITS.output });
      await e.editorLine(`"testNodeId": ${node.id},`).first().waitFor({ timeout: LIMITS.ui });
      await typeIntoValue(e, 'name', 0, NAME);
      await typeIntoValue(e, 'msisdn', 0, FIRST_MSISDN);
      await e.screenshot('new-device-document');
      await e.page.keyboard.press('Control+S');
      await e
        .statusItem(/device \d+ created/)
        .first()
        .waitFor({ timeout: LIMITS.output });
      const made = emulator!.store.devices.all().find((d) => d.name === NAME);
      assert.ok(made, 'the service has the new device');
      assert.equal(made.msisdn, FIRST_MSISDN);
      assert.equal(made.testNodeId, node.id);
      // The document became the record's: it shows its id and revision, as the service kept it.
      await e.editorLine(`"id": ${made.id},`).first().waitFor({ timeout: LIMITS.output });
      await e.editorLine('"revision":').first().waitFor({ timeout: LIMITS.ui });

      // A colleague renames the device meanwhile; here the MSISDN changes.
      assert.equal((await http('PUT', `/mobiledevices/${made.id}`, { name: COLLEAGUES_NAME })).status, 200);
      await typeIntoValue(e, 'msisdn', FIRST_MSISDN.length, SECOND_MSISDN);
      await e.page.keyboard.press('Control+S');
      const dialog = e.page.locator('.monaco-dialog-box').filter({ hasText: 'Someone else changed' });
      await dialog.waitFor({ timeout: LIMITS.output });
      // The diff is open behind it, and the focused choice loses nothing.
      await e.page
        .locator('.tabs-container .tab', { hasText: "the service's version" })
        .first()
        .waitFor({ timeout: LIMITS.ui });
      await dialog.locator('.monaco-button:focus', { hasText: 'Save Both Changes' }).waitFor({ timeout: LIMITS.ui });
      await e.screenshot('record-conflict');
      await e.page.keyboard.press('Enter');
      await e.statusItem(`device ${made.id} saved`).first().waitFor({ timeout: LIMITS.output });
      const back = await http('GET', `/mobiledevices/${made.id}`);
      assert.equal(back.json['msisdn'], SECOND_MSISDN, 'my change is on the service');
      assert.equal(back.json['name'], COLLEAGUES_NAME, "the colleague's change is kept");

      // Delete Device... from the row's menu names what uses it; Delete is not the focused choice.
      const row = pane(e).locator('.monaco-list-row').filter({ hasText: COLLEAGUES_NAME }).first();
      await row.waitFor({ timeout: LIMITS.output });
      await row.click({ button: 'right' });
      await e.chooseMenuItem('Delete Device...');
      const ask = e.page.locator('.monaco-dialog-box').filter({ hasText: `Delete device ${COLLEAGUES_NAME}?` });
      await ask.waitFor({ timeout: LIMITS.output });
      assert.match(await ask.innerText(), /no test-case file in this workspace uses this device/i);
      await ask.locator('.monaco-button:focus', { hasText: 'Keep It' }).waitFor({ timeout: LIMITS.ui });
      await ask.locator('.monaco-button', { hasText: /^Delete$/ }).click();
      await e.statusItem(`Device ${COLLEAGUES_NAME} deleted`).first().waitFor({ timeout: LIMITS.output });
      assert.equal((await http('GET', `/mobiledevices/${made.id}`)).status, 404);
    });
  });

  it('creates a test node from the Devices view and renames it in its document', async (t) => {
    await withEditor(t, editor, async (e) => {
      await viewAction(e, 'Devices', 'New Test Node');
      await newRecordTab(e).waitFor({ timeout: LIMITS.output });
      await e.editorLine('"name": ""').first().waitFor({ timeout: LIMITS.ui });
      assert.equal(await e.editorLine('"ecid"').count(), 0);
      await typeIntoValue(e, 'name', 0, 'node-editor-01');
      await e.page.keyboard.press('Control+S');
      await e
        .statusItem(/test node \d+ created/)
        .first()
        .waitFor({ timeout: LIMITS.output });
      const made = emulator!.store.testNodes.all().find((n) => n.name === 'node-editor-01');
      assert.ok(made, 'the service has the new test node');
      await e.editorLine(`"id": ${made.id},`).first().waitFor({ timeout: LIMITS.output });
      // Typed straight after Ctrl+S, before the service's version is shown: nothing typed is lost,
      // and the next save asks nothing (my own save is no colleague's change).
      await typeIntoValue(e, 'name', 2, '9');
      await e.page.keyboard.press('Control+S');
      await e.page.keyboard.type('9');
      await e.statusItem(`test node ${made.id} saved`).first().waitFor({ timeout: LIMITS.output });
      await e.editorLine('"name": "node-editor-99"').first().waitFor({ timeout: LIMITS.ui });
      await e.page.keyboard.press('Control+S');
      await e.page.locator('.tabs-container .tab.active:not(.dirty)').waitFor({ timeout: LIMITS.output });
      assert.equal(await e.page.locator('.monaco-dialog-box').count(), 0, 'no question');
      const kept = (await http('GET', `/testnodes/${made.id}`)).json;
      assert.equal(kept['name'], 'node-editor-99');
      // Then the document shows the service's version of it.
      await e
        .editorLine(`"revision": "${revisionOf('testNode', kept)}"`)
        .first()
        .waitFor({ timeout: LIMITS.output });

      // A name another node has: the service refuses, the document stays unsaved, the reason on its field.
      await typeIntoValue(e, 'name', 'node-editor-99'.length, 'node-berlin-01');
      await e.page.keyboard.press('Control+S');
      const refused = e.page.locator('.notification-toast', { hasText: 'refused to save the test node' }).first();
      await refused.waitFor({ timeout: LIMITS.output });
      // The editor's own wording around it names where the refusal comes from, not a class of ours.
      assert.match(await refused.innerText(), /\(Test Automation Service: The service refused/);
      await e.page.locator('.tabs-container .tab.active.dirty').waitFor({ timeout: LIMITS.ui });
      await e.showProblems();
      await e.waitForProblem('refused to save the test node');
      assert.match(
        (await e.problemLabels()).find((l) => l.includes('refused to save')) ?? '',
        /at line 9 /,
        'on the name line (after $record and id)',
      );
      assert.equal(emulator!.store.testNodes.get(made.id)!.name, 'node-editor-99');

      // A colleague renames it meanwhile, and so do I: the same field, so no merge; the focused
      // choice keeps my text in the document and theirs on the service.
      assert.equal((await http('PUT', `/testnodes/${made.id}`, { name: 'node-editor-desk' })).status, 200);
      await typeIntoValue(e, 'name', 'node-berlin-01'.length, 'node-editor-mine');
      await e.page.keyboard.press('Control+S');
      const dialog = e.page.locator('.monaco-dialog-box').filter({ hasText: 'Someone else changed' });
      await dialog.locator('.monaco-button:focus', { hasText: 'Keep Editing' }).waitFor({ timeout: LIMITS.output });
      await e.page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached', timeout: LIMITS.ui });
      assert.equal(emulator!.store.testNodes.get(made.id)!.name, 'node-editor-desk');
      // The diff is in front: my document, unsaved, on its right, with my name in it.
      await e.page
        .locator('.tabs-container .tab.active.dirty', { hasText: `test node ${made.id}: the service's version` })
        .waitFor({ timeout: LIMITS.ui });
      const right = e.page.locator('.editor-group-container.active .modified-in-monaco-diff-editor .view-line');
      await right.filter({ hasText: '"name": "node-editor-mine"' }).first().waitFor({ timeout: LIMITS.ui });
      await e.page
        .locator('.editor-group-container.active .original-in-monaco-diff-editor .view-line', {
          hasText: '"name": "node-editor-desk"',
        })
        .first()
        .waitFor({ timeout: LIMITS.ui });
    });
  });

  it("opens an API client from its row, saves a change over a colleague's keeping both and its password, and deletes it", async (t) => {
    await withEditor(t, editor, async (e) => {
      const api = await onlyOpen(e, 'API Clients');
      const client = emulator!.store.apiClients.all().find((c) => c.name === 'Billing REST')!;
      const password = client.password;
      assert.ok(password, 'the demo client has a password');
      const row = api.locator('.monaco-list-row').filter({ hasText: 'Billing REST' }).first();
      await row.click({ timeout: LIMITS.output });
      await e.activeTab(`${client.id}.json`).waitFor({ timeout: LIMITS.output });
      await e.editorLine('"payload":').first().waitFor({ timeout: LIMITS.ui });
      assert.equal(await e.editorLine(/"password"|"authParams"/).count(), 0, 'no secret in the document');
      assert.equal(
        (await http('PUT', `/apiclients/${client.id}`, { serverURL: 'https://billing.example.invalid/v2' })).status,
        200,
      );
      await typeIntoValue(e, 'username', 0, '-ops');
      await e.page.keyboard.press('Control+S');
      const dialog = e.page.locator('.monaco-dialog-box').filter({ hasText: 'Someone else changed' });
      await dialog
        .locator('.monaco-button:focus', { hasText: 'Save Both Changes' })
        .waitFor({ timeout: LIMITS.output });
      await e.page.keyboard.press('Enter');
      await e.statusItem(`API client ${client.id} saved`).first().waitFor({ timeout: LIMITS.output });
      const back = await http('GET', `/apiclients/${client.id}`);
      assert.equal(back.json['serverURL'], 'https://billing.example.invalid/v2', "the colleague's change is kept");
      assert.match(String(back.json['username']), /-ops$/, 'my change is on the service');
      assert.equal(
        emulator!.store.apiClients.get(client.id)!.password,
        password,
        'the password the document never held is kept',
      );

      await row.click({ button: 'right' });
      await e.chooseMenuItem('Delete API Client...');
      const ask = e.page.locator('.monaco-dialog-box').filter({ hasText: 'Delete API client Billing REST?' });
      await ask.locator('.monaco-button:focus', { hasText: 'Keep It' }).waitFor({ timeout: LIMITS.output });
      await ask.locator('.monaco-button', { hasText: /^Delete$/ }).click();
      await e.statusItem('API client Billing REST deleted').first().waitFor({ timeout: LIMITS.output });
      assert.equal((await http('GET', `/apiclients/${client.id}`)).status, 404);
    });
  });

  it('creates an API client from the API Clients view and it shows in the view', async (t) => {
    await withEditor(t, editor, async (e) => {
      const api = view(e, 'API Clients');
      await viewAction(e, 'API Clients', 'New API Client');
      await newRecordTab(e).waitFor({ timeout: LIMITS.output });
      await e.editorLine('"serverURL": "https://"').first().waitFor({ timeout: LIMITS.ui });
      await typeIntoValue(e, 'name', 0, 'Editor hook');
      await typeIntoValue(e, 'serverURL', 0, 'hooks.example.invalid/run');
      await e.page.keyboard.press('Control+S');
      await e
        .statusItem(/API client \d+ created/)
        .first()
        .waitFor({ timeout: LIMITS.output });
      const made = emulator!.store.apiClients.all().find((c) => c.name === 'Editor hook');
      assert.ok(made, 'the service has the new API client');
      assert.equal(made.serverURL, 'https://hooks.example.invalid/run');
      assert.equal(
        emulator!.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/apiclients').length,
        1,
        'one POST',
      );
      await e.editorLine(`"id": ${made.id},`).first().waitFor({ timeout: LIMITS.output });
      const row = api.locator('.monaco-list-row').filter({ hasText: 'Editor hook' }).first();
      await row.waitFor({ timeout: LIMITS.output });
      // Opened from its row, the record is the document it was created in, not a second one:
      // another client's document in front first, then the row brings the new-N one back.
      const other = emulator!.store.apiClients.all().find((c) => c.id !== made.id)!;
      await api.locator('.monaco-list-row').filter({ hasText: other.name }).first().click();
      await e.activeTab(`${other.id}.json`).waitFor({ timeout: LIMITS.output });
      await row.click();
      await newRecordTab(e).waitFor({ timeout: LIMITS.output });
      assert.equal(
        await e.page.locator(`.tabs-container .tab[data-resource-name="${made.id}.json"]`).count(),
        0,
        'no second tab for the record',
      );
    });
  });
});
