import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import type { Emulator } from '../emulator/emulator';

// Runs the built `dist/cli.js` as a user would: a child process with its own environment and
// working folder (temporary), never the developer's home or profiles.

export const CLI = resolve(__dirname, '../../../dist/cli.js');

/** The ids of user and group nobody on Linux. */
const NOBODY = 65534;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function tempDir(prefix = 'tas-cli-'): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** The environment of a signed-in run against the emulator, with fast polling. */
export function credentials(emu: Emulator, who: keyof typeof DEMO_CREDENTIALS = 'admin'): NodeJS.ProcessEnv {
  return {
    TAS_BASE_URL: emu.url,
    TAS_CLIENT_ID: DEMO_CREDENTIALS[who].clientId,
    TAS_CLIENT_SECRET: DEMO_CREDENTIALS[who].clientSecret,
  };
}

/** Spawned, not run synchronously: the emulator answers from this same process. */
/** `closeStdout`: the reader goes away before anything is written, as `tas ... | head` does. */
/** `timeoutMs`: the child is killed after it (a run that could hang must not hang the tests); its code is then null. */
let nobodysCli: string | undefined;
/**
 * A copy of dist/cli.js (one self-contained file) in a folder anyone may enter: the clone may sit
 * below a folder user nobody cannot open (CI clones wherever it likes).
 */
function cliNobodyCanRead(): string {
  if (nobodysCli) return nobodysCli;
  const dir = mkdtempSync(join(tmpdir(), 'tas-cli-nobody-'));
  chmodSync(dir, 0o755);
  const copy = join(dir, 'cli.js');
  copyFileSync(CLI, copy);
  chmodSync(copy, 0o644);
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return (nobodysCli = copy);
}

/** `unprivileged`: when the tests run as root, tas runs as user and group nobody (file permissions then bind it). */
/**
 * The environment tas runs with in a test: the test's folder as home and config, the run's
 * temporary folder (scripts/run-tests.mjs: tas bars a `.tas` there as a user's would be), fast
 * polling, and nothing else of the test process's but PATH; then `env`.
 */
export function cliEnv(cwd: string, env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env['PATH'] ?? '',
    HOME: cwd,
    ...(process.env['TMPDIR'] !== undefined && { TMPDIR: process.env['TMPDIR'] }),
    XDG_CONFIG_HOME: join(cwd, '.config'),
    TAS_POLL_INTERVAL: '0.05',
    ...env,
  };
}

export function tas(
  args: string[],
  options: {
    env?: NodeJS.ProcessEnv;
    cwd: string;
    input?: string;
    closeStdout?: boolean;
    timeoutMs?: number;
    unprivileged?: boolean;
    /** Runs tas through another command (test/systemStore.ts: a private mount namespace). */
    wrap?: (file: string, args: string[]) => { file: string; args: string[] };
  },
): Promise<CliResult> {
  const asNobody = options.unprivileged === true && process.getuid?.() === 0;
  const plain = { file: process.execPath, args: [asNobody ? cliNobodyCanRead() : CLI, ...args] };
  const command = options.wrap ? options.wrap(plain.file, plain.args) : plain;
  return new Promise((done, fail) => {
    const child = spawn(command.file, command.args, {
      cwd: options.cwd,
      env: cliEnv(options.cwd, options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(options.timeoutMs !== undefined && { timeout: options.timeoutMs, killSignal: 'SIGKILL' as const }),
      // Node drops the supplementary groups when it sets the ids.
      ...(asNobody && { uid: NOBODY, gid: NOBODY }),
    });
    let stdout = '';
    let stderr = '';
    if (options.closeStdout) child.stdout.destroy();
    else child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
