import type { Locator } from 'playwright-core';
import { counted } from '../../server/src/core/base/counted';
import { LIMITS } from './editorConfig';
import type { Editor } from './harness';

// What a person does with the Test Automation views and a JSON document, shared by the
// real-editor tests: find a view by its title, open only that one, type into a string value,
// run a view's title action, find a notification toast, check rows of a multi-select quick
// pick, export test cases.

/** Clicks the title action of the view `title` whose label starts with `action` (shown while the pointer is on the header). */
export async function viewAction(e: Editor, title: string, action: string): Promise<void> {
  const header = view(e, title).locator('.pane-header');
  await header.hover();
  await header.locator(`.action-label[aria-label^="${action}"]`).click({ timeout: LIMITS.ui });
}

/** The active tab when it shows a record document created in this window (`new-N.json`). */
export function newRecordTab(e: Editor): Locator {
  return e.page.locator('.tabs-container .tab.active[data-resource-name^="new-"]');
}

/** The notification toast that says `text`. */
export function toast(e: Editor, text: string | RegExp): Locator {
  return e.page.locator('.notification-toast').filter({ hasText: text }).first();
}

/** Checks a row of the open multi-select quick pick, found by typing its label. */
export async function checkRow(e: Editor, label: string): Promise<void> {
  await e.quickInput.locator('input.input').first().fill(label);
  const row = e.quickInput.locator('.monaco-list-row', { hasText: label }).first();
  await row.locator('input[type=checkbox], .quick-input-list-checkbox, .monaco-custom-toggle').first().click();
}

/**
 * Export Test Cases... from the command palette: the test cases named checked (`picked` runs
 * then, before OK), one file per test case, into the workspace folder the folder dialog starts
 * in; returns when the summary has shown and the progress and the quick input are gone.
 */
export async function exportToWorkspace(
  e: Editor,
  names: readonly string[],
  picked?: () => Promise<unknown>,
): Promise<void> {
  await e.runCommand('Test Automation: Export Test Cases...');
  // The service's test cases listed (a long list shows only its first rows until it is filtered).
  await e.quickInput.locator('.monaco-list-row').first().waitFor({ timeout: LIMITS.output });
  for (const name of names) await checkRow(e, name);
  await picked?.();
  await e.quickInput.locator('.monaco-button', { hasText: /^OK$/ }).click();
  // How: one file per test case.
  await e.quickInput.locator('.monaco-list-row', { hasText: 'One file per test case' }).first().waitFor();
  await e.page.keyboard.type('One file per test case');
  await e.page.keyboard.press('Enter');
  // Where: the folder dialog starts in the workspace folder; accept it.
  await e.quickInput.locator('.quick-input-title', { hasText: 'choose the folder' }).waitFor();
  await e.quickInput.locator('.monaco-button', { hasText: 'Export Here' }).click();
  const n = names.length;
  await toast(e, `Exported ${counted(n, 'test case')} to workspace: ${n} written.`).waitFor({ timeout: LIMITS.output });
  await toast(e, `Exporting ${counted(n, 'test case')}`).waitFor({ state: 'hidden' });
  await e.quickInput.waitFor({ state: 'hidden' });
}

/** The view (pane) of the Test Automation container whose title starts with `title`. */
export function view(e: Editor, title: string): Locator {
  return e.page.locator('.pane').filter({ has: e.page.locator('.pane-header', { hasText: new RegExp(`^${title}`) }) });
}

/** Shows the container with only `title` expanded, so its rows have room; returns that view. */
export async function onlyOpen(e: Editor, title: string): Promise<Locator> {
  // The activity bar's icon toggles: clicked only while the container is not shown.
  const shown = await e.page
    .locator('.part.sidebar .pane-header', { hasText: /^Test Cases/ })
    .first()
    .isVisible();
  if (!shown)
    await e.page
      .locator('.activitybar .action-item a[aria-label^="Test Automation"]')
      .click({ timeout: LIMITS.command });
  await view(e, title).locator('.pane-header').waitFor({ timeout: LIMITS.output });
  for (const header of await e.page.locator('.sidebar .pane-header').all()) {
    const isIt = new RegExp(`^${title}`).test((await header.innerText()).trim());
    if (((await header.getAttribute('aria-expanded')) === 'true') !== isIt) await header.click();
  }
  await e.page
    .locator('.sidebar .pane-header[aria-expanded="true"]', { hasText: new RegExp(`^${title}`) })
    .waitFor({ timeout: LIMITS.ui });
  // A header's hover (the Devices title's summary) would lie over the rows: the pointer leaves.
  await e.page.mouse.move(0, 0);
  await e.page.locator('.context-view .hover-contents').first().waitFor({ state: 'hidden', timeout: LIMITS.ui });
  return view(e, title);
}

/**
 * Puts the cursor before the closing quote of the string value on the line with `key`, deletes
 * `remove` characters before it, types `text` and waits until the editor shows it.
 */
export async function typeIntoValue(e: Editor, key: string, remove: number, text: string): Promise<void> {
  const line = e.editorLine(`"${key}":`).first();
  await line.click();
  await e.page.keyboard.press('End');
  // Before the closing quote: one step back, and one more over a trailing comma.
  if (/,\s*$/.test(await line.innerText())) await e.page.keyboard.press('ArrowLeft');
  await e.page.keyboard.press('ArrowLeft');
  for (let i = 0; i < remove; i++) await e.page.keyboard.press('Backspace');
  await e.page.keyboard.type(text);
  await e.page.keyboard.press('Escape');
  await e.editorLine(text).first().waitFor({ timeout: LIMITS.ui });
}
