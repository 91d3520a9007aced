import type { Locator, Page } from 'playwright-core';
import { LIMITS } from './editorConfig';

// The workbench as a person works it, for the real-editor harness (harness.ts's Editor is one):
// the command palette and Quick Open, context menus, editor tabs, the status bar, the cursor,
// input boxes and a command's next steps, and a Ctrl+click on a link. Every wait waits for a
// condition under a deadline.

export function escapeCss(s: string): string {
  return s.replace(/["\\]/g, '\\$&');
}

export class Workbench {
  constructor(readonly page: Page) {}

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
  protected async pick(open: () => Promise<void>, typed: string, label: string, limitMs: number): Promise<void> {
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
}
