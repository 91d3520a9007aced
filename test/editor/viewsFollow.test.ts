// Real editor: the views follow the service while another client changes it over plain HTTP.
// A record deleted elsewhere and then acted on from its row leaves the view at once with a
// message naming it; a trace filter created elsewhere shows up in the visible Trace Filters view
// without Refresh; a running execution's details open from its row, with no colour swatch before
// "#015". Needs `bash scripts/editor-setup.sh` and `npm run package` first; see test/editor/README.md.

import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { Editor, LIMITS, view, withEditor } from './harness';

/** Long steps: an execution started here stays running until the test ends. */
const STEP_MS = 600_000;

describe('real editor: views follow the service', { timeout: 400_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;
  /** The records another client deletes, created before the editor starts so that every view's first read lists them. */
  const ids = { filter: 0, filter2: 0, project: 0, project2: 0, suite: 0, testCase: 0, device: 0 };

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1', settings: { executionStepMs: STEP_MS } });
    const id = async (path: string, body: unknown) => ((await http('POST', path, body)) as { id: number }).id;
    ids.filter = await id('/api/v2/tracefilters', { name: 'Ghost filter', filter: 'sip' });
    ids.filter2 = await id('/api/v2/tracefilters', { name: 'Ghost filter 2', filter: 'sip' });
    ids.project = await id('/api/v2/projects', { name: 'Ghost project' });
    ids.project2 = await id('/api/v2/projects', { name: 'Ghost project 2' });
    ids.suite = await id('/api/v2/testsuites', { name: 'Ghost suite', testCaseIds: [1] });
    ids.testCase = await id('/api/v2/testcases', {
      name: 'AAA Ghost case',
      testStepList: [{ function: 'WAIT', params: { seconds: 1 } }],
    });
    const node = emulator.store.testNodes.all()[0]!;
    ids.device = await id('/api/v2/mobiledevices', {
      name: 'Ghost device',
      testNodeId: node.id,
      deviceModelId: emulator.store.deviceModels.all()[0]!.id,
      msisdn: '4915100000099',
    });
    editor = await Editor.start({
      name: 'views-follow',
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: 'demo-admin', TAS_CLIENT_SECRET: 'demo-admin-secret' },
      // The views read again only on Refresh until the last test turns tas.views.refreshSeconds on.
      settings: { 'tas.executions.pollIntervalSeconds': 0.3, 'tas.views.refreshSeconds': 0 },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  /** Another client: plain HTTP to the emulator with the demo credentials. */
  async function http(method: string, path: string, body?: unknown): Promise<unknown> {
    const token = (await (
      await fetch(`${emulator!.url}/api/v2/connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: 'demo-admin', clientSecret: 'demo-admin-secret' }),
      })
    ).json()) as { accessToken: string };
    const res = await fetch(`${emulator!.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token.accessToken}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    assert.ok(res.ok, `${method} ${path}: HTTP ${res.status}`);
    const text = await res.text();
    return text === '' ? undefined : JSON.parse(text);
  }

  const row = (e: Editor, title: string, text: string | RegExp) =>
    view(e, title).locator('.monaco-list-row').filter({ hasText: text });
  /** The row whose label is exactly `name`. */
  const named = (e: Editor, title: string, name: string) =>
    view(e, title)
      .locator('.monaco-list-row')
      .filter({ has: e.page.locator('.label-name', { hasText: new RegExp(`^${name}$`) }) });

  /** Hovers a row and clicks one of its inline actions, found by its title. */
  async function inlineAction(r: ReturnType<typeof row>, action: string): Promise<void> {
    await r.first().hover();
    await r.first().locator(`.action-label[aria-label="${action}"]`).click();
  }

  /** From a row's context menu, then the modal's "Delete" when it asks. */
  async function fromMenu(e: Editor, r: ReturnType<typeof row>, item: string, confirm?: string): Promise<void> {
    await r.first().click({ button: 'right' });
    await e.chooseMenuItem(item);
    if (confirm)
      await e.page
        .locator('.monaco-dialog-box .monaco-button', { hasText: new RegExp(`^${confirm}$`) })
        .click({ timeout: LIMITS.ui });
  }

  /**
   * The record is listed, another client deletes it, then an action from its row: the message
   * names it by name and the row has left the view within a second, without Refresh.
   */
  async function goneFromRow(
    e: Editor,
    title: string,
    r: ReturnType<typeof row>,
    deleteElsewhere: () => Promise<unknown>,
    act: () => Promise<void>,
    message: string,
  ): Promise<void> {
    await r.first().waitFor({ timeout: LIMITS.output });
    await deleteElsewhere();
    assert.equal(await r.count(), 1, `${title}: the row is still listed before the action (nothing read again)`);
    await act();
    const toast = e.page.locator('.notification-toast', { hasText: message });
    await toast.first().waitFor({ timeout: LIMITS.output });
    await r.first().waitFor({ state: 'detached', timeout: 1_000 });
    await e.screenshot(`gone-${title.replace(/\W+/g, '-').toLowerCase()}`);
    await e.page
      .locator('.notification-toast .codicon-notifications-clear, .notification-toast .codicon-close')
      .first()
      .click()
      .catch(() => undefined);
  }

  const gone = (what: string) => `${what} was deleted on the service; it has left the views.`;

  /** Opens the Test Automation container with only the view `title` expanded. */
  async function only(e: Editor, title: string): Promise<void> {
    const icon = e.page.locator('.activitybar .action-item', {
      has: e.page.locator('a[aria-label^="Test Automation"]'),
    });
    await icon.waitFor({ timeout: LIMITS.command });
    if (!/\bchecked\b/.test((await icon.getAttribute('class')) ?? '')) await icon.locator('a').click();
    for (const t of ['Test Cases', 'Test Suites', 'Executions', 'Devices', 'Trace Filters', 'Projects']) {
      const header = e.page.locator('.pane-header', { hasText: new RegExp(`^${t}`) });
      await header.waitFor({ timeout: LIMITS.output });
      if (((await header.getAttribute('aria-expanded')) === 'true') !== (t === title)) await header.click();
    }
  }

  it('opens a running execution from its row; its log shows no colour swatch before #015', async (t) => {
    await withEditor(t, editor, async (e) => {
      const created = (await http('POST', '/api/v2/testcases', {
        name: 'Log colour #015',
        testStepList: [1, 2, 3].map(() => ({ function: 'WAIT', params: { seconds: 5 } })),
      })) as { id: number };
      const run = (await http('POST', `/api/v2/testcases/${created.id}/run`)) as { executionId: number };
      await only(e, 'Executions');
      // Queued until the emulator's clock moves one step: then running, step 1 of 3, until the test ends.
      await view(e, 'Executions')
        .locator(`.monaco-list-row[aria-label$="execution ${run.executionId}, QUEUED"]`)
        .waitFor({ timeout: LIMITS.output });
      emulator!.advanceClock(STEP_MS);
      const r = view(e, 'Executions').locator(`.monaco-list-row[aria-label$="execution ${run.executionId}, RUNNING"]`);
      await r.waitFor({ timeout: LIMITS.output });
      await r.click();
      await e.page
        .locator('.tabs-container .tab', { hasText: `Execution ${run.executionId}.log` })
        .waitFor({ timeout: LIMITS.output });
      await e
        .editorLine(/Log\scolour\s#015/)
        .first()
        .waitFor({ timeout: LIMITS.output });
      const editorArea = e.page.locator('.editor-group-container.active .monaco-editor');
      // The colour detector runs after the text shows: wait for the language to settle in the status bar first.
      await e.statusItem('Test Automation Execution Log').waitFor({ timeout: LIMITS.ui });
      await e.screenshot('execution-log-running');
      assert.equal(
        await editorArea.locator('.colorpicker-color-decoration').count(),
        0,
        'no colour swatch in the execution log',
      );
      // The watcher's next report rewrites the document: still none.
      emulator!.advanceClock(STEP_MS);
      await e
        .editorLine(/Progress:\sstep\s2\/3/)
        .first()
        .waitFor({ timeout: LIMITS.output });
      await e.statusItem('Test Automation Execution Log').waitFor({ timeout: LIMITS.ui });
      assert.equal(
        await editorArea.locator('.colorpicker-color-decoration').count(),
        0,
        'no colour swatch after an update',
      );
    });
  });
  it('Trace Filters: a filter deleted elsewhere, then Delete Trace Filter... from its row', async (t) => {
    await withEditor(t, editor, async (e) => {
      await only(e, 'Trace Filters');
      const r = named(e, 'Trace Filters', 'Ghost filter');
      await goneFromRow(
        e,
        'Trace Filters',
        r,
        () => http('DELETE', `/api/v2/tracefilters/${ids.filter}`),
        () => fromMenu(e, r, 'Delete Trace Filter...', 'Delete'),
        gone('Trace filter "Ghost filter"'),
      );
    });
  });

  it('Projects: a project deleted elsewhere, then Delete Project... from its row', async (t) => {
    await withEditor(t, editor, async (e) => {
      await only(e, 'Projects');
      const r = named(e, 'Projects', 'Ghost project');
      await goneFromRow(
        e,
        'Projects',
        r,
        () => http('DELETE', `/api/v2/projects/${ids.project}`),
        () => fromMenu(e, r, 'Delete Project...', 'Delete'),
        gone('Project "Ghost project"'),
      );
    });
  });

  it('Trace Filters: a filter deleted elsewhere, then the inline Edit Trace Filter...', async (t) => {
    await withEditor(t, editor, async (e) => {
      await only(e, 'Trace Filters');
      const r = named(e, 'Trace Filters', 'Ghost filter 2');
      await goneFromRow(
        e,
        'Trace Filters edit',
        r,
        () => http('DELETE', `/api/v2/tracefilters/${ids.filter2}`),
        async () => {
          await inlineAction(r, 'Edit Trace Filter...');
          // Two boxes: the name, then the filter; both kept as they are.
          await e.quickInput.locator('input').waitFor({ timeout: LIMITS.ui });
          await e.page.keyboard.press('Enter');
          await e.quickInput.filter({ hasText: 'The filter expression' }).waitFor({ timeout: LIMITS.ui });
          await e.page.keyboard.press('Enter');
        },
        gone('Trace filter "Ghost filter 2"'),
      );
    });
  });

  it('Projects: a project deleted elsewhere, then Rename Project... from its row', async (t) => {
    await withEditor(t, editor, async (e) => {
      await only(e, 'Projects');
      const r = named(e, 'Projects', 'Ghost project 2');
      await goneFromRow(
        e,
        'Projects rename',
        r,
        () => http('DELETE', `/api/v2/projects/${ids.project2}`),
        async () => {
          await fromMenu(e, r, 'Rename Project...');
          await e.answerInputBox('Rename Project Ghost project 2', 'Ghost project renamed');
        },
        gone('Project "Ghost project 2"'),
      );
    });
  });

  it('Test Suites: a suite deleted elsewhere, then Execute Test Suite on its row', async (t) => {
    await withEditor(t, editor, async (e) => {
      await only(e, 'Test Suites');
      const r = row(e, 'Test Suites', 'Ghost suite');
      await goneFromRow(
        e,
        'Test Suites',
        r,
        () => http('DELETE', `/api/v2/testsuites/${ids.suite}`),
        () => inlineAction(r, 'Execute Test Suite'),
        gone('Test suite "Ghost suite"'),
      );
    });
  });

  it('Test Cases: a test case deleted elsewhere, then Run Test Case on the Service on its row', async (t) => {
    await withEditor(t, editor, async (e) => {
      await only(e, 'Test Cases');
      const r = row(e, 'Test Cases', 'AAA Ghost case');
      await goneFromRow(
        e,
        'Test Cases',
        r,
        () => http('DELETE', `/api/v2/testcases/${ids.testCase}`),
        () => inlineAction(r, 'Run Test Case on the Service'),
        gone('Test case "AAA Ghost case"'),
      );
    });
  });

  it('Executions: an execution deleted elsewhere, then Rerun Execution on its row', async (t) => {
    await withEditor(t, editor, async (e) => {
      await only(e, 'Executions');
      const r = view(e, 'Executions').locator('.monaco-list-row[aria-label$=", PASSED"]').first();
      await r.waitFor({ timeout: LIMITS.output });
      const label = (await r.getAttribute('aria-label')) ?? '';
      const m = /^(.*), execution (\d+), PASSED$/.exec(label);
      assert.ok(m, `the row names its execution: ${label}`);
      const mine = view(e, 'Executions').locator(`.monaco-list-row[aria-label="${label}"]`);
      await goneFromRow(
        e,
        'Executions',
        mine,
        () => http('DELETE', `/api/v2/testexecutions/${m[2]}`),
        () => inlineAction(mine, 'Rerun Execution'),
        gone(`Execution "${m[1]}"`),
      );
    });
  });

  it('Devices: a device deleted elsewhere leaves the view on its own (its status is followed), without Refresh', async (t) => {
    await withEditor(t, editor, async (e) => {
      const node = emulator!.store.testNodes.all()[0]!;
      await only(e, 'Devices');
      const nodeRow = row(e, 'Devices', node.name);
      await nodeRow.first().waitFor({ timeout: LIMITS.output });
      if ((await nodeRow.first().getAttribute('aria-expanded')) !== 'true') await nodeRow.first().click();
      const r = row(e, 'Devices', 'Ghost device');
      await r.first().waitFor({ timeout: LIMITS.output });
      // The Devices view follows its statuses faster than any click: the status read answers 404
      // and the row leaves, with no action and no Refresh.
      await http('DELETE', `/api/v2/mobiledevices/${ids.device}`);
      await r.first().waitFor({ state: 'detached', timeout: LIMITS.ui });
      assert.ok(
        emulator!.requests.some(
          (x) => x.method === 'GET' && x.path === `/api/v2/mobiledevices/${ids.device}/status` && x.status === 404,
        ),
        'its status read found it gone',
      );
    });
  });

  it('a trace filter created elsewhere appears in the visible Trace Filters view without Refresh', async (t) => {
    await withEditor(t, editor, async (e) => {
      await only(e, 'Trace Filters');
      const r = row(e, 'Trace Filters', 'Colleague filter');
      const selected = view(e, 'Trace Filters').locator('.monaco-list-row').first();
      await selected.waitFor({ timeout: LIMITS.output });
      const selectedName = ((await selected.locator('.label-name').textContent()) ?? '').trim();
      assert.ok(selectedName !== '', 'the first row has a name');
      await selected.click();
      await http('POST', '/api/v2/tracefilters', { name: 'Colleague filter', filter: 'sip.Method == "BYE"' });
      // Off (0) until now: nothing reads it again on its own.
      const lists = () =>
        emulator!.requests.filter((x) => x.method === 'GET' && x.path === '/api/v2/tracefilters').length;
      const before = lists();
      assert.equal(await r.count(), 0, 'not there before the setting is on');
      // The workspace's setting to 1 s: the visible view reads its list again within the interval.
      await mkdir(join(e.workspace, '.vscode'), { recursive: true });
      await writeFile(
        join(e.workspace, '.vscode', 'settings.json'),
        JSON.stringify({ 'tas.views.refreshSeconds': 1 }, null, 2),
      );
      await r.first().waitFor({ timeout: LIMITS.output });
      assert.ok(lists() > before, 'the list was read again');
      // The reread keeps the selection.
      assert.equal(
        await row(e, 'Trace Filters', selectedName).first().getAttribute('aria-selected'),
        'true',
        `${selectedName} stays selected`,
      );
      await e.screenshot('colleague-filter-appeared');
    });
  });
});
