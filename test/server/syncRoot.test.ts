import { strict as assert } from 'node:assert';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { ExportTestCasesRequest } from '../../server/src/protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { LspHarness } from './lspHarness';
import { value } from './outcomes';

// The editor's sync root is the terminal's: the language server reads the home folder from its
// own environment, and a `.tas` folder there never gathers the links of a repository under it.

describe('the sync root in the editor', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let lsp: LspHarness;
  let dir: string;
  const home = () => join(dir, 'home');
  const HOME_STATE = `${JSON.stringify({ version: 1, files: {} }, null, 2)}\n`;

  before(async () => {
    emu = await startEmulator();
    dir = await mkdtemp(join(tmpdir(), 'tas-root-lsp-'));
    await mkdir(join(home(), '.tas'), { recursive: true });
    await writeFile(join(home(), '.tas', 'sync.json'), HOME_STATE);
    await mkdir(join(home(), 'repo', '.git'), { recursive: true });
    await mkdir(join(dir, 'tmp'));
    lsp = await LspHarness.start({ HOME: home(), TMPDIR: join(dir, 'tmp') }, { environmentFromClient: true });
    await lsp.signIn(emu.url, DEMO_CREDENTIALS.admin);
  });
  after(async () => {
    await lsp.stop();
    await emu.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('an export into a repository under a home folder holding .tas links its files in the repository', async () => {
    const folder = join(home(), 'repo', 'cases');
    const r = value(
      await lsp.connection.sendRequest(ExportTestCasesRequest, { ids: [1], folder: pathToFileURL(folder).href }),
    );
    assert.deepEqual(
      r.results.map((x) => x.outcome),
      ['written'],
    );
    const [name] = (await readdir(folder)).filter((f) => f.endsWith('.testcase.json'));
    const state = JSON.parse(await readFile(join(home(), 'repo', '.tas', 'sync.json'), 'utf8')) as {
      files: Record<string, unknown>;
    };
    assert.deepEqual(Object.keys(state.files), [`cases/${name}`]);
    assert.equal(
      await readFile(join(home(), '.tas', 'sync.json'), 'utf8'),
      HOME_STATE,
      "the home folder's sync state is not touched",
    );
  });
});
