import type { Locator } from 'playwright-core';
import { LIMITS } from './editorConfig';
import type { Editor } from './harness';

// What a person does with the Test Automation views and a JSON document, shared by the
// real-editor tests: find a view by its title, open only that one, type into a string value.

/** The view (pane) of the Test Automation container whose title starts with `title`. */
export function view(e: Editor, title: string): Locator {
  return e.page.locator('.pane').filter({ has: e.page.locator('.pane-header', { hasText: new RegExp(`^${title}`) }) });
}

/** Shows the container with only `title` expanded, so its rows have room; returns that view. */
export async function onlyOpen(e: Editor, title: string): Promise<Locator> {
  // The activity bar's icon toggles: clicked only while the container is not shown.
  const shown = await e.page.locator('.part.sidebar .pane-header', { hasText: /^Test Cases/ }).first().isVisible();
  if (!shown) await e.page.locator('.activitybar .action-item a[aria-label^="Test Automation"]').click({ timeout: LIMITS.command });
  await view(e, title).locator('.pane-header').waitFor({ timeout: LIMITS.output });
  for (const header of await e.page.locator('.sidebar .pane-header').all()) {
    const isIt = new RegExp(`^${title}`).test((await header.innerText()).trim());
    if (((await header.getAttribute('aria-expanded')) === 'true') !== isIt) await header.click();
  }
  await e.page.locator('.sidebar .pane-header[aria-expanded="true"]', { hasText: new RegExp(`^${title}`) }).waitFor({ timeout: LIMITS.ui });
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
