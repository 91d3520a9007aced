import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { EXIT_MEANINGS, Exit } from '../../cli/src/exitCodes';
import { manualSection } from '../manual';
import { tas, tempDir } from './harness';

// One exit-code table: cli/src/exitCodes.ts. The manual's "Exit codes" table, the list closing its
// CI examples and `tas --help` must say every code of it with the same meaning, and no other code:
// adding, removing or rewording a code without the manual fails here.

const codeTable = new Map(Object.entries(EXIT_MEANINGS).map(([code, meaning]) => [Number(code), meaning]));

/** The text of a section of the manual, wherever it is kept. */
const section = (heading: string): string => manualSection(heading).text;

/** Markdown to the plain words the code says: code spans lose their backticks. */
const plain = (text: string): string => text.replace(/`/g, '').trim();

describe('the exit codes, one table', () => {
  test('the Exit object and the meanings have the same codes', () => {
    assert.deepEqual([...codeTable.keys()].sort(), Object.values(Exit).map(Number).sort());
  });

  test('the manual\'s "Exit codes": one row per code of the code\'s table, with its meaning', () => {
    const rows = section('Exit codes')
      .split('\n')
      .map((line) => /^\| *(\d+) *\| *([^|]*?) *\|/.exec(line))
      .filter((m) => m !== null)
      .map((m) => [Number(m[1]), plain(m[2]!)] as const);
    assert.deepEqual(
      rows.map(([code]) => code),
      [...codeTable.keys()],
      'every code, once, in order',
    );
    for (const [code, meaning] of rows) assert.equal(meaning, codeTable.get(code), `the manual's meaning of ${code}`);
  });

  test('the manual\'s "CI examples": its closing list names every code but 0 with the same meaning', () => {
    const items = section('CI examples')
      .split('\n')
      .map((line) => /^- (\d+): (.*)$/.exec(line))
      .filter((m) => m !== null)
      .map((m) => [Number(m[1]), plain(m[2]!)] as const);
    assert.deepEqual(
      items.map(([code]) => code),
      [...codeTable.keys()].filter((c) => c !== Exit.ok),
    );
    for (const [code, meaning] of items) assert.equal(meaning, codeTable.get(code), `the CI list's meaning of ${code}`);
  });

  test('tas --help and tas <command> --help list every code with its meaning', async () => {
    const dir = tempDir();
    try {
      for (const args of [['--help'], ['run', '--help']]) {
        const r = await tas(args, { cwd: dir.path, env: {} });
        assert.equal(r.code, 0, r.stderr);
        const listed = r.stdout
          .slice(r.stdout.indexOf('Exit codes:'))
          .split('\n')
          .map((line) => /^ {2}(\d+) {2}(.*)$/.exec(line))
          .filter((m) => m !== null)
          .map((m) => [Number(m[1]), m[2]] as const);
        assert.deepEqual(listed, [...codeTable.entries()], args.join(' '));
      }
    } finally {
      dir.remove();
    }
  });
});
