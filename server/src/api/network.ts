import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';

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
  const hasProxy =
    options.proxy !== undefined ||
    ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((name) => env[name] !== undefined && env[name] !== '');
  if (!hasProxy) return new Agent({ connect, keepAliveTimeout: 4000 });
  return new EnvHttpProxyAgent({
    ...(options.proxy !== undefined && { httpProxy: options.proxy, httpsProxy: options.proxy }),
    ...(options.noProxy !== undefined && { noProxy: options.noProxy }),
    connect,
    requestTls: connect,
  });
}
