import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { LAB_HOST } from '../labNetwork';
import { ATTEMPT } from '../noNetwork';
import { assertUnshareWorks, inStore, startStoreLab, type StoreLab, STORE_VARIABLES_REMOVED } from '../systemStore';
import { LspHarness } from './lspHarness';

// The language server over stdio trusts the operating system's authorities, as VS Code does: a
// private authority in a test-made copy of the system store (test/systemStore.ts) is trusted with
// no NODE_EXTRA_CA_CERTS or SSL_CERT_* in its environment, directly and through a TLS-inspecting
// proxy; without it, or with the editor's http.systemCertificates off, the status names the host
// and the authority missing. The no-network probe reports any connection beyond loopback.

const TIMEOUT = { timeout: 30_000 };
let dir: string;
let lab: StoreLab;

before(async () => {
  assertUnshareWorks();
  dir = mkdtempSync(join(tmpdir(), 'tas-lsp-store-'));
  lab = await startStoreLab(dir);
});

after(async () => {
  await lab?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function signInWith(store: string, http: unknown = null, baseUrl = `https://127.0.0.1:${lab.front.port}`) {
  const lsp = await LspHarness.start(
    { ...STORE_VARIABLES_REMOVED, NODE_OPTIONS: `--require ${resolve(__dirname, '../noNetwork.js')}` },
    { environmentFromClient: true },
    {},
    {},
    undefined,
    {},
    http,
    (file, args) => inStore(store, file, args),
  );
  try {
    const status = await lsp.signIn(baseUrl, DEMO_CREDENTIALS.admin);
    assert.ok(!lsp.stderr.includes(ATTEMPT), `a connection went beyond loopback: ${lsp.stderr}`);
    return status;
  } finally {
    await lsp.stop();
  }
}

const missing = (port: number) =>
  new RegExp(
    `the certificate of 127\\.0\\.0\\.1:${port} is not trusted \\(\\w+\\): its authority "CN=TAS Lab Service Root CA, O=TAS Test Lab" is not among the authorities this machine trusts\\. Add that authority to the system's trust store`,
  );

describe('the language server and the system trust store', () => {
  test('a private authority in the system store is trusted, with no NODE_EXTRA_CA_CERTS', TIMEOUT, async () => {
    assert.equal((await signInWith(lab.withAuthorities)).state, 'connected');
  });

  test('without it, the status names the host and the authority missing', TIMEOUT, async () => {
    const status = await signInWith(lab.without);
    assert.equal(status.state, 'unreachable');
    assert.match(status.message ?? '', missing(lab.front.port));
  });

  test('a TLS-inspecting proxy (http.proxy) whose authority is in the system store', TIMEOUT, async () => {
    lab.inspecting.seen.length = 0;
    const status = await signInWith(lab.withAuthorities, { proxy: lab.inspecting.url }, `https://${LAB_HOST}`);
    assert.equal(status.state, 'connected', status.message);
    assert.deepEqual(lab.inspecting.seen.slice(0, 2), [`CONNECT ${LAB_HOST}:443`, 'POST /api/v2/connect/token']);
  });

  test('http.systemCertificates off leaves the system store out, as in VS Code', TIMEOUT, async () => {
    const status = await signInWith(lab.withAuthorities, { systemCertificates: false });
    assert.equal(status.state, 'unreachable');
    assert.match(status.message ?? '', missing(lab.front.port));
  });
});
