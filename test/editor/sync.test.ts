// Real editor: the author's loop as a person goes through it. Export two test cases into the
// workspace from the command palette, edit one, import it and find the change on the service;
// then change the same case on the service and in the file: importing shows the diff and asks.
// Needs `bash scripts/editor-setup.sh` and `npm run package` first; see test/editor/README.md.

import assert from 'node:assert/strict';
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { Editor, exportToWorkspace, LIMITS, ROOT, toast, withEditor } from './harness';

const ENV = 'environment variables';
const FIRST = 1;
const SECOND = 2;

describe('real editor: import and export', { timeout: 400_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;
  /** The exported file of the first test case (name chosen by the server). */
  let firstFile = '';

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1' });
    editor = await Editor.start({
      name: 'sync',
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: 'demo-admin', TAS_CLIENT_SECRET: 'demo-admin-secret' },
      settings: { 'files.autoSave': 'off' },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  const nameOf = (id: number): string => emulator!.store.testCases.get(id)!.name;

  /** A test case as the service returns it over HTTP (not the emulator's memory). */
  async function serviceCase(id: number): Promise<Record<string, unknown>> {
    const res = await fetch(`${emulator!.url}/api/v2/testcases/${id}`, {
      headers: { authorization: `Bearer ${await token()}` },
    });
    assert.equal(res.status, 200);
    return (await res.json()) as Record<string, unknown>;
  }

  async function token(): Promise<string> {
    const res = await fetch(`${emulator!.url}/api/v2/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'demo-admin', clientSecret: 'demo-admin-secret' }),
    });
    return ((await res.json()) as { accessToken: string }).accessToken;
  }

  const dialog = (e: Editor) => e.page.locator('.monaco-dialog-box');
  const dialogButton = (e: Editor, title: string) =>
    dialog(e).locator('.monaco-button', { hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

  it('exports two test cases into the workspace from the command palette', async (t) => {
    await withEditor(t, editor, async (e) => {
      await exportToWorkspace(e, [nameOf(FIRST), nameOf(SECOND)], () => e.screenshot('picked'));

      const files = (await readdir(e.workspace)).filter((f) => f.endsWith('.testcase.json'));
      const texts = await Promise.all(
        files.map(async (f) => [f, await readFile(join(e.workspace, f), 'utf8')] as const),
      );
      const first = texts.find(([, text]) => (JSON.parse(text) as { name?: string }).name === nameOf(FIRST));
      const second = texts.find(([, text]) => (JSON.parse(text) as { name?: string }).name === nameOf(SECOND));
      assert.ok(first && second, `both cases were written as files: ${files.join(', ')}`);
      firstFile = first[0];
      assert.equal((JSON.parse(first[1]) as { id?: number }).id, FIRST, 'the file holds its id');
      assert.ok(
        first[1].endsWith('}\n') && first[1].includes('\n  "name"'),
        'formatted with 2 spaces and a final newline',
      );
      await e.page.locator('.explorer-folders-view .monaco-list-row', { hasText: firstFile }).first().waitFor();
      await copyScreenshot(await e.screenshot('exported'), 'sync-exported.png');
    });
  });

  it('imports an edited file and the service has the change; its CodeLens offers a refresh', async (t) => {
    await withEditor(t, editor, async (e) => {
      await e.openFile(firstFile);
      // Linked in this environment: the lens offers Refresh from Service.
      await e.activeEditor
        .locator('.codelens-decoration a', { hasText: 'Refresh from Service' })
        .waitFor({ timeout: LIMITS.output });
      await e.activeEditor.locator('.codelens-decoration a', { hasText: 'Import to Service' }).waitFor();
      await copyScreenshot(await e.screenshot('codelens'), 'sync-codelens.png');
      await editDescription(e, firstFile, 'Edited in the editor. ');
      // Unsaved: the import takes the buffer as the editor shows it.
      await e.runCommand('Test Automation: Import to Service');
      await toast(e, `Imported 1 test case into ${ENV}: 1 updated.`).waitFor({ timeout: LIMITS.output });
      const record = await serviceCase(FIRST);
      assert.match(String(record['description']), /^Edited in the editor\. /);
    });
  });

  it('a change on both sides shows the diff and asks; Cancel changes nothing, Overwrite pushes', async (t) => {
    await withEditor(t, editor, async (e) => {
      // A colleague changes the notes on the service.
      const res = await fetch(`${emulator!.url}/api/v2/testcases/${FIRST}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await token()}` },
        body: JSON.stringify({ notes: 'Changed on the service.' }),
      });
      assert.ok(res.ok, `PUT answered ${res.status}`);
      await editDescription(e, firstFile, 'Local again. ');
      await e.runCommand('Notifications: Clear All Notifications');
      await e.runCommand('Test Automation: Import to Service');

      // The diff first (file left, service right), then the question with its three choices.
      await e.page
        .locator('.tabs-container .tab', { hasText: `${nameOf(FIRST)}: local ↔ service (${ENV})` })
        .waitFor({ timeout: LIMITS.output });
      await dialog(e).filter({ hasText: 'changed in' }).waitFor({ timeout: LIMITS.output });
      for (const choice of ['Overwrite the service', "Take the service's version", 'Cancel'])
        await dialogButton(e, choice).waitFor();
      await copyScreenshot(await e.screenshot('conflict'), 'sync-conflict.png');
      await dialogButton(e, 'Cancel').click();
      await toast(e, `Imported 0 of 1 test case into ${ENV}: 1 not imported (changed on both sides).`).waitFor({
        timeout: LIMITS.output,
      });
      const kept = await serviceCase(FIRST);
      assert.equal(kept['notes'], 'Changed on the service.', 'Cancel left the service as it was');
      assert.doesNotMatch(String(kept['description']), /Local again/);

      // Back to the file (the diff is active now), and the earlier toasts out of the way.
      await e.runCommand('Notifications: Clear All Notifications');
      await e.page
        .locator(`.tabs-container .tab[data-resource-name="${firstFile}"]`)
        .filter({ hasNotText: '↔' })
        .first()
        .click();
      await e.activeTab(firstFile).waitFor();
      await e.runCommand('Test Automation: Import to Service');
      await dialogButton(e, 'Overwrite the service').click({ timeout: LIMITS.output });
      await toast(e, `Imported 1 test case into ${ENV}: 1 updated.`).waitFor({ timeout: LIMITS.output });
      assert.match(String((await serviceCase(FIRST))['description']), /^Local again\. Edited in the editor\. /);
    });
  });
});

/** Types `text` at the start of the description's value of `file` in the active editor. */
async function editDescription(e: Editor, file: string, text: string): Promise<void> {
  // The line and column as on disk: edits so far only lengthened that line's value.
  const lines = (await readFile(join(e.workspace, file), 'utf8')).split('\n');
  const line = lines.findIndex((l) => l.includes('"description": "'));
  assert.ok(line >= 0, `${file} has a description`);
  await e.goTo(line + 1, lines[line]!.indexOf('"description": "') + '"description": "'.length + 1);
  await e.page.keyboard.type(text);
  // Editor lines use no-break spaces.
  await e
    .editorLine(new RegExp(text.trim().replace(/[.]/g, '\\.').replace(/ /g, '\\s')))
    .first()
    .waitFor();
}

/** Keeps the screenshots of import and export in docs/sync.md current. */
async function copyScreenshot(from: string, name: string): Promise<void> {
  if (!process.env['TAS_EDITOR_UPDATE_DOCS']) return;
  await mkdir(join(ROOT, 'docs', 'images'), { recursive: true });
  await copyFile(from, join(ROOT, 'docs', 'images', name));
}
