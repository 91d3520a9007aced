import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { manualSection, ROOT } from '../manual';

// The manual's Speed figures come from the latest full run in bench/RESULTS.md (issue 22): the same
// commit, and the validation table's times and ratios as that run measured them. A full run that
// changes them fails this test until the manual says the same. Beyond the table, every figure the
// Speed and Reliability sections state (times, ratios; sizes in Speed), wherever the manual keeps
// them, is one RESULTS.md holds, unless it is a target or a threshold (issue 41): a figure from an
// older run, or rounded, fails.

const RESULTS = readFileSync(join(ROOT, 'bench', 'RESULTS.md'), 'utf8');

/** The rows of the first table after `marker` in `text`, as cells. */
function tableAfter(text: string, marker: string): string[][] {
  const at = text.indexOf(marker);
  assert.ok(at >= 0, `no "${marker}"`);
  const lines = text.slice(at).split('\n');
  const start = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (let i = start + 2; i < lines.length && lines[i]!.startsWith('|'); i++)
    rows.push(
      lines[i]!.split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  return rows;
}

const NUMBER = String.raw`\d[\d,]*(?:\.\d+)?`;
/** A figure: one number, or two as `p50 / p95` or `a to b`, and its unit. */
const FIGURE = new RegExp(
  `(?<![\\w.])(${NUMBER})(?:\\s*(?:/|to|-)\\s*(${NUMBER}))?\\s*(µs|ms|s|seconds|minutes|x|KB|MB|GB)(?![\\w])`,
  'g',
);
/** Words before a figure that make it a target or threshold, not a measurement. */
const THRESHOLD = /(?:target|under|over|within|at least|at most|more than|less than|≥|≤|<|>)\s*(?:of\s*)?$/i;

/** Figures in `text` (with `units`) whose numbers RESULTS.md does not hold. */
export function unsupportedFigures(text: string, results: string, units: RegExp): string[] {
  const held = new Set((results.match(new RegExp(NUMBER, 'g')) ?? []).map((n) => n.replace(/,/g, '')));
  const out: string[] = [];
  for (const m of text.matchAll(FIGURE)) {
    if (!units.test(m[3]!) || THRESHOLD.test(text.slice(Math.max(0, m.index - 24), m.index))) continue;
    const numbers = [m[1]!, m[2]].filter((n): n is string => n !== undefined);
    if (numbers.some((n) => !held.has(n.replace(/,/g, '')))) out.push(m[0].replace(/\s+/g, ' '));
  }
  return out;
}

describe("the manual's Speed figures", () => {
  test('a figure RESULTS.md does not hold is found; targets and thresholds are not figures', () => {
    const results = '| 5 KB | 0.016 / 0.033 | 7.7x | 1,077 |';
    const text =
      'ours 0.016 / 0.033 ms, 7.7x, 1077 MB; was 0.020 ms and 6.0x; target under 30 ms, ≥ 10x; 4.35 to 17.0 ms';
    assert.deepEqual(unsupportedFigures(text, results, /./), ['0.020 ms', '6.0x', '4.35 to 17.0 ms']);
  });

  test('every figure in Speed and Reliability is one RESULTS.md holds', () => {
    const speed = unsupportedFigures(manualSection('Speed').text, RESULTS, /./);
    // Reliability also states the fuzzer's memory, which is not a bench figure: its times and ratios only.
    const reliability = unsupportedFigures(manualSection('Reliability').text, RESULTS, /^(µs|ms|s|seconds|minutes|x)$/);
    assert.deepEqual({ speed, reliability }, { speed: [], reliability: [] });
  });

  const speed = manualSection('Speed').text;

  test('name the commit of the latest full run', () => {
    const commit = /^Commit: ([0-9a-f]{7,40})\.$/m.exec(RESULTS)?.[1];
    assert.ok(commit, 'RESULTS.md names its commit');
    assert.ok(speed.includes(`\`${commit}\``), `Speed does not name the run's commit ${commit}`);
  });

  test("give the validation table's times and ratios as the run measured them", () => {
    const measured = tableAfter(RESULTS, '### Validation: ours vs');
    const shown = tableAfter(speed, '**Validation**');
    assert.equal(shown.length, measured.length, 'one row of Speed per measured document');
    const header = RESULTS.slice(RESULTS.indexOf('### Validation: ours vs'))
      .split('\n')
      .find((l) => l.startsWith('|'))!
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
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
