import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { tas, tempDir } from './harness';

// Globs as users write them in `tas validate` (and every command that takes files): `*`, `?`,
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

const CASE = '{\n  "name": "Glob",\n  "disabled": "no",\n  "testStepList": [\n    { "function": "WAIT", "mobileDeviceId": 1, "params": { "seconds": 1 } }\n  ]\n}\n';

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
    assert.deepEqual(await checked('{calls,sms}/*.testcase.json'), ['calls/mo.testcase.json', 'calls/mt.testcase.json', 'sms/send.testcase.json']);
    assert.deepEqual(await checked('calls/{mo,mt}.testcase.json'), ['calls/mo.testcase.json', 'calls/mt.testcase.json']);
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
    assert.deepEqual(await checked('!calls'), all.filter((f) => !f.startsWith('calls/')), 'only a leave-out: the working folder less it');
    assert.deepEqual(await checked('calls', '!**/old/**'), ['calls/mo.testcase.json', 'calls/mt.testcase.json']);
    assert.deepEqual(await checked('data', '!data/{a,c}*'), ['data/b2.testcase.json']);
    assert.deepEqual(await checked('**/*.testcase.json', '!**/*m?.testcase.json', '!{sms,.hidden,\\{literal\\}}'), ['calls/old/mo-2g.testcase.json', 'data/a1.testcase.json', 'data/b2.testcase.json', 'data/c3.testcase.json']);
  });

  test('a glob that matches nothing, or only what is left out, is a usage error', async () => {
    const none = await tas(['validate', '--offline', '{voice,video}/*.testcase.json'], { cwd: dir.path });
    assert.equal(none.code, 2, none.stderr);
    assert.match(none.stderr, /no \*\.testcase\.json or \*\.testcases\.json files in \{voice,video\}\/\*\.testcase\.json/);
    const emptied = await tas(['validate', '--offline', 'data', '!data/*'], { cwd: dir.path });
    assert.equal(emptied.code, 2, emptied.stderr);
  });
});
