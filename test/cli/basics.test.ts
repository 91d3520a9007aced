import { strict as assert } from 'node:assert';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';

// The command line itself: help, usage errors, credentials, `tas api`, listings, and the exit
// codes of refused credentials and a failing service.

describe('tas: help, credentials, api and listings', { timeout: 60_000 }, () => {
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
    emu.faults.reset();
    dir?.remove();
    dir = tempDir();
  });
  const run = (args: string[], env: NodeJS.ProcessEnv = credentials(emu), input?: string) =>
    tas(args, { cwd: dir.path, env, ...(input !== undefined && { input }) });

  test('--help lists every command and the exit codes; each command has help; --version, tas version', async () => {
    const help = await run(['--help'], {});
    assert.equal(help.code, 0);
    for (const c of [
      'validate',
      'import',
      'export',
      'run',
      'watch',
      'suites',
      'execute',
      'cancel',
      'executions',
      'rerun',
      'devices',
      'nodes',
      'users',
      'api',
      'login',
    ]) {
      assert.match(help.stdout, new RegExp(`\\n  ${c}\\s`), c);
      const own = await run([c, '--help'], {});
      assert.equal(own.code, 0, c);
      assert.match(own.stdout, new RegExp(`^Usage: tas ${c}`), c);
      assert.match(own.stdout, /6 {2}--wait ran out of time/);
    }
    const pkg = (JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { version: string })
      .version;
    // `tas version` for npx, which may read --version itself; a leading `--` (npx's) is not an argument of tas.
    for (const args of [['--version'], ['version'], ['--', '--version'], ['--', 'version']]) {
      const version = await run(args, {});
      assert.equal(version.code, 0, `${args.join(' ')}: ${version.stderr}`);
      assert.equal(version.stdout.trim(), pkg, args.join(' '));
    }
    assert.deepEqual(JSON.parse((await run(['version', '--json'], {})).stdout), { version: pkg });
  });

  test('usage errors exit 2: no command, unknown command, unknown option, missing argument, bad value', async () => {
    assert.equal((await run([], {})).code, 2);
    const unknown = await run(['frobnicate'], {});
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command "frobnicate"/);
    const typo = await run(['valdate'], {});
    assert.equal(typo.code, 2);
    assert.match(typo.stderr, /unknown command "valdate"\. Did you mean tas validate\?/);
    const option = await run(['suites', '--bogus']);
    assert.equal(option.code, 2);
    assert.match(option.stderr, /^tas suites: unknown option --bogus\.$/m);
    const negative = await run(['executions', '--limit', '-3']);
    assert.equal(negative.code, 2);
    assert.match(negative.stderr, /--limit needs a value/);
    assert.equal((await run(['executions', '--limit', '0'])).code, 2);
    assert.equal((await run(['watch'])).code, 2);
    assert.equal((await run(['run', '1', '--timeout', 'soon'])).code, 2);
    assert.equal((await run(['api', 'PATCH', 'testcases'])).code, 2);
    assert.equal(emu.requests.length, 0, 'a usage error sends nothing');
  });

  test('credentials: none, partial, refused -> 3, and the secret never appears in the output', async () => {
    const none = await run(['devices'], {});
    assert.equal(none.code, 3);
    assert.match(none.stderr, /TAS_BASE_URL/);
    const partial = await run(['devices'], { TAS_BASE_URL: emu.url, TAS_CLIENT_ID: 'demo-admin' });
    assert.equal(partial.code, 3);
    assert.match(partial.stderr, /missing: TAS_CLIENT_SECRET/);
    const wrong = await run(['devices'], { ...credentials(emu), TAS_CLIENT_SECRET: 'not-the-secret-4711' });
    assert.equal(wrong.code, 3);
    assert.match(wrong.stderr, /refused the client ID or secret/);
    assert.doesNotMatch(wrong.stdout + wrong.stderr, /not-the-secret-4711/);
    const noScheme = await run(['devices'], { ...credentials(emu), TAS_BASE_URL: '127.0.0.1:47222' });
    assert.equal(noScheme.code, 2, noScheme.stderr);
    assert.match(noScheme.stderr, /TAS_BASE_URL is not a service URL/);
    // A URL pasted with /api/v2 works as the base URL.
    assert.equal((await run(['devices'], { ...credentials(emu), TAS_BASE_URL: `${emu.url}/api/v2/` })).code, 0);
  });

  test('profiles: login reads the secret from stdin and writes an owner-only file; others-readable files are refused', async () => {
    const file = join(dir.path, 'profiles.json');
    const env = { TAS_PROFILES: file };
    const login = await run(
      ['login', '--profile', 'emu', '--base-url', emu.url, '--client-id', DEMO_CREDENTIALS.tester.clientId],
      env,
      `${DEMO_CREDENTIALS.tester.clientSecret}\n`,
    );
    assert.equal(login.code, 0, login.stderr);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.doesNotMatch(login.stdout + login.stderr, /demo-tester-secret/);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(saved.default, 'emu');
    assert.equal(saved.profiles.emu.clientId, 'demo-tester');

    const listed = await run(['nodes', '--json', '--profile', 'emu'], env);
    assert.equal(listed.code, 0, listed.stderr);
    // The default profile is used when nothing else is named.
    assert.equal((await run(['nodes'], env)).code, 0);
    assert.equal((await run(['nodes', '--profile', 'other'], env)).code, 2);

    chmodSync(file, 0o644);
    const refused = await run(['nodes', '--profile', 'emu'], env);
    assert.equal(refused.code, 3);
    assert.match(refused.stderr, /can be read by other users.*chmod 600/);

    const bad = await run(
      ['login', '--profile', 'x', '--base-url', emu.url, '--client-id', 'demo-admin'],
      { TAS_PROFILES: join(dir.path, 'p2.json') },
      'wrong-secret\n',
    );
    assert.equal(bad.code, 3);
    assert.match(bad.stderr, /not written/);

    // From a pipe only the secret is read: the URL and client ID must be options, and whatever
    // was piped is never repeated.
    const piped = await run(
      ['login', '--profile', 'y', '--no-verify'],
      { TAS_PROFILES: join(dir.path, 'p3.json') },
      'piped-secret-0815\n',
    );
    assert.equal(piped.code, 2);
    assert.match(piped.stderr, /give --base-url and --client-id/);
    assert.doesNotMatch(piped.stdout + piped.stderr, /piped-secret-0815/);
    const ftp = await run(
      ['login', '--profile', 'y', '--no-verify', '--base-url', 'ftp://x', '--client-id', 'c'],
      { TAS_PROFILES: join(dir.path, 'p3.json') },
      's\n',
    );
    assert.equal(ftp.code, 2);
    assert.match(ftp.stderr, /Use an http or https URL/);
  });

  test('a profiles file inside a repository is refused', async () => {
    writeFileSync(join(dir.path, '.git'), 'gitdir: elsewhere\n');
    const file = join(dir.path, 'profiles.json');
    writeFileSync(file, JSON.stringify({ profiles: { p: { baseUrl: emu.url, ...DEMO_CREDENTIALS.admin } } }), {
      mode: 0o600,
    });
    const r = await run(['nodes', '--profile', 'p'], { TAS_PROFILES: file });
    assert.equal(r.code, 3);
    assert.match(r.stderr, /inside the repository/);
  });

  test('tas api: reads, writes with --data, 404 -> 2; a call that creates is never repeated', async () => {
    const read = await run(['api', 'GET', 'testcases/1']);
    assert.equal(read.code, 0, read.stderr);
    assert.equal(JSON.parse(read.stdout).id, 1);
    const query = await run(['api', 'get', '/api/v2/testcases?size=2&page=0']);
    assert.equal(JSON.parse(query.stdout).content.length, 2);
    const body = JSON.stringify({ name: 'From the CLI', testStepList: [] });
    writeFileSync(join(dir.path, 'suite.json'), body);
    const created = await run(['api', 'POST', 'testcases', '--data', body]);
    assert.equal(created.code, 0, created.stderr);
    const missing = await run(['api', 'GET', 'testcases/999999']);
    assert.equal(missing.code, 2, "an id that names nothing is the caller's mistake, not an outage");
    assert.match(missing.stderr, /^GET \/api\/v2\/testcases\/999999 answered HTTP 404/m);
    assert.doesNotThrow(() => JSON.parse(missing.stdout), "the service's answer is printed, as curl and gh api do");

    emu.faults.rules.push({
      method: 'POST',
      path: '/api/v2/testcases/*/run',
      action: { kind: 'status', status: 503 },
      times: 5,
    });
    const before = emu.requests.filter((r) => r.path === '/api/v2/testcases/1/run').length;
    const start = await run(['api', 'POST', 'testcases/1/run']);
    assert.equal(start.code, 4);
    assert.match(start.stderr, /^POST \/api\/v2\/testcases\/1\/run answered HTTP 503/m);
    assert.equal(emu.requests.filter((r) => r.path === '/api/v2/testcases/1/run').length - before, 1, 'sent once');
  });

  test('listings: --json with stable field names, tables otherwise', async () => {
    const devices = JSON.parse((await run(['devices', '--json'])).stdout);
    assert.ok(devices.length > 0);
    assert.deepEqual(Object.keys(devices[0]).sort(), [
      'deviceModelName',
      'id',
      'msisdn',
      'name',
      'platformName',
      'testNodeId',
      'testNodeName',
    ]);
    const nodes = JSON.parse((await run(['nodes', '--json'])).stdout);
    for (const k of ['id', 'name', 'label', 'status']) assert.ok(k in nodes[0], k);
    const suites = JSON.parse((await run(['suites', '--json'])).stdout);
    for (const k of ['id', 'name', 'disabled', 'testCaseIds', 'activeExecutionIds']) assert.ok(k in suites[0], k);
    const executions = JSON.parse((await run(['executions', '--json', '--limit', '3'])).stdout);
    assert.equal(executions.length, 3);
    for (const k of ['id', 'status', 'kind', 'final']) assert.ok(k in executions[0], k);
    // Global options may come before the command too.
    const first = await run(['--json', 'devices']);
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual(JSON.parse(first.stdout), devices);
    const table = await run(['devices']);
    assert.match(table.stdout, /^ID\s+NAME\s+MSISDN/);
    assert.ok(!table.stdout.includes('\u001b['), 'no colour when not a terminal');
  });

  test("a reader that goes away (tas devices | head) ends nothing badly: the exit code is the command's, no EPIPE crash", async () => {
    for (const args of [['devices'], ['devices', '--json'], ['--help'], ['executions', '--limit', '50']]) {
      const r = await tas(args, { cwd: dir.path, env: credentials(emu), closeStdout: true });
      assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, /EPIPE|Unhandled|unexpected error/, args.join(' '));
    }
  });

  test('network and service failures: retried reads succeed; unreachable and lasting 5xx exit 4', async () => {
    emu.faults.rules.push({
      method: 'GET',
      path: '/api/v2/mobiledevices',
      action: { kind: 'status', status: 502 },
      times: 1,
    });
    const retried = await run(['devices', '--json']);
    assert.equal(retried.code, 0, retried.stderr);
    emu.faults.rules.push({
      method: 'GET',
      path: '/api/v2/mobiledevices',
      action: { kind: 'status', status: 500 },
      times: 10,
    });
    const failing = await run(['devices']);
    assert.equal(failing.code, 4);
    assert.match(failing.stderr, /had a problem/);
    const unreachable = await run(['devices'], { ...credentials(emu), TAS_BASE_URL: 'http://127.0.0.1:9' });
    assert.equal(unreachable.code, 4);
    assert.match(unreachable.stderr, /did not answer/);
  });
});
