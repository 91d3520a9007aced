import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { TasClient } from '../../server/src/core/api/client';
import { ApiError } from '../../server/src/core/api/errors';
import { describeFailure } from '../../server/src/core/failures/failures';
import { EDITOR_WORDS } from '../../server/src/host/words';
import { TERMINAL_WORDS } from '../../cli/src/words';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { type Authority, issue, LAB_HOST, makeAuthority, startLabProxy, type LabProxy } from '../labNetwork';
import { LAB_PROXY_PASSWORD, LAB_PROXY_USER, type ProxyLab, proxyUrlWith, startProxyLab } from '../proxyLab';

// The API client on a company network, on loopback: the service is known by a name only the proxy
// resolves, behind an HTTPS front signed by a private authority; the proxy asks for credentials,
// or inspects TLS with its own authority. What fails is named: the proxy, or the certificate and
// its authority. A 407 and an untrusted certificate are never asked again.

const PASSWORD = LAB_PROXY_PASSWORD;
const LAB_URL = `https://${LAB_HOST}`;

let dir: string;
let lab: ProxyLab;
let inspectionCa: Authority;
let inspecting: LabProxy;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tas-lab-'));
  lab = await startProxyLab(dir);
  inspectionCa = makeAuthority(dir, 'TAS Lab Inspection CA', 'inspection-ca');
  inspecting = await startLabProxy({
    inspect: { ...issue(dir, inspectionCa, LAB_HOST, 'inspected'), serviceHttpPort: Number(new URL(lab.emu.url).port) },
  });
});

after(async () => {
  await Promise.all([inspecting.close(), lab.close()]);
  rmSync(dir, { recursive: true, force: true });
});

async function listProjects(client: TasClient): Promise<number> {
  try {
    return (await client.projects.list()).totalElements;
  } finally {
    await client.close();
  }
}

describe('an authenticating proxy', () => {
  test('credentials in the proxy URL (http.proxy) pass it, and the request reached the service through it', async () => {
    lab.proxy.seen.length = 0;
    const client = new TasClient(
      { baseUrl: LAB_URL, ...DEMO_CREDENTIALS.admin },
      { network: { proxy: proxyUrlWith(lab.proxy.url, PASSWORD), ca: [lab.serviceCa.certPem] } },
    );
    assert.equal(await listProjects(client), 4);
    assert.deepEqual([...new Set(lab.proxy.seen)], [`CONNECT ${LAB_HOST}:443`]);
  });

  test('http.proxyAuthorization is sent as the whole header', async () => {
    const header = `Basic ${Buffer.from(`${LAB_PROXY_USER}:${PASSWORD}`).toString('base64')}`;
    const client = new TasClient(
      { baseUrl: LAB_URL, ...DEMO_CREDENTIALS.admin },
      { network: { proxy: lab.proxy.url, proxyAuthorization: header, ca: [lab.serviceCa.certPem] } },
    );
    assert.equal(await listProjects(client), 4);
  });

  test('a 407 says the proxy refused its credentials, names the proxy, shows no password and is not retried', async () => {
    lab.proxy.seen.length = 0;
    const client = new TasClient(
      { baseUrl: LAB_URL, ...DEMO_CREDENTIALS.admin },
      { network: { proxy: proxyUrlWith(lab.proxy.url, 'wrong-pa55word'), ca: [lab.serviceCa.certPem] } },
    );
    const err = await client.projects.list().then(
      () => assert.fail('the proxy let a wrong password through'),
      (e: unknown) => e,
    );
    await client.close();
    assert.ok(err instanceof ApiError && err.kind === 'proxyRefused', String(err));
    assert.equal(err.attempts, 1);
    assert.deepEqual(lab.proxy.seen, [`407 CONNECT ${LAB_HOST}:443`]);
    const words = describeFailure(err, { action: 'list the projects' }, TERMINAL_WORDS).message;
    assert.equal(
      words,
      `Could not list the projects: the proxy ${lab.proxy.url} refused the proxy credentials (HTTP 407). Check the proxy's user name and password (HTTPS_PROXY or HTTP_PROXY (and NO_PROXY)).`,
    );
    assert.ok(!`${words} ${err.message}`.includes('wrong-pa55word'));
  });

  test('a stopped proxy is named with where it is set, not the service URL', async () => {
    const stopped = await startLabProxy({});
    await stopped.close();
    const client = new TasClient(
      { baseUrl: LAB_URL, ...DEMO_CREDENTIALS.admin },
      { network: { proxy: proxyUrlWith(stopped.url, PASSWORD) }, retry: { maxAttempts: 1 } },
    );
    const err = await client.projects.list().then(
      () => assert.fail('a stopped proxy answered'),
      (e: unknown) => e,
    );
    await client.close();
    assert.ok(err instanceof ApiError && err.kind === 'proxyUnreachable', String(err));
    const words = describeFailure(err, { action: 'list the projects' }, EDITOR_WORDS).message;
    assert.match(words, new RegExp(`the proxy ${stopped.url.replace(/\./g, '\\.')} refused the connection`));
    assert.match(words, /Check the settings http\.proxy and http\.proxyAuthorization/);
    assert.ok(!words.includes(PASSWORD) && !words.includes('the URL'), words);
  });
});

describe('a TLS-inspecting proxy', () => {
  test('with its authority trusted, requests pass it (decrypted there)', async () => {
    inspecting.seen.length = 0;
    const client = new TasClient(
      { baseUrl: LAB_URL, ...DEMO_CREDENTIALS.admin },
      { network: { proxy: inspecting.url, ca: [inspectionCa.certPem] } },
    );
    assert.equal(await listProjects(client), 4);
    assert.deepEqual(inspecting.seen.slice(0, 2), [`CONNECT ${LAB_HOST}:443`, 'POST /api/v2/connect/token']);
  });

  test('with its authority missing, the failure names the host and that authority, once', async () => {
    inspecting.seen.length = 0;
    const client = new TasClient(
      { baseUrl: LAB_URL, ...DEMO_CREDENTIALS.admin },
      { network: { proxy: inspecting.url } },
    );
    const err = await client.projects.list().then(
      () => assert.fail('an untrusted certificate was accepted'),
      (e: unknown) => e,
    );
    await client.close();
    assert.ok(err instanceof ApiError && err.kind === 'certificate', String(err));
    assert.equal(err.attempts, 1);
    const words = describeFailure(err, { action: 'list the projects' }, TERMINAL_WORDS).message;
    assert.match(words, new RegExp(`the certificate of ${LAB_HOST.replace(/\./g, '\\.')} is not trusted`));
    assert.match(words, /its authority "CN=TAS Lab Inspection CA, O=TAS Test Lab" is not among the authorities/);
    assert.match(words, /NODE_EXTRA_CA_CERTS/);
    // The refused handshake and the look at the chain: no request went through.
    assert.ok(!inspecting.seen.some((s) => s.startsWith('POST')), inspecting.seen.join('; '));
  });
});
