import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

function runner(cwd: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
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
const shell = { TAS_BASE_URL: 'http://127.0.0.1:1', TAS_CLIENT_ID: 'ci-client', TAS_CLIENT_SECRET: 'not-a-real-secret', TAS_START_END: 'time' };

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
    const r = await runner(dir, ['--deployment', 'contract'], { ...shell, TAS_CONTRACT_BASE_URL: 'https://tas.invalid', TAS_CONTRACT_CLIENT_ID: 'c' });
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.err, /runs against https:\/\/tas\.invalid, read-only/);
  });

  test('--deployment is refused for any layer but contract, and without its URL', async () => {
    const dir = probe(reportEnv);
    assert.equal((await runner(dir, ['--deployment', 'probe'], {})).code, 2);
    assert.equal((await runner(dir, ['--deployment', 'contract'], {})).code, 2);
  });

  test('a test that never ends fails by name instead of hanging the run; a test\'s own timeout wins', async () => {
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
