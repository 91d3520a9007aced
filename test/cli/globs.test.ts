import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';

// Globs as users write them in `tas validate` (and every command that takes files: import and run below): `*`, `?`,
// `**`, `{a,b}`, `[...]`, and `!` arguments that leave out what they match. Each file checked
// has one error (so --format json lists it), so the test reads exactly which files an argument named.

const FILES = [
  'calls/mo.testcase.json',
  'calls/mt.testcase.json',
  'calls/old/mo-2g.testcase.json',
  'sms/send.testcase.json',
  'sms/deep/er/receive.testcase.json',
  'data/a1.testcase.json',
  'data/b2.testcase.json',
  'data/c3.testcase.json',
  'bundles/all.testcases.json',
  '.hidden/x.testcase.json',
  '{literal}/y.testcase.json',
];

const CASE =
  '{\n  "name": "Glob",\n  "disabled": "no",\n  "testStepList": [\n    { "function": "WAIT", "mobileDeviceId": 1, "params": { "seconds": 1 } }\n  ]\n}\n';

describe('tas globs', { timeout: 60_000 }, () => {
  let dir: { path: string; remove: () => void };
  before(() => {
    dir = tempDir();
    for (const f of FILES) {
      mkdirSync(dirname(join(dir.path, f)), { recursive: true });
      writeFileSync(join(dir.path, f), f.endsWith('.testcases.json') ? `[${CASE}]\n` : CASE);
    }
    mkdirSync(join(dir.path, 'node_modules', 'pkg'), { recursive: true });
    writeFileSync(join(dir.path, 'node_modules', 'pkg', 'z.testcase.json'), CASE);
  });
  after(() => dir.remove());

  /** The files `tas validate --offline <args>` checks, as it names them. */
  async function checked(...args: string[]): Promise<string[]> {
    const r = await tas(['validate', '--offline', '--format', 'json', ...args], { cwd: dir.path });
    assert.equal(r.code, 1, `${args.join(' ')}: ${r.stderr}`);
    const out = JSON.parse(r.stdout) as { checked: number; files: { path: string; diagnostics: { code: string }[] }[] };
    assert.equal(out.files.length, out.checked, 'every file checked has its one error');
    assert.ok(out.files.every((f) => f.diagnostics.some((d) => d.code === 'wrong-type')));
    return out.files.map((f) => f.path).sort();
  }

  test('* and ? stay within a folder; ** crosses folders; node_modules is never searched', async () => {
    assert.deepEqual(await checked('calls/*.testcase.json'), ['calls/mo.testcase.json', 'calls/mt.testcase.json']);
    assert.deepEqual(await checked('calls/m?.testcase.json'), ['calls/mo.testcase.json', 'calls/mt.testcase.json']);
    assert.deepEqual(await checked('calls/**/mo*.json'), ['calls/mo.testcase.json', 'calls/old/mo-2g.testcase.json']);
    assert.deepEqual(await checked('**/receive.testcase.json'), ['sms/deep/er/receive.testcase.json']);
    assert.deepEqual(await checked('**/*.testcases.json'), ['bundles/all.testcases.json']);
    assert.ok(!(await checked('**/*.json')).some((f) => f.includes('node_modules')));
  });

  test('{a,b} alternatives and [...] classes', async () => {
    assert.deepEqual(await checked('{calls,sms}/*.testcase.json'), [
      'calls/mo.testcase.json',
      'calls/mt.testcase.json',
      'sms/send.testcase.json',
    ]);
    assert.deepEqual(await checked('calls/{mo,mt}.testcase.json'), [
      'calls/mo.testcase.json',
      'calls/mt.testcase.json',
    ]);
    assert.deepEqual(await checked('data/[ab][0-9].testcase.json'), ['data/a1.testcase.json', 'data/b2.testcase.json']);
    assert.deepEqual(await checked('data/[!a]*.testcase.json'), ['data/b2.testcase.json', 'data/c3.testcase.json']);
    // Dot folders match like any other.
    assert.deepEqual(await checked('*/x.testcase.json'), ['.hidden/x.testcase.json']);
    // A path that exists is itself, even when it reads like a glob.
    assert.deepEqual(await checked('{literal}/y.testcase.json'), ['{literal}/y.testcase.json']);
  });

  test('! arguments leave out files and folders; the rest is searched as before', async () => {
    const all = await checked('.');
    assert.deepEqual(all, FILES.slice().sort());
    assert.deepEqual(
      await checked('!calls'),
      all.filter((f) => !f.startsWith('calls/')),
      'only a leave-out: the working folder less it',
    );
    assert.deepEqual(await checked('calls', '!**/old/**'), ['calls/mo.testcase.json', 'calls/mt.testcase.json']);
    assert.deepEqual(await checked('data', '!data/{a,c}*'), ['data/b2.testcase.json']);
    assert.deepEqual(await checked('**/*.testcase.json', '!**/*m?.testcase.json', '!{sms,.hidden,\\{literal\\}}'), [
      'calls/old/mo-2g.testcase.json',
      'data/a1.testcase.json',
      'data/b2.testcase.json',
      'data/c3.testcase.json',
    ]);
  });

  test('a glob that matches nothing, or only what is left out, is a usage error', async () => {
    const none = await tas(['validate', '--offline', '{voice,video}/*.testcase.json'], { cwd: dir.path });
    assert.equal(none.code, 2, none.stderr);
    assert.match(
      none.stderr,
      /no \*\.testcase\.json or \*\.testcases\.json files in \{voice,video\}\/\*\.testcase\.json/,
    );
    const emptied = await tas(['validate', '--offline', 'data', '!data/*'], { cwd: dir.path });
    assert.equal(emptied.code, 2, emptied.stderr);
  });

  test('every argument that matches nothing is a usage error naming it, wherever it stands; a ! that leaves out nothing is harmless', async () => {
    const beside = await tas(['validate', '--offline', 'calls/mo.testcase.json', 'smoke/**/*.testcase.json'], {
      cwd: dir.path,
    });
    assert.equal(beside.code, 2, `a glob that matches nothing beside a file that exists: ${beside.stderr}`);
    assert.match(
      beside.stderr,
      /no \*\.testcase\.json or \*\.testcases\.json files in smoke\/\*\*\/\*\.testcase\.json\./,
    );
    assert.doesNotMatch(beside.stderr, /checked/, 'nothing was checked');
    const two = await tas(['validate', '--offline', 'nightly/*.json', 'calls', 'gone.testcase.json'], {
      cwd: dir.path,
    });
    assert.equal(two.code, 2, two.stderr);
    assert.match(two.stderr, /files in nightly\/\*\.json\. gone\.testcase\.json does not exist\./, 'each one is named');
    mkdirSync(join(dir.path, 'empty'), { recursive: true });
    const folder = await tas(['validate', '--offline', 'calls', 'empty'], { cwd: dir.path });
    assert.equal(folder.code, 2, `a folder without test-case files: ${folder.stderr}`);
    assert.match(folder.stderr, /files in empty\./);
    assert.deepEqual(await checked('calls/*.testcase.json', '!drafts/**'), [
      'calls/mo.testcase.json',
      'calls/mt.testcase.json',
    ]);
  });
});

// import and run read their arguments with the same reader: globs, folders and ! arguments, and
// an argument that matches nothing is a usage error before anything is sent.
describe('tas import and tas run take globs', { timeout: 90_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator({ settings: { executionStepMs: 20 } });
  });
  after(async () => {
    await emu.close();
    dir?.remove();
  });
  beforeEach(() => {
    dir?.remove();
    dir = tempDir();
    // The folder is its own repository and sync root: links stay in it.
    mkdirSync(join(dir.path, '.git'));
    mkdirSync(join(dir.path, '.tas'));
    mkdirSync(join(dir.path, 'cases'));
    for (const name of ['first call', 'fast data', 'SMS one', 'SMS two']) {
      const file = join(dir.path, 'cases', `${name.replace(/ /g, '-')}.testcase.json`);
      writeFileSync(
        file,
        `${JSON.stringify({ name: `Glob ${name} ${dir.path}`, testStepList: [{ function: 'WAIT', params: { seconds: 1 } }] }, null, 2)}\n`,
      );
    }
  });
  const run = (args: string[]) => tas(args, { cwd: dir.path, env: credentials(emu) });
  const onService = () =>
    emu.store.testCases
      .all()
      .filter((t) => t.name.endsWith(dir.path))
      .map((t) => t.name.split(' ').slice(1, -1).join(' '))
      .sort();
  const imports = () => emu.requests.filter((r) => r.method !== 'GET' && r.path.startsWith('/api/v2/testcases')).length;

  test("tas import 'cases/*.testcase.json' and tas import cases '!cases/SMS*'", async () => {
    const some = await run(['import', 'cases/f*.testcase.json']);
    assert.equal(some.code, 0, some.stderr);
    assert.deepEqual(onService(), ['fast data', 'first call']);
    const rest = await run(['import', 'cases', '!cases/SMS*']);
    assert.equal(rest.code, 0, rest.stderr);
    assert.match(rest.stderr, /0 created, 0 updated, 2 unchanged/, 'the SMS files were left out');
    assert.deepEqual(onService(), ['fast data', 'first call']);
    const all = await run(['import', 'cases/*.testcase.json']);
    assert.equal(all.code, 0, all.stderr);
    assert.deepEqual(onService(), ['SMS one', 'SMS two', 'fast data', 'first call']);
  });

  test('tas import: an argument that matches nothing, beside one that does, is a usage error and nothing is sent', async () => {
    const before = imports();
    const r = await run(['import', 'cases/first-call.testcase.json', 'cases/*.testcase.jsn']);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /files in cases\/\*\.testcase\.jsn\./);
    assert.equal(imports(), before, 'nothing sent');
    assert.deepEqual(onService(), []);
  });

  test("tas run 'cases/f*.testcase.json' runs the linked test cases, beside ids, in the arguments' order", async () => {
    assert.equal((await run(['import', 'cases'])).code, 0);
    const ids = (name: string) => emu.store.testCases.all().find((t) => t.name === `Glob ${name} ${dir.path}`)!.id;
    const r = await run(['run', '1', 'cases/f*.testcase.json', '!cases/fast*', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const started = (JSON.parse(r.stdout) as { executionIds: number[] }).executionIds.map(
      (e) => emu.store.executions.get(e)!.testCaseId,
    );
    assert.deepEqual(started, [1, ids('first call')]);
    const none = await run(['run', '1', 'smoke/*.testcase.json']);
    assert.equal(none.code, 2, none.stderr);
    assert.match(none.stderr, /files in smoke\/\*\.testcase\.json\./);
  });
});
