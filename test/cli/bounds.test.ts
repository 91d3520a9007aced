import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';
import { endless, type HostileService, json, startHostileService } from './hostileService';

// Issue 19, bounded work on hostile input, at the `tas` boundary: numbers from the environment
// are clamped like the editor's settings; validate caps the problems of a file like the editor.

describe('tas: numbers from the environment are clamped', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator();
    dir = tempDir('tas-bounds-');
  });
  after(async () => {
    await emu.close();
    dir.remove();
  });

  test('TAS_REQUEST_TIMEOUT=1e10 is a timeout of 3600 s (not one that fires at once), said once', async () => {
    const r = await tas(['devices', '--json'], { cwd: dir.path, env: { ...credentials(emu), TAS_REQUEST_TIMEOUT: '1e10' } });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(Array.isArray(JSON.parse(r.stdout)), r.stdout.slice(0, 200));
    assert.equal(r.stderr.split('TAS_REQUEST_TIMEOUT').length - 1, 1, r.stderr);
    assert.match(r.stderr, /warning TAS_REQUEST_TIMEOUT is 10000000000, outside 1\.\.3600: 3600 is used\./);
  });
});

describe('tas validate: a per-file problem cap like the editor', { timeout: 60_000 }, () => {
  let dir: { path: string; remove: () => void };
  before(() => {
    dir = tempDir('tas-cap-');
    // 1 MB: 500,000 items of the wrong type (numbers where test cases belong).
    writeFileSync(join(dir.path, 'big.testcases.json'), `[${Array(500_000).fill('1').join(',')}]`);
  });
  after(() => dir.remove());

  test('500,000 wrong items: 300 problems and one line saying how many more, in seconds', async () => {
    const r = await tas(['validate', 'big.testcases.json', '--offline'], { cwd: dir.path, timeoutMs: 30_000 });
    assert.equal(r.code, 1, r.stderr);
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 301);
    assert.match(lines[0]!, /^big\.testcases\.json:1:2: error wrong-type Item 0 must be an object/);
    assert.equal(lines[300], 'big.testcases.json:1:1: info more-problems 499,700 more problems in this file are not shown (at most 300 are). Fix the ones shown, or raise the cap with --max-problems.');
  });

  test('--max-problems sets the cap, within the editor setting\'s range; json counts the line too', async () => {
    const r = await tas(['validate', 'big.testcases.json', '--offline', '--max-problems', '10', '--format', 'json'], { cwd: dir.path, timeoutMs: 30_000 });
    assert.equal(r.code, 1, r.stderr);
    const diagnostics = (JSON.parse(r.stdout) as { files: { diagnostics: { code: string; message: string }[] }[] }).files[0]!.diagnostics;
    assert.equal(diagnostics.length, 11);
    assert.equal(diagnostics[10]!.code, 'more-problems');
    assert.match(diagnostics[10]!.message, /^499,990 more problems in this file are not shown \(at most 10 are\)/);
    const wrong = await tas(['validate', 'big.testcases.json', '--offline', '--max-problems', '1000000000'], { cwd: dir.path, timeoutMs: 30_000 });
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /--max-problems takes 1 to 10000, not 1000000000/);
  });
});

describe("tas: the service's answers are input", { timeout: 120_000 }, () => {
  let emu: Emulator;
  let hostile: HostileService;
  let dir: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator();
    hostile = await startHostileService(emu.url);
    dir = tempDir('tas-answers-');
  });
  after(async () => {
    await hostile.close();
    await emu.close();
    dir.remove();
  });
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    tas(args, { cwd: dir.path, env: { ...credentials(emu), TAS_BASE_URL: hostile.url, ...env }, timeoutMs: 60_000 });

  test('an endless body is cut off at the cap with a clear error, not read whole', async () => {
    const sent = { bytes: 0 };
    hostile.routes.set('/api/v2/mobiledevices', endless(sent));
    try {
      const r = await run(['devices'], { TAS_MAX_BODY_MB: '2' });
      assert.notEqual(r.code, 0);
      assert.notEqual(r.code, null, 'tas ended');
      assert.match(r.stderr, /the answer is larger than 2 MB \(TAS_MAX_BODY_MB\) and was cut off/);
      assert.ok(sent.bytes < 64 * 1024 * 1024, `${sent.bytes} bytes sent`);
    } finally {
      hostile.routes.delete('/api/v2/mobiledevices');
    }
  });

  test('a declared 200 MB body is refused before it is read (default cap 128 MB)', async () => {
    let written = 0;
    hostile.routes.set('/api/v2/mobiledevices', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * 1024 * 1024) });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const more = () => {
        while (!res.destroyed && written < 200 * 1024 * 1024 && res.write(chunk)) written += chunk.length;
        if (!res.destroyed && written < 200 * 1024 * 1024) res.once('drain', more);
      };
      more();
    });
    try {
      const r = await run(['devices']);
      assert.notEqual(r.code, 0);
      assert.match(r.stderr, /the answer is larger than 128 MB \(TAS_MAX_BODY_MB\) and was cut off/);
      assert.ok(written < 100 * 1024 * 1024, `${written} bytes written`);
    } finally {
      hostile.routes.delete('/api/v2/mobiledevices');
    }
  });

  test('a 100,000-deep body is refused as too deep, without a stack overflow', async () => {
    hostile.routes.set('/api/v2/mobiledevices', json(`${'['.repeat(100_000)}${']'.repeat(100_000)}`));
    try {
      const r = await run(['devices', '--json']);
      assert.notEqual(r.code, 0);
      assert.doesNotMatch(r.stderr, /Maximum call stack|RangeError/);
      assert.match(r.stderr, /the answer nests more than 256 levels deep and was not read/);
    } finally {
      hostile.routes.delete('/api/v2/mobiledevices');
    }
  });
});
