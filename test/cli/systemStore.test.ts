import { strict as assert } from 'node:assert';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { LAB_HOST } from '../labNetwork';
import { ATTEMPT } from '../noNetwork';
import { assertUnshareWorks, inStore, startStoreLab, type StoreLab } from '../systemStore';
import { tas, tempDir } from './harness';

// tas trusts the operating system's authorities: a private authority installed in a test-made
// copy of the system store (test/systemStore.ts) is trusted with no NODE_EXTRA_CA_CERTS, SSL_CERT_*
// or CURL_CA_BUNDLE (the harness passes none of them), directly and through a TLS-inspecting
// proxy; without it, the failure names the host and the authority missing.

const TIMEOUT = { timeout: 30_000 };
const PROBE = `--require ${resolve(__dirname, '../noNetwork.js')}`;
const dir = tempDir('tas-cli-store-');
let lab: StoreLab;

before(async () => {
  assertUnshareWorks();
  lab = await startStoreLab(dir.path);
});

after(async () => {
  await lab?.close();
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
    const r = await run(lab.withAuthorities, `https://127.0.0.1:${lab.front.port}`);
    assert.equal(r.code, 0, r.stderr);
  });

  test('without it, exit 4 and the message names the host and the authority missing', TIMEOUT, async () => {
    const r = await run(lab.without, `https://127.0.0.1:${lab.front.port}`);
    assert.equal(r.code, 4, r.stderr);
    assert.match(
      r.stderr,
      new RegExp(
        `the certificate of 127\\.0\\.0\\.1:${lab.front.port} is not trusted \\(\\w+\\): its authority "CN=TAS Lab Service Root CA, O=TAS Test Lab" is not among the authorities this machine trusts`,
      ),
    );
    assert.ok(!/\n\s+at /.test(r.stderr), 'a stack trace was printed');
  });

  test('a TLS-inspecting proxy whose authority is in the system store', TIMEOUT, async () => {
    lab.inspecting.seen.length = 0;
    const r = await run(lab.withAuthorities, `https://${LAB_HOST}`, { HTTPS_PROXY: lab.inspecting.url });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!r.stderr.includes(ATTEMPT), r.stderr);
    assert.deepEqual(lab.inspecting.seen.slice(0, 2), [`CONNECT ${LAB_HOST}:443`, 'POST /api/v2/connect/token']);
  });
});
