import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SetEnvironmentNotification } from '../../server/src/protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { LAB_HOST, startLabProxy } from '../labNetwork';
import { LAB_PROXY_PASSWORD, LAB_PROXY_USER, type ProxyLab, proxyUrlWith, startProxyLab } from '../proxyLab';
import { ATTEMPT } from '../noNetwork';
import { LspHarness } from './lspHarness';

// The language server over stdio on a company network (test/labNetwork.ts): the service is known
// by a name only the proxy resolves, and the no-network probe reports any lookup or connection
// beyond loopback, so a request that went around the proxy (the first one included) is seen. The
// proxy comes from the editor's settings (`http.proxy`), asked with workspace/configuration.

const TIMEOUT = { timeout: 30_000 };
const PROBE = `--require ${resolve(__dirname, '../noNetwork.js')}`;
const PASSWORD = LAB_PROXY_PASSWORD;
const LAB_URL = `https://${LAB_HOST}`;
const admin = DEMO_CREDENTIALS.admin;

let dir: string;
let lab: ProxyLab;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tas-lab-lsp-'));
  lab = await startProxyLab(dir);
});

after(async () => {
  await lab.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The server with `proxy` as the editor's http.proxy (asked with workspace/configuration); its
 * process trusts the service's authority through NODE_EXTRA_CA_CERTS and has the probe preloaded.
 */
const serverBehind = (proxy: string, initializationOptions?: unknown, env: Record<string, string> = {}) =>
  LspHarness.start(
    { NODE_OPTIONS: PROBE, NODE_EXTRA_CA_CERTS: lab.serviceCa.certFile, ...env },
    initializationOptions,
    {},
    {},
    undefined,
    {},
    { proxy },
  );
const secretFree = (lsp: LspHarness) => {
  const everything = `${lsp.stderr}\n${lsp.logs.join('\n')}\n${lsp.statuses.map((s) => s.message ?? '').join('\n')}`;
  assert.ok(!everything.includes(PASSWORD), 'the proxy password was printed');
  assert.ok(
    !everything.includes(Buffer.from(`${LAB_PROXY_USER}:${PASSWORD}`).toString('base64')),
    'the Basic header was printed',
  );
};

describe('the language server behind an authenticating proxy', () => {
  test('with TAS_* variables, the first token request already goes through http.proxy', TIMEOUT, async () => {
    lab.proxy.seen.length = 0;
    const lsp = await serverBehind(proxyUrlWith(lab.proxy.url, PASSWORD), undefined, {
      TAS_BASE_URL: LAB_URL,
      TAS_CLIENT_ID: admin.clientId,
      TAS_CLIENT_SECRET: admin.clientSecret,
    });
    try {
      assert.equal((await lsp.finalStatus(0)).state, 'connected');
      assert.ok(!lsp.stderr.includes(ATTEMPT), `a request went around the proxy: ${lsp.stderr}`);
      assert.equal(lab.proxy.seen[0], `CONNECT ${LAB_HOST}:443`);
      secretFree(lsp);
    } finally {
      await lsp.stop();
    }
  });

  test('an environment the extension sends at once waits for the proxy settings', TIMEOUT, async () => {
    lab.proxy.seen.length = 0;
    const lsp = await serverBehind(proxyUrlWith(lab.proxy.url, PASSWORD), { environmentFromClient: true });
    try {
      // Not after the settings were read: as soon as the client is up, as the extension does.
      await lsp.connection.sendNotification(SetEnvironmentNotification, {
        environment: { name: 'lab', baseUrl: LAB_URL, ...admin },
      });
      assert.equal((await lsp.finalStatus(0)).state, 'connected');
      assert.ok(!lsp.stderr.includes(ATTEMPT), `a request went around the proxy: ${lsp.stderr}`);
      assert.equal(lab.proxy.seen[0], `CONNECT ${LAB_HOST}:443`);
      secretFree(lsp);
    } finally {
      await lsp.stop();
    }
  });

  test('a wrong proxy password is said as the proxy refusing its credentials, asked once', TIMEOUT, async () => {
    lab.proxy.seen.length = 0;
    const lsp = await serverBehind(proxyUrlWith(lab.proxy.url, 'wrong-pa55word'), { environmentFromClient: true });
    try {
      const status = await lsp.signIn(LAB_URL, admin);
      assert.equal(status.state, 'unreachable');
      assert.equal(
        status.message,
        `Cannot reach the service at ${LAB_URL}: the proxy ${lab.proxy.url} refused the proxy credentials (HTTP 407). Check the proxy's user name and password (the settings http.proxy and http.proxyAuthorization, or HTTPS_PROXY where the editor was started).`,
      );
      assert.deepEqual(lab.proxy.seen, [`407 CONNECT ${LAB_HOST}:443`]);
      // The sign-in check says the proxy stood in the way, for the extension's words and buttons.
      const check = await lsp.checkEnvironment({ name: 'lab', baseUrl: LAB_URL, ...admin });
      assert.deepEqual(check, {
        outcome: 'unreachable',
        detail: `the proxy ${lab.proxy.url} refused the proxy credentials (HTTP 407)`,
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
    const lsp = await serverBehind(proxyUrlWith(stopped.url, PASSWORD), { environmentFromClient: true });
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
