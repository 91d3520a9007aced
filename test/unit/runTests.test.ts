import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';

// scripts/run-tests.mjs, the runner behind `npm test`: the tests stay on loopback whatever the
// shell holds, a deployment is reached only by its own command, and a hang fails by name. Each case
// runs the script in a folder of its own with one probe test that reports what it was given.

const script = resolve(__dirname, '../../../scripts/run-tests.mjs');
const temps: string[] = [];
after(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

/** A folder holding one layer `probe` with one test file whose body is `body`. */
function probe(body: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'run-tests-'));
  temps.push(dir);
  mkdirSync(join(dir, 'out/test/probe'), { recursive: true });
  mkdirSync(join(dir, 'test/probe'), { recursive: true });
  writeFileSync(join(dir, 'test/probe/probe.test.ts'), '// source twin of the compiled probe\n');
  writeFileSync(join(dir, 'out/test/probe/probe.test.js'), `const { test } = require('node:test');\n${body}\n`);
  return dir;
}

function runner(
  cwd: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [script, ...args], { cwd, env: { PATH: process.env['PATH'] ?? '', ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => done({ code, out, err }));
  });
}

const reportEnv = `test('env', () => { const seen = Object.keys(process.env).filter((n) => n.startsWith('TAS_')).sort(); if (seen.length) throw new Error('saw ' + seen.join(',')); });`;
const shell = {
  TAS_BASE_URL: 'http://127.0.0.1:1',
  TAS_CLIENT_ID: 'ci-client',
  TAS_CLIENT_SECRET: 'not-a-real-secret',
  TAS_START_END: 'time',
};

describe('run-tests.mjs', () => {
  test('a shell holding TAS_* (a CI job set up for tas) reaches no test: they run on loopback', async () => {
    const r = await runner(probe(reportEnv), ['probe'], shell);
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.err, /ignoring TAS_BASE_URL, TAS_CLIENT_ID, TAS_CLIENT_SECRET, TAS_START_END/);
    assert.doesNotMatch(r.err + r.out, /not-a-real-secret/);
  });

  test('the probe itself fails when a TAS_* variable does reach it (the check can bite)', async () => {
    const r = await runner(probe(`process.env.TAS_BASE_URL = 'x';\n${reportEnv}`), ['probe'], {});
    assert.notEqual(r.code, 0);
    assert.match(r.out, /saw TAS_BASE_URL/);
  });

  test('--deployment passes only TAS_CONTRACT_* and says where it runs, read-only by default', async () => {
    const body = `test('env', () => { const seen = Object.keys(process.env).filter((n) => n.startsWith('TAS_')).sort().join(','); if (seen !== 'TAS_CONTRACT_BASE_URL,TAS_CONTRACT_CLIENT_ID') throw new Error('saw ' + seen); });`;
    const dir = probe(body);
    mkdirSync(join(dir, 'out/test/contract'), { recursive: true });
    mkdirSync(join(dir, 'test/contract'), { recursive: true });
    writeFileSync(join(dir, 'test/contract/probe.test.ts'), '\n');
    writeFileSync(join(dir, 'out/test/contract/probe.test.js'), `const { test } = require('node:test');\n${body}\n`);
    const r = await runner(dir, ['--deployment', 'contract'], {
      ...shell,
      TAS_CONTRACT_BASE_URL: 'https://tas.invalid',
      TAS_CONTRACT_CLIENT_ID: 'c',
    });
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.err, /runs against https:\/\/tas\.invalid, read-only/);
  });

  test('--deployment is refused for any layer but contract, and without its URL', async () => {
    const dir = probe(reportEnv);
    assert.equal((await runner(dir, ['--deployment', 'probe'], {})).code, 2);
    assert.equal((await runner(dir, ['--deployment', 'contract'], {})).code, 2);
  });

  test("tests keep to their own folders: a .tas above its folder, a folder left behind or a ~/.tas made fails the run by name; the run's folder goes", async () => {
    // The runner's own temporary folder and home folder, so that what the probes do stays here.
    const outer = mkdtempSync(join(tmpdir(), 'run-tests-tmp-'));
    const home = mkdtempSync(join(tmpdir(), 'run-tests-home-'));
    temps.push(outer, home);
    const env = { TMPDIR: outer, HOME: home };
    const probeTest = (name: string, body: string) =>
      probe(
        `const fs = require('node:fs'); const os = require('node:os'); const path = require('node:path');\ntest(${JSON.stringify(name)}, () => { ${body} });`,
      );

    const tidy = await runner(
      probeTest(
        'makes its own root and removes it',
        `const d = fs.mkdtempSync(path.join(os.tmpdir(), 'own-')); fs.mkdirSync(path.join(d, '.tas')); fs.rmSync(d, { recursive: true });`,
      ),
      ['probe'],
      env,
    );
    assert.equal(tidy.code, 0, tidy.out + tidy.err);

    const above = await runner(
      probeTest(
        'writes sync state above its folder',
        `fs.mkdirSync(path.join(os.tmpdir(), '.tas')); fs.writeFileSync(path.join(os.tmpdir(), '.tas', 'sync.json'), '{}');`,
      ),
      ['probe'],
      env,
    );
    assert.equal(above.code, 1, above.out + above.err);
    assert.match(above.err, /run-tests: a test wrote \.tas into the temporary folder itself, above its own folder/);

    const left = await runner(
      probeTest('forgets its folder', `fs.mkdtempSync(path.join(os.tmpdir(), 'forgotten-'));`),
      ['probe'],
      env,
    );
    assert.equal(left.code, 1, left.out + left.err);
    assert.match(left.err, /run-tests: tests left 1 temporary entry behind .*: forgotten-\w+/);

    const inHome = await runner(
      probeTest('writes sync state in the home folder', `fs.mkdirSync(path.join(os.homedir(), '.tas'));`),
      ['probe'],
      env,
    );
    assert.equal(inHome.code, 1, inHome.out + inHome.err);
    assert.match(
      inHome.err,
      new RegExp(`run-tests: the run made ${join(home, '.tas').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );

    assert.deepEqual(readdirSync(outer), [], 'each run removes its temporary folder');
  });

  test("a test that never ends fails by name instead of hanging the run; a test's own timeout wins", async () => {
    const body = [
      `test('waits forever', () => new Promise(() => { setInterval(() => undefined, 1000); }));`,
      `test('slow but within its own timeout', { timeout: 5000 }, () => new Promise((r) => setImmediate(() => setTimeout(r, 600))));`,
    ].join('\n');
    const r = await runner(probe(body), ['probe'], { RUN_TESTS_TIMEOUT_MS: '300' });
    assert.notEqual(r.code, 0);
    assert.match(r.out, /not ok \d+ - waits forever/);
    assert.match(r.out, /test timed out after 300ms/);
    assert.match(r.out, /\nok \d+ - slow but within its own timeout/);
  });
});
