import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { CLI, tas, tempDir } from './harness';

// `tas login` and `tas logout` with the operating system's keyring (issue 38): the Secret Service
// of GNOME Keyring in a D-Bus session this test starts (dbus-run-session; .ci/run installs dbus,
// gnome-keyring and libsecret-tools), its keyring files in the test's folder; and without any
// keyring (no D-Bus session), where the profiles file keeps the secret as before.

const SECRET = DEMO_CREDENTIALS.tester.clientSecret;
const CLIENT = DEMO_CREDENTIALS.tester.clientId;

/** Every file under `dir` whose bytes hold `text`; `skip`: a top-level folder left out. */
function filesHolding(dir: string, text: string, skip?: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.name !== skip)
    .flatMap((e) => (e.isDirectory() ? readdirSync(join(dir, e.name), { recursive: true, withFileTypes: true }) : [e]))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .filter((path) => readFileSync(path).includes(text));
}

describe('tas login and logout with the system keyring', () => {
  let emu: Emulator;
  before(async () => {
    emu = await startEmulator();
  });
  after(() => emu.close());

  test('with a Secret Service: the secret goes to the keyring, profiles.json holds a marker, logout removes both', async () => {
    for (const tool of ['dbus-run-session', 'gnome-keyring-daemon', 'secret-tool'])
      assert.equal(
        spawnSync('sh', ['-c', `command -v ${tool}`]).status,
        0,
        `${tool} is installed (.ci/run installs it)`,
      );
    const dir = tempDir('tas-keyring-');
    try {
      const run = join(dir.path, 'run');
      mkdirSync(run, { mode: 0o700 });
      const node = process.execPath;
      const step = (name: string, command: string) => `${command} >${name}.out 2>${name}.err; echo $? >${name}.rc`;
      // One D-Bus session for every step: the keyring is unlocked with a throwaway password first.
      const script = [
        'set -u',
        `printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1`,
        step(
          'login',
          `printf '%s\\n' "$TEST_SECRET" | "${node}" "${CLI}" login --profile emu --base-url "${emu.url}" --client-id ${CLIENT}`,
        ),
        'cp .config/tas/profiles.json after-login.json',
        step('nodes', `"${node}" "${CLI}" nodes --json --verbose`),
        step('stored', `secret-tool search service tas`),
        step('logout', `"${node}" "${CLI}" logout --profile emu`),
        step('gone', `secret-tool search service tas`),
      ].join('\n');
      writeFileSync(join(dir.path, 'steps.sh'), script);
      const code = await new Promise<number | null>((done, fail) => {
        const child = spawn('dbus-run-session', ['--', 'bash', 'steps.sh'], {
          cwd: dir.path,
          env: {
            PATH: process.env['PATH'] ?? '',
            HOME: dir.path,
            XDG_CONFIG_HOME: join(dir.path, '.config'),
            XDG_DATA_HOME: join(dir.path, 'data'),
            XDG_RUNTIME_DIR: run,
            TEST_SECRET: SECRET,
          },
          stdio: 'ignore',
        });
        child.on('error', fail);
        child.on('close', done);
      });
      assert.equal(code, 0);
      const out = (name: string) => ({
        rc: readFileSync(join(dir.path, `${name}.rc`), 'utf8').trim(),
        stdout: readFileSync(join(dir.path, `${name}.out`), 'utf8'),
        stderr: readFileSync(join(dir.path, `${name}.err`), 'utf8'),
      });

      const login = out('login');
      assert.equal(login.rc, '0', login.stderr);
      assert.match(login.stdout, /Profile "emu" written to .*profiles\.json \(the default\)\./);
      assert.match(login.stdout, /The client secret is kept in the system keyring \(Secret Service\)\./);
      const profiles = join(dir.path, '.config', 'tas', 'profiles.json');
      assert.deepEqual(JSON.parse(readFileSync(join(dir.path, 'after-login.json'), 'utf8')).profiles.emu, {
        baseUrl: emu.url,
        clientId: CLIENT,
        secretIn: 'keyring',
      });

      // The profile works with the secret from the keyring; --verbose shows every request, never the secret.
      const nodes = out('nodes');
      assert.equal(nodes.rc, '0', nodes.stderr);
      assert.ok(Array.isArray(JSON.parse(nodes.stdout)));
      const stored = out('stored');
      assert.match(stored.stdout + stored.stderr, new RegExp(`secret = ${SECRET}`), 'the keyring has it');

      const logout = out('logout');
      assert.equal(logout.rc, '0', logout.stderr);
      assert.match(
        logout.stdout,
        /Profile "emu" removed from .*profiles\.json; its client secret was removed from the system keyring \(Secret Service\)\./,
      );
      assert.doesNotMatch(out('gone').stdout, /secret =/);
      assert.deepEqual(JSON.parse(readFileSync(profiles, 'utf8')), { profiles: {} });

      // In no output, log or file of tas (the keyring's own file is encrypted); secret-tool's answer aside.
      for (const name of ['login', 'nodes', 'logout'])
        assert.doesNotMatch(out(name).stdout + out(name).stderr, new RegExp(SECRET), name);
      // The daemon's sockets (run/) go away as it exits after the session: not read, and removed with retries.
      assert.deepEqual(
        filesHolding(dir.path, SECRET, 'run').map((p) => p.slice(dir.path.length + 1)),
        ['stored.out'],
      );
    } finally {
      rmSync(dir.path, { recursive: true, force: true, maxRetries: 10 });
    }
  });

  test('without a keyring: the file keeps the secret as before, login says so, logout removes the profile', async () => {
    const dir = tempDir('tas-nokeyring-');
    try {
      const login = await tas(['login', '--profile', 'emu', '--base-url', emu.url, '--client-id', CLIENT], {
        cwd: dir.path,
        input: `${SECRET}\n`,
      });
      assert.equal(login.code, 0, login.stderr);
      assert.match(
        login.stdout,
        /The client secret is kept in that file, readable by you only: no system keyring answered \(no D-Bus session: DBUS_SESSION_BUS_ADDRESS is not set\)\./,
      );
      assert.doesNotMatch(login.stdout + login.stderr, new RegExp(SECRET));
      const profiles = join(dir.path, '.config', 'tas', 'profiles.json');
      assert.equal(statSync(profiles).mode & 0o777, 0o600);
      assert.equal(JSON.parse(readFileSync(profiles, 'utf8')).profiles.emu.clientSecret, SECRET);
      assert.equal((await tas(['nodes'], { cwd: dir.path })).code, 0);

      const logout = await tas(['logout', '--json'], { cwd: dir.path });
      assert.equal(logout.code, 0, logout.stderr);
      assert.deepEqual(JSON.parse(logout.stdout), { profile: 'emu', path: profiles, secretRemovedFrom: 'file' });
      assert.deepEqual(filesHolding(dir.path, SECRET), []);
      // A profile whose secret is in a keyring that does not answer: exit 3, with the next step.
      writeFileSync(
        profiles,
        JSON.stringify({ profiles: { kr: { baseUrl: emu.url, clientId: CLIENT, secretIn: 'keyring' } } }),
        { mode: 0o600 },
      );
      const locked = await tas(['nodes', '--profile', 'kr'], { cwd: dir.path });
      assert.equal(locked.code, 3, locked.stderr);
      assert.match(
        locked.stderr,
        /The client secret of profile "kr" is kept in the system keyring \(Secret Service\), which did not answer \(no D-Bus session: DBUS_SESSION_BUS_ADDRESS is not set\)\. Unlock it, or run tas login --profile kr again\./,
      );
      const again = await tas(['logout', '--profile', 'emu'], { cwd: dir.path });
      assert.equal(again.code, 2);
      assert.match(again.stderr, /There is no profile "emu" in .*profiles\.json: nothing was removed\./);
    } finally {
      dir.remove();
    }
  });
});
