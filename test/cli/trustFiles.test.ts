import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { envKey } from '../../server/src/core/sync/envKey';
import { foldName, isDeviceName } from '../../server/src/core/sync/linkPaths';
import { syncHash } from '../../server/src/core/sync/projection';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';

// Issue 19, files the project writes and reads, at the `tas` boundary: a crafted repository
// (links in .tas/sync.json, symbolic links, FIFOs, unreadable and non-UTF-8 files, deep nesting)
// never makes tas write outside the sync root, replace a file it did not write, hang, lose an
// exported test case or corrupt a file's bytes; renames are said. Credentials kept out of work
// trees: trustProfiles.test.ts.

/** Every run here could hang on the old code (a FIFO): killed after this, never waited on forever. */
const KILL_AFTER = 20_000;

describe('tas: a crafted repository never loses, leaks or overwrites anything', { timeout: 120_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  let outside: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator({ keepBodies: true });
  });
  after(async () => {
    await emu.close();
    dir?.remove();
    outside?.remove();
  });
  beforeEach(() => {
    dir?.remove();
    outside?.remove();
    dir = tempDir('tas-trust-');
    outside = tempDir('tas-outside-');
    mkdirSync(join(dir.path, '.git'));
  });
  const run = (args: string[], env: NodeJS.ProcessEnv = {}, input?: string) =>
    tas(args, {
      cwd: dir.path,
      env: { ...credentials(emu), ...env },
      timeoutMs: KILL_AFTER,
      ...(input !== undefined && { input }),
    });
  const imports = () => emu.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/testcases/import').length;
  const stateFile = (files: Record<string, number>, bases: Record<string, string> = {}) => {
    mkdirSync(join(dir.path, '.tas'), { recursive: true });
    const env = envKey(emu.url);
    const entries = Object.fromEntries(
      Object.entries(files).map(([key, id]) => [
        key,
        { home: env, links: { [env]: { id, ...(bases[key] && { base: bases[key] }) } } },
      ]),
    );
    writeFileSync(join(dir.path, '.tas', 'sync.json'), JSON.stringify({ version: 1, files: entries }));
  };
  const newCase = (name: string) =>
    emu.store.testCases.insert((id) => ({ ...emu.store.testCases.get(1)!, id, name, ownerId: 1 })).id;

  test('a link naming package.json is data: refused with a warning, the file is not replaced (no --force)', async () => {
    const pkg = `${JSON.stringify({ name: 'victim', description: "the repository's own file" }, null, 2)}\n`;
    writeFileSync(join(dir.path, 'package.json'), pkg);
    // The crafted base is the hash of package.json itself: it reads as "unchanged since the last sync".
    stateFile({ 'package.json': 1 }, { 'package.json': syncHash(JSON.parse(pkg) as Record<string, unknown>) });
    const r = await run(['export', '1', '--out', '.']);
    assert.equal(readFileSync(join(dir.path, 'package.json'), 'utf8'), pkg, 'package.json is untouched');
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stderr, /warning The link "package\.json" in .*sync\.json was ignored: it names no test-case file/);
    assert.match(r.stdout, /^written\s+\S+\.testcase\.json \(test case 1/m);
  });

  test('a link with backslashes and .. is refused; no file with a backslash in its name is written', async () => {
    stateFile({ '..\\..\\evil.bat': 1, '../up.testcase.json': 2, 'C:/x.testcase.json': 3 });
    const r = await run(['export', '1', '2', '3', '--out', '.', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { warnings: string[]; results: { outcome: string }[] };
    assert.deepEqual(
      out.results.map((x) => x.outcome),
      ['written', 'written', 'written'],
    );
    assert.equal(out.warnings.length, 3);
    assert.match(out.warnings.join('\n'), /"\.\.\\\\\.\.\\\\evil\.bat".*uses a backslash/);
    assert.match(out.warnings.join('\n'), /"\.\.\/up\.testcase\.json".*leaves the sync root/);
    assert.match(out.warnings.join('\n'), /"C:\/x\.testcase\.json".*is an absolute path/);
    assert.deepEqual(
      readdirSync(dir.path).filter((f) => f.includes('\\') || f.endsWith('.bat')),
      [],
    );
    assert.equal(existsSync(join(dir.path, '..', 'up.testcase.json')), false);
  });

  test('a .tas folder that is a symbolic link is neither read nor written through', async () => {
    symlinkSync(outside.path, join(dir.path, '.tas'));
    const r = await run(['export', '1', '--out', '.']);
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /\.tas.*symbolic link.*neither read nor written/);
    assert.deepEqual(readdirSync(outside.path), [], 'nothing written through the link');
    assert.deepEqual(
      readdirSync(dir.path).filter((f) => f.endsWith('.testcase.json')),
      [],
      'and no test-case file without its link',
    );
  });

  test('export names lose nothing: one distinct file per case, ignoring case, creatable on Windows; the summary counts the files', async () => {
    const first = newCase('clash');
    const dotted = newCase('.clash');
    const ids = [
      first,
      dotted,
      newCase(`clash-${dotted}`),
      newCase(`clash-${first}`),
      newCase('CLASH'),
      newCase('Clash'),
      newCase('CON'),
      newCase('nul.x'),
      newCase('com1'),
      newCase('ends in a dot.'),
      newCase('ends in a space '),
    ];
    const r = await run(['export', ...ids.map(String), '--out', 'cases']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const files = readdirSync(join(dir.path, 'cases')).filter((f) => f.endsWith('.testcase.json'));
    assert.equal(files.length, ids.length, `one file per case: ${files.join(', ')}`);
    assert.equal(new Set(files.map(foldName)).size, ids.length, 'distinct ignoring case');
    for (const f of files) {
      assert.equal(isDeviceName(f), false, `${f} is no Windows device name`);
      assert.doesNotMatch(f.replace(/\.testcase\.json$/, ''), /[. ]$/, `${f} does not end in a dot or a space`);
    }
    const names = new Set(
      files.map((f) => (JSON.parse(readFileSync(join(dir.path, 'cases', f), 'utf8')) as { name: string }).name),
    );
    assert.equal(names.size, ids.length, 'every case survived');
    assert.match(
      r.stderr,
      new RegExp(`^${ids.length} asked: ${ids.length} written, 0 unchanged, 0 not written\\.$`, 'm'),
    );
    const again = await run(['export', ...ids.map(String), '--out', 'cases']);
    assert.match(
      again.stderr,
      new RegExp(`^${ids.length} asked: 0 written, ${ids.length} unchanged, 0 not written\\.$`, 'm'),
      'stable names: a re-export changes nothing',
    );
  });

  test('import reads only regular files inside the sync root: a link to a file outside is refused and stays a link', async () => {
    const secret = join(outside.path, 'secret.testcase.json');
    writeFileSync(secret, JSON.stringify({ name: 'Outside the repository', notes: 'private' }));
    symlinkSync(secret, join(dir.path, 'link.testcase.json'));
    const before = imports();
    const one = await run(['import', 'link.testcase.json']);
    assert.equal(one.code, 1, one.stdout + one.stderr);
    assert.match(one.stdout, /^refused\s+link\.testcase\.json: .*is a symbolic link, not a regular file/m);
    const all = await run(['import', '.']);
    assert.match(all.stdout, /^refused\s+link\.testcase\.json/m, 'a folder import lists it as refused');
    assert.equal(imports(), before, 'nothing sent');
    assert.ok(lstatSync(join(dir.path, 'link.testcase.json')).isSymbolicLink(), 'the link is not replaced by a copy');
    assert.equal(readFileSync(secret, 'utf8'), JSON.stringify({ name: 'Outside the repository', notes: 'private' }));

    // A real file in a folder that is a link to outside the repository: outside the sync root too.
    mkdirSync(join(outside.path, 'cases'));
    writeFileSync(join(outside.path, 'cases', 'a.testcase.json'), JSON.stringify({ name: 'Through a linked folder' }));
    symlinkSync(join(outside.path, 'cases'), join(dir.path, 'cases'));
    const through = await run(['import', 'cases/a.testcase.json']);
    assert.match(through.stdout, /^refused\s+cases\/a\.testcase\.json: .*outside its sync root/m);
    assert.equal(imports(), before);
  });

  test(
    'a FIFO named like a test case: validate and import --dry-run say so and end',
    { skip: process.platform === 'win32' && 'no FIFOs on Windows' },
    async () => {
      execFileSync('mkfifo', [join(dir.path, 'x.testcase.json')]);
      writeFileSync(join(dir.path, 'ok.testcase.json'), JSON.stringify({ name: 'Fine', testStepList: [] }));
      const v = await run(['validate', 'x.testcase.json', 'ok.testcase.json', '--offline']);
      assert.notEqual(v.code, null, 'validate ended (it was not killed)');
      assert.equal(v.code, 1, v.stdout + v.stderr);
      assert.match(
        v.stdout,
        /^x\.testcase\.json:1:1: error unreadable-file .*is a FIFO \(named pipe\), not a regular file/m,
      );
      assert.match(v.stderr, /^2 files checked/m);
      const folder = await run(['validate', '.', '--offline']);
      assert.equal(folder.code, 1, 'a folder search lists it too');
      const dry = await run(['import', 'x.testcase.json', '--dry-run']);
      assert.notEqual(dry.code, null, 'import --dry-run ended (it was not killed)');
      assert.equal(dry.code, 1, dry.stdout + dry.stderr);
      assert.match(dry.stdout, /^would refuse x\.testcase\.json: .*FIFO/m);
    },
  );

  test("a crafted link carrying a hand-written file's own hash does not make export overwrite it (no --force)", async () => {
    // Hand-written: one line, not the text export writes, and not case 1's content.
    const mine = `${JSON.stringify({ name: 'My own case', testStepList: [] })}\n`;
    writeFileSync(join(dir.path, 'mine.testcase.json'), mine);
    stateFile(
      { 'mine.testcase.json': 1 },
      { 'mine.testcase.json': syncHash(JSON.parse(mine) as Record<string, unknown>) },
    );
    const r = await run(['export', '1', '--out', '.']);
    assert.equal(readFileSync(join(dir.path, 'mine.testcase.json'), 'utf8'), mine, 'the file is untouched');
    assert.notEqual(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^needsDecision mine\.testcase\.json \(test case 1 .*was never synced/m);
    // A file export wrote is still replaced on a re-export once the service changed it.
    const first = await run(['export', '2', '--out', 'cases']);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    emu.store.testCases.get(2)!.description = 'changed on the service';
    const again = await run(['export', '2', '--out', 'cases']);
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.match(again.stdout, /^written\s+cases\//m);
  });

  test("a crafted link naming another case's exported file (export's own text, its own hash) does not make export replace it", async () => {
    const first = await run(['export', '2', '--out', '.']);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    const file = readdirSync(dir.path).find((f) => f.endsWith('.testcase.json'))!;
    const before = readFileSync(join(dir.path, file), 'utf8');
    assert.equal((JSON.parse(before) as { id: number }).id, 2);
    // The repository now says that file is test case 1's, with the file's own hash as its base.
    stateFile({ [file]: 1 }, { [file]: syncHash(JSON.parse(before) as Record<string, unknown>) });
    const r = await run(['export', '1', '--out', '.']);
    assert.notEqual(r.code, 0, r.stdout + r.stderr);
    assert.equal(readFileSync(join(dir.path, file), 'utf8'), before, "test case 2's file is untouched");
    assert.ok(
      r.stdout
        .split('\n')
        .some((l) => l.startsWith(`needsDecision ${file} (test case 1 `) && l.includes('was never synced')),
      r.stdout,
    );
  });

  test('export refuses a target folder reached through a symbolic link out of the sync root', async () => {
    symlinkSync(outside.path, join(dir.path, 'out'), 'dir');
    const r = await run(['export', '1', '--out', 'out']);
    assert.notEqual(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual(readdirSync(outside.path), [], 'nothing written outside');
    assert.match(
      r.stdout,
      /^failed\s+out \(test case 1 .*\): .*out is reached through a symbolic link to .*, outside its sync root: nothing was written there\./m,
    );
    // Below such a link, too: no folder is made outside.
    const deeper = await run(['export', '1', '--out', 'out/sub']);
    assert.notEqual(deeper.code, 0);
    assert.deepEqual(readdirSync(outside.path), []);
  });

  // chmod 000 does not stop root: as root, tas runs as nobody here (the folder is opened to it).
  test('a file that cannot be read is an error of that file, not the end of the run', async () => {
    writeFileSync(join(dir.path, 'locked.testcase.json'), JSON.stringify({ name: 'Locked' }));
    writeFileSync(
      join(dir.path, 'open.testcase.json'),
      JSON.stringify({ name: 'Readable trust case', testStepList: [] }),
    );
    chmodSync(join(dir.path, 'locked.testcase.json'), 0o000);
    chmodSync(join(dir.path, 'open.testcase.json'), 0o666);
    chmodSync(dir.path, 0o777);
    const run = (args: string[]) =>
      tas(args, { cwd: dir.path, env: credentials(emu), timeoutMs: KILL_AFTER, unprivileged: true });
    const v = await run(['validate', '.', '--offline']);
    assert.equal(v.code, 1, v.stdout + v.stderr);
    assert.match(v.stdout, /^locked\.testcase\.json:1:1: error unreadable-file .*could not be read \(EACCES\)/m);
    assert.match(v.stderr, /^2 files checked/m);
    const i = await run(['import', '.', '--json']);
    const results = (JSON.parse(i.stdout) as { results: { path: string; outcome: string }[] }).results;
    assert.equal(results.find((x) => x.path === 'locked.testcase.json')?.outcome, 'refused');
    assert.equal(results.find((x) => x.path === 'open.testcase.json')?.outcome, 'created');
  });

  test('a Latin-1 file fails validation at its byte and is never imported or rewritten', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{\n  "name": "Caf'),
      Buffer.from([0xe9]),
      Buffer.from('",\n  "testStepList": []\n}\n'),
    ]);
    writeFileSync(join(dir.path, 'latin1.testcase.json'), bytes);
    const v = await run(['validate', 'latin1.testcase.json', '--offline']);
    assert.equal(v.code, 1, v.stdout + v.stderr);
    assert.match(v.stdout, /^latin1\.testcase\.json:2:15: error not-utf8 Not valid UTF-8: byte 16 /m);
    const before = imports();
    const i = await run(['import', 'latin1.testcase.json']);
    assert.equal(i.code, 1);
    assert.match(i.stdout, /^refused\s+latin1\.testcase\.json: .*is not valid UTF-8 \(byte 16/m);
    assert.equal(imports(), before);
    assert.deepEqual(readFileSync(join(dir.path, 'latin1.testcase.json')), bytes, 'every byte kept');
  });

  test('a 100,000-deep file: said plainly that it was not sent, and why', async () => {
    writeFileSync(
      join(dir.path, 'deep.testcase.json'),
      `{"name":"Deep trust case","notes":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    );
    const before = imports();
    const i = await run(['import', 'deep.testcase.json']);
    assert.equal(i.code, 1, i.stdout + i.stderr);
    assert.match(i.stdout, /was not sent: it nests values more than 256 levels deep/);
    assert.doesNotMatch(i.stdout, /may have been imported/);
    assert.equal(imports(), before);
  });

  test('an import that renames a service test case says both names: dry run, each line and the summary', async () => {
    const id = newCase('Before the rename');
    assert.equal((await run(['export', String(id), '--out', 'cases'])).code, 0);
    const file = readdirSync(join(dir.path, 'cases')).find((f) => f.endsWith('.testcase.json'))!;
    const path = join(dir.path, 'cases', file);
    writeFileSync(path, readFileSync(path, 'utf8').replace('"Before the rename"', '"After the rename"'));
    const dry = await run(['import', 'cases', '--dry-run']);
    assert.match(
      dry.stdout,
      /^would update cases\/.* \(test case \d+\): would rename "Before the rename" to "After the rename" on the service$/m,
    );
    assert.match(dry.stderr, /^Would rename on the service: "Before the rename" -> "After the rename"\.$/m);
    const real = await run(['import', 'cases']);
    assert.equal(real.code, 0, real.stderr);
    assert.match(
      real.stdout,
      /^updated\s+cases\/.*: renamed "Before the rename" to "After the rename" on the service$/m,
    );
    assert.match(real.stderr, /^Renamed on the service: "Before the rename" -> "After the rename"\.$/m);
    assert.equal(emu.store.testCases.get(id)?.name, 'After the rename');
  });
});
