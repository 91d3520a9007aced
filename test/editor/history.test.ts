// Real editor: the history where the test case is. With the emulator's demo lab on (test case 1
// flaky, Apple iPhone 15 Hamburg 03 (device 3) unreliable), three test cases are exported into
// the workspace; each file's CodeLens shows its history line and the hover of its name the
// history with the flaky and suspect marks and their evidence; a case that is fine shows neither;
// the lens opens the history document.
// Needs `bash scripts/editor-setup.sh` and `npm run package` first; see test/editor/README.md.

import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { DEMO_LAB } from '../emulator/lab';
import { Editor, exportToWorkspace, LIMITS, withEditor } from './harness';

const FLAKY = 1;
const SUSPECT_PHONE_CASE = 3;
const FINE = 5;

describe('real editor: history, flaky tests and suspect phones', { timeout: 400_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;
  /** The file each test case was exported to (names chosen by the server). */
  const files = new Map<number, string>();

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1', lab: DEMO_LAB });
    editor = await Editor.start({
      name: 'history',
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: 'demo-admin', TAS_CLIENT_SECRET: 'demo-admin-secret' },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  const nameOf = (id: number): string => emulator!.store.testCases.get(id)!.name;
  const lens = (e: Editor, text: RegExp) => e.activeEditor.locator('.codelens-decoration a', { hasText: text });

  /** Opens the case's file and hovers on the value of its name; the hover's text. */
  async function nameHover(e: Editor, id: number): Promise<string> {
    await e.openFile(files.get(id)!);
    await e
      .editorLine(`"name": "${nameOf(id)}"`)
      .locator('span > span', { hasText: nameOf(id) })
      .first()
      .hover();
    const hover = e.page.locator('.monaco-hover').filter({ hasText: `History of test case ${id}` });
    await hover.first().waitFor({ timeout: LIMITS.output });
    const text = await hover.first().innerText();
    await e.page.keyboard.press('Escape');
    await hover.first().waitFor({ state: 'hidden' });
    return text;
  }

  it('exports a flaky case, a case on the unreliable phone and a fine one', (t) =>
    withEditor(t, editor, async (e) => {
      // The workspace's samples hold ids too (voice-call-mo is case 1, unlinked): only the new files count.
      const samples = new Set(await readdir(e.workspace));
      await exportToWorkspace(e, [nameOf(FLAKY), nameOf(SUSPECT_PHONE_CASE), nameOf(FINE)]);
      const exported = (await readdir(e.workspace)).filter((n) => n.endsWith('.testcase.json') && !samples.has(n));
      for (const f of exported) {
        const id = (JSON.parse(await readFile(join(e.workspace, f), 'utf8')) as { id?: number }).id;
        if (id !== undefined) files.set(id, f);
      }
      assert.deepEqual(
        [...files.keys()].sort((a, b) => a - b),
        [FLAKY, SUSPECT_PHONE_CASE, FINE],
      );
    }));

  it("the flaky case: its lens and its name's hover say flaky, with the runs that show it", (t) =>
    withEditor(t, editor, async (e) => {
      await e.openFile(files.get(FLAKY)!);
      await lens(e, /\d+\/10 passed · failed .+ · flaky/)
        .first()
        .waitFor({ timeout: LIMITS.output });
      await e.screenshot('history-codelens');
      const hover = await nameHover(e, FLAKY);
      assert.match(hover, /History of test case 1: \d+\/10 passed · failed .+ · flaky/);
      assert.match(hover, /Flaky: passed \d+ and failed \d+ of \d+ runs of .+\(executions [\d, ]+\)\./);
    }));

  it('the case on the unreliable phone: the suspect mark with its evidence; the fine case: neither mark', (t) =>
    withEditor(t, editor, async (e) => {
      await e.openFile(files.get(SUSPECT_PHONE_CASE)!);
      await lens(e, / · suspect phone/)
        .first()
        .waitFor({ timeout: LIMITS.output });
      const suspect = await nameHover(e, SUSPECT_PHONE_CASE);
      assert.match(
        suspect,
        /Suspect phone: it uses Apple iPhone 15 Hamburg 03 \(device 3\) is suspect: failed \d+ of \d+ runs that used it since/,
      );
      await e.openFile(files.get(FINE)!);
      await lens(e, /10\/10 passed/)
        .first()
        .waitFor({ timeout: LIMITS.output });
      const fine = await nameHover(e, FINE);
      assert.doesNotMatch(fine, /Flaky|Suspect/);
    }));

  it("the lens opens the test case's history document", (t) =>
    withEditor(t, editor, async (e) => {
      await e.openFile(files.get(FLAKY)!);
      await lens(e, / · flaky/)
        .first()
        .click();
      await e.activeTab(`History of test case ${FLAKY}.txt`).waitFor({ timeout: LIMITS.output });
      await e.editorLine('Flaky test cases: 1').waitFor();
    }));

  it('the Devices view marks the unreliable phone suspect, and a phone that is fine not', (t) =>
    withEditor(t, editor, async (e) => {
      await e.page
        .locator('.activitybar .action-item a[aria-label^="Test Automation"]')
        .click({ timeout: LIMITS.command });
      const paneOf = (title: string) =>
        e.page.locator('.pane').filter({ has: e.page.locator('.pane-header', { hasText: title }) });
      // The other views folded, so that the Devices list has the room to draw every phone's row.
      for (const other of ['Test Cases', 'Test Suites', 'Executions']) {
        const h = paneOf(other).locator('.pane-header').first();
        if ((await h.getAttribute('aria-expanded')) === 'true') await h.click();
      }
      const pane = paneOf('Devices');
      const header = pane.locator('.pane-header');
      await header.waitFor({ timeout: LIMITS.output });
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
      const row = (name: string) => pane.locator('.monaco-list-row').filter({ hasText: name });
      // The marks arrive after the rows (the history is read once the list is shown): the row is drawn again.
      await row('Apple iPhone 15 Hamburg 03')
        .filter({ hasText: /suspect/ })
        .first()
        .waitFor({ timeout: LIMITS.output });
      await e.screenshot('history-devices-suspect');
      const fine = await row('Samsung Galaxy S24 Berlin 01').first().innerText();
      assert.doesNotMatch(fine, /suspect/);
    }));
});
