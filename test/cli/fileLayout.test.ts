import { strict as assert } from 'node:assert';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';

// `tas import` writes a new id back changing only the `id` member, in the file's own layout:
// every file is compared byte for byte with what it was plus that member.

const STEPS = '[{"function": "WAIT", "params": {"seconds": 1}}]';

/** Per layout: the file as written by hand, and as it must be after the import gave it `id`. */
const LAYOUTS: { file: string; text: string; expected: (ids: number[]) => string }[] = [
  {
    file: 'one-line.testcase.json',
    text: `{"name": "Layout one line", "testStepList": ${STEPS}}\n`,
    expected: ([id]) => `{"id": ${id}, "name": "Layout one line", "testStepList": ${STEPS}}\n`,
  },
  {
    file: 'minified.testcase.json',
    text: '{"name":"Layout minified","testStepList":[]}',
    expected: ([id]) => `{"id":${id},"name":"Layout minified","testStepList":[]}`,
  },
  {
    file: 'crlf.testcase.json',
    text: '{\r\n  "name": "Layout CRLF",\r\n  "tags":   "a b",\r\n  "testStepList": [ ]\r\n}\r\n',
    expected: ([id]) =>
      `{\r\n  "id": ${id},\r\n  "name": "Layout CRLF",\r\n  "tags":   "a b",\r\n  "testStepList": [ ]\r\n}\r\n`,
  },
  {
    file: 'tabs.testcase.json',
    text: '{\n\t"name": "Layout tabs",\n\t"testStepList": []\n}',
    expected: ([id]) => `{\n\t"id": ${id},\n\t"name": "Layout tabs",\n\t"testStepList": []\n}`,
  },
  {
    file: 'bom.testcase.json',
    text: '\uFEFF{"name": "Layout BOM", "testStepList": []}\n',
    expected: ([id]) => `\uFEFF{"id": ${id}, "name": "Layout BOM", "testStepList": []}\n`,
  },
  {
    file: 'items.testcases.json',
    text: '[{"name": "Layout item one", "testStepList": []},\n {"name": "Layout item two", "testStepList": []}]\n',
    expected: ([one, two]) =>
      `[{"id": ${one}, "name": "Layout item one", "testStepList": []},\n {"id": ${two}, "name": "Layout item two", "testStepList": []}]\n`,
  },
];

describe("tas import keeps the file's layout", { timeout: 60_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator();
    dir = tempDir();
    mkdirSync(join(dir.path, '.git'));
    mkdirSync(join(dir.path, 'cases'));
  });
  after(async () => {
    await emu.close();
    dir.remove();
  });

  test('only the id member is added, byte for byte, in every layout', async () => {
    for (const l of LAYOUTS) writeFileSync(join(dir.path, 'cases', l.file), l.text);
    const r = await tas(['import', 'cases', '--json'], { cwd: dir.path, env: credentials(emu) });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const results = (
      JSON.parse(r.stdout) as { results: { path: string; outcome: string; id: number; index?: number }[] }
    ).results;
    for (const l of LAYOUTS) {
      const mine = results
        .filter((x) => x.path.startsWith(`cases/${l.file}`))
        .sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      assert.ok(mine.length > 0 && mine.every((x) => x.outcome === 'created'), JSON.stringify(mine));
      assert.equal(readFileSync(join(dir.path, 'cases', l.file), 'utf8'), l.expected(mine.map((x) => x.id)), l.file);
    }
    const again = await tas(['import', 'cases', '--json'], { cwd: dir.path, env: credentials(emu) });
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.deepEqual(
      (JSON.parse(again.stdout) as { results: { outcome: string }[] }).results.map((x) => x.outcome),
      Array(7).fill('unchanged'),
    );
  });
});
