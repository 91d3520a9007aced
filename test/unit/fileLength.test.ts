import { strict as assert } from 'node:assert';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';

// "No file over 400 lines" (CONTRIBUTING) is kept by `npm run lint`: ESLint's max-lines in
// eslint.config.mjs, on every kind of source file the repository holds but the generated
// validators, counting blank and comment lines too. The probes are linted as text, never written.

const root = resolve(__dirname, '../../..');
const RULE = [2, { max: 400, skipBlankLines: false, skipComments: false }];

/** `n` lines of a plain script: a third blank, a third comments, a third statements. */
function lines(n: number): string {
  const line = (i: number) => (i % 3 === 0 ? '' : i % 3 === 1 ? '// a comment' : `globalThis.v${i} = ${i};`);
  return `${Array.from({ length: n }, (_, i) => line(i)).join('\n')}\n`;
}

describe('no file over 400 lines', () => {
  const eslint = new ESLint({ cwd: root });

  test('the rule holds for each kind of source file, every line counted', async () => {
    for (const file of [
      'server/src/core/index.ts',
      'test/unit/fileLength.test.ts',
      'scripts/mutation.mjs',
      'mutation/equivalent.mjs',
      '.dependency-cruiser.cjs',
      'media/probe.js',
    ]) {
      const config = (await eslint.calculateConfigForFile(join(root, file))) as { rules: Record<string, unknown> };
      assert.deepEqual(config.rules['max-lines'], RULE, file);
    }
  });

  test('the generated validators are left out', async () => {
    assert.equal(
      await eslint.isPathIgnored(join(root, 'server/src/core/validation/generated/schemaValidators.ts')),
      true,
    );
  });

  test('401 lines are refused and 400 pass, blank and comment lines included', async () => {
    for (const ext of ['mjs', 'cjs', 'js']) {
      const filePath = join(root, `scripts/lengthProbe.${ext}`);
      const [over] = await eslint.lintText(lines(401), { filePath });
      assert.deepEqual(
        over!.messages.map((m) => m.ruleId),
        ['max-lines'],
        `${ext}: ${JSON.stringify(over!.messages)}`,
      );
      const [at] = await eslint.lintText(lines(400), { filePath });
      assert.deepEqual(at!.messages, [], ext);
    }
  });
});
