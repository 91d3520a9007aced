// Real editor: a device's record document used as a person does (the other kinds of record:
// recordKinds.test.ts). Opened from its row's menu (Open Record): hover names its test node and
// model, Ctrl+Space offers test nodes, an MSISDN typed as a number is a problem, Format Document
// keeps the values; Open Record again shows my unsaved text, and an untouched document shows a
// colleague's change. Needs `bash scripts/editor-setup.sh` and `npm run package` first; see
// test/editor/README.md.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { colleague } from './colleague';
import { Editor, LIMITS, onlyOpen, typeIntoValue, view, withEditor } from './harness';
import { clean, dirty, ID, SECRET, typingEditor } from './recordEditing';

describe("real editor: a device's record document", { timeout: 300_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1', keepBodies: true });
    editor = await Editor.start(typingEditor('deviceDocument', emulator.url));
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  /** The service over HTTP, as a colleague's script or a check would call it. */
  const http = colleague(() => emulator!.url, ID, SECRET);

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
});
