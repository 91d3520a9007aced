// Real editor: the record documents recordDocuments.test.ts does not reach, used as a person
// does. A trace filter opened from its row in Trace Filters, renamed and refiltered, saved with
// Ctrl+S; New Trace Filter... from the view's title creates one. A test suite opened from its
// row's menu (Open Test Suite): name, description and a test case added by id with Ctrl+Space (its
// name shown in the list), an unknown id a problem on its line, Ctrl+S sends the interface's
// update shape. A device's document: hover names its test node and model, Ctrl+Space offers test
// nodes, an MSISDN typed as a number is a problem, Format Document keeps the values; Open Record
// again shows my unsaved text, and an untouched document shows a colleague's change. Needs
// `bash scripts/editor-setup.sh` and `npm run package` first; see test/editor/README.md.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { revisionOf } from '../../server/src/core/recordDocuments/document';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { colleague } from './colleague';
import { Editor, LIMITS, newRecordTab, onlyOpen, typeIntoValue, view, viewAction, withEditor } from './harness';

const ID = 'demo-admin';
const SECRET = 'demo-admin-secret';

describe('real editor: trace filters, test suites and devices as record documents', { timeout: 300_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1', keepBodies: true });
    editor = await Editor.start({
      name: 'recordKinds',
      settings: {
        'files.autoSave': 'off',
        'tas.inlayHints.enabled': false,
        'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
        'editor.suggestOnTriggerCharacters': false,
        // What is typed lands as typed (no closing bracket or quote added).
        'editor.autoClosingBrackets': 'never',
        'editor.autoClosingQuotes': 'never',
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

  /** The bodies the extension sent with `method` to `path`. */
  const sent = (method: string, path: string) =>
    emulator!.requests
      .filter((r) => r.method === method && r.path === `/api/v2${path}`)
      .map((r) => r.body as Record<string, unknown>);

  const clean = (e: Editor, name: string) =>
    e.page.locator(`.tabs-container .tab.active:not(.dirty)[data-resource-name="${name}"]`);
  const dirty = (e: Editor, name: string) =>
    e.page.locator(`.tabs-container .tab.active.dirty[data-resource-name="${name}"]`);

  it('renames and refilters a trace filter opened from its row, and creates one with New Trace Filter...', async (t) => {
    await withEditor(t, editor, async (e) => {
      await onlyOpen(e, 'Trace Filters');
      const filter = structuredClone(emulator!.store.traceFilters.get(3)!);
      const row = view(e, 'Trace Filters').locator('.monaco-list-row').filter({ hasText: filter.name }).first();
      await row.click({ timeout: LIMITS.output });
      await e.activeTab(`${filter.id}.json`).waitFor({ timeout: LIMITS.output });
      await e.editorLine(`"filter": "${filter.filter}"`).first().waitFor({ timeout: LIMITS.output });
      await typeIntoValue(e, 'name', 0, ' over TCP');
      await typeIntoValue(e, 'filter', filter.filter.length, 'dns && tcp');
      await dirty(e, `${filter.id}.json`).waitFor({ timeout: LIMITS.ui });
      await e.page.keyboard.press('Control+S');
      await e.statusItem(`trace filter ${filter.id} saved`).first().waitFor({ timeout: LIMITS.output });
      await clean(e, `${filter.id}.json`).waitFor({ timeout: LIMITS.ui });
      const back = await http('GET', `/tracefilters/${filter.id}`);
      assert.equal(back.json['name'], `${filter.name} over TCP`);
      assert.equal(back.json['filter'], 'dns && tcp');
      assert.deepEqual(
        sent('PUT', `/tracefilters/${filter.id}`),
        [{ name: `${filter.name} over TCP`, filter: 'dns && tcp' }],
        'one PUT with {name, filter} only',
      );
      await row.filter({ hasText: 'over TCP' }).waitFor({ timeout: LIMITS.output });

      await viewAction(e, 'Trace Filters', 'New Trace Filter');
      await newRecordTab(e).waitFor({ timeout: LIMITS.output });
      await e.editorLine('"filter": ""').first().waitFor({ timeout: LIMITS.ui });
      await typeIntoValue(e, 'name', 0, 'SMS over SGs');
      await typeIntoValue(e, 'filter', 0, 'sgsap');
      await e.page.keyboard.press('Control+S');
      await e
        .statusItem(/trace filter \d+ created/)
        .first()
        .waitFor({ timeout: LIMITS.output });
      const made = emulator!.store.traceFilters.all().find((f) => f.name === 'SMS over SGs');
      assert.ok(made, 'the service has the new trace filter');
      assert.equal(made.filter, 'sgsap');
      assert.deepEqual(
        sent('POST', '/tracefilters'),
        [{ name: 'SMS over SGs', filter: 'sgsap' }],
        'one POST with {name, filter}',
      );
      await e.editorLine(`"id": ${made.id},`).first().waitFor({ timeout: LIMITS.output });
      await view(e, 'Trace Filters')
        .locator('.monaco-list-row')
        .filter({ hasText: 'SMS over SGs' })
        .first()
        .waitFor({ timeout: LIMITS.output });
    });
  });

  it('edits a test suite: name, description and a test case added by id from Ctrl+Space; an unknown id is a problem', async (t) => {
    await withEditor(t, editor, async (e) => {
      await onlyOpen(e, 'Test Suites');
      const suite = structuredClone(emulator!.store.testSuites.get(2)!);
      const added = emulator!.store.testCases.all().find((c) => !suite.testCaseIds.includes(c.id))!;
      const row = view(e, 'Test Suites').locator('.monaco-list-row').filter({ hasText: suite.name }).first();
      await row.click({ button: 'right', timeout: LIMITS.output });
      await e.chooseMenuItem('Open Test Suite');
      await e.activeTab(`${suite.id}.json`).waitFor({ timeout: LIMITS.output });
      await e.editorLine('"testCaseIds": [').first().waitFor({ timeout: LIMITS.output });
      await typeIntoValue(e, 'name', 0, ' (edited)');
      await typeIntoValue(e, 'description', 0, ', with one more');

      // A new first item: `{"id": ` typed, Ctrl+Space lists the test cases by id with their names.
      await e.editorLine('"testCaseIds": [').first().click();
      await e.page.keyboard.press('End');
      await e.page.keyboard.press('Enter');
      await e.page.keyboard.type('{"id": ');
      await e.page.keyboard.type('}');
      await e.page.keyboard.press('ArrowLeft');
      await e.page.keyboard.press('Control+Space');
      const widget = e.page.locator('.editor-widget.suggest-widget');
      await widget.locator('.monaco-list-row').first().waitFor({ timeout: LIMITS.output });
      await e.page.keyboard.type(added.name);
      const pick = widget.locator('.monaco-list-row.focused', { hasText: added.name });
      await pick.waitFor({ timeout: LIMITS.ui });
      assert.match(
        await pick.innerText(),
        new RegExp(`id ${added.id}$`),
        'the row names the test case, its id beside it',
      );
      await e.page.keyboard.press('Enter');
      await e.editorLine(`{"id": ${added.id}}`).first().waitFor({ timeout: LIMITS.ui });
      await e.page.keyboard.press('End');
      await e.page.keyboard.type(',');

      // An id no test case has: a problem on its line, gone when the line is.
      await e.page.keyboard.press('Enter');
      await e.page.keyboard.type('{"id": 9999},');
      await e.showProblems();
      await e.waitForProblem('No test case 9999 on the service');
      const label = (await e.problemLabels()).find((l) => l.includes('No test case 9999')) ?? '';
      const line = /at line (\d+) /.exec(label)?.[1];
      assert.ok(line, label);
      await e.goTo(Number(line), 1);
      assert.match((await e.editorLine('9999').first().innerText()).replace(/\u00a0/g, ' '), /"id": 9999/);
      await e.page.keyboard.press('Control+Shift+K');
      await e.problem('No test case 9999').first().waitFor({ state: 'detached', timeout: LIMITS.output });

      await e.activeEditor.click();
      await e.page.keyboard.press('Control+S');
      await e.statusItem(`test suite ${suite.id} saved`).first().waitFor({ timeout: LIMITS.output });
      const puts = sent('PUT', `/testsuites/${suite.id}`);
      assert.equal(puts.length, 1, 'one PUT');
      const body = puts[0]!;
      assert.equal(body['name'], `${suite.name} (edited)`);
      assert.equal(body['description'], `${suite.description}, with one more`);
      const items = body['testCaseIds'] as { id: number; name: string }[];
      assert.ok(
        Array.isArray(items) &&
          items.every((i) => Object.keys(i).sort().join() === 'id,name' && typeof i.name === 'string'),
        `testCaseIds as [{id, name}]: ${JSON.stringify(items)}`,
      );
      assert.deepEqual(
        items.map((i) => i.id),
        [added.id, ...suite.testCaseIds],
      );
      assert.ok(
        !('testCaseWeights' in body) && !('id' in body) && !('$record' in body),
        `nothing the update may not carry: ${Object.keys(body).join(', ')}`,
      );
      const back = await http('GET', `/testsuites/${suite.id}`);
      assert.equal(back.json['name'], `${suite.name} (edited)`);
      assert.deepEqual(
        (back.json['testCaseIds'] as unknown[]).map((x) => (typeof x === 'number' ? x : (x as { id: number }).id)),
        [added.id, ...suite.testCaseIds],
      );
    });
  });

  it("checks a device's document: hover, completion of test nodes, a wrong type, Format Document", async (t) => {
    await withEditor(t, editor, async (e) => {
      await onlyOpen(e, 'Devices');
      const device = structuredClone(emulator!.store.devices.get(1)!);
      const node = emulator!.store.testNodes.get(device.testNodeId)!;
      const model = emulator!.store.deviceModels.get(device.deviceModelId)!;
      const row = view(e, 'Devices').locator('.monaco-list-row').filter({ hasText: device.name }).first();
      await row.click({ button: 'right', timeout: LIMITS.output });
      await e.chooseMenuItem('Open Record');
      await e.activeTab(`${device.id}.json`).waitFor({ timeout: LIMITS.output });
      await e.editorLine(`"msisdn": "${device.msisdn}"`).first().waitFor({ timeout: LIMITS.output });

      const hover = e.page.locator('.monaco-hover');
      // On the test node's key (the field, and the node it names), then on the model's id.
      await e
        .editorLine(`"testNodeId": ${node.id}`)
        .first()
        .locator('span > span', { hasText: /^"testNodeId"$/ })
        .hover();
      await hover
        .filter({ hasText: 'The test node that hosts the device' })
        .filter({ hasText: node.name })
        .first()
        .waitFor({ timeout: LIMITS.output });
      await e.page.mouse.move(0, 0);
      await e
        .editorLine(`"deviceModelId": ${model.id}`)
        .first()
        .locator('span > span', { hasText: new RegExp(`^${model.id}$`) })
        .hover();
      await hover.filter({ hasText: model.name }).first().waitFor({ timeout: LIMITS.output });
      await e.page.mouse.move(0, 0);

      // Ctrl+Space on the test node's id lists every test node by name, its id beside it; the
      // one chosen replaces the id.
      const nodeLine = e.editorLine(`"testNodeId": ${node.id}`).first();
      await nodeLine.click();
      await e.page.keyboard.press('End');
      await e.page.keyboard.press('ArrowLeft');
      await e.page.keyboard.press('Control+Space');
      const widget = e.page.locator('.editor-widget.suggest-widget');
      const nodes = emulator!.store.testNodes.all();
      for (const n of nodes)
        await widget
          .locator('.monaco-list-row', { hasText: n.name })
          .filter({ hasText: `id ${n.id}` })
          .first()
          .waitFor({ timeout: LIMITS.output });
      // Sorted by id, the first focused; one down is the next node.
      const [first, other] = [...nodes].sort((a, b) => a.id - b.id);
      await widget.locator('.monaco-list-row.focused', { hasText: first!.name }).waitFor({ timeout: LIMITS.ui });
      await e.page.keyboard.press('ArrowDown');
      await widget.locator('.monaco-list-row.focused', { hasText: other!.name }).waitFor({ timeout: LIMITS.ui });
      await e.page.keyboard.press('Enter');
      await e.editorLine(`"testNodeId": ${other!.id},`).first().waitFor({ timeout: LIMITS.ui });
      await e.page.keyboard.press('Control+Z');
      await e.editorLine(`"testNodeId": ${node.id},`).first().waitFor({ timeout: LIMITS.ui });
      await clean(e, `${device.id}.json`).waitFor({ timeout: LIMITS.ui });

      // The MSISDN typed as a number: a problem; undone, it goes.
      await e.editorLine('"msisdn":').first().click();
      await e.page.keyboard.press('Home');
      await e.page.keyboard.press('Shift+End');
      await e.page.keyboard.press('Delete'); // typed over a selection, a quote would surround it
      await e.page.keyboard.type(`"msisdn": ${device.msisdn},`);
      await e.showProblems();
      await e.waitForProblem('"msisdn" must be a string');
      await e.activeEditor.click();
      await e.runCommand('File: Revert File');
      await e.editorLine(`"msisdn": "${device.msisdn}"`).first().waitFor({ timeout: LIMITS.ui });
      await clean(e, `${device.id}.json`).waitFor({ timeout: LIMITS.ui });
      await e.problem('"msisdn" must be a string').first().waitFor({ state: 'detached', timeout: LIMITS.output });

      // A comma left out: one problem, the editor's own JSON check's, not ours beside it.
      await e.editorLine(`"imei": "${device.imei}",`).first().click();
      await e.page.keyboard.press('End');
      await e.page.keyboard.press('Backspace');
      await e.showProblems();
      await e.waitForProblem('Expected comma');
      assert.deepEqual(
        (await e.problemLabels()).filter((l) => /is expected between entries/.test(l)),
        [],
        "our syntax problem is not shown beside the editor's",
      );
      await e.activeEditor.click();
      await e.runCommand('File: Revert File');
      await clean(e, `${device.id}.json`).waitFor({ timeout: LIMITS.ui });
      await e.problem('Expected comma').first().waitFor({ state: 'detached', timeout: LIMITS.output });

      // Format Document puts a squeezed line back, and keeps every value.
      await e.editorLine('"imei":').first().click();
      await e.page.keyboard.press('Home');
      await e.page.keyboard.press('Shift+End');
      await e.page.keyboard.press('Delete'); // typed over a selection, a quote would surround it
      await e.page.keyboard.type(`"imei":"${device.imei}"  ,`);
      await e.editorLine(`"imei":"${device.imei}"  ,`).first().waitFor({ timeout: LIMITS.ui });
      await e.runCommand('Format Document');
      await e.editorLine(`"imei": "${device.imei}",`).first().waitFor({ timeout: LIMITS.output });
      for (const [k, v] of [
        ['name', device.name],
        ['msisdn', device.msisdn],
        ['imsi', device.imsi],
        ['imei', device.imei],
      ])
        await e.editorLine(`"${k}": "${v}",`).first().waitFor({ timeout: LIMITS.ui });
      // Formatted, so no question about which formatter stood in the way.
      assert.equal(
        await e.page
          .locator('.monaco-dialog-box, .notification-toast')
          .filter({ hasText: /formatter/i })
          .count(),
        0,
        'no question about which formatter',
      );
      await e.activeEditor.click();
      await e.runCommand('File: Revert File');
      await clean(e, `${device.id}.json`).waitFor({ timeout: LIMITS.ui });
    });
  });

  it("Open Record shows an unsaved document as it is, and an untouched one with a colleague's change", async (t) => {
    await withEditor(t, editor, async (e) => {
      const device = structuredClone(emulator!.store.devices.get(1)!);
      const row = view(e, 'Devices').locator('.monaco-list-row').filter({ hasText: device.name }).first();
      const openRecord = async () => {
        await row.click({ button: 'right', timeout: LIMITS.output });
        await e.chooseMenuItem('Open Record');
        await e.activeTab(`${device.id}.json`).waitFor({ timeout: LIMITS.output });
      };
      await typeIntoValue(e, 'name', 0, ' (mine)');
      await dirty(e, `${device.id}.json`).waitFor({ timeout: LIMITS.ui });
      await e.openFile('voice-call-mo.testcase.json');
      await openRecord();
      await e.editorLine(`"name": "${device.name} (mine)"`).first().waitFor({ timeout: LIMITS.ui });
      await dirty(e, `${device.id}.json`).waitFor({ timeout: LIMITS.ui });
      const reads = emulator!.requests.filter(
        (r) => r.method === 'GET' && r.path === `/api/v2/mobiledevices/${device.id}`,
      ).length;

      // Back to untouched (undo), a colleague renames it, Open Record again: their name shows.
      await e.activeEditor.click();
      await e.runCommand('File: Revert File');
      await clean(e, `${device.id}.json`).waitFor({ timeout: LIMITS.ui });
      await e.editorLine(`"name": "${device.name}",`).first().waitFor({ timeout: LIMITS.ui });
      assert.equal((await http('PUT', `/mobiledevices/${device.id}`, { name: `${device.name} (desk 4)` })).status, 200);
      await e.openFile('voice-call-mo.testcase.json');
      await openRecord();
      await e.editorLine(`"name": "${device.name} (desk 4)"`).first().waitFor({ timeout: LIMITS.output });
      await clean(e, `${device.id}.json`).waitFor({ timeout: LIMITS.ui });
      assert.ok(
        emulator!.requests.filter((r) => r.method === 'GET' && r.path === `/api/v2/mobiledevices/${device.id}`).length >
          reads,
        'read again',
      );
    });
  });
  it('a save while the service is unreachable stays unsaved and says why once; undo after the saved version shows; closing unsaved loses nothing on the service', async (t) => {
    await withEditor(t, editor, async (e) => {
      await onlyOpen(e, 'Trace Filters');
      const filter = structuredClone(emulator!.store.traceFilters.get(4)!);
      const tab = `${filter.id}.json`;
      const row = view(e, 'Trace Filters').locator('.monaco-list-row').filter({ hasText: filter.name }).first();
      await row.click({ timeout: LIMITS.output });
      await e.activeTab(tab).waitFor({ timeout: LIMITS.output });
      await e.editorLine(`"filter": "${filter.filter}"`).first().waitFor({ timeout: LIMITS.output });

      // Offline: every request for the filter loses its connection.
      emulator!.faults.rules.push({ path: '/api/v2/tracefilters/**', action: { kind: 'drop' }, times: 1_000 });
      await typeIntoValue(e, 'filter', 0, ' && udp');
      await e.page.keyboard.press('Control+S');
      const toast = e.page.locator('.notification-toast', { hasText: /save/i });
      await toast.first().waitFor({ timeout: LIMITS.output });
      await e.screenshot('offline-save');
      await dirty(e, tab).waitFor({ timeout: LIMITS.ui });
      const said = (await e.notifications()).filter((n) => /save|reach|connect/i.test(n.text));
      assert.equal(said.length, 1, `told once: ${JSON.stringify(said)}`);
      // Nothing went out, so it does not say the filter may have been saved.
      assert.match(said[0]!.text, /did not answer/);
      assert.doesNotMatch(said[0]!.text, /may have been saved/);
      assert.equal(sent('PUT', `/tracefilters/${filter.id}`).length, 0, 'nothing sent');
      emulator!.faults.rules = [];

      // Back online: the same Ctrl+S saves; the document then shows the service's version.
      await e.activeEditor.click();
      await e.page.keyboard.press('Control+S');
      await e.statusItem(`trace filter ${filter.id} saved`).first().waitFor({ timeout: LIMITS.output });
      await clean(e, tab).waitFor({ timeout: LIMITS.ui });
      assert.equal(emulator!.store.traceFilters.get(filter.id)!.filter, `${filter.filter} && udp`);

      // Undo after the saved version shows: back to the text as read, and a save sends it with no question.
      const revision = revisionOf('traceFilter', (await http('GET', `/tracefilters/${filter.id}`)).json);
      await e.editorLine(`"revision": "${revision}"`).first().waitFor({ timeout: LIMITS.output });
      await e.activeEditor.click();
      for (let i = 0; i < 5 && (await e.editorLine(`"filter": "${filter.filter}"`).count()) === 0; i++)
        await e.page.keyboard.press('Control+Z');
      await e.editorLine(`"filter": "${filter.filter}"`).first().waitFor({ timeout: LIMITS.ui });
      await e.screenshot('undone');
      await e.page.keyboard.press('Control+S');
      await e.statusItem(`trace filter ${filter.id} saved`).first().waitFor({ timeout: LIMITS.output });
      await clean(e, tab).waitFor({ timeout: LIMITS.output });
      assert.equal(
        await e.page.locator('.monaco-dialog-box').count(),
        0,
        "no question: my own save is no colleague's change",
      );
      assert.equal(emulator!.store.traceFilters.get(filter.id)!.filter, filter.filter);

      // Closed unsaved (Don't Save): nothing sent; opened again it shows the service's version.
      const puts = sent('PUT', `/tracefilters/${filter.id}`).length;
      await typeIntoValue(e, 'name', 0, ' (draft)');
      await e.page.keyboard.press('Control+W');
      const ask = e.page.locator('.monaco-dialog-box').filter({ hasText: 'Do you want to save' });
      await ask.waitFor({ timeout: LIMITS.ui });
      await ask.locator('.monaco-button', { hasText: "Don't Save" }).click();
      await e.page
        .locator(`.tabs-container .tab[data-resource-name="${tab}"]`)
        .waitFor({ state: 'detached', timeout: LIMITS.ui });
      await row.click({ timeout: LIMITS.output });
      await e.activeTab(tab).waitFor({ timeout: LIMITS.output });
      await e.editorLine(`"name": "${filter.name}",`).first().waitFor({ timeout: LIMITS.output });
      await clean(e, tab).waitFor({ timeout: LIMITS.ui });
      assert.equal(sent('PUT', `/tracefilters/${filter.id}`).length, puts, 'nothing sent');
    });
  });
});
