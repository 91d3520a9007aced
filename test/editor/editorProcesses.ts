import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { profileArgs, serveArgs } from '../../scripts/start/codeServerArgs';
import { QUIET_USER_SETTINGS } from '../../scripts/start/quietSettings';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  CODE_SERVER,
  EditorSetupError,
  LIMITS,
  NODE24,
  SAMPLE_WORKSPACE,
  SCREENSHOTS,
  VSIX,
  type EditorOptions,
} from './editorConfig';

// The processes of the real-editor harness: code-server and Chromium started for an Editor
// (launch), a free loopback port, the children's environment, short commands, code-server's
// readiness, and stopping process groups and removing temp folders however the test process ends.

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolvePort(port) : reject(new Error('no free port'))));
    });
  });
}

/** The service credentials the extension reads from its environment: never inherited from the
 * test process, only given explicitly (EditorOptions.env), so "signed out" means signed out. */
const CREDENTIAL_VARS = /^TAS_(BASE_URL|CLIENT_ID|CLIENT_SECRET)$/;

/** Environment for code-server and Chromium: no VS Code session variables from a surrounding
 * editor, no service credentials, and their XDG config/data/cache (code-server's default config
 * and logs, its device id, Chromium's crash-report settings) inside the temp folder, not in $HOME. */
export function childEnv(temp: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(VSCODE_|ELECTRON_)/.test(k) && !CREDENTIAL_VARS.test(k)) env[k] = v;
  }
  env.XDG_CONFIG_HOME = join(temp, 'xdg-config');
  env.XDG_DATA_HOME = join(temp, 'xdg-data');
  env.XDG_CACHE_HOME = join(temp, 'xdg-cache');
  env.PATH = `${resolve(NODE24, '..')}:${process.env.PATH ?? ''}`;
  return env;
}

/** Runs a short command to its end; resolves with its output, rejects on a non-zero exit. */
export async function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, limitMs: number): Promise<string> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')}: no end after ${limitMs} ms\n${out}`));
    }, limitMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolveRun(out);
      else reject(new Error(`${args.join(' ')} failed (${code ?? signal})\n${out}`));
    });
  });
}

/** What to clean up when this test process ends in any way (an interrupt included), so no
 * code-server outlives it and no temp folder stays behind. */
export const liveGroups = new Set<number>();
export const liveTemps = new Set<string>();
let exitHooked = false;
export function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', () => {
    for (const g of liveGroups) {
      try {
        process.kill(-g, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    if (!process.env.TAS_EDITOR_KEEP) for (const t of liveTemps) rmSync(t, { recursive: true, force: true });
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(sig, () => process.exit(128 + (sig === 'SIGINT' ? 2 : sig === 'SIGTERM' ? 15 : 1)));
  }
}

export async function removeTemp(temp: string): Promise<void> {
  liveTemps.delete(temp);
  if (process.env.TAS_EDITOR_KEEP) console.log(`kept ${temp} (TAS_EDITOR_KEEP)`);
  else await rm(temp, { recursive: true, force: true });
}

/** Ends a process group: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export async function stopGroup(child: ChildProcess, graceMs = 5_000): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  liveGroups.delete(pid);
  if (child.exitCode !== null || child.signalCode !== null) {
    // The leader is gone; its children may not be.
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // none left
    }
    return;
  }
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const ac = new AbortController();
  const graceful = await Promise.race([
    exited.then(() => true),
    delay(graceMs, false, { signal: ac.signal }).catch(() => false),
  ]);
  ac.abort();
  try {
    process.kill(-pid, 'SIGKILL'); // the extension host and the language server, if still there
  } catch {
    // none left
  }
  if (!graceful) await exited;
}

/** Polls `url` until it answers 200; fails early if the server exits. */
export async function waitForHttp(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + LIMITS.serverReady;
  let exited = false;
  server.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`code-server exited before it was ready:\n${log()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`code-server did not answer ${url} within ${LIMITS.serverReady} ms:\n${log()}`);
    await delay(100); // poll interval
  }
}

/** What launch() started, for an Editor to hold. */
export interface Launched {
  page: Page;
  browser: Browser;
  server: ChildProcess;
  temp: string;
  url: string;
  workspace: string;
  /** The code-server process output so far. */
  log: () => string;
}

/**
 * Installs the vsix into a fresh code-server, starts it on a free loopback port, opens a copy
 * of the workspace in Chromium and waits for the workbench to show the folder. On any failure
 * it stops whatever it had started.
 */
export async function launch(options: EditorOptions): Promise<Launched> {
  for (const [what, path] of [
    ['Node 24', NODE24],
    ['code-server', CODE_SERVER],
    ['Chromium', CHROMIUM],
  ] as const) {
    if (!existsSync(path))
      throw new EditorSetupError(`${what} not found at ${path}; run: bash scripts/editor-setup.sh`);
  }
  if (!existsSync(VSIX)) throw new EditorSetupError(`${VSIX} not found; run: npm run package`);

  hookExit();
  const temp = await mkdtemp(join(tmpdir(), 'tas-editor-'));
  liveTemps.add(temp);
  const userData = join(temp, 'user-data');
  const extensions = join(temp, 'extensions');
  const workspace = join(temp, 'workspace');
  const config = join(temp, 'config.yaml');
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    await mkdir(join(userData, 'User'), { recursive: true });
    await mkdir(extensions, { recursive: true });
    await writeFile(
      join(userData, 'User', 'settings.json'),
      JSON.stringify({ ...QUIET_USER_SETTINGS, ...options.settings }, null, 2),
    );
    await writeFile(config, 'auth: none\n');
    await cp(options.workspace ?? SAMPLE_WORKSPACE, workspace, { recursive: true });
    for (const [file, content] of Object.entries(options.files ?? {})) {
      await mkdir(resolve(workspace, file, '..'), { recursive: true });
      await writeFile(join(workspace, file), content);
    }
    await mkdir(SCREENSHOTS, { recursive: true });
    const env = childEnv(temp);
    const common = profileArgs({ config, userData, extensions });

    const installed = await run(NODE24, [CODE_SERVER, ...common, '--install-extension', VSIX], env, 120_000);
    if (!/successfully installed/i.test(installed)) throw new Error(`installing ${VSIX} said:\n${installed}`);

    const port = await freePort();
    server = spawn(NODE24, [CODE_SERVER, ...common, ...serveArgs(port)], {
      env: { ...env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    if (server.pid !== undefined) liveGroups.add(server.pid);
    let log = '';
    server.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    server.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    const url = `http://127.0.0.1:${port}`;
    await waitForHttp(`${url}/healthz`, server, () => log);

    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, env });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(LIMITS.ui);
    // Loading the workbench page is the workbench's deadline, not a UI step's (a busy machine is slow here).
    await page.goto(`${url}/?folder=${encodeURIComponent(workspace)}`, { timeout: LIMITS.workbench });
    await page.locator('.monaco-workbench').waitFor({ timeout: LIMITS.workbench });
    // The folder is open once the Explorer lists its files.
    await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: LIMITS.workbench });
    return { page, browser, server, temp, url, workspace, log: () => log };
  } catch (err) {
    await browser?.close().catch(() => undefined);
    if (server) await stopGroup(server);
    await removeTemp(temp);
    throw err;
  }
}
