import { strict as assert } from 'node:assert';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { says } from '../manual';
import { credentials, tas, tempDir } from './harness';

// Claims of the manual's command-line sections, each run as written against the emulator: the
// exit-code table, the dry-run rule, --verbose, and the troubleshooting entries about tas. Each
// test quotes the manual's sentence it holds to, and fails when the manual no longer says it.

const ROOT = resolve(__dirname, '../../..');
const SAMPLES = join(ROOT, 'samples', 'workspace');
/** A loopback port nothing listens on (port 1 needs root to listen; nothing does here). */
const REFUSING = 'http://127.0.0.1:1';

describe('the manual, run as written', { timeout: 120_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator();
  });
  after(async () => {
    await emu.close();
    dir?.remove();
  });
  beforeEach(() => {
    emu.faults.reset();
    emu.faults.rules.length = 0;
    dir?.remove();
    dir = tempDir();
  });
  const run = (args: string[], env: NodeJS.ProcessEnv = credentials(emu)) => tas(args, { cwd: dir.path, env });
  const here = (...parts: string[]) => join(dir.path, ...parts);
  const listing = () => readdirSync(dir.path).sort();
  const writes = () =>
    emu.requests.filter(
      (r) => r.method !== 'GET' && r.path !== '/api/v2/connect/token' && r.path !== '/api/v2/testcases/export',
    ).length;
  const newCase = (file: string, value: Record<string, unknown>) =>
    writeFileSync(here(file), `${JSON.stringify(value, null, 2)}\n`);

  test('exit codes: each row of the table, run', async () => {
    says(
      '| 1 | a problem in your files, a test that did not pass, or work not done for another reason | validation errors',
    );
    newCase('good.testcase.json', {
      name: 'README good',
      testStepList: [{ function: 'WAIT', params: { seconds: 1 } }],
    });
    assert.equal((await run(['validate', '--offline', 'good.testcase.json'])).code, 0);
    newCase('bad.testcase.json', { name: 'README bad', disabled: 'no' });
    assert.equal((await run(['validate', '--offline', 'bad.testcase.json'])).code, 1);

    says(
      'no test-case file matches a path or glob given (see *Files and globs*); a base URL that is not an http(s) URL',
    );
    assert.equal((await run(['validate', 'nothing/**/*.json'])).code, 2);
    assert.equal((await run(['devices'], { ...credentials(emu), TAS_BASE_URL: 'ftp://tas.invalid' })).code, 2);
    says('a plain http URL of another machine without the opt-in');
    assert.equal((await run(['devices'], { ...credentials(emu), TAS_BASE_URL: 'http://tas.invalid' })).code, 2);
    says(
      'an id or name given that names nothing on the service (`run`, `watch`, `execute`, `cancel`, `rerun`, `export`, `copy`, `api`)',
    );
    for (const args of [
      ['watch', '9999'],
      ['rerun', '9999'],
      ['execute', 'no such suite'],
      ['cancel', 'no such suite'],
      ['run', '9999'],
      ['export', '9999', '--out', 'x'],
      ['api', 'GET', 'testcases/9999'],
    ]) {
      const r = await run(args);
      assert.equal(r.code, 2, `tas ${args.join(' ')}: ${r.stderr}`);
    }
    assert.ok(!existsSync(here('x')), 'export of an id that names nothing makes no folder');

    says('| 3 | no credentials, or the service (or the proxy) refused them | also a refused profile file |');
    assert.equal((await run(['devices'], {})).code, 3);
    assert.equal((await run(['devices'], { ...credentials(emu), TAS_CLIENT_SECRET: 'not-it' })).code, 3);

    says('validation that could not check references (use `--offline`)');
    assert.equal((await run(['devices'], { ...credentials(emu), TAS_BASE_URL: REFUSING })).code, 4);
    assert.equal(
      (await run(['validate', 'good.testcase.json'], { ...credentials(emu), TAS_BASE_URL: REFUSING })).code,
      4,
    );

    says(
      '| 5 | a conflict waits for a decision (import or export refused to overwrite) | conflict, service changed, name taken, local file changes;',
    );
    newCase('taken.testcase.json', { name: 'Voice call MO LTE #001', description: "not the service's" });
    assert.equal((await run(['import', 'taken.testcase.json'])).code, 5);

    says('| 6 | `--wait` ran out of time (`--timeout`) |');
    emu.settings.executionStepMs = 60_000;
    try {
      assert.equal((await run(['run', '1', '--timeout', '200ms'])).code, 6);
    } finally {
      emu.settings.executionStepMs = 1500;
    }

    says(
      '| 7 | the service refused what was asked, and it is not an outage; the message says why | a 400 or 422 (from `tas api` too); running a disabled test case or one without steps, executing a disabled suite',
    );
    const disabled = emu.store.testCases.insert((id) => ({
      ...emu.store.testCases.get(1)!,
      id,
      name: 'README disabled',
      disabled: true,
      disableReason: 'no SIM',
    })).id;
    const refused = await run(['run', String(disabled)]);
    assert.equal(refused.code, 7, refused.stderr);
    assert.match(refused.stderr, /disabled: no SIM/);
    assert.equal((await run(['execute', String(emu.store.testSuites.all().find((x) => x.disabled)!.id)])).code, 7);
    assert.equal((await run(['api', 'POST', 'testcases', '--data', '{"name": 5}'])).code, 7);
  });

  test('an id that names nothing: export exits 2 and writes nothing, even beside ids that exist', async () => {
    const r = await run(['export', '1', '9999', '--out', 'cases']);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stdout, /9999 does not exist/);
    assert.deepEqual(listing(), [], 'no folder, file or sync state');
    const json = JSON.parse((await run(['export', '9999', '--out', 'cases', '--json'])).stdout) as {
      results: { reason?: string }[];
    };
    assert.equal(json.results[0]!.reason, 'notOnService');
  });

  test("a dry run exits with the real command's code: tas import . --dry-run on the sample workspace", async () => {
    says('Its exit code is the one the real command would give');
    cpSync(SAMPLES, dir.path, { recursive: true });
    const before = listing();
    const sent = writes();
    const dry = await run(['import', '.', '--dry-run']);
    assert.equal(writes(), sent, 'a dry run sends no change');
    assert.deepEqual(listing(), before, 'a dry run writes nothing');
    assert.match(dry.stdout, /would refuse\s+broken-references\.testcase\.json.*'disabled' must be true or false/);
    const real = await run(['import', '.']);
    // The service refused one case for its content: 7, and the dry run found it with the schema.
    assert.equal(real.code, 7, real.stdout);
    assert.equal(dry.code, real.code, `dry run: ${dry.stdout}\nreal: ${real.stdout}`);
  });

  test('the dry-run rule: 5 when it would refuse to overwrite or a name is taken, and nothing written', async () => {
    says('(5 when it would refuse to overwrite or a name is taken;');
    newCase('taken.testcase.json', { name: 'Voice call MO LTE #001', description: 'another one' });
    const dryImport = await run(['import', '.', '--dry-run']);
    assert.equal(dryImport.code, 5, dryImport.stdout);
    assert.ok(!existsSync(here('.tas')));
    assert.equal((await run(['import', '.'])).code, 5);

    assert.equal((await run(['export', '1', '--out', 'cases'])).code, 0);
    const file = join(
      here('cases'),
      readdirSync(here('cases')).find((f) => f.endsWith('.testcase.json'))!,
    );
    const edited = `${JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), description: 'local edit' }, null, 2)}\n`;
    writeFileSync(file, edited);
    const dryExport = await run(['export', '1', '--out', 'cases', '--dry-run']);
    assert.equal(readFileSync(file, 'utf8'), edited, 'the dry run left the file alone');
    const realExport = await run(['export', '1', '--out', 'cases']);
    assert.equal(realExport.code, 5, realExport.stdout);
    assert.equal(dryExport.code, realExport.code);
  });

  test('tas validate with errors against an unreachable service says the references were not checked', async () => {
    says(
      '**`tas validate` exits 4 with "References not verified".** The service could not be reached; `--offline` checks the files alone.',
    );
    newCase('good.testcase.json', { name: 'README good' });
    const clean = await run(['validate', '.'], { ...credentials(emu), TAS_BASE_URL: REFUSING });
    assert.equal(clean.code, 4);
    assert.match(clean.stderr, /References not verified: .*Use --offline/);
    assert.equal((await run(['validate', '--offline', '.'], { ...credentials(emu), TAS_BASE_URL: REFUSING })).code, 0);
    newCase('bad.testcase.json', { name: 'README bad', disabled: 'no' });
    const broken = await run(['validate', '.'], { ...credentials(emu), TAS_BASE_URL: REFUSING });
    assert.equal(broken.code, 1, 'errors outrank the unreachable service');
    assert.match(broken.stderr, /References not verified: /);
  });

  test('a file linked in .tas/sync.json whose test case was deleted on the service gets unlinked-id', async () => {
    newCase('gone.testcase.json', { name: 'README soon deleted' });
    assert.equal((await run(['import', 'gone.testcase.json'])).code, 0);
    const id = (JSON.parse(readFileSync(here('gone.testcase.json'), 'utf8')) as { id: number }).id;
    const codes = async () => {
      const r = await run(['validate', 'gone.testcase.json', '--format', 'json']);
      return (JSON.parse(r.stdout) as { files: { diagnostics: { code: string }[] }[] }).files.flatMap((f) =>
        f.diagnostics.map((d) => d.code),
      );
    };
    assert.deepEqual(await codes(), []);
    assert.ok(emu.store.testCases.delete(id));
    assert.ok((await codes()).includes('unlinked-id'), 'the linked file');
    // The same without the id in the file: the link alone names the deleted case.
    const { id: _drop, ...rest } = JSON.parse(readFileSync(here('gone.testcase.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    newCase('gone.testcase.json', rest);
    assert.ok((await codes()).includes('unlinked-id'), 'the link of .tas/sync.json alone');
  });

  test('--verbose logs the requests of every command that makes requests', async () => {
    says('`--verbose` (request log on stderr, never secrets)');
    newCase('good.testcase.json', {
      name: 'README verbose',
      testStepList: [{ function: 'WAIT', params: { seconds: 1 } }],
    });
    const commands = [
      ['validate', 'good.testcase.json'],
      ['import', 'good.testcase.json', '--dry-run'],
      ['export', '1', '--out', 'cases', '--dry-run'],
      ['suites'],
      ['executions'],
      ['devices'],
      ['nodes'],
      ['api', 'GET', 'projects'],
    ];
    for (const args of commands) {
      const r = await run(['--verbose', ...args]);
      assert.match(r.stderr, /POST \/api\/v2\/connect\/token 200/, `tas ${args.join(' ')}`);
      assert.match(r.stderr, /(GET|POST) \/api\/v2\/(?!connect)\S+ 200/, `tas ${args.join(' ')}`);
      assert.doesNotMatch(r.stderr, new RegExp(credentials(emu)['TAS_CLIENT_SECRET']!), 'never the secret');
    }
  });

  test('an import whose answer was lost: importing again shows the case unchanged; a different case of that name stays a conflict', async () => {
    says(
      '**An import reports "may have been imported".** The connection broke after the batch left; it is never sent again on its own. Run Import to Service again: what arrived shows as unchanged.',
    );
    newCase('lost.testcase.json', {
      name: 'README lost answer',
      testStepList: [{ function: 'WAIT', params: { seconds: 2 } }],
    });
    emu.faults.rules.push({
      method: 'POST',
      path: '/api/v2/testcases/import',
      action: { kind: 'dropAfter' },
      times: 1,
    });
    const first = await run(['import', '.']);
    // No answer: an outage (4), not a refusal.
    assert.equal(first.code, 4, first.stdout);
    assert.match(first.stdout, /may have been imported/);
    const sent = writes();
    const again = await run(['import', '.']);
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.match(again.stdout, /^unchanged\s+lost\.testcase\.json \(test case \d+\)/m);
    assert.equal(writes(), sent, 'nothing sent again');
    const id = (JSON.parse(readFileSync(here('lost.testcase.json'), 'utf8')) as { id?: number }).id;
    assert.equal(
      emu.store.testCases.get(id!)?.name,
      'README lost answer',
      'the file is linked to the case that arrived',
    );

    // Same name, different content: not adopted.
    mkdirSync(here('other'));
    writeFileSync(
      here('other', 'lost.testcase.json'),
      JSON.stringify({ name: 'README lost answer', testStepList: [{ function: 'WAIT', params: { seconds: 3 } }] }),
    );
    const clash = await run(['import', 'other']);
    assert.equal(clash.code, 5, clash.stdout);
    assert.match(clash.stdout, /nameTaken/);
  });

  test('troubleshooting: tas run <file> exits 5 until the file is imported', async () => {
    says('**`tas run <file>` exits 5.** The file is not on the service or differs from it: `tas import` it first.');
    newCase('fresh.testcase.json', {
      name: 'README run me',
      testStepList: [{ function: 'WAIT', params: { seconds: 1 } }],
    });
    assert.equal((await run(['run', 'fresh.testcase.json'])).code, 5);
    assert.equal((await run(['import', 'fresh.testcase.json'])).code, 0);
    const ran = await run(['run', 'fresh.testcase.json']);
    assert.equal(ran.code, 0, ran.stderr);
  });

  test('troubleshooting: a profile file others can read is refused; chmod 600 settles it', async () => {
    says('**`tas` says the profile file "can be read by other users".** `chmod 600 ~/.config/tas/profiles.json`.');
    const file = here('.config', 'tas', 'profiles.json');
    mkdirSync(here('.config', 'tas'), { recursive: true });
    const c = credentials(emu);
    writeFileSync(
      file,
      JSON.stringify({
        default: 'emu',
        profiles: {
          emu: { baseUrl: c['TAS_BASE_URL'], clientId: c['TAS_CLIENT_ID'], clientSecret: c['TAS_CLIENT_SECRET'] },
        },
      }),
      { mode: 0o644 },
    );
    const refused = await run(['nodes'], {});
    assert.equal(refused.code, 3);
    assert.match(refused.stderr, /can be read by other users/);
    chmodSync(file, 0o600);
    assert.equal((await run(['nodes'], {})).code, 0);
  });
});
