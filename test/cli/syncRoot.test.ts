import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';

// Links stay in the repository: a `.tas` folder in the home folder (one `tas export` there makes
// it) or in the temporary folder never gathers the links of a repository or a folder below it.
// The test's own folder holds the home folder, the temporary folder and the work folders.

describe('the sync root from a terminal', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator();
    dir = tempDir();
  });
  after(async () => {
    await emu.close();
    dir.remove();
  });
  const at = (...parts: string[]) => join(dir.path, ...parts);
  const home = () => at('home');
  const temp = () => at('tmp');
  const run = (cwd: string, args: string[]) =>
    tas(args, { cwd, env: { ...credentials(emu), HOME: home(), TMPDIR: temp() } });
  const linksIn = (root: string): string[] =>
    Object.keys((JSON.parse(readFileSync(join(root, '.tas', 'sync.json'), 'utf8')) as { files: object }).files).sort();
  const fileIn = (folder: string) => readdirSync(folder).filter((f) => f.endsWith('.testcase.json'));

  test('with ~/.tas present, tas export in a repository under the home folder writes its links into the repository', async () => {
    mkdirSync(home(), { recursive: true });
    mkdirSync(temp(), { recursive: true });
    // One export in the home folder itself makes ~/.tas (its file's own folder is the root).
    const inHome = await run(home(), ['export', '1']);
    assert.equal(inHome.code, 0, inHome.stderr);
    const homeLinks = linksIn(home());
    assert.deepEqual(homeLinks, fileIn(home()));

    mkdirSync(at('home', 'repo', '.git'), { recursive: true });
    const r = await run(at('home', 'repo'), ['export', '3', '--out', 'cases']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(
      linksIn(at('home', 'repo')),
      fileIn(at('home', 'repo', 'cases')).map((f) => `cases/${f}`),
    );
    assert.deepEqual(linksIn(home()), homeLinks, '~/.tas/sync.json is left as it was');

    // Outside a repository, the folder below the home folder keeps its own links.
    mkdirSync(at('home', 'scratch'));
    const loose = await run(at('home', 'scratch'), ['export', '2', '--out', 'cases']);
    assert.equal(loose.code, 0, loose.stderr);
    assert.deepEqual(linksIn(at('home', 'scratch', 'cases')), fileIn(at('home', 'scratch', 'cases')));
    assert.deepEqual(linksIn(home()), homeLinks);
  });

  test('a .tas in the temporary folder gathers no links of the folders below it', async () => {
    mkdirSync(at('tmp', '.tas'), { recursive: true });
    mkdirSync(at('tmp', 'work'));
    const r = await run(at('tmp', 'work'), ['export', '2', '--out', 'cases']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(linksIn(at('tmp', 'work', 'cases')), fileIn(at('tmp', 'work', 'cases')));
    assert.equal(existsSync(at('tmp', '.tas', 'sync.json')), false);
    // And an import there reads the links it wrote: nothing new is created.
    const again = await run(at('tmp', 'work'), ['import', 'cases']);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /^unchanged/m);
  });
});
