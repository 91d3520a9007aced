import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { HistoryCasesRequest, HistoryChangedNotification } from '../../server/src/protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { DEMO_LAB } from '../emulator/lab';
import { LspHarness } from './lspHarness';
import { value } from './outcomes';

// `tas.history.executions`: how many of the newest executions the history reads. The demo lab
// holds 600; the history says which part it holds. A change reads it again, and the lenses and
// views are told that all of it changed (an empty list of test cases).

describe('the setting tas.history.executions', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let lsp: LspHarness;
  const settings = { history: { executions: 100 } };
  /** Resolved by the first "all of it changed" notification. */
  let allChanged!: () => void;
  const toldAll = new Promise<void>((resolve) => (allChanged = resolve));

  before(async () => {
    emu = await startEmulator({ lab: DEMO_LAB });
    lsp = await LspHarness.start({}, { environmentFromClient: true }, settings);
    lsp.connection.onNotification(HistoryChangedNotification, ({ testCaseIds }) => {
      if (testCaseIds.length === 0) allChanged();
    });
    await lsp.signIn(emu.url, DEMO_CREDENTIALS.admin);
  });
  after(async () => {
    await lsp.stop();
    await emu.close();
  });

  const notes = async (): Promise<string[]> =>
    value(await lsp.connection.sendRequest(HistoryCasesRequest, { testCaseIds: [5] })).notes;

  test('the history holds that many; a change reads it again and says all of it changed', async () => {
    assert.ok(emu.store.executions.all().length > 300);
    assert.match((await notes())[0]!, /^The history holds the newest 100 executions; older ones were not read\.$/);
    settings.history.executions = 300;
    await lsp.changeConfiguration();
    await toldAll;
    assert.match((await notes())[0]!, /^The history holds the newest 300 executions; older ones were not read\.$/);
  });
});
