import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SetEnvironmentNotification } from '../../server/src/protocol';
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
import { LspHarness } from './lspHarness';

// The language server over stdio on a company network (test/labNetwork.ts): the service is known
// by a name only the proxy resolves, and the no-network probe reports any lookup or connection
// beyond loopback, so a request that went around the proxy (the first one included) is seen. The
// proxy comes from the editor's settings (`http.proxy`), asked with workspace/configuration.

const TIMEOUT = { timeout: 30_000 };
const PROBE = `--require ${resolve(__dirname, '../noNetwork.js')}`;
const PASSWORD = 'lab-proxy-pa55word';
const LAB_URL = `https://${LAB_HOST}`;
const admin = DEMO_CREDENTIALS.admin;

let emu: Emulator;
let dir: string;
let serviceCa: Authority;
let front: Awaited<ReturnType<typeof startHttpsFront>>;
let proxy: LabProxy;

before(async () => {
  emu = await startEmulator();
  dir = mkdtempSync(join(tmpdir(), 'tas-lab-lsp-'));
  serviceCa = makeAuthority(dir, 'TAS Lab Service Root CA', 'service-ca');
  front = await startHttpsFront(Number(new URL(emu.url).port), issue(dir, serviceCa, LAB_HOST, 'front'));
  proxy = await startLabProxy({ credentials: `lab-user:${PASSWORD}`, servicePort: front.port });
});

after(async () => {
  await Promise.all([proxy.close(), front.close(), emu.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const proxyWith = (password: string, url = proxy.url) => url.replace('http://', `http://lab-user:${password}@`);
/** The server's process: the service's authority trusted through NODE_EXTRA_CA_CERTS, the probe preloaded. */
const processEnv = (extra: Record<string, string> = {}) => ({
  NODE_OPTIONS: PROBE,
  NODE_EXTRA_CA_CERTS: serviceCa.certFile,
  ...extra,
});
const secretFree = (lsp: LspHarness) => {
  const everything = `${lsp.stderr}\n${lsp.logs.join('\n')}\n${lsp.statuses.map((s) => s.message ?? '').join('\n')}`;
  assert.ok(!everything.includes(PASSWORD), 'the proxy password was printed');
  assert.ok(
    !everything.includes(Buffer.from(`lab-user:${PASSWORD}`).toString('base64')),
    'the Basic header was printed',
  );
};

describe('the language server behind an authenticating proxy', () => {
  test('with TAS_* variables, the first token request already goes through http.proxy', TIMEOUT, async () => {
    proxy.seen.length = 0;
    const lsp = await LspHarness.start(
      processEnv({ TAS_BASE_URL: LAB_URL, TAS_CLIENT_ID: admin.clientId, TAS_CLIENT_SECRET: admin.clientSecret }),
      undefined,
      {},
      {},
      undefined,
      {},
      { proxy: proxyWith(PASSWORD) },
    );
    try {
      assert.equal((await lsp.finalStatus(0)).state, 'connected');
      assert.ok(!lsp.stderr.includes(ATTEMPT), `a request went around the proxy: ${lsp.stderr}`);
      assert.equal(proxy.seen[0], `CONNECT ${LAB_HOST}:443`);
      secretFree(lsp);
    } finally {
      await lsp.stop();
    }
  });

  test('an environment the extension sends at once waits for the proxy settings', TIMEOUT, async () => {
    proxy.seen.length = 0;
    const lsp = await LspHarness.start(
      processEnv(),
      { environmentFromClient: true },
      {},
      {},
      undefined,
      {},
      {
        proxy: proxyWith(PASSWORD),
      },
    );
    try {
      // Not after the settings were read: as soon as the client is up, as the extension does.
      await lsp.connection.sendNotification(SetEnvironmentNotification, {
        environment: { name: 'lab', baseUrl: LAB_URL, ...admin },
      });
      assert.equal((await lsp.finalStatus(0)).state, 'connected');
      assert.ok(!lsp.stderr.includes(ATTEMPT), `a request went around the proxy: ${lsp.stderr}`);
      assert.equal(proxy.seen[0], `CONNECT ${LAB_HOST}:443`);
      secretFree(lsp);
    } finally {
      await lsp.stop();
    }
  });

  test('a wrong proxy password is said as the proxy refusing its credentials, asked once', TIMEOUT, async () => {
    proxy.seen.length = 0;
    const lsp = await LspHarness.start(
      processEnv(),
      { environmentFromClient: true },
      {},
      {},
      undefined,
      {},
      {
        proxy: proxyWith('wrong-pa55word'),
      },
    );
    try {
      const status = await lsp.signIn(LAB_URL, admin);
      assert.equal(status.state, 'unreachable');
      assert.equal(
        status.message,
        `Cannot reach the service at ${LAB_URL}: the proxy ${proxy.url} refused the proxy credentials (HTTP 407). Check the proxy's user name and password (the settings http.proxy and http.proxyAuthorization, or HTTPS_PROXY where the editor was started).`,
      );
      assert.deepEqual(proxy.seen, [`407 CONNECT ${LAB_HOST}:443`]);
      // The sign-in check says the proxy stood in the way, for the extension's words and buttons.
      const check = await lsp.checkEnvironment({ name: 'lab', baseUrl: LAB_URL, ...admin });
      assert.deepEqual(check, {
        outcome: 'unreachable',
        detail: `the proxy ${proxy.url} refused the proxy credentials (HTTP 407)`,
        cause: 'proxy',
      });
      assert.ok(!`${lsp.stderr}${lsp.logs.join('\n')}`.includes('wrong-pa55word'));
    } finally {
      await lsp.stop();
    }
  });

  test('a stopped proxy is named in the status, not the service', TIMEOUT, async () => {
    const stopped = await startLabProxy({});
    await stopped.close();
    const lsp = await LspHarness.start(
      processEnv(),
      { environmentFromClient: true },
      {},
      {},
      undefined,
      {},
      {
        proxy: proxyWith(PASSWORD, stopped.url),
      },
    );
    try {
      const status = await lsp.signIn(LAB_URL, admin);
      assert.equal(status.state, 'unreachable');
      assert.match(
        status.message ?? '',
        new RegExp(`the proxy ${stopped.url.replace(/\./g, '\\.')} refused the connection`),
      );
      assert.ok(!lsp.stderr.includes(ATTEMPT), lsp.stderr);
      secretFree(lsp);
    } finally {
      await lsp.stop();
    }
  });
});
