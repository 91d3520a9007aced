import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulator } from './emulator/emulator';
import { issue, LAB_HOST, type LabProxy, makeAuthority, startHttpsFront, startLabProxy } from './labNetwork';

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

/**
 * The lab both hosts' store tests use, under `dir`: the emulator behind an HTTPS front whose
 * certificate a private service authority issued, a TLS-inspecting proxy with an authority of its
 * own, and two stores: one with both authorities installed, one with neither.
 */
export async function startStoreLab(dir: string): Promise<StoreLab> {
  const emu = await startEmulator();
  const emulatorPort = Number(new URL(emu.url).port);
  const serviceCa = makeAuthority(dir, 'TAS Lab Service Root CA', 'service-ca');
  const inspectionCa = makeAuthority(dir, 'TAS Lab Inspection CA', 'inspection-ca');
  const front = await startHttpsFront(emulatorPort, issue(dir, serviceCa, '127.0.0.1', 'front'));
  const inspecting = await startLabProxy({
    inspect: { ...issue(dir, inspectionCa, LAB_HOST, 'inspected'), serviceHttpPort: emulatorPort },
  });
  return {
    front,
    inspecting,
    withAuthorities: makeStore(join(dir, 'with'), {
      'tas-lab-service-root': serviceCa.certPem,
      'tas-lab-inspection': inspectionCa.certPem,
    }),
    without: makeStore(join(dir, 'without'), {}),
    close: async () => {
      await Promise.all([inspecting.close(), front.close(), emu.close()]);
    },
  };
}

export interface StoreLab {
  front: Awaited<ReturnType<typeof startHttpsFront>>;
  inspecting: LabProxy;
  /** A store with the service's and the inspecting proxy's authorities. */
  withAuthorities: string;
  /** A store with neither. */
  without: string;
  close(): Promise<void>;
}
