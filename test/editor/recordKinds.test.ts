// Real editor: the record documents recordDocuments.test.ts does not reach, used as a person
// does (a device's document: deviceDocument.test.ts). A trace filter opened from its row in Trace
// Filters, renamed and refiltered, saved with Ctrl+S; New Trace Filter... from the view's title
// creates one. A test suite opened from its row's menu (Open Test Suite): name, description and a
// test case added by id with Ctrl+Space (its name shown in the list), an unknown id a problem on
// its line, Ctrl+S sends the interface's update shape. A trace filter saved while the service is
// unreachable stays unsaved. Needs `bash scripts/editor-setup.sh` and `npm run package` first;
// see test/editor/README.md.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { revisionOf } from '../../server/src/core/recordDocuments/document';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { colleague } from './colleague';
import { Editor, LIMITS, newRecordTab, onlyOpen, typeIntoValue, view, viewAction, withEditor } from './harness';
import { bodiesSent, clean, dirty, ID, SECRET, typingEditor } from './recordEditing';

describe('real editor: trace filters and test suites as record documents', { timeout: 300_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1', keepBodies: true });
    editor = await Editor.start(typingEditor('recordKinds', emulator.url));
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  /** The service over HTTP, as a colleague's script or a check would call it. */
  const http = colleague(() => emulator!.url, ID, SECRET);

  /** The bodies the extension sent with `method` to `path`. */
  const sent = bodiesSent(() => emulator!);

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
