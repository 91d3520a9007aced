import { request } from 'node:http';
import { isIP, type Socket } from 'node:net';
import { connect as tlsConnect, type DetailedPeerCertificate } from 'node:tls';
import type { ProxyRoute } from './network';

// Which authority a server's certificate leads to, for the words of a certificate failure: a
// TLS handshake alone (no request is sent, nothing can start), through the same proxy as the
// refused connection, that reads the chain the server presents and names its top. Node's own
// check refused the connection already; this only looks, and gives up quietly.

const LOOK_MS = 5000;

/** The authority at the top of the chain `origin` presents ("CN=Lab Root CA, O=Example"), or undefined. */
export async function presentedAuthority(origin: URL, proxy: ProxyRoute | undefined): Promise<string | undefined> {
  const host = origin.hostname.replace(/^\[|\]$/g, '');
  const port = Number(origin.port || 443);
  try {
    const socket = proxy ? await tunnel(proxy, host, port) : undefined;
    if (proxy && !socket) return undefined;
    return await topIssuer(host, port, socket);
  } catch {
    return undefined;
  }
}

/** A CONNECT tunnel through a plain-http proxy; undefined when it refuses (an https proxy is not looked through). */
function tunnel(proxy: ProxyRoute, host: string, port: number): Promise<Socket | undefined> {
  if (proxy.url.protocol !== 'http:') return Promise.resolve(undefined);
  const basic =
    proxy.url.username &&
    `Basic ${Buffer.from(`${decodeURIComponent(proxy.url.username)}:${decodeURIComponent(proxy.url.password)}`).toString('base64')}`;
  const authorization = proxy.authorization ?? basic;
  return new Promise((resolve, reject) => {
    const req = request({
      host: proxy.url.hostname,
      port: Number(proxy.url.port || 80),
      method: 'CONNECT',
      path: `${host.includes(':') ? `[${host}]` : host}:${port}`,
      headers: authorization ? { 'proxy-authorization': authorization } : {},
      timeout: LOOK_MS,
    });
    req.on('connect', (res, socket) => {
      if (res.statusCode === 200) return resolve(socket);
      socket.destroy();
      resolve(undefined);
    });
    req.on('timeout', () => req.destroy(new Error('the proxy did not answer')));
    req.on('error', reject);
    req.end();
  });
}

function topIssuer(host: string, port: number, socket: Socket | undefined): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const tls = tlsConnect({
      host,
      port,
      ...(socket && { socket }),
      ...(isIP(host) === 0 && { servername: host }),
      // Only to read the chain: the socket is closed at once and carries nothing.
      rejectUnauthorized: false,
      timeout: LOOK_MS,
    });
    tls.on('secureConnect', () => {
      const top = chainTop(tls.getPeerCertificate(true));
      tls.destroy();
      socket?.destroy();
      resolve(top);
    });
    tls.on('timeout', () => tls.destroy(new Error('no handshake in time')));
    tls.on('error', reject);
  });
}

/** The issuer of the last certificate the server sent: the authority that would have to be trusted. */
function chainTop(cert: DetailedPeerCertificate): string | undefined {
  if (!cert?.issuer) return undefined;
  let c = cert;
  const seen = new Set<string>();
  while (
    c.issuerCertificate &&
    !seen.has(c.fingerprint256) &&
    c.issuerCertificate.fingerprint256 !== c.fingerprint256
  ) {
    seen.add(c.fingerprint256);
    c = c.issuerCertificate;
  }
  const names = c.issuer as unknown as Record<string, string | string[]>;
  const parts = ['CN', 'OU', 'O'].filter((k) => names[k]).map((k) => `${k}=${String(names[k])}`);
  return parts.length ? parts.join(', ') : undefined;
}
