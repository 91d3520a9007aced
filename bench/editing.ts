import { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService } from 'vscode-json-languageservice';
import type { DocumentSymbol } from 'vscode-languageserver-types';
import { formatEdits } from '../server/src/core/language/format';
import { documentSymbols } from '../server/src/core/language/symbols';
import { largeBundle } from './documents';
import { compare, ms, pair, type Plan, type Sample } from './stats';

// Formatting and document symbols of the 1 MB bundle (issue 21), side by side with
// vscode-json-languageservice: its `format` and `parseJSONDocument` + `findDocumentSymbols2`.
// Each contender goes from the text (on a new TextDocument) to its answer. Before timing, each
// formatter's edits are applied and checked: ours must give exactly the export layout, the
// baseline's the same JSON value, or the run stops.

export interface EditingResult {
  label: string;
  size: number;
  ours: Sample;
  baseline: Sample;
  /** What each answered: edits or symbols (all levels). */
  oursCount: number;
  baselineCount: number;
  target: number;
}

const OPTIONS = { tabSize: 2, insertSpaces: true };

function apply(
  text: string,
  edits: {
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
    newText: string;
  }[],
): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x.json', 'json', 1, text), edits);
}

const countSymbols = (s: readonly DocumentSymbol[]): number =>
  s.reduce((n, x) => n + 1 + countSymbols(x.children ?? []), 0);

/** The formatting inputs: the bundle on one line (every gap changes), and laid out with 4 spaces. */
function formatInputs(): { label: string; text: string }[] {
  const value = JSON.parse(largeBundle(false).text) as unknown;
  return [
    { label: 'Format Document, bundle 1 MB on one line', text: JSON.stringify(value) },
    { label: 'Format Document, bundle 1 MB indented with 4 spaces', text: `${JSON.stringify(value, null, 4)}\n` },
  ];
}

export async function benchFormatting(ls: LanguageService, plan: Plan): Promise<EditingResult[]> {
  const out: EditingResult[] = [];
  for (const input of formatInputs()) {
    const uri = 'file:///bench/format.testcases.json';
    const fresh = () => TextDocument.create(uri, 'json', 1, input.text);
    const expected = `${JSON.stringify(JSON.parse(input.text), null, 2)}\n`;
    const oursEdits = formatEdits(fresh(), OPTIONS);
    if (apply(input.text, oursEdits) !== expected)
      throw new Error(`bench: our formatting of "${input.label}" is not the export layout`);
    const baseEdits = ls.format(fresh(), undefined, OPTIONS);
    if (JSON.stringify(JSON.parse(apply(input.text, baseEdits))) !== JSON.stringify(JSON.parse(input.text)))
      throw new Error(`bench: the baseline's formatting of "${input.label}" changed the value`);
    const s = await compare(
      [
        { name: 'ours', run: () => formatEdits(fresh(), OPTIONS) },
        { name: 'baseline', run: () => ls.format(fresh(), undefined, OPTIONS) },
      ],
      plan,
    );
    out.push({
      label: input.label,
      size: input.text.length,
      ours: s.get('ours')!,
      baseline: s.get('baseline')!,
      oursCount: oursEdits.length,
      baselineCount: baseEdits.length,
      target: 1,
    });
  }
  return out;
}

export async function benchSymbols(ls: LanguageService, plan: Plan): Promise<EditingResult> {
  const d = largeBundle(false);
  const fresh = () => TextDocument.create(d.uri, 'json', 1, d.text);
  const oursSymbols = documentSymbols(fresh(), 'bundle');
  const baseSymbols = ls.findDocumentSymbols2(fresh(), ls.parseJSONDocument(fresh()));
  // Ours names each test case, step and record; the baseline names every member.
  if (oursSymbols.length !== 50 || countSymbols(baseSymbols) < countSymbols(oursSymbols))
    throw new Error('bench: the outlines are not what the document holds');
  const s = await compare(
    [
      { name: 'ours', run: () => documentSymbols(fresh(), 'bundle') },
      {
        name: 'baseline',
        run: () => {
          const doc = fresh();
          return ls.findDocumentSymbols2(doc, ls.parseJSONDocument(doc));
        },
      },
    ],
    plan,
  );
  return {
    label: 'Document symbols, bundle 1 MB / 5,000 steps',
    size: d.text.length,
    ours: s.get('ours')!,
    baseline: s.get('baseline')!,
    oursCount: countSymbols(oursSymbols),
    baselineCount: countSymbols(baseSymbols),
    target: 3,
  };
}

/** The table, and one target line per row for the summary. */
export function editingSection(results: EditingResult[]): { section: string; targets: string[] } {
  const verdict = (r: EditingResult) => r.baseline.p50 / r.ours.p50 >= r.target;
  const rows = results.map(
    (r) =>
      `| ${r.label} | ${(r.size / 1_000_000).toFixed(2)} MB | ${pair(r.ours)} | ${pair(r.baseline)} | ${(r.baseline.p50 / r.ours.p50).toFixed(1)}x | ${r.oursCount.toLocaleString('en-US')} / ${r.baselineCount.toLocaleString('en-US')} | ≥ ${r.target}x: ${verdict(r) ? 'met' : '**not met**'} |`,
  );
  return {
    section: [
      '### Formatting and document symbols: ours vs vscode-json-languageservice 5.7.2 (ms, p50 / p95)',
      '',
      'From the text on a new TextDocument to the answer, in one run, the contenders taking turns. Ours: `formatEdits`',
      '(tabSize 2, spaces) and `documentSymbols`; baseline: `format` with the same options, and `parseJSONDocument` +',
      "`findDocumentSymbols2`. Before timing, our edits must give exactly the export layout and the baseline's the same",
      'JSON value. "Answer": edits, or symbols at every level (the baseline names every member; ours the test cases,',
      'steps, trace filters and records). Targets (issue 21): formatting at least as fast, symbols at least 3x faster.',
      '',
      '| Task | Size | Ours | Baseline | Baseline / ours (p50) | Answer: ours / baseline | Target |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
    ].join('\n'),
    targets: results.map(
      (r) =>
        `- ${r.label}: ${(r.baseline.p50 / r.ours.p50).toFixed(1)}x the baseline's speed, ours ${ms(r.ours.p50)} ms p50 (target ≥ ${r.target}x): ${verdict(r) ? 'met' : 'NOT met'}.`,
    ),
  };
}
