import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { codeServerEnv, runStep, StartError, toolPaths } from '../../scripts/start/browser';
import { chooseMode, isCi, parseStartArgs, StartUsageError, type Machine } from '../../scripts/start/mode';

// Which editor `npm start` opens for which machine, and the words it uses when a step fails.

const linux: Machine = { hasCode: false, ci: false, platform: 'linux', arch: 'x64' };
const plain = { emulatorOnly: false, help: false };

describe('npm start: which editor', () => {
  test('desktop VS Code when `code` is on PATH and CI is not set', () => {
    assert.equal(chooseMode(plain, { ...linux, hasCode: true }), 'desktop');
    assert.equal(chooseMode(plain, { ...linux, hasCode: true, platform: 'darwin', arch: 'arm64' }), 'desktop');
  });

  test('VS Code in the browser without `code`, or on CI even with `code`', () => {
    assert.equal(chooseMode(plain, linux), 'browser');
    assert.equal(chooseMode(plain, { ...linux, hasCode: true, ci: true }), 'browser');
    assert.equal(chooseMode(plain, { ...linux, ci: true }), 'browser');
  });

  test('no `code` where code-server cannot be set up: the emulator alone, with a word why', () => {
    assert.equal(chooseMode(plain, { ...linux, platform: 'darwin', arch: 'arm64' }), 'unsupported');
    assert.equal(chooseMode(plain, { ...linux, arch: 'arm64' }), 'unsupported');
  });

  test('--emulator-only wins over everything', () => {
    const only = parseStartArgs(['--emulator-only']);
    for (const m of [
      linux,
      { ...linux, hasCode: true },
      { ...linux, ci: true },
      { ...linux, platform: 'win32' as const },
    ]) {
      assert.equal(chooseMode(only, m), 'emulator-only');
    }
  });

  test('an unknown option is a usage error that lists the options', () => {
    assert.throws(
      () => parseStartArgs(['--emulator']),
      (err: unknown) => {
        assert.ok(err instanceof StartUsageError);
        assert.match(err.message, /does not know the option "--emulator"/);
        assert.match(err.message, /--emulator-only/);
        return true;
      },
    );
    assert.deepEqual(parseStartArgs([]), plain);
    assert.equal(parseStartArgs(['--help']).help, true);
  });

  test('CI counts when set to anything but "" or "false"', () => {
    assert.equal(isCi({}), false);
    assert.equal(isCi({ CI: '' }), false);
    assert.equal(isCi({ CI: 'false' }), false);
    assert.equal(isCi({ CI: 'true' }), true);
    assert.equal(isCi({ CI: '1' }), true);
  });
});

describe('npm start: the browser route', () => {
  const p = toolPaths('/repo');

  test("its tools and state live in the repository's own .tools/, apart from the tests'", () => {
    assert.equal(p.codeServer, '/repo/.tools/code-server/node_modules/code-server/out/node/entry.js');
    assert.equal(p.userData, '/repo/.tools/start/user-data');
    assert.equal(p.workspace, '/repo/samples/workspace');
  });

  test("code-server runs with the emulator's credentials and nothing of a surrounding editor", () => {
    const env = codeServerEnv(
      p,
      {
        PATH: '/usr/bin',
        HOME: '/users/x',
        VSCODE_IPC_HOOK: 'x',
        ELECTRON_RUN_AS_NODE: '1',
        TAS_CLIENT_SECRET: 'other',
        TAS_BASE_URL: 'https://elsewhere',
      },
      { TAS_BASE_URL: 'http://127.0.0.1:1234', TAS_CLIENT_ID: 'demo-admin', TAS_CLIENT_SECRET: 'demo-admin-secret' },
    );
    assert.equal(env['TAS_BASE_URL'], 'http://127.0.0.1:1234');
    assert.equal(env['TAS_CLIENT_SECRET'], 'demo-admin-secret');
    assert.equal(env['VSCODE_IPC_HOOK'], undefined);
    assert.equal(env['ELECTRON_RUN_AS_NODE'], undefined);
    assert.equal(env['PATH'], `${p.node24Bin}:/usr/bin`);
    assert.equal(env['XDG_CONFIG_HOME'], join(p.state, 'xdg-config'));
    assert.equal(env['HOME'], '/users/x');
  });

  test('a failing step says what failed, how to retry and --emulator-only', async () => {
    await assert.rejects(runStep('bash', ['-c', 'exit 3'], 'Setting up VS Code in the browser'), (err: unknown) => {
      assert.ok(err instanceof StartError);
      assert.match(err.message, /^Setting up VS Code in the browser failed \(exit code 3; its output is above\)\./);
      assert.match(err.message, /npm start` again/);
      assert.match(err.message, /--emulator-only/);
      return true;
    });
  });
});
