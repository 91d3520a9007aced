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

// Where the tools are, the deadlines and the options: editorConfig.ts; starting and stopping
// code-server and Chromium: editorProcesses.ts; a person's gestures in the views and documents:
// gestures.ts. The tests import everything from here.
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

function escapeCss(s: string): string {
  return s.replace(/["\\]/g, '\\$&');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
    const l = await launch(options);
    return new Editor(options.name, l.page, l.browser, l.server, l.temp, l.url, l.workspace, l.log);
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
          throw new Error(`"${label}" did not show in the quick input after typing "${typed}" (${attempt} attempts)`, {
            cause: err,
          });
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
      await this.page
        .locator('.editor-group-container.active .monaco-editor .codelens-decoration')
        .first()
        .waitFor({ timeout: limitMs });
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
    await this.page
      .locator('.context-view .action-item.focused .action-label', { hasText: label })
      .first()
      .waitFor({ timeout: limitMs });
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
    await this.page
      .locator('.part.statusbar .statusbar-item')
      .filter({ hasText: `Ln ${line}, Col ${column}` })
      .waitFor();
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

  /** Waits for the next box or picker of a command: an input box by its prompt, a picker by the start of its placeholder. */
  async waitForStep(by: { prompt: string } | { placeholder: string }, limitMs = LIMITS.ui): Promise<void> {
    const shown =
      'prompt' in by
        ? this.quickInput.locator('.quick-input-message', { hasText: by.prompt })
        : this.quickInput.locator(`input[placeholder^="${escapeCss(by.placeholder)}"]`);
    await shown.waitFor({ timeout: limitMs });
  }

  /** Answers that box or picker: replaces what it holds with `text` (a picker filters by it) and presses Enter. */
  async answerStep(by: { prompt: string } | { placeholder: string }, text: string, limitMs = LIMITS.ui): Promise<void> {
    await this.waitForStep(by, limitMs);
    await this.quickInput.locator('input').press('Control+A');
    await this.page.keyboard.type(text);
    await this.page.keyboard.press('Enter');
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
