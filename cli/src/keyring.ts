// The operating system's keyring for `tas login`'s client secret: the macOS Keychain, the Windows
// Credential Manager, the Secret Service on Linux (GNOME Keyring, KWallet), through
// @napi-rs/keyring. That package is an optional dependency with prebuilt binaries per platform,
// outside the bundle and loaded only when a profile needs it: where it is missing, or no keyring
// answers, the profiles file keeps the secret as before. On Linux only the Secret Service is
// used: the kernel keyring, the library's fallback, forgets everything at logout.

/** The keyring entries' service name; each entry's account is the client ID at the base URL. */
export const KEYRING_SERVICE = 'tas';

const PACKAGE = '@napi-rs/keyring';

interface KeyringEntry {
  setPassword(password: string): void;
  getPassword(): string | null;
  deletePassword(): boolean;
}

interface KeyringModule {
  Entry: new (service: string, account: string, options?: { linux?: { store?: string } }) => KeyringEntry;
}

/** No keyring answered: `reason` says why in a few plain words (no secret in it). */
export class KeyringUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`no system keyring answered (${reason})`);
    this.name = 'KeyringUnavailableError';
  }
}

/** Where the secret of a client is kept: one entry per client ID and service. */
export function keyringAccount(clientId: string, baseUrl: string): string {
  return `${clientId}@${baseUrl}`;
}

/** The keyring's name on this system, for messages. */
export function keyringName(platform: NodeJS.Platform = process.platform): string {
  return platform === 'darwin'
    ? 'the macOS Keychain'
    : platform === 'win32'
      ? 'the Windows Credential Manager'
      : 'the system keyring (Secret Service)';
}

let loaded: KeyringModule | KeyringUnavailableError | undefined;

function load(): KeyringModule {
  if (loaded === undefined) {
    try {
      // Outside the bundle (scripts/build.mjs marks it external): resolved next to dist/cli.js.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      loaded = require('@napi-rs/keyring') as KeyringModule;
    } catch {
      loaded = new KeyringUnavailableError(`the optional package ${PACKAGE} is not installed`);
    }
  }
  if (loaded instanceof KeyringUnavailableError) throw loaded;
  return loaded;
}

/** The entry of `account`; a keyring that cannot be reached throws KeyringUnavailableError. */
function entry(account: string): KeyringEntry {
  const { Entry } = load();
  return attempt(() => new Entry(KEYRING_SERVICE, account, { linux: { store: 'secret-service' } }));
}

/** The library's failure in a few words: its first line, which names the platform's error (never the secret). */
function attempt<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    const first = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 200);
    // The usual case on a server or in a container, said plainly.
    throw new KeyringUnavailableError(
      first.includes('DBUS_SESSION_BUS_ADDRESS') ? 'no D-Bus session: DBUS_SESSION_BUS_ADDRESS is not set' : first,
    );
  }
}

/** Stores the secret of `account`; KeyringUnavailableError when no keyring takes it. */
export function storeSecret(account: string, secret: string): void {
  const e = entry(account);
  attempt(() => e.setPassword(secret));
}

/** The secret of `account`, or undefined when the keyring has none; KeyringUnavailableError when none answers. */
export function readSecret(account: string): string | undefined {
  const e = entry(account);
  return attempt(() => e.getPassword()) ?? undefined;
}

/** Removes the secret of `account`: true when there was one; KeyringUnavailableError when no keyring answers. */
export function removeSecret(account: string): boolean {
  const e = entry(account);
  return attempt(() => e.deletePassword());
}
