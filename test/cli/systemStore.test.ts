import { strict as assert } from 'node:assert';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import {
  type Authority,
  issue,
  LAB_HOST,
  makeAuthority,
  startHttpsFront,
  startLabProxy,
  type LabProxy,
} from '../labNetwork';
import { ATTEMPT } from '../noNetwork';
import { assertUnshareWorks, inStore, makeStore } from '../systemStore';
import { tas, tempDir } from './harness';

// tas trusts the operating system's authorities: a private authority installed in a test-made
// copy of the system store (test/systemStore.ts) is trusted with no NODE_EXTRA_CA_CERTS, SSL_CERT_*
// or CURL_CA_BUNDLE (the harness passes none of them), directly and through a TLS-inspecting
// proxy; without it, the failure names the host and the authority missing.

const TIMEOUT = { timeout: 30_000 };
const PROBE = `--require ${resolve(__dirname, '../noNetwork.js')}`;
const dir = tempDir('tas-cli-store-');
let emu: Emulator;
let serviceCa: Authority;
let inspectionCa: Authority;
let front: Awaited<ReturnType<typeof startHttpsFront>>;
let inspecting: LabProxy;
let withAuthorities = '';
let without = '';

before(async () => {
  assertUnshareWorks();
  emu = await startEmulator();
  serviceCa = makeAuthority(dir.path, 'TAS Lab Service Root CA', 'service-ca');
  inspectionCa = makeAuthority(dir.path, 'TAS Lab Inspection CA', 'inspection-ca');
  const emulatorPort = Number(new URL(emu.url).port);
  front = await startHttpsFront(emulatorPort, issue(dir.path, serviceCa, '127.0.0.1', 'front'));
  inspecting = await startLabProxy({
    inspect: { ...issue(dir.path, inspectionCa, LAB_HOST, 'inspected'), serviceHttpPort: emulatorPort },
  });
  withAuthorities = makeStore(`${dir.path}/with`, {
    'tas-lab-service-root': serviceCa.certPem,
    'tas-lab-inspection': inspectionCa.certPem,
  });
  without = makeStore(`${dir.path}/without`, {});
});

after(async () => {
  await Promise.all([inspecting?.close(), front?.close(), emu?.close()]);
  dir.remove();
});

const run = (store: string, baseUrl: string, extra: NodeJS.ProcessEnv = {}) =>
  tas(['suites'], {
    cwd: dir.path,
    env: {
      NODE_OPTIONS: PROBE,
      TAS_BASE_URL: baseUrl,
      TAS_CLIENT_ID: DEMO_CREDENTIALS.admin.clientId,
      TAS_CLIENT_SECRET: DEMO_CREDENTIALS.admin.clientSecret,
      ...extra,
    },
    wrap: (file, args) => inStore(store, file, args),
  });

describe('tas and the system trust store', () => {
  test('a private authority in the system store is trusted, with no NODE_EXTRA_CA_CERTS', TIMEOUT, async () => {
    const r = await run(withAuthorities, `https://127.0.0.1:${front.port}`);
    assert.equal(r.code, 0, r.stderr);
  });

  test('without it, exit 4 and the message names the host and the authority missing', TIMEOUT, async () => {
    const r = await run(without, `https://127.0.0.1:${front.port}`);
    assert.equal(r.code, 4, r.stderr);
    assert.match(
      r.stderr,
      new RegExp(
        `the certificate of 127\\.0\\.0\\.1:${front.port} is not trusted \\(\\w+\\): its authority "CN=TAS Lab Service Root CA, O=TAS Test Lab" is not among the authorities this machine trusts`,
      ),
    );
    assert.ok(!/\n\s+at /.test(r.stderr), 'a stack trace was printed');
  });

  test('a TLS-inspecting proxy whose authority is in the system store', TIMEOUT, async () => {
    inspecting.seen.length = 0;
    const r = await run(withAuthorities, `https://${LAB_HOST}`, { HTTPS_PROXY: inspecting.url });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!r.stderr.includes(ATTEMPT), r.stderr);
    assert.deepEqual(inspecting.seen.slice(0, 2), [`CONNECT ${LAB_HOST}:443`, 'POST /api/v2/connect/token']);
  });
});
