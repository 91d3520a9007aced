import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { baseUrlProblem, type Environment, normalizeBaseUrl, signedOut, writeAtomic } from '../../server/src/core';
import { type CredentialOrigin, TERMINAL_WORDS } from './words';
import { CliError, Exit, UsageError } from './exitCodes';
import { keyringAccount, keyringName, KeyringUnavailableError, readSecret } from './keyring';

// Where the credentials come from: TAS_BASE_URL, TAS_CLIENT_ID and TAS_CLIENT_SECRET, or a named
// profile in a file outside any repository that only its owner can read (as ssh insists for its
// keys). Never from arguments: other users see those in the process list.

export interface Profile {
  baseUrl: string;
  clientId: string;
  /** In the file only where no keyring answered at `tas login`. */
  clientSecret?: string;
  /** The marker of a secret kept in the system keyring (keyring.ts), in place of `clientSecret`. */
  secretIn?: 'keyring';
}

export interface ProfilesFile {
  /** The profile used when neither --profile, TAS_PROFILE nor TAS_* variables say otherwise. */
  default?: string;
  profiles: Record<string, Profile>;
}

/**
 * TAS_PROFILES names the file; else TAS_CONFIG_DIR/profiles.json; else
 * $XDG_CONFIG_HOME/tas/profiles.json or ~/.config/tas/profiles.json.
 */
export function profilesPath(env: NodeJS.ProcessEnv): string {
  if (env['TAS_PROFILES']) return resolve(env['TAS_PROFILES']);
  if (env['TAS_CONFIG_DIR']) return join(resolve(env['TAS_CONFIG_DIR']), 'profiles.json');
  const config = env['XDG_CONFIG_HOME'] || join(env['HOME'] || homedir(), '.config');
  return join(config, 'tas', 'profiles.json');
}

/**
 * `path` with every symbolic link resolved, the file's own and its folders' (a dotfiles manager
 * links the file, or ~/.config, into a repository). A tail that does not exist yet, or a link
 * that points nowhere (a write replaces it), is kept as named under the real folder above it.
 */
export function realPathOf(path: string): string {
  const rest: string[] = [];
  for (let p = resolve(path); ; p = dirname(p)) {
    try {
      return join(realpathSync(p), ...rest);
    } catch {
      if (dirname(p) === p) return resolve(path);
      rest.unshift(basename(p));
    }
  }
}

/** The path as named, and where it really is when links lead elsewhere: for messages. */
export function shownPath(path: string): string {
  const real = realPathOf(path);
  return real === resolve(path) ? path : `${path} (a link to ${real})`;
}

/**
 * The nearest folder holding `.git` (a folder, or a worktree's file) at or above `path`, or at or
 * above where it really is once every link is resolved, if any.
 */
export function repositoryOf(path: string): string | undefined {
  const above = (start: string): string | undefined => {
    for (let dir = start; ; dir = dirname(dir)) {
      if (existsSync(join(dir, '.git'))) return dir;
      if (dirname(dir) === dir) return undefined;
    }
  };
  const named = resolve(path);
  const real = realPathOf(named);
  return above(dirname(named)) ?? (real !== named ? above(dirname(real)) : undefined);
}

/** Refuses a profiles file others can read or that sits in a repository (it could be committed); links resolved. */
function checkSafe(path: string): void {
  const real = realPathOf(path);
  const mode = statSync(real).mode;
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new CliError(
      `The profiles file ${shownPath(path)} can be read by other users (mode ${(mode & 0o777).toString(8)}). Run: chmod 600 ${real}`,
      Exit.auth,
    );
  }
  const repo = repositoryOf(path);
  if (repo) {
    throw new CliError(
      `The profiles file ${shownPath(path)} is inside the repository ${repo}, where it could be committed. Move it to a folder outside any repository and set TAS_CONFIG_DIR to that folder (or TAS_PROFILES to the file).`,
      Exit.auth,
    );
  }
}

export function readProfiles(path: string): ProfilesFile | undefined {
  if (!existsSync(path)) return undefined;
  checkSafe(path);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new CliError(
      `The profiles file ${path} is not valid JSON: ${(err as Error).message}. Fix it or write it again with tas login.`,
      Exit.auth,
    );
  }
  const p = parsed as Partial<ProfilesFile> | null;
  if (!p || typeof p !== 'object' || typeof p.profiles !== 'object' || p.profiles === null) {
    throw new CliError(`The profiles file ${path} has no "profiles" object. Write it again with tas login.`, Exit.auth);
  }
  return { ...(typeof p.default === 'string' && { default: p.default }), profiles: p.profiles };
}

/** Writes the file readable by its owner only (in a folder only they can enter), atomically. */
export function writeProfiles(path: string, file: ProfilesFile): Promise<void> {
  return writeAtomic(path, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600, folderMode: 0o700 });
}

export interface CredentialSource {
  environment: Environment;
  /** Where they came from, for messages: "TAS_* variables" or "profile staging". */
  from: string;
  /** The same, for the next steps of failures (terminalWords). */
  origin: CredentialOrigin;
}

/**
 * The credentials to use, or undefined when none are configured. `--profile` wins; then the
 * TAS_* variables (all three); then TAS_PROFILE or the file's default profile.
 */
export function findCredentials(env: NodeJS.ProcessEnv, profileName: string | undefined): CredentialSource | undefined {
  const path = profilesPath(env);
  if (profileName === undefined) {
    const baseUrl = env['TAS_BASE_URL'];
    const clientId = env['TAS_CLIENT_ID'];
    const clientSecret = env['TAS_CLIENT_SECRET'];
    if (baseUrl || clientId || clientSecret) {
      if (!baseUrl || !clientId || !clientSecret) {
        const missing = [!baseUrl && 'TAS_BASE_URL', !clientId && 'TAS_CLIENT_ID', !clientSecret && 'TAS_CLIENT_SECRET']
          .filter(Boolean)
          .join(', ');
        throw new CliError(
          `Set all three of TAS_BASE_URL, TAS_CLIENT_ID and TAS_CLIENT_SECRET (missing: ${missing}).`,
          Exit.auth,
        );
      }
      return {
        environment: { baseUrl: checkedBaseUrl(baseUrl, 'TAS_BASE_URL'), clientId, clientSecret },
        from: 'TAS_* variables',
        origin: { from: 'variables' },
      };
    }
  }
  const file = readProfiles(path);
  const name = profileName ?? env['TAS_PROFILE'] ?? file?.default;
  if (name === undefined) return undefined;
  const profile = file?.profiles[name];
  if (!profile) {
    // Said by what named it: the option, the variable, or the file's default.
    const namedBy =
      profileName !== undefined
        ? '--profile'
        : env['TAS_PROFILE'] !== undefined
          ? 'TAS_PROFILE'
          : 'the file\'s "default"';
    throw new UsageError(
      `There is no profile "${name}" (named by ${namedBy}) in ${path}. Create it with: tas login --profile ${name}`,
    );
  }
  const inKeyring = profile.secretIn === 'keyring';
  if (
    typeof profile.baseUrl !== 'string' ||
    typeof profile.clientId !== 'string' ||
    (!inKeyring && typeof profile.clientSecret !== 'string')
  ) {
    throw new CliError(
      `The profile "${name}" in ${path} lacks baseUrl, clientId or clientSecret. Write it again with tas login --profile ${name}.`,
      Exit.auth,
    );
  }
  const baseUrl = checkedBaseUrl(profile.baseUrl, `The base URL of profile "${name}"`);
  return {
    environment: {
      baseUrl,
      clientId: profile.clientId,
      clientSecret: inKeyring ? keyringSecret(name, profile.clientId, baseUrl) : profile.clientSecret!,
    },
    from: `profile ${name}`,
    origin: { from: 'profile', name, file: path, ...(inKeyring && { keyring: true }) },
  };
}

/** The secret a profile keeps in the system keyring; its absence, or a keyring that does not answer, is said with the next step. */
function keyringSecret(name: string, clientId: string, baseUrl: string): string {
  let secret: string | undefined;
  try {
    secret = readSecret(keyringAccount(clientId, baseUrl));
  } catch (err) {
    if (!(err instanceof KeyringUnavailableError)) throw err;
    throw new CliError(
      `The client secret of profile "${name}" is kept in ${keyringName()}, which did not answer (${err.reason}). Unlock it, or run tas login --profile ${name} again.`,
      Exit.auth,
    );
  }
  if (secret === undefined) {
    throw new CliError(
      `${keyringName()} has no client secret for profile "${name}" (client ${clientId} at ${baseUrl}). Write it again with tas login --profile ${name}.`,
      Exit.auth,
    );
  }
  return secret;
}

/** The base URL without a trailing /api/v2; one that is no http(s) URL is a usage error. */
function checkedBaseUrl(value: string, what: string): string {
  const problem = baseUrlProblem(value);
  if (problem) throw new UsageError(`${what} is not a service URL: ${problem}`);
  return normalizeBaseUrl(value);
}

export function requireCredentials(env: NodeJS.ProcessEnv, profileName: string | undefined): CredentialSource {
  const found = findCredentials(env, profileName);
  if (!found) {
    throw new CliError(signedOut(TERMINAL_WORDS).message, Exit.auth);
  }
  return found;
}
