// Real editor: Assign to Projects... as a person uses it. From the Test Suites view's row (the
// Test Cases view is another branch's work), assign a suite to a new project through the picker,
// read the answer, and find the suite under the new project in the Projects view. Needs
// `bash scripts/editor-setup.sh` and `npm run package` first; see test/editor/README.md.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { Editor, LIMITS, view, withEditor } from './harness';

const SUITE = 'Voice smoke';
const PROJECT = 'Editor test project';

describe('real editor: projects', { timeout: 300_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1' });
    editor = await Editor.start({
      name: 'projects',
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: 'demo-admin', TAS_CLIENT_SECRET: 'demo-admin-secret' },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  const row = (e: Editor, title: string, text: string | RegExp) =>
    view(e, title).locator('.monaco-list-row').filter({ hasText: text });

  it('assigns a suite to a new project and shows the read-back', async (t) => {
    await withEditor(t, editor, async (e) => {
      await e.page
        .locator('.activitybar .action-item a[aria-label^="Test Automation"]')
        .click({ timeout: LIMITS.command });
      const suite = row(e, 'Test Suites', SUITE).first();
      await suite.waitFor({ timeout: LIMITS.output });
      await suite.click({ button: 'right' });
      await e.chooseMenuItem('Assign to Projects...');

      // The picker starts from the current projects (rule 1): the suite is in Voice.
      const picker = e.page
        .locator('.quick-input-widget')
        .filter({ has: e.page.locator('.quick-input-title', { hasText: `Assign test suite ${SUITE} to Projects` }) });
      await picker.waitFor({ timeout: LIMITS.output });
      const voice = picker.locator('.monaco-list-row').filter({ hasText: /^Voice/ });
      assert.equal(await voice.first().getAttribute('aria-checked'), 'true', 'Voice is chosen at first');
      // A click on a row of a multi-select picker ticks it, as for a person.
      const newProject = picker.locator('.monaco-list-row').filter({ hasText: 'New project...' }).first();
      await newProject.click();
      await e.page.waitForFunction(
        (el) => el?.getAttribute('aria-checked') === 'true',
        await newProject.elementHandle(),
        { timeout: LIMITS.ui },
      );
      await e.page.keyboard.press('Enter');

      await e.answerInputBox(`Assign test suite ${SUITE} to a new project`, PROJECT);
      await e
        .statusItem(`Test suite ${SUITE} is now in`)
        .filter({ hasText: PROJECT })
        .first()
        .waitFor({ timeout: LIMITS.output });

      const store = emulator!.store;
      const project = store.projects.all().find((p) => p.name === PROJECT);
      assert.ok(project, 'the service created the project (rule 5)');
      const suiteId = store.testSuites.all().find((s) => s.name === SUITE)!.id;
      assert.deepEqual(
        store
          .projectRefs('TEST_SUITE', suiteId)
          .map((p) => p.name)
          .sort(),
        ['Voice', PROJECT].sort(),
      );

      // The Projects view shows the new project holding the suite; the other views are folded
      // away so its rows have room.
      for (const header of await e.page.locator('.sidebar .pane-header').all()) {
        const isProjects = /^Projects/.test((await header.innerText()).trim());
        if (((await header.getAttribute('aria-expanded')) === 'true') !== isProjects) await header.click();
      }
      const projectRow = row(e, 'Projects', PROJECT).first();
      await projectRow.waitFor({ timeout: LIMITS.output });
      await projectRow.click();
      const group = row(e, 'Projects', 'Test suites (1)').first();
      await group.waitFor({ timeout: LIMITS.output });
      await group.click();
      await row(e, 'Projects', SUITE).first().waitFor({ timeout: LIMITS.output });
      await e.screenshot('projects-assigned');
    });
  });
});
