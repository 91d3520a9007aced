import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// A test-made copy of the system's trust store, seen by one process only: a folder laid out as
// Debian's update-ca-certificates lays /etc/ssl/certs out (each authority as NAME.pem, a link
// named by its subject hash, and all of them in ca-certificates.crt), bind-mounted over /etc/ssl
// in a private mount namespace (`unshare -m`, root). The shell's NODE_EXTRA_CA_CERTS,
// SSL_CERT_FILE, SSL_CERT_DIR and CURL_CA_BUNDLE (this machine points them at the real bundle)
// are removed for that process, or it would pass for a reason no user has.

/** The variables that would make a process trust authorities without the system store. */
export const STORE_VARIABLES_REMOVED = {
  NODE_EXTRA_CA_CERTS: undefined,
  SSL_CERT_FILE: undefined,
  SSL_CERT_DIR: undefined,
  CURL_CA_BUNDLE: undefined,
};

/** Fails loudly where a private mount namespace cannot be made: CI runs as root on this kind of machine. */
export function assertUnshareWorks(): void {
  const r = spawnSync('unshare', ['-m', '--propagation', 'private', 'true'], { encoding: 'utf8' });
  assert.equal(
    r.status,
    0,
    `the system-store tests need "unshare -m" as root (a private mount namespace): ${r.error?.message ?? r.stderr}`,
  );
}

/** Makes `<dir>/ssl` holding these authorities (PEM, by file name) as update-ca-certificates would. */
export function makeStore(dir: string, authorities: Record<string, string>): string {
  const ssl = join(dir, 'ssl');
  const certs = join(ssl, 'certs');
  mkdirSync(certs, { recursive: true });
  for (const [name, pem] of Object.entries(authorities)) {
    const file = join(certs, `${name}.pem`);
    writeFileSync(file, pem);
    const hash = spawnSync('openssl', ['x509', '-hash', '-noout', '-in', file], { encoding: 'utf8' });
    assert.equal(hash.status, 0, hash.stderr);
    symlinkSync(`${name}.pem`, join(certs, `${hash.stdout.trim()}.0`));
  }
  writeFileSync(join(certs, 'ca-certificates.crt'), Object.values(authorities).join(''));
  return ssl;
}

/** The command and arguments that run `file args` with `ssl` mounted over /etc/ssl, for it alone. */
export function inStore(ssl: string, file: string, args: string[]): { file: string; args: string[] } {
  return {
    file: 'unshare',
    args: [
      '-m',
      '--propagation',
      'private',
      '--',
      'sh',
      '-c',
      'mount --bind "$0" /etc/ssl && exec "$@"',
      ssl,
      file,
      ...args,
    ],
  };
}
