import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { type Authority, issue, makeAuthority, startHttpsFront } from '../labNetwork';
import { assertUnshareWorks, inStore, makeStore, STORE_VARIABLES_REMOVED } from '../systemStore';
import { LspHarness } from './lspHarness';

// The language server over stdio trusts the operating system's authorities, as VS Code does: a
// private authority in a test-made copy of the system store (test/systemStore.ts) is trusted with
// no NODE_EXTRA_CA_CERTS or SSL_CERT_* in its environment; without it, or with the editor's
// http.systemCertificates off, the status names the host and the authority missing.

const TIMEOUT = { timeout: 30_000 };
let emu: Emulator;
let dir: string;
let serviceCa: Authority;
let front: Awaited<ReturnType<typeof startHttpsFront>>;
let withAuthority = '';
let without = '';

before(async () => {
  assertUnshareWorks();
  emu = await startEmulator();
  dir = mkdtempSync(join(tmpdir(), 'tas-lsp-store-'));
  serviceCa = makeAuthority(dir, 'TAS Lab Service Root CA', 'service-ca');
  front = await startHttpsFront(Number(new URL(emu.url).port), issue(dir, serviceCa, '127.0.0.1', 'front'));
  withAuthority = makeStore(join(dir, 'with'), { 'tas-lab-service-root': serviceCa.certPem });
  without = makeStore(join(dir, 'without'), {});
});

after(async () => {
  await Promise.all([front?.close(), emu?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

async function signInWith(store: string, http: unknown = null) {
  const lsp = await LspHarness.start(
    STORE_VARIABLES_REMOVED,
    { environmentFromClient: true },
    {},
    {},
    undefined,
    {},
    http,
    (file, args) => inStore(store, file, args),
  );
  try {
    return await lsp.signIn(`https://127.0.0.1:${front.port}`, DEMO_CREDENTIALS.admin);
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
    assert.equal((await signInWith(withAuthority)).state, 'connected');
  });

  test('without it, the status names the host and the authority missing', TIMEOUT, async () => {
    const status = await signInWith(without);
    assert.equal(status.state, 'unreachable');
    assert.match(status.message ?? '', missing(front.port));
  });

  test('http.systemCertificates off leaves the system store out, as in VS Code', TIMEOUT, async () => {
    const status = await signInWith(withAuthority, { systemCertificates: false });
    assert.equal(status.state, 'unreachable');
    assert.match(status.message ?? '', missing(front.port));
  });
});
