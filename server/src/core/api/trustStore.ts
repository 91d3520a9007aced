import { readFileSync } from 'node:fs';
import * as tls from 'node:tls';
import { systemCertsSync } from 'system-ca';

// The authorities a connection trusts: Node's bundled ones, the operating system's (as VS Code
// trusts them, `http.systemCertificates`), NODE_EXTRA_CA_CERTS and any passed in. The system's
// come from Node's own reader where this Node has one (22.15+ and 23.10+: every platform, and
// VS Code 1.101+ runs the server on such a Node), and from system-ca's reader of the Unix files
// (/etc/ssl, /etc/pki, SSL_CERT_FILE, SSL_CERT_DIR) on Linux and the other Unixes. macOS's and
// Windows' stores need the native addons system-ca would load; they are not bundled, so on an
// older Node those platforms get no system authorities (docs/networks.md says so).

/** tls.getCACertificates, where this Node has it (not in Node 20's types). */
type CaReader = (type: 'system') => string[];
const nodeReader = (tls as { getCACertificates?: CaReader }).getCACertificates;

const cache = new Map<string, string[]>();

/** The operating system's trusted authorities in PEM, read once per process (per SSL_CERT_FILE/SSL_CERT_DIR). */
export function systemCertificates(env: NodeJS.ProcessEnv): string[] {
  const key = `${env['SSL_CERT_FILE'] ?? ''}\n${env['SSL_CERT_DIR'] ?? ''}`;
  let certs = cache.get(key);
  if (!certs) {
    certs = [...new Set([...fromNode(), ...fromUnixFiles(env)])];
    cache.set(key, certs);
  }
  return certs;
}

function fromNode(): string[] {
  try {
    return nodeReader?.('system') ?? [];
  } catch {
    return [];
  }
}

function fromUnixFiles(env: NodeJS.ProcessEnv): string[] {
  if (process.platform === 'win32' || process.platform === 'darwin') return [];
  try {
    return systemCertsSync({ env });
  } catch {
    // No store at the usual places (a minimal container): Node's bundled authorities remain.
    return [];
  }
}

/** The PEM text of NODE_EXTRA_CA_CERTS, when set and readable. */
function extraFromEnv(env: NodeJS.ProcessEnv): string[] {
  const file = env['NODE_EXTRA_CA_CERTS'];
  if (!file) return [];
  try {
    return [readFileSync(file, 'utf8')];
  } catch {
    return [];
  }
}

/**
 * Every authority a connection trusts. Passing `ca` to Node replaces its default list, so the
 * bundled ones and NODE_EXTRA_CA_CERTS go in too; `system: false` leaves the system's out.
 */
export function trustedAuthorities(env: NodeJS.ProcessEnv, system: boolean, extra: string[] = []): string[] {
  const all = [...tls.rootCertificates, ...(system ? systemCertificates(env) : []), ...extraFromEnv(env), ...extra];
  // The system's list repeats most of Node's: each authority once (by its PEM body) halves the work.
  const seen = new Set<string>();
  return all.filter((pem) => {
    const body = pem.replace(/\s+/g, '');
    if (seen.has(body)) return false;
    seen.add(body);
    return true;
  });
}
