import { strict as assert } from 'node:assert';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { ATTEMPT } from '../noNetwork';
import { credentials, tas, tempDir } from './harness';

// No credentials over plain http by accident: tas refuses a plain http:// base URL whose host is
// not this machine before it looks anything up or connects, and says why and how to opt in.
// Every run has the no-network probe preloaded: a lookup or connection beyond loopback is
// blocked and reported, so nothing leaves the machine even with the opt-in.

const TIMEOUT = { timeout: 30_000 };
const PROBE = resolve(__dirname, '../noNetwork.js');
const dir = tempDir('tas-cli-http-');
let emu: Emulator;
before(async () => (emu = await startEmulator()));
after(async () => {
  dir.remove();
  await emu.close();
});

const env = (extra: NodeJS.ProcessEnv = {}) => ({
  NODE_OPTIONS: `--require ${PROBE}`,
  TAS_BASE_URL: 'http://tas.invalid',
  TAS_CLIENT_ID: 'demo-admin',
  TAS_CLIENT_SECRET: 'stand-in-secret',
  ...extra,
});

describe('plain http to another machine', () => {
  test(
    'tas devices, tas api and tas login refuse before any lookup or connection, say why and name the opt-in',
    TIMEOUT,
    async () => {
      const runs = [
        await tas(['devices'], { cwd: dir.path, env: env() }),
        await tas(['devices', '--json'], { cwd: dir.path, env: env() }),
        await tas(['api', 'GET', 'devices'], { cwd: dir.path, env: env() }),
        await tas(['login', '--profile', 'p', '--base-url', 'http://tas.invalid:8080', '--client-id', 'demo-admin'], {
          cwd: dir.path,
          env: env({
            TAS_BASE_URL: undefined,
            TAS_CLIENT_ID: undefined,
            TAS_CLIENT_SECRET: undefined,
            TAS_CONFIG_DIR: dir.path,
          }),
          input: 'stand-in-secret\n',
        }),
      ];
      for (const r of runs) {
        assert.equal(r.code, 2, r.stderr);
        assert.ok(!r.stderr.includes(ATTEMPT), r.stderr);
        assert.match(r.stderr, /plain http to another machine/);
        assert.match(r.stderr, /unencrypted, so nothing was sent/);
        assert.match(r.stderr, /--allow-insecure-http or set TAS_ALLOW_INSECURE_HTTP=1/);
        assert.doesNotMatch(r.stdout + r.stderr, /stand-in-secret/);
      }
      // Refused as soon as the URL is known: before the client ID and secret are asked for.
      assert.match(runs[3]!.stderr, /Nothing was asked for or written/);
    },
  );

  test(
    'the opt-in, as a flag or a variable, lets the request go (the probe stops it at the lookup)',
    TIMEOUT,
    async () => {
      for (const r of [
        await tas(['devices', '--allow-insecure-http'], { cwd: dir.path, env: env() }),
        await tas(['devices'], { cwd: dir.path, env: env({ TAS_ALLOW_INSECURE_HTTP: '1' }) }),
      ]) {
        assert.match(r.stderr, new RegExp(`${ATTEMPT} tas.invalid`));
        assert.doesNotMatch(r.stderr, /plain http to another machine/);
        assert.equal(r.code, 4, r.stderr);
      }
    },
  );

  test('https to another machine and http to loopback need no opt-in', TIMEOUT, async () => {
    const secure = await tas(['devices'], { cwd: dir.path, env: env({ TAS_BASE_URL: 'https://tas.invalid' }) });
    assert.match(secure.stderr, new RegExp(`${ATTEMPT} tas.invalid`));
    assert.doesNotMatch(secure.stderr, /plain http/);
    const local = await tas(['devices', '--json'], {
      cwd: dir.path,
      env: { ...credentials(emu), NODE_OPTIONS: `--require ${PROBE}` },
    });
    assert.equal(local.code, 0, local.stderr);
    assert.ok(!local.stderr.includes(ATTEMPT));
    assert.ok((JSON.parse(local.stdout) as unknown[]).length > 0);
  });
});
