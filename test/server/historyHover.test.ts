import { strict as assert } from 'node:assert';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ExportTestCasesRequest } from '../../server/src/protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { DEMO_LAB } from '../emulator/lab';
import { markdown, pos } from './featureHelpers';
import { LspHarness } from './lspHarness';
import { value } from './outcomes';

// The hover of a linked test case's name does not wait without end for the first history read
// (the newest executions, which a slow service can take seconds to send): with the executions
// list held by the emulator, it answers with the schema's description and a line saying the
// history is still being read; once the list is let through, the next hover has the history.

describe('the hover of a name while the history is first read', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let lsp: LspHarness;
  let dir: string;
  let file: string;

  before(async () => {
    emu = await startEmulator({ lab: DEMO_LAB });
    lsp = await LspHarness.start({}, { environmentFromClient: true });
    await lsp.signIn(emu.url, DEMO_CREDENTIALS.admin);
    dir = await mkdtemp(join(tmpdir(), 'tas-history-hover-'));
    await mkdir(join(dir, '.tas'));
    const exported = value(
      await lsp.connection.sendRequest(ExportTestCasesRequest, { ids: [5], folder: pathToFileURL(dir).href }),
    );
    file = exported.results[0]!.uri;
  });
  after(async () => {
    await lsp.stop();
    await emu.close();
    await rm(dir, { recursive: true, force: true });
  });

  const nameHover = async (): Promise<string> => {
    const text = await readFile(fileURLToPath(file), 'utf8');
    const name = emu.store.testCases.get(5)!.name;
    await lsp.open(file, text);
    return markdown(await lsp.hover(file, pos(text, `"name": "${name.slice(0, 3)}`)));
  };

  test('held executions: the hover answers without the history and says so; let through: the history', async () => {
    // Every executions list read is held until released below.
    emu.faults.rules.push({
      method: 'GET',
      path: '/api/v2/testexecutions',
      action: { kind: 'delay', delayMs: 600_000 },
      times: 1000,
    });
    const waiting = await nameHover();
    assert.match(waiting, /^_History: still being read from the service; hover again in a moment\._\n/);
    assert.match(waiting, /\n---\n\n\*\*name\*\*\n\n/, "the schema's description follows");
    emu.faults.rules = [];
    emu.releaseDelays();
    const read = await nameHover();
    assert.match(read, /^\*\*History\*\* of test case 5: 10\/10 passed\n/);
  });
});
