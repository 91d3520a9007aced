import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The user manual as the tests read it: README.md and every page of docs/. A test that holds
// the manual's words to the code finds them here, by heading or by sentence, on whichever page
// keeps them now, so that moving a section from one page to another changes no test.

export const ROOT = resolve(__dirname, '../..');

export interface Page {
  /** Relative to the repository, with `/`: `README.md`, `docs/cli.md`. */
  path: string;
  text: string;
}

let pages: Page[] | undefined;

/** README.md, then the pages of docs/ (sub-folders included) in name order. */
export function manualPages(): Page[] {
  const below = (dir: string): string[] =>
    readdirSync(join(ROOT, dir))
      .sort()
      .flatMap((name) => {
        const path = `${dir}/${name}`;
        if (statSync(join(ROOT, path)).isDirectory()) return below(path);
        return name.endsWith('.md') ? [path] : [];
      });
  pages ??= ['README.md', ...below('docs')].map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
  return pages;
}

/** Every page's text, one after the other. */
export function manualText(): string {
  return manualPages()
    .map((p) => p.text)
    .join('\n\n');
}

/** Every page's words, white space folded to one space: for finding a quoted sentence however it is wrapped. */
export function manualWords(): string {
  return manualText().replace(/\s+/g, ' ');
}

/** Fails unless the manual says `sentence` (white space folded). */
export function says(sentence: string): void {
  assert.ok(manualWords().includes(sentence), `the manual (README.md, docs/) no longer says: ${sentence}`);
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The section whose heading is `heading` (its words, at any level): from the heading line to the
 * next heading of the same or a higher level. Exactly one page of the manual must have it.
 */
export function manualSection(heading: string): { page: string; text: string } {
  const found: { page: string; text: string }[] = [];
  for (const page of manualPages()) {
    for (const at of page.text.matchAll(new RegExp(`^(#{1,6}) ${escape(heading)}[ \\t]*$`, 'gm'))) {
      const rest = page.text.slice(at.index + at[0].length);
      const end = new RegExp(`^#{1,${at[1]!.length}} `, 'm').exec(rest);
      found.push({
        page: page.path,
        text: page.text.slice(at.index, end ? at.index + at[0].length + end.index : undefined),
      });
    }
  }
  assert.equal(
    found.length,
    1,
    `one section "${heading}" in README.md and docs/, found on: ${found.map((f) => f.page).join(', ') || 'none'}`,
  );
  return found[0]!;
}
