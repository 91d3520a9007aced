import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';

// README's Speed figures come from the latest full run in bench/RESULTS.md (issue 22): the same
// commit, and the validation table's times and ratios as that run measured them. A full run that
// changes them fails this test until README says the same.

const ROOT = resolve(__dirname, '../../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const RESULTS = readFileSync(join(ROOT, 'bench', 'RESULTS.md'), 'utf8');

const section = (text: string, heading: string): string => {
  const from = text.indexOf(heading);
  assert.ok(from >= 0, `no "${heading}"`);
  const next = text.indexOf('\n#', from + heading.length);
  return text.slice(from, next === -1 ? undefined : next);
};

/** The rows of the first table after `marker` in `text`, as cells. */
function tableAfter(text: string, marker: string): string[][] {
  const at = text.indexOf(marker);
  assert.ok(at >= 0, `no "${marker}"`);
  const lines = text.slice(at).split('\n');
  const start = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (let i = start + 2; i < lines.length && lines[i]!.startsWith('|'); i++) rows.push(lines[i]!.split('|').slice(1, -1).map((c) => c.trim()));
  return rows;
}

describe("README's Speed figures", () => {
  const speed = section(README, '## Speed');

  test('name the commit of the latest full run', () => {
    const commit = /^Commit: ([0-9a-f]{7,40})\.$/m.exec(RESULTS)?.[1];
    assert.ok(commit, 'RESULTS.md names its commit');
    assert.ok(speed.includes(`\`${commit}\``), `README Speed does not name the run's commit ${commit}`);
  });

  test("give the validation table's times and ratios as the run measured them", () => {
    const measured = tableAfter(RESULTS, '### Validation: ours vs');
    const shown = tableAfter(speed, '**Validation**');
    assert.equal(shown.length, measured.length, 'one README row per measured document');
    const header = RESULTS.slice(RESULTS.indexOf('### Validation: ours vs')).split('\n').find((l) => l.startsWith('|'))!.split('|').slice(1, -1).map((c) => c.trim());
    const col = (name: string) => header.indexOf(name);
    for (let i = 0; i < measured.length; i++) {
      const [, floor, ours, baseline, ratio] = shown[i]!;
      const m = measured[i]!;
      assert.equal(floor, m[col('JSON.parse p50 (floor)')], `row ${i + 1}: JSON.parse`);
      assert.equal(ours, m[col('Ours: total')], `row ${i + 1}: ours`);
      assert.equal(baseline, m[col('Baseline')], `row ${i + 1}: baseline`);
      assert.equal(ratio, m[col('Baseline / ours total (p50)')], `row ${i + 1}: ratio`);
    }
  });
});
