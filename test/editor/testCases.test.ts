// Real editor: the Test Cases view as a person uses it. Filter it by a project, export one test
// case from its row into the workspace (the file appears, the row is marked), and assign a test
// case to a new project from its row and read the answer. Needs `bash scripts/editor-setup.sh`
// and `npm run package` first; see test/editor/README.md.

import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { Editor, LIMITS, toast, withEditor } from './harness';

const PROJECT = 'Messaging';
const NEW_PROJECT = 'Editor test cases project';

describe('real editor: the Test Cases view', { timeout: 300_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1' });
    editor = await Editor.start({
      name: 'testCases',
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: 'demo-admin', TAS_CLIENT_SECRET: 'demo-admin-secret' },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  const view = (e: Editor) =>
    e.page.locator('.pane').filter({ has: e.page.locator('.pane-header', { hasText: /^Test Cases/ }) });
  const rows = (e: Editor) => view(e).locator('.monaco-list-row');
  const row = (e: Editor, name: string) =>
    rows(e).filter({
      has: e.page.locator('.label-name', { hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }),
    });

  /** The test cases of a project, by name, as the service holds them. */
  const casesOf = (project: string): string[] => {
    const store = emulator!.store;
    const id = store.projects.all().find((p) => p.name === project)!.id;
    return store.testCases
      .all()
      .filter((t) => store.projectIdsOf('TEST_CASE', t.id).has(id))
      .map((t) => t.name);
  };

  it('filters by project, then exports one test case from its row into the workspace and opens it', async (t) => {
    await withEditor(t, editor, async (e) => {
      await e.page
        .locator('.activitybar .action-item a[aria-label^="Test Automation"]')
        .click({ timeout: LIMITS.command });
      // Only Test Cases open, so its rows have room.
      for (const title of ['Test Cases', 'Test Suites', 'Executions', 'Devices']) {
        const header = e.page.locator('.pane-header', { hasText: new RegExp(`^${title}`) });
        await header.waitFor({ timeout: LIMITS.output });
        if (((await header.getAttribute('aria-expanded')) === 'true') !== (title === 'Test Cases'))
          await header.click();
      }
      await rows(e).first().waitFor({ timeout: LIMITS.output });

      await e.runCommand('Test Automation: Filter Test Cases by Project...');
      await e.quickInput.locator('.monaco-list-row', { hasText: PROJECT }).first().waitFor({ timeout: LIMITS.output });
      await e.page.keyboard.type(PROJECT);
      await e.page.keyboard.press('Enter');

      const members = casesOf(PROJECT).sort((a, b) => a.localeCompare(b));
      assert.ok(members.length > 1 && members.length < 50, `the project holds a page of test cases: ${members.length}`);
      const outsider = emulator!.store.testCases.all().find((tc) => !members.includes(tc.name))!.name;
      // The view says the filter in its header; the rows are the project's test cases only.
      await view(e)
        .locator('.pane-header', { hasText: `project ${PROJECT}` })
        .waitFor({ timeout: LIMITS.output });
      await row(e, members[0]!).first().waitFor({ timeout: LIMITS.output });
      await row(e, members[members.length - 1]!)
        .first()
        .waitFor({ timeout: LIMITS.output });
      assert.equal(await row(e, outsider).count(), 0, `${outsider} is not in ${PROJECT}`);
      await e.screenshot('test-cases-filtered');

      const chosen = members[0]!;
      await row(e, chosen).first().click({ button: 'right' });
      await e.chooseMenuItem('Export to Workspace...');
      await e.quickInput
        .locator('.monaco-list-row', { hasText: 'One file per test case' })
        .first()
        .waitFor({ timeout: LIMITS.ui });
      await e.page.keyboard.type('One file per test case');
      await e.page.keyboard.press('Enter');
      await e.quickInput
        .locator('.quick-input-title', { hasText: 'choose the folder' })
        .waitFor({ timeout: LIMITS.ui });
      await e.quickInput.locator('.monaco-button', { hasText: 'Export Here' }).click();
      await toast(e, /Exported .*1 written\./).waitFor({ timeout: LIMITS.output });

      const files = (await readdir(e.workspace)).filter((f) => f.endsWith('.testcase.json'));
      const texts = await Promise.all(
        files.map(async (f) => [f, await readFile(join(e.workspace, f), 'utf8')] as const),
      );
      const written = texts.find(([, text]) => (JSON.parse(text) as { name?: string }).name === chosen);
      assert.ok(written, `the test case was written into the workspace: ${files.join(', ')}`);
      // One test case exported: its file opens in an editor.
      await e.activeTab(written[0]).waitFor({ timeout: LIMITS.output });
      await e.editorLine(chosen).first().waitFor({ timeout: LIMITS.ui });
      // Its row now says a linked local file is in the workspace.
      await row(e, chosen).filter({ hasText: 'in workspace' }).first().waitFor({ timeout: LIMITS.output });
      await e.screenshot('test-cases-exported');
    });
  });

  it('assigns a test case to a new project from its row and shows the read-back', async (t) => {
    await withEditor(t, editor, async (e) => {
      await e.runCommand('Test Automation: Clear Test Cases Filter');
      const name = emulator!.store.testCases
        .all()
        .map((tc) => tc.name)
        .sort((a, b) => a.localeCompare(b))[0]!;
      await row(e, name).first().waitFor({ timeout: LIMITS.output });
      await row(e, name).first().click({ button: 'right' });
      await e.chooseMenuItem('Assign to Projects...');

      const picker = e.page
        .locator('.quick-input-widget')
        .filter({ has: e.page.locator('.quick-input-title', { hasText: `Assign test case ${name} to Projects` }) });
      await picker.waitFor({ timeout: LIMITS.output });
      const newProject = picker.locator('.monaco-list-row').filter({ hasText: 'New project...' }).first();
      await newProject.click();
      await e.page.waitForFunction(
        (el) => el?.getAttribute('aria-checked') === 'true',
        await newProject.elementHandle(),
        { timeout: LIMITS.ui },
      );
      await e.page.keyboard.press('Enter');
      await e.answerInputBox(`Assign test case ${name} to a new project`, NEW_PROJECT);
      await e
        .statusItem(`Test case ${name} is now in`)
        .filter({ hasText: NEW_PROJECT })
        .waitFor({ timeout: LIMITS.output });

      const store = emulator!.store;
      const id = store.testCases.all().find((tc) => tc.name === name)!.id;
      assert.ok(
        store.projectRefs('TEST_CASE', id).some((p) => p.name === NEW_PROJECT),
        'the service holds the assignment',
      );
      // The view, filtered by the new project, shows just that test case.
      await e.runCommand('Test Automation: Filter Test Cases by Project...');
      await e.quickInput
        .locator('.monaco-list-row', { hasText: NEW_PROJECT })
        .first()
        .waitFor({ timeout: LIMITS.output });
      await e.page.keyboard.type(NEW_PROJECT);
      await e.page.keyboard.press('Enter');
      await view(e)
        .locator('.pane-header', { hasText: `project ${NEW_PROJECT}` })
        .waitFor({ timeout: LIMITS.output });
      await row(e, name).first().waitFor({ timeout: LIMITS.output });
      await e.screenshot('test-cases-assigned');
    });
  });
});
