// The real-editor harness: the packaged extension (dist/test-automation-service.vsix) installed
// into code-server (VS Code in the browser, run by Node 24 from .tools/), driven through Debian's
// Chromium with playwright-core as a person would: keyboard, command palette, Quick Open, the
// Output panel. Set up the tools with `bash scripts/editor-setup.sh`; see test/editor/README.md.
//
// Every wait waits for a condition (a locator, an HTTP answer, a process event) under a deadline;
// there are no fixed sleeps. Everything runs on 127.0.0.1, and the browser resolves no other host.

import { existsSync } from 'node:fs';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { strict as assert } from 'node:assert';
import type { ChildProcess } from 'node:child_process';
import type { Browser, Locator, Page } from 'playwright-core';
import { LIMITS, SCREENSHOTS, type EditorOptions, type Notification } from './editorConfig';
export {
  checkRow,
  exportToWorkspace,
  newRecordTab,
  onlyOpen,
  toast,
  typeIntoValue,
  view,
  viewAction,
} from './gestures';
import { launch, removeTemp, stopGroup } from './editorProcesses';
import { Workbench } from './workbench';

// Where the tools are, the deadlines and the options: editorConfig.ts; starting and stopping
// code-server and Chromium: editorProcesses.ts; a person's gestures in the views and documents:
// gestures.ts; the palette, menus, tabs, cursor and input boxes: workbench.ts (Editor's base). The
// tests import everything from here.
export {
  CHROMIUM,
  CODE_SERVER,
  EditorSetupError,
  LIMITS,
  NODE24,
  ROOT,
  SAMPLE_WORKSPACE,
  SCREENSHOTS,
  VSIX,
  type EditorOptions,
  type Notification,
} from './editorConfig';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export class Editor extends Workbench {
  private shots = 0;

  private constructor(
    readonly name: string,
    page: Page,
    private readonly browser: Browser,
    private readonly server: ChildProcess,
    readonly temp: string,
    readonly url: string,
    readonly workspace: string,
    private readonly serverLog: () => string,
  ) {
    super(page);
  }

  /**
   * Installs the vsix into a fresh code-server, starts it on a free loopback port, opens a copy
   * of the workspace in Chromium and waits for the workbench to show the folder. On any failure
   * it stops whatever it had started.
   */
  static async start(options: EditorOptions): Promise<Editor> {
    const l = await launch(options);
    return new Editor(options.name, l.page, l.browser, l.server, l.temp, l.url, l.workspace, l.log);
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
      await this.outputLines
        .filter({ hasText: text })
        .nth(count - 1)
        .waitFor({ timeout: limitMs });
    } catch (err) {
      throw new Error(
        `the Output panel did not show ${count} line(s) with "${text}"; it shows:\n${await this.outputText()}`,
        { cause: err },
      );
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
      found.push({
        severity,
        source,
        text: label.replace(/^(Error|Warning|Info): /, '').replace(/, source: .*$/s, ''),
      });
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
      throw new Error(
        `the Problems panel did not list "${text}"; it lists:\n${(await this.problemLabels()).join('\n')}`,
        { cause: err },
      );
    }
  }

  /** What the Problems panel lists now, one aria-label per row. */
  async problemLabels(): Promise<string[]> {
    const labels: string[] = [];
    for (const row of await this.problemRows.all())
      labels.push((await row.getAttribute('aria-label')) ?? (await row.innerText()));
    return labels;
  }

  /** Saves a screenshot of the whole window as <name>-NN-<label>.png; returns its path. */
  async screenshot(label: string): Promise<string> {
    this.shots++;
    const file = join(
      SCREENSHOTS,
      `${this.name}-${String(this.shots).padStart(2, '0')}-${label.replace(/[^\w.-]+/g, '-')}.png`,
    );
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

/**
 * Runs a test step with an editor; on failure keeps what a person would look at (the screen and
 * the workbench's logs) and names them in the test's diagnostics.
 */
export async function withEditor(
  t: TestContext,
  editor: Editor | undefined,
  step: (e: Editor) => Promise<void>,
): Promise<void> {
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
