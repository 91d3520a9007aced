import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';

// README and the manual name source paths so that a reader can open them; a path that moved
// leaves the reader with nothing (issue 41). Every path below one of the repository's own
// folders that a document names, as text or as a link, must exist (a glob: the part before it).

const ROOT = resolve(__dirname, '../../..');
const FOLDERS = [
  'client',
  'server',
  'cli',
  'test',
  'scripts',
  'bench',
  'schemas',
  'syntaxes',
  'samples',
  'docs',
  'images',
  'media',
  '.ci',
  'mutation',
];

/** Every Markdown file a reader of the repository reads: the top level's, docs/, and the READMEs of bench/ and test/. */
function documents(): string[] {
  const md = (dir: string): string[] =>
    readdirSync(join(ROOT, dir)).flatMap((name) => {
      const path = dir === '' ? name : `${dir}/${name}`;
      if (statSync(join(ROOT, path)).isDirectory()) return dir === '' ? [] : md(path);
      return name.endsWith('.md') ? [path] : [];
    });
  return [...md(''), ...md('docs'), ...md('bench'), ...md('test/editor'), ...md('test/emulator')].filter(
    (f) => f !== 'CHANGELOG.md' && f !== 'bench/RESULTS.md',
  );
}

/** The repository paths `text` (the file `doc`) names: bare from the root, and relative links. */
export function namedPaths(text: string, doc: string): string[] {
  const bare = new RegExp(`(?<![\\w/.:-])(?:${FOLDERS.map((f) => f.replace('.', '\\.')).join('|')})/[\\w./*{}-]*`, 'g');
  // A link's target is relative to the document (below), not a path from the root.
  const found = [...text.replace(/\]\([^)]*\)/g, '](<link>)').matchAll(bare)].map((m) => m[0]);
  for (const m of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
    const target = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // a URL
    found.push(
      relative(ROOT, join(ROOT, dirname(doc), target))
        .split('\\')
        .join('/'),
    );
  }
  // A sentence's full stop is not part of the path; a glob's fixed part is what must exist.
  return [...new Set(found.map((p) => p.replace(/[.,:;]+$/, '').split(/[*{]/)[0]!))].filter((p) => p !== '');
}

describe('paths the documents name', () => {
  it('finds bare paths, link targets relative to the document, and the fixed part of a glob', () => {
    const text =
      'See `server/src/core/api/`, [the bench](../bench/README.md), `test/**/x.ts`, https://x.invalid/server/a and server/b.ts. ![A view](images/v.png)';
    assert.deepEqual(
      namedPaths(text, 'docs/a.md').sort(),
      ['bench/README.md', 'docs/images/v.png', 'server/b.ts', 'server/src/core/api/', 'test/'].sort(),
    );
  });

  it('all exist', () => {
    const docs = documents();
    assert.ok(docs.includes('README.md') && docs.includes('ARCHITECTURE.md'), 'the documents are found');
    const missing = docs.flatMap((doc) =>
      namedPaths(readFileSync(join(ROOT, doc), 'utf8'), doc)
        .filter((p) => !existsSync(join(ROOT, p)))
        .map((p) => `${doc}: ${p}`),
    );
    assert.deepEqual(missing, []);
  });
});
