// Real editor: the views follow the service while another client changes it over plain HTTP.
// A record deleted elsewhere and then acted on from its row leaves the view at once with a
// message naming it; a trace filter created elsewhere shows up in the visible Trace Filters view
// without Refresh; a running execution's details open from its row, with no colour swatch before
// "#015". Needs `bash scripts/editor-setup.sh` and `npm run package` first; see test/editor/README.md.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { Editor, LIMITS, withEditor } from './harness';

/** Long steps: an execution started here stays running until the test ends. */
const STEP_MS = 600_000;

describe('real editor: views follow the service', { timeout: 400_000 }, () => {
  let emulator: Emulator | undefined;
  let editor: Editor | undefined;

  before(async () => {
    emulator = await startEmulator({ host: '127.0.0.1', settings: { executionStepMs: STEP_MS } });
    editor = await Editor.start({
      name: 'views-follow',
      env: { TAS_BASE_URL: emulator.url, TAS_CLIENT_ID: 'demo-admin', TAS_CLIENT_SECRET: 'demo-admin-secret' },
      settings: { 'tas.executions.pollIntervalSeconds': 0.3, 'tas.views.refreshSeconds': 1 },
    });
  });

  after(async () => {
    await editor?.stop();
    await emulator?.close();
  });

  /** Another client: plain HTTP to the emulator with the demo credentials. */
  async function http(method: string, path: string, body?: unknown): Promise<unknown> {
    const token = (await (
      await fetch(`${emulator!.url}/api/v2/connect/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientId: 'demo-admin', clientSecret: 'demo-admin-secret' }) })
    ).json()) as { accessToken: string };
    const res = await fetch(`${emulator!.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token.accessToken}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    assert.ok(res.ok, `${method} ${path}: HTTP ${res.status}`);
    const text = await res.text();
    return text === '' ? undefined : JSON.parse(text);
  }

  const view = (e: Editor, title: string) => e.page.locator('.pane').filter({ has: e.page.locator('.pane-header', { hasText: new RegExp(`^${title}`) }) });

  /** Opens the Test Automation container with only the view `title` expanded. */
  async function only(e: Editor, title: string): Promise<void> {
    const icon = e.page.locator('.activitybar .action-item', { has: e.page.locator('a[aria-label^="Test Automation"]') });
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
      const created = (await http('POST', '/api/v2/testcases', { name: 'Log colour #015', testStepList: [1, 2, 3].map(() => ({ function: 'WAIT', params: { seconds: 5 } })) })) as { id: number };
      const run = (await http('POST', `/api/v2/testcases/${created.id}/run`)) as { executionId: number };
      await only(e, 'Executions');
      // Queued until the emulator's clock moves one step: then running, step 1 of 3, until the test ends.
      await view(e, 'Executions').locator(`.monaco-list-row[aria-label$="execution ${run.executionId}, QUEUED"]`).waitFor({ timeout: LIMITS.output });
      emulator!.advanceClock(STEP_MS);
      const r = view(e, 'Executions').locator(`.monaco-list-row[aria-label$="execution ${run.executionId}, RUNNING"]`);
      await r.waitFor({ timeout: LIMITS.output });
      await r.click();
      await e.page.locator('.tabs-container .tab', { hasText: `Execution ${run.executionId}.log` }).waitFor({ timeout: LIMITS.output });
      await e.editorLine(/Log\scolour\s#015/).first().waitFor({ timeout: LIMITS.output });
      const editorArea = e.page.locator('.editor-group-container.active .monaco-editor');
      // The colour detector runs after the text shows: wait for the language to settle in the status bar first.
      await e.statusItem('Test Automation Execution Log').waitFor({ timeout: LIMITS.ui });
      await e.screenshot('execution-log-running');
      assert.equal(await editorArea.locator('.colorpicker-color-decoration').count(), 0, 'no colour swatch in the execution log');
      // The watcher's next report rewrites the document: still none.
      emulator!.advanceClock(STEP_MS);
      await e.editorLine(/Progress:\sstep\s2\/3/).first().waitFor({ timeout: LIMITS.output });
      await e.statusItem('Test Automation Execution Log').waitFor({ timeout: LIMITS.ui });
      assert.equal(await editorArea.locator('.colorpicker-color-decoration').count(), 0, 'no colour swatch after an update');
    });
  });
});
