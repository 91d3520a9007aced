import { createSecureContext, type SecureContext } from 'node:tls';
import type { Dispatcher } from 'undici';
import { proxySecrets } from './proxySecrets';
import { trustedAuthorities } from './trustStore';
import { undici } from './undiciModule';

// How requests reach the service: proxies (HTTPS_PROXY, HTTP_PROXY, NO_PROXY in either case, or
// the editor's proxy settings passed in), the authorities trusted (trustStore.ts), and
// certificate checking.

export interface NetworkOptions {
  /** A proxy URL for every request (credentials may be in it); overrides HTTPS_PROXY/HTTP_PROXY. */
  proxy?: string;
  /** The whole Proxy-Authorization header (the editor's http.proxyAuthorization); wins over credentials in the URL. */
  proxyAuthorization?: string;
  /** Hosts that bypass the proxy (comma-separated); overrides NO_PROXY. */
  noProxy?: string;
  /** Extra CA certificates in PEM, trusted beside the system's and NODE_EXTRA_CA_CERTS. */
  ca?: string[];
  /** False accepts any server certificate (the editor's http.proxyStrictSSL: false). */
  strictSSL?: boolean;
  /** False trusts Node's bundled authorities and NODE_EXTRA_CA_CERTS only (the editor's http.systemCertificates). */
  systemCertificates?: boolean;
}

/** A proxy requests go through: where, and what may be shown of it (never its credentials). */
export interface ProxyRoute {
  /** With its credentials, for connecting. */
  url: URL;
  /** The Proxy-Authorization header sent to it, if any. */
  authorization: string | undefined;
  /** `http://proxy.example:3128`: no user name or password. */
  shown: string;
}

/** The dispatcher, and which proxy (if any) a request to an origin goes through. */
export interface Network {
  dispatcher: Dispatcher;
  routeFor: (origin: URL) => ProxyRoute | undefined;
  /** The proxy passwords and authorization in use: a scrubber learns them. */
  secrets: string[];
  /** Set when a proxy is named in a way nobody can connect to: every request fails with these words, unsent. */
  unusable?: string;
}

export function createNetwork(options: NetworkOptions = {}, env: NodeJS.ProcessEnv = process.env): Network {
  try {
    return networkOf(options, env);
  } catch (err) {
    if (!(err instanceof ProxyUrlError)) throw err;
    // Never a way around the proxy the user meant: a dispatcher that is never asked.
    const { Agent } = undici();
    const secrets = proxySecrets([options.proxy], options.proxyAuthorization);
    return { dispatcher: new Agent(), routeFor: () => undefined, secrets, unusable: err.message };
  }
}

function networkOf(options: NetworkOptions, env: NodeJS.ProcessEnv): Network {
  const secureContext = trustContext(options, env);
  const connect = { secureContext, rejectUnauthorized: options.strictSSL ?? true };
  const pick = (...names: string[]) => {
    const name = names.find((n) => env[n] !== undefined && env[n] !== '');
    return name === undefined ? undefined : proxyUrl(env[name]!, `the proxy in ${name}`);
  };
  const given = options.proxy === undefined ? undefined : proxyUrl(options.proxy, 'the proxy setting');
  const httpProxy = given ?? pick('HTTP_PROXY', 'http_proxy');
  const httpsProxy = given ?? pick('HTTPS_PROXY', 'https_proxy') ?? httpProxy;
  const noProxy = options.noProxy ?? [env['NO_PROXY'], env['no_proxy']].find((v) => v !== undefined && v !== '') ?? '';
  const authorization = options.proxyAuthorization || undefined;
  const { Agent, EnvHttpProxyAgent } = undici();
  const routes = { 'http:': proxyRoute(httpProxy, authorization), 'https:': proxyRoute(httpsProxy, authorization) };
  const secrets = proxySecrets([httpProxy, httpsProxy], authorization);
  const routeFor = (origin: URL): ProxyRoute | undefined =>
    bypasses(origin, noProxy) ? undefined : routes[origin.protocol as 'http:' | 'https:'];
  if (!httpProxy && !httpsProxy) {
    return { dispatcher: new Agent({ connect, keepAliveTimeout: 4000 }), routeFor, secrets };
  }
  const dispatcher = new EnvHttpProxyAgent({
    // Empty strings mean "no proxy" to undici, so a missing one does not fall back to process.env.
    httpProxy: httpProxy ?? '',
    httpsProxy: httpsProxy ?? '',
    noProxy,
    connect,
    // The tunnel's TLS (a TLS-inspecting proxy's authority must be trusted too) and an https proxy's.
    requestTls: connect,
    proxyTls: connect,
    ...(authorization && { token: authorization }),
  });
  return { dispatcher, routeFor, secrets };
}

/**
 * One context for every connection and session with the same trust: made from some 150
 * authorities it costs about 30 ms, which Node would pay again for each connection given the list.
 */
const contexts = new Map<string, SecureContext>();
function trustContext(options: NetworkOptions, env: NodeJS.ProcessEnv): SecureContext {
  const system = options.systemCertificates ?? true;
  const key = JSON.stringify([
    system,
    options.ca ?? [],
    ...['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR'].map((n) => env[n]),
  ]);
  let context = contexts.get(key);
  if (!context) {
    context = createSecureContext({ ca: trustedAuthorities(env, system, options.ca) });
    contexts.set(key, context);
  }
  return context;
}

/** A session's network: a ready dispatcher (tests) goes straight, with no proxy to name. */
export function sessionNetwork(dispatcher: Dispatcher | undefined, options: NetworkOptions | undefined): Network {
  return dispatcher ? { dispatcher, routeFor: () => undefined, secrets: [] } : createNetwork(options);
}

/** The dispatcher alone (tests, and callers that need no route). */
export function createDispatcher(options: NetworkOptions = {}, env: NodeJS.ProcessEnv = process.env): Dispatcher {
  return createNetwork(options, env).dispatcher;
}

/** A proxy named in a way nobody can connect to: said with where it came from, never with its value (it may hold a password). */
export class ProxyUrlError extends Error {
  /** `source`: "the proxy in HTTPS_PROXY", "the proxy setting". */
  constructor(readonly source: string) {
    super(`${source} is not a URL such as http://proxy.example:3128`);
    this.name = 'ProxyUrlError';
  }
}

/** The proxy as undici takes it: `host:port` alone means http, as curl reads it. */
function proxyUrl(value: string, source: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ProxyUrlError(source);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ProxyUrlError(source);
  return url.href;
}

function proxyRoute(value: string | undefined, authorization: string | undefined): ProxyRoute | undefined {
  if (!value) return undefined;
  const url = new URL(value);
  return { url, authorization, shown: `${url.protocol}//${url.host}` };
}

/**
 * Whether NO_PROXY sends a request to `origin` straight to it, as undici decides: `*`, a host
 * name or a domain (with or without a leading `.` or `*.`), each with an optional port.
 */
function bypasses(origin: URL, noProxy: string): boolean {
  const host = origin.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = origin.port || (origin.protocol === 'https:' ? '443' : '80');
  return noProxy
    .split(/[,\s]+/)
    .filter((e) => e !== '')
    .some((entry) => {
      if (entry === '*') return true;
      const m = /^(.+?)(?::(\d+))?$/.exec(entry.toLowerCase().replace(/^\*?\./, ''))!;
      const [, name, entryPort] = m;
      if (entryPort && entryPort !== port) return false;
      return host === name || host.endsWith(`.${name}`);
    });
}
