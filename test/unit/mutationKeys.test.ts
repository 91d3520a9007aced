import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';

// Mutation testing's survivors are judged by `file:line Mutator` (mutation/equivalent.mjs), and
// docs/mutation.md is written from mutation/results.json, where each survivor quotes the line it
// was found on. Code that moves (a new layout, lines added above, a file split) would leave a
// reason on a line that says something else, unseen: each survivor's line must still hold the
// code it quotes, and each reason must name a survivor.

const root = resolve(__dirname, '../../..');

interface Survivor {
  where: string;
  mutator: string;
  code: string;
}

const results = JSON.parse(readFileSync(join(root, 'mutation/results.json'), 'utf8')) as Record<
  string,
  { survivors: Survivor[] }
>;
const survivors = Object.entries(results).flatMap(([module, r]) => r.survivors.map((s) => ({ module, ...s })));
const squashed = (text: string) => text.replace(/\s+/g, '');
const FIX =
  'find the line it is on now, set it in mutation/results.json (`where`, and `code` to that line) and in its key in mutation/equivalent.mjs, then node scripts/mutation.mjs --report; or run the module again (npm run test:mutation -- <module>)';

async function importMjs<T>(path: string): Promise<T> {
  return (await import(pathToFileURL(join(root, path)).href)) as T;
}

describe('mutation survivors and their reasons', () => {
  test('each survivor of mutation/results.json is on a line that still holds the code it quotes', () => {
    assert.ok(survivors.length > 0, 'results.json lists survivors');
    const moved = survivors.flatMap((s) => {
      const [file, line] = s.where.split(':') as [string, string];
      let text: string | undefined;
      try {
        text = readFileSync(join(root, file), 'utf8').split('\n')[Number(line) - 1];
      } catch {
        text = undefined;
      }
      return text !== undefined && squashed(text).includes(squashed(s.code))
        ? []
        : [
            `${s.module}: ${s.where} ${s.mutator} quotes \`${s.code}\`, but the line reads \`${text?.trim() ?? '(no such line)'}\``,
          ];
    });
    assert.deepEqual(moved, [], `${moved.join('\n')}\nFor each: ${FIX}.`);
  });

  test('each key of mutation/equivalent.mjs names a survivor', async () => {
    const { EQUIVALENT } = await importMjs<{ EQUIVALENT: Record<string, string> }>('mutation/equivalent.mjs');
    const keys = new Set(survivors.map((s) => `${s.where} ${s.mutator}`));
    const orphans = Object.keys(EQUIVALENT).filter((k) => !keys.has(k));
    assert.deepEqual(orphans, [], `keys that name no survivor: ${FIX}, or drop the key when its mutant is gone.`);
  });

  test("each module's line range is found in its file", async () => {
    const { MODULES } = await importMjs<{ MODULES: Record<string, { mutate: string[] }> }>('mutation/modules.mjs');
    for (const [name, m] of Object.entries(MODULES))
      for (const entry of m.mutate) {
        const range = /^(.+):(\d+)-(\d+)$/.exec(entry);
        if (!range) continue;
        const lines = readFileSync(join(root, range[1]!), 'utf8').split('\n');
        assert.ok(Number(range[2]) >= 1 && Number(range[3]) <= lines.length, `${name}: ${entry}`);
      }
  });
});
