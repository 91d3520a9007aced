import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';
import { endless, type HostileService, json, startHostileService } from '../emulator/hostileService';

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
    const r = await tas(['devices', '--json'], {
      cwd: dir.path,
      env: { ...credentials(emu), TAS_REQUEST_TIMEOUT: '1e10' },
    });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(Array.isArray(JSON.parse(r.stdout)), r.stdout.slice(0, 200));
    assert.equal(r.stderr.split('TAS_REQUEST_TIMEOUT').length - 1, 1, r.stderr);
    assert.match(r.stderr, /warning TAS_REQUEST_TIMEOUT is 10000000000, outside 1\.\.3600: 3600 is used\./);
  });

  test('every numeric TAS_* variable is read alike: out of its range it is clamped, no number gives the default, each said with value and range', async () => {
    const said = async (args: string[], env: NodeJS.ProcessEnv) => {
      const r = await tas(args, { cwd: dir.path, env: { ...credentials(emu), ...env } });
      assert.equal(r.code, 0, r.stderr);
      return r.stderr;
    };
    // Below 1 was the default in silence: now the smallest cap, and said (the devices fit in 1 MB).
    assert.match(
      await said(['devices', '--json'], { TAS_MAX_BODY_MB: '0' }),
      /^warning TAS_MAX_BODY_MB is 0, outside 1\.\.500: 1 is used\.$/m,
    );
    assert.match(
      await said(['devices', '--json'], { TAS_MAX_BODY_MB: 'lots' }),
      /^warning TAS_MAX_BODY_MB is "lots", not a number: 128 is used\.$/m,
    );
    assert.match(
      await said(['devices', '--json'], { TAS_MAX_LIST_PAGES: '-3' }),
      /^warning TAS_MAX_LIST_PAGES is -3, outside 1\.\.100000: 1 is used\.$/m,
    );
    assert.match(
      await said(['devices', '--json'], { TAS_MAX_LIST_PAGES: 'all' }),
      /^warning TAS_MAX_LIST_PAGES is "all", not a number: 200 is used\.$/m,
    );
    assert.match(
      await said(['run', '1', '--wait'], { TAS_POLL_INTERVAL: '0', TAS_WAIT_OUTAGE: '-1' }),
      /^warning TAS_WAIT_OUTAGE is -1, outside 0\.\.86400: 0 is used\.$/m,
    );
    assert.match(
      await said(['run', '1', '--wait'], { TAS_WAIT_OUTAGE: 'never' }),
      /^warning TAS_WAIT_OUTAGE is "never", not a number: 300 is used\.$/m,
    );
    // A value in range is not said.
    assert.doesNotMatch(
      await said(['devices', '--json'], { TAS_MAX_BODY_MB: '2', TAS_MAX_LIST_PAGES: '5', TAS_WAIT_OUTAGE: '10' }),
      /warning/,
    );

    // TAS_DIFF_LINES, read when a conflict's difference is shown.
    const got = await tas(['get', 'node', '1'], { cwd: dir.path, env: credentials(emu) });
    writeFileSync(
      join(dir.path, 'node.json'),
      JSON.stringify({ ...(JSON.parse(got.stdout) as object), name: 'Mine' }, null, 2),
    );
    emu.store.testNodes.get(1)!.name = 'Theirs';
    const conflict = await tas(['apply', 'node.json'], {
      cwd: dir.path,
      env: { ...credentials(emu), TAS_DIFF_LINES: '-2' },
    });
    assert.equal(conflict.code, 5, conflict.stderr);
    assert.match(conflict.stderr, /^warning TAS_DIFF_LINES is -2, outside 0\.\.100000: 0 is used\.$/m);
    assert.doesNotMatch(conflict.stderr, /^[-+]\s+"name"/m, 'no diff lines (0)');
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
    assert.equal(
      lines[300],
      'big.testcases.json:1:1: info more-problems 499,700 more problems in this file are not shown (at most 300 are). Fix the ones shown, or raise the cap with --max-problems.',
    );
  });

  test("--max-problems sets the cap, within the editor setting's range; json counts the line too", async () => {
    const r = await tas(['validate', 'big.testcases.json', '--offline', '--max-problems', '10', '--format', 'json'], {
      cwd: dir.path,
      timeoutMs: 30_000,
    });
    assert.equal(r.code, 1, r.stderr);
    const diagnostics = (JSON.parse(r.stdout) as { files: { diagnostics: { code: string; message: string }[] }[] })
      .files[0]!.diagnostics;
    assert.equal(diagnostics.length, 11);
    assert.equal(diagnostics[10]!.code, 'more-problems');
    assert.match(diagnostics[10]!.message, /^499,990 more problems in this file are not shown \(at most 10 are\)/);
    const wrong = await tas(['validate', 'big.testcases.json', '--offline', '--max-problems', '1000000000'], {
      cwd: dir.path,
      timeoutMs: 30_000,
    });
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

  test('wrong types in a list (null, a number, a string id, a number for a name) do not stop tas devices: the rest is shown, the unusable items said', async () => {
    hostile.routes.set(
      '/api/v2/mobiledevices',
      json(
        JSON.stringify([
          { id: '5', name: 7, msisdn: 12 },
          null,
          { id: 2, name: 'Pixel', msisdn: '4916000' },
          'x',
          { id: 'abc' },
        ]),
      ),
    );
    try {
      for (const args of [['devices'], ['devices', '--json']]) {
        const r = await run(args);
        assert.equal(r.code, 0, r.stderr);
        assert.doesNotMatch(r.stderr, /Cannot read properties/);
        assert.match(
          r.stderr,
          /3 items of the list of mobile devices could not be used and are not shown: item 2 is null, not a record; item 4 is a string, not a record; item 5 has the id "abc", not a whole number\./,
        );
        // The fields of a kept record that are not text are said by id, with how they were read.
        assert.match(
          r.stderr,
          /The list of mobile devices holds fields of the wrong type: id 5: name is the number 7, read as the text "7"; id 5: msisdn is the number 12, read as the text "12"\./,
        );
        if (args.includes('--json')) {
          assert.deepEqual(
            (JSON.parse(r.stdout) as { id: number }[]).map((d) => d.id),
            [5, 2],
          );
        } else {
          assert.match(r.stdout, /^5\b/m);
          assert.match(r.stdout, /^2\s+Pixel\s+4916000/m);
        }
      }
    } finally {
      hostile.routes.delete('/api/v2/mobiledevices');
    }
  });

  test('a 100,000-deep body is refused as too deep, without a stack overflow; a deep item of a list is said and left out', async () => {
    hostile.routes.set('/api/v2/mobiledevices', json(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`));
    try {
      const r = await run(['devices', '--json']);
      assert.equal(r.code, 4, r.stderr);
      assert.doesNotMatch(r.stderr, /Maximum call stack|RangeError/);
      assert.match(r.stderr, /the answer nests more than 256 levels deep and was not read/);
      hostile.routes.set(
        '/api/v2/mobiledevices',
        json(`[{"id":2,"name":"Pixel"},${'['.repeat(100_000)}${']'.repeat(100_000)}]`),
      );
      const list = await run(['devices', '--json']);
      assert.equal(list.code, 0, list.stderr);
      assert.deepEqual(
        (JSON.parse(list.stdout) as { id: number }[]).map((d) => d.id),
        [2],
      );
      assert.match(
        list.stderr,
        /nested more than 256 levels deep; they are read as their ids alone \(or left out, without one\): item 2\./,
      );
    } finally {
      hostile.routes.delete('/api/v2/mobiledevices');
    }
  });

  test('a 100,000-deep error answer is an error with its status, never a stack overflow (text and --json)', async () => {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    hostile.routes.set('/api/v2/mobiledevices', (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(deep);
    });
    try {
      for (const args of [
        ['devices'],
        ['devices', '--json'],
        ['api', 'GET', '/api/v2/mobiledevices'],
        ['api', 'GET', '/api/v2/mobiledevices', '--json'],
      ]) {
        const r = await run(args);
        assert.notEqual(r.code, 0, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
        assert.doesNotMatch(r.stdout + r.stderr, /Maximum call stack|RangeError|at .*\.js:\d+/, args.join(' '));
        assert.match(r.stderr, /500/, args.join(' '));
      }
    } finally {
      hostile.routes.delete('/api/v2/mobiledevices');
    }
  });
});

describe('tas export --all: one bad record never stops the others', { timeout: 120_000 }, () => {
  test('a 3,000-deep test case fails alone, said by id and why; the other 50 are exported and their links saved', async () => {
    const emu = await startEmulator();
    const dir = tempDir('tas-deep-export-');
    try {
      let deep: unknown = 1;
      for (let i = 0; i < 3000; i++) deep = [deep];
      const bad = emu.store.testCases.insert(
        (id) => ({ ...emu.store.testCases.get(1)!, id, name: 'Deep one', ownerId: 1, description: deep }) as never,
      ).id;
      const total = emu.store.testCases.all().length;
      const r = await tas(['export', '--all', '--out', 'cases'], {
        cwd: dir.path,
        env: credentials(emu),
        timeoutMs: 60_000,
      });
      // An answer tas cannot use is no outage (4): something asked for was not done (1).
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(
        r.stdout,
        new RegExp(
          `^failed\\s+cases \\(test case ${bad}\\): Could not export test case ${bad}: .*the answer nests more than 256 levels deep`,
          'm',
        ),
      );
      assert.match(r.stderr, new RegExp(`^${total} asked: ${total - 1} written, 0 unchanged, 1 not written\\.`, 'm'));
      assert.match(
        r.stderr,
        new RegExp(
          `nested more than 256 levels deep; they are read as their ids alone \\(or left out, without one\\): id ${bad}\\.`,
        ),
      );
      const files = readdirSync(join(dir.path, 'cases')).filter((f) => f.endsWith('.testcase.json'));
      assert.equal(files.length, total - 1);
      const stateFile = [join(dir.path, '.tas', 'sync.json'), join(dir.path, 'cases', '.tas', 'sync.json')].find((p) =>
        existsSync(p),
      );
      assert.ok(stateFile, 'the sync state was saved');
      const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { files: Record<string, unknown> };
      assert.equal(Object.keys(state.files).length, total - 1);
    } finally {
      await emu.close();
      dir.remove();
    }
  });
});
