import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect as netConnect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { TasClient } from '../../server/src/core/api/client';
import { ApiError } from '../../server/src/core/api/errors';
import { createDispatcher } from '../../server/src/core/api/network';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';

// Proxies and certificates, all on loopback: a forwarding proxy that counts what passes through
// it, and an HTTPS server whose certificate is made for this run.

let emu: Emulator;
let proxy: Server;
let proxyUrl = '';
const tunnelled: string[] = [];

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

before(async () => {
  emu = await startEmulator();
  proxy = createServer((req, res) => {
    // Absolute-form requests: a plain forwarding proxy.
    tunnelled.push(`${req.method} ${req.url}`);
    const target = new URL(req.url!);
    const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode!, up.headers);
      up.pipe(res);
    });
    req.pipe(upstream);
  });
  proxy.on('connect', (req, socket, head) => {
    tunnelled.push(`CONNECT ${req.url}`);
    const [host, port] = req.url!.split(':');
    const upstream = netConnect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  proxyUrl = `http://${await listen(proxy)}`;
});

after(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await emu.close();
});

describe('proxies', () => {
  test('requests go through the proxy given in the options', async () => {
    tunnelled.length = 0;
    const client = new TasClient({ baseUrl: emu.url, ...DEMO_CREDENTIALS.admin }, { network: { proxy: proxyUrl } });
    try {
      assert.equal((await client.projects.list()).totalElements, 4);
    } finally {
      await client.close();
    }
    const host = new URL(emu.url).host;
    assert.ok(
      tunnelled.some((t) => t.includes(host)),
      `the proxy saw the emulator: ${tunnelled.join('; ')}`,
    );
  });

  test('HTTP_PROXY from the environment is used, and NO_PROXY bypasses it', async () => {
    const host = new URL(emu.url).host;
    tunnelled.length = 0;
    const viaEnv = new TasClient(
      { baseUrl: emu.url, ...DEMO_CREDENTIALS.admin },
      { dispatcher: createDispatcher({}, { HTTP_PROXY: proxyUrl }) },
    );
    await viaEnv.projects.list();
    assert.ok(tunnelled.some((t) => t.includes(host)));

    tunnelled.length = 0;
    const bypass = new TasClient(
      { baseUrl: emu.url, ...DEMO_CREDENTIALS.admin },
      { dispatcher: createDispatcher({}, { HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' }) },
    );
    await bypass.projects.list();
    assert.deepEqual(tunnelled, []);
  });

  test('a proxy that refuses connections is named as the proxy, not the service', async () => {
    const client = new TasClient(
      { baseUrl: emu.url, ...DEMO_CREDENTIALS.admin },
      { network: { proxy: 'http://127.0.0.1:9' }, retry: { maxAttempts: 1 } },
    );
    try {
      await assert.rejects(
        client.projects.list(),
        (e: unknown) =>
          e instanceof ApiError &&
          e.kind === 'proxyUnreachable' &&
          e.serviceMessage === 'the proxy http://127.0.0.1:9 refused the connection (ECONNREFUSED)',
      );
    } finally {
      await client.close();
    }
  });
});

describe('certificates', () => {
  let httpsUrl = '';
  let certPem = '';
  let server: ReturnType<typeof createHttpsServer>;

  before(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tas-tls-'));
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { encoding: 'utf8' },
    );
    assert.equal(made.status, 0, `openssl could not make a test certificate: ${made.stderr}`);
    certPem = readFileSync(join(dir, 'cert.pem'), 'utf8');
    const key = readFileSync(join(dir, 'key.pem'));
    // The certificate and key are in memory now: the folder goes (the run checks nothing is left).
    rmSync(dir, { recursive: true, force: true });
    server = createHttpsServer({ key, cert: certPem }, (req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/api/v2/connect/token')
        res.end(JSON.stringify({ accessToken: 'tls-test-token', tokenType: 'Bearer', expiresIn: 3600 }));
      else res.end(JSON.stringify([{ id: 1, name: 'TLS node' }]));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    httpsUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const env = { baseUrl: '', clientId: 'x', clientSecret: 'tls-test-secret' };

  test('an untrusted certificate is a certificate failure naming the host and its authority, not retried', async () => {
    const client = new TasClient({ ...env, baseUrl: httpsUrl });
    try {
      await assert.rejects(
        client.testNodes.list(),
        (e: unknown) =>
          e instanceof ApiError &&
          e.kind === 'certificate' &&
          e.attempts === 1 &&
          e.serviceMessage ===
            `the certificate of ${new URL(httpsUrl).host} is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT): its authority "CN=127.0.0.1" is not among the authorities this machine trusts`,
      );
    } finally {
      await client.close();
    }
  });

  test('a CA passed in the options is trusted', async () => {
    const client = new TasClient({ ...env, baseUrl: httpsUrl }, { network: { ca: [certPem] } });
    try {
      assert.deepEqual(await client.testNodes.list(), [{ id: 1, name: 'TLS node' }]);
    } finally {
      await client.close();
    }
  });

  test('strictSSL false accepts the certificate (the editor setting http.proxyStrictSSL)', async () => {
    const client = new TasClient({ ...env, baseUrl: httpsUrl }, { network: { strictSSL: false } });
    try {
      assert.equal((await client.testNodes.list()).length, 1);
    } finally {
      await client.close();
    }
  });
});
