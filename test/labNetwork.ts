import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect as netConnect, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { TLSSocket } from 'node:tls';

// A company network on loopback, for the tests of proxies and certificates: private authorities
// and certificates made with openssl for the run, and a proxy that may ask for credentials
// (Basic), may inspect TLS (it answers with a certificate its own authority signed, as a
// TLS-inspecting proxy does), and knows the service by a name under `.invalid` that nothing else
// can resolve, so a request that went around it fails.

/** The service's name on the lab network: only the proxy knows where it is. */
export const LAB_HOST = 'tas.lab.invalid';

export interface Authority {
  name: string;
  certPem: string;
  keyFile: string;
  certFile: string;
}

function openssl(args: string[]): void {
  const r = spawnSync('openssl', args, { encoding: 'utf8' });
  assert.equal(r.status, 0, `openssl ${args[0]} failed: ${r.stderr}`);
}

/** A private authority (its files in `dir`), named `name`. */
export function makeAuthority(dir: string, name: string, file: string): Authority {
  const keyFile = join(dir, `${file}.key`);
  const certFile = join(dir, `${file}.pem`);
  openssl([
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', `/CN=${name}/O=TAS Test Lab`, '-addext', 'basicConstraints=critical,CA:TRUE',
    '-addext', 'keyUsage=critical,keyCertSign,cRLSign', '-keyout', keyFile, '-out', certFile,
  ]); // prettier-ignore
  return { name, certPem: readFileSync(certFile, 'utf8'), keyFile, certFile };
}

/** A server certificate for `host` (a name or 127.0.0.1) signed by `ca`: its key and certificate in PEM. */
export function issue(dir: string, ca: Authority, host: string, file: string): { key: string; cert: string } {
  const key = join(dir, `${file}.key`);
  const csr = join(dir, `${file}.csr`);
  const cert = join(dir, `${file}.pem`);
  const ext = join(dir, `${file}.ext`);
  openssl(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-subj', `/CN=${host}`, '-keyout', key, '-out', csr]); // prettier-ignore
  writeFileSync(ext, `subjectAltName=${/^\d+\.\d+\.\d+\.\d+$/.test(host) ? 'IP' : 'DNS'}:${host}\n`);
  openssl(['x509', '-req', '-in', csr, '-CA', ca.certFile, '-CAkey', ca.keyFile, '-CAcreateserial', '-days', '2', '-extfile', ext, '-out', cert]); // prettier-ignore
  return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

/** Forwards a request as it came to plain http at `port` (the emulator). */
function forward(req: IncomingMessage, res: ServerResponse, port: number): void {
  const upstream = httpRequest(
    { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
    (up) => {
      res.writeHead(up.statusCode!, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}

/** An HTTPS front for the emulator at `emulatorPort`, with `tls` as its certificate. */
export async function startHttpsFront(
  emulatorPort: number,
  tls: { key: string; cert: string },
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createHttpsServer(tls, (req, res) => forward(req, res, emulatorPort));
  const port = await listen(server);
  return {
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface LabProxyOptions {
  /** `user:password` the proxy asks for (Basic); none asked when absent. */
  credentials?: string;
  /** Inspect TLS: answer CONNECTs with this certificate and pass the plain requests to `serviceHttpPort`. */
  inspect?: { key: string; cert: string; serviceHttpPort: number };
  /** Where `LAB_HOST:443` is when tunnelled without inspection. */
  servicePort?: number;
}

export interface LabProxy {
  url: string;
  /** What reached the proxy, in order: `CONNECT host:port`, `407 CONNECT host:port`, `GET /path` (inspected). */
  seen: string[];
  close(): Promise<void>;
}

export async function startLabProxy(options: LabProxyOptions): Promise<LabProxy> {
  const seen: string[] = [];
  const expected = options.credentials && `Basic ${Buffer.from(options.credentials).toString('base64')}`;
  const refused = (req: IncomingMessage) => expected !== undefined && req.headers['proxy-authorization'] !== expected;
  // The inspected requests, decrypted: an http server that never listens, fed the TLS sockets.
  const inside = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    forward(req, res, options.inspect!.serviceHttpPort);
  });
  const proxy = createServer((req, res) => {
    seen.push(`${refused(req) ? '407 ' : ''}${req.method} ${req.url}`);
    res.writeHead(refused(req) ? 407 : 502, { 'proxy-authenticate': 'Basic realm="lab"' }).end();
  });
  // Tunnels leave the http server's books once connected: they are ended here on close.
  const tunnels = new Set<Socket>();
  proxy.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    tunnels.add(socket);
    socket.on('close', () => tunnels.delete(socket));
    socket.on('error', () => socket.destroy());
    if (refused(req)) {
      seen.push(`407 CONNECT ${req.url}`);
      socket.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="lab"\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    seen.push(`CONNECT ${req.url}`);
    if (req.url !== `${LAB_HOST}:443`) {
      socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (options.inspect) {
      const tls = new TLSSocket(socket, { isServer: true, key: options.inspect.key, cert: options.inspect.cert });
      tls.on('error', () => socket.destroy());
      inside.emit('connection', tls);
      return;
    }
    const upstream = netConnect(options.servicePort!, '127.0.0.1', () => {
      socket.on('close', () => upstream.destroy());
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
  });
  const port = await listen(proxy);
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: async () => {
      for (const s of tunnels) s.destroy();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}
