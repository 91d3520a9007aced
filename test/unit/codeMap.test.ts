import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';

// ARCHITECTURE.md's code map is where a newcomer finds a folder: every folder of the hosts and
// the core, and every file of the server's handlers, must be named in its root's section, and
// every folder a section names must be there (issue 37).

const ROOT = resolve(__dirname, '../../..');
/** The roots the code map has a section for ("### `root` — ..."). */
const ROOTS = ['client/src', 'server/src/host', 'server/src/core', 'cli/src'];
/** Folders whose files a section names one by one. */
const FILES_NAMED = ['server/src/host/handlers'];

/** Each root's section of the code map: from its heading to the next heading. */
export function sections(markdown: string): Map<string, string> {
  const map = /^## Code map\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown)?.[1];
  assert.ok(map !== undefined, 'ARCHITECTURE.md has a section "## Code map"');
  const found = new Map<string, string>();
  for (const part of map.split(/^(?=### )/m)) {
    const root = /^### `([^`]+)`/.exec(part)?.[1];
    if (root !== undefined) found.set(root, part);
  }
  return found;
}

/** Every folder below `dir`, as a path relative to it. */
function folders(dir: string, under = ''): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => {
      const rel = under === '' ? e.name : `${under}/${e.name}`;
      return [rel, ...folders(dir, rel)];
    });
}

/** Whether `text` names the folder `rel`: as `rel/`, or a nested one by its own name (`resources/` under `api/`). */
export function namesFolder(text: string, rel: string): boolean {
  const last = rel.slice(rel.lastIndexOf('/') + 1);
  return text.includes(`\`${rel}/\``) || (rel.includes('/') && text.includes(`\`${last}/\``));
}

/** The folders a section names (`x/` or `x/y/` in backticks). */
function namedFolders(text: string): string[] {
  return [...text.matchAll(/`([\w/]+)\/`/g)].map((m) => m[1]!);
}

describe("ARCHITECTURE.md's code map", () => {
  const map = sections(readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8'));

  it('finds a folder by its path, or a nested one by its own name', () => {
    assert.ok(namesFolder('- `api/`: the client; `resources/` per resource', 'api/resources'));
    assert.ok(namesFolder('- `validation/generated/`: code', 'validation/generated'));
    assert.ok(!namesFolder('- `api/`: the client', 'api/resources'));
    assert.ok(!namesFolder('the files/ of a folder', 'files'));
  });

  it('has a section for each root', () => {
    assert.deepEqual(
      ROOTS.filter((r) => !map.has(r)),
      [],
    );
  });

  it('names every folder of each root', () => {
    const missing = ROOTS.flatMap((root) =>
      folders(join(ROOT, root))
        .filter((rel) => !namesFolder(map.get(root) ?? '', rel))
        .map((rel) => `${root}/${rel}`),
    );
    assert.deepEqual(missing, []);
  });

  it("names every file of the server's handlers", () => {
    const missing = FILES_NAMED.flatMap((dir) => {
      const root = ROOTS.find((r) => dir.startsWith(`${r}/`))!;
      const text = map.get(root) ?? '';
      return readdirSync(join(ROOT, dir))
        .filter((f) => f.endsWith('.ts') && !text.includes(`\`${f}\``))
        .map((f) => `${dir}/${f}`);
    });
    assert.deepEqual(missing, []);
  });

  it('names no folder that is not there', () => {
    const stale = ROOTS.flatMap((root) => {
      const real = folders(join(ROOT, root));
      return namedFolders(map.get(root) ?? '')
        .filter((named) => !real.some((rel) => rel === named || rel.endsWith(`/${named}`)))
        .map((named) => `${root}: ${named}/`);
    });
    assert.deepEqual(stale, []);
  });
});
