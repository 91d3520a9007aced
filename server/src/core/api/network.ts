import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import type { Dispatcher } from 'undici';
import { undici } from './undiciModule';

// How requests reach the service: proxies (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, or the editor's
// proxy settings passed in), extra CA certificates, and certificate checking.

export interface NetworkOptions {
  /** A proxy URL for every request; overrides HTTPS_PROXY/HTTP_PROXY. */
  proxy?: string;
  /** Hosts that bypass the proxy (comma-separated); overrides NO_PROXY. */
  noProxy?: string;
  /** Extra CA certificates in PEM, trusted beside the system's and NODE_EXTRA_CA_CERTS. */
  ca?: string[];
  /** False accepts any server certificate (the editor's http.proxyStrictSSL: false). */
  strictSSL?: boolean;
}

/** The PEM text of NODE_EXTRA_CA_CERTS, when set and readable. */
function extraCaFromEnv(env: NodeJS.ProcessEnv): string[] {
  const file = env['NODE_EXTRA_CA_CERTS'];
  if (!file) return [];
  try {
    return [readFileSync(file, 'utf8')];
  } catch {
    return [];
  }
}

export function createDispatcher(options: NetworkOptions = {}, env: NodeJS.ProcessEnv = process.env): Dispatcher {
  // Passing `ca` replaces Node's default trust store, so the defaults go in with the extras.
  const ca = options.ca?.length ? [...rootCertificates, ...extraCaFromEnv(env), ...options.ca] : undefined;
  const connect = { ...(ca && { ca }), rejectUnauthorized: options.strictSSL ?? true };
  const pick = (...names: string[]) => names.map((n) => env[n]).find((v) => v !== undefined && v !== '');
  const httpProxy = options.proxy ?? pick('HTTP_PROXY', 'http_proxy');
  const httpsProxy = options.proxy ?? pick('HTTPS_PROXY', 'https_proxy') ?? httpProxy;
  const { Agent, EnvHttpProxyAgent } = undici();
  if (!httpProxy && !httpsProxy) return new Agent({ connect, keepAliveTimeout: 4000 });
  return new EnvHttpProxyAgent({
    // Empty strings mean "no proxy" to undici, so a missing one does not fall back to process.env.
    httpProxy: httpProxy ?? '',
    httpsProxy: httpsProxy ?? '',
    noProxy: options.noProxy ?? pick('NO_PROXY', 'no_proxy') ?? '',
    connect,
    requestTls: connect,
  });
}
