import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { LspHarness } from './lspHarness';

// Hostile documents at the LSP boundary (issue 8): nesting deep enough to overflow a recursive
// reader, and files of tens of thousands of mistakes. Every request must be answered normally,
// every document get its diagnostics, and the number of diagnostics stay bounded.

// A server that stops answering fails the test instead of hanging the run.
const LIMIT = { timeout: 120_000 };

const codes = (ds: Diagnostic[]) => ds.map((d) => String(d.code));
const msg = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);

/** A 2 MB test case of 50,000 keys the schema does not know. */
function unknownKeys(count: number): string {
  const lines = Array.from({ length: count }, (_, i) => `  "unknownKey${i}": "xxxxxxxxxxxxxxxxxxxx"`);
  return `{\n${lines.join(',\n')}\n}`;
}

let lsp: LspHarness;

before(async () => {
  // Offline (no service): reference checks add one "not verified" note, nothing else.
  lsp = await LspHarness.start({}, undefined, { validation: { debounceMs: 0 } });
  await lsp.configured;
});
after(async () => {
  assert.equal(await lsp.stop(), 0, lsp.stderr);
});

describe('deep nesting', () => {
  for (const [label, text] of [
    ['30,000 unclosed [', '['.repeat(30_000)],
    ['30,000 unclosed {"a":', '{"a":'.repeat(30_000)],
  ] as const) {
    test(
      `${label}: a syntax error and "nested too deeply" where it happens, and every request answered`,
      LIMIT,
      async () => {
        const uri = `file:///ws/deep-${label.length}-${text.length}.testcases.json`;
        await lsp.open(uri, text);
        const { diagnostics } = await lsp.diagnostics(uri);
        const deep = diagnostics.find((d) => d.code === 'nested-too-deeply');
        assert.ok(deep, JSON.stringify(diagnostics.slice(0, 3)));
        // The first value deeper than 256 levels: the 257th opener.
        const perLevel = text.length / 30_000;
        assert.deepEqual(deep.range.start, { line: 0, character: 256 * perLevel });
        assert.match(msg(deep), /nested more than 256 levels deep/);
        assert.ok(diagnostics.some((d) => d.code === 'syntax'));
        assert.ok(diagnostics.length <= 5, `a few diagnostics, not one per level: ${diagnostics.length}`);
        for (const character of [0, 100, 300 * perLevel, text.length, text.length + 10]) {
          assert.equal(await lsp.hover(uri, { line: 0, character }), null);
          assert.ok(Array.isArray(await lsp.completion(uri, { line: 0, character })));
        }
        assert.deepEqual(await lsp.documentLinks(uri), []);
        assert.ok(Array.isArray(await lsp.codeActions(uri, deep.range, diagnostics)));
      },
    );
  }

  test(
    'a valid file nested 30,000 levels deep in a step: the rest is checked, links and hovers still work',
    LIMIT,
    async () => {
      const uri = 'file:///ws/deep-valid.testcase.json';
      const deep = '['.repeat(30_000) + ']'.repeat(30_000);
      const text = `{\n  "name": "Deep",\n  "disabled": "no",\n  "testStepList": [\n    { "function": "WAIT", "params": { "x": ${deep} } }\n  ]\n}`;
      await lsp.open(uri, text);
      const { diagnostics } = await lsp.finalDiagnostics(uri);
      assert.deepEqual(
        codes(diagnostics).sort(),
        ['nested-too-deeply', 'references-not-verified', 'wrong-type'],
        JSON.stringify(diagnostics),
      );
      const h = await lsp.hover(uri, { line: 1, character: 4 });
      assert.match(JSON.stringify(h?.contents), /name/);
      assert.equal(await lsp.hover(uri, { line: 4, character: 10_000 }), null);
      assert.deepEqual(await lsp.completion(uri, { line: 4, character: 10_000 }), []);
    },
  );
});

describe('files of many mistakes', () => {
  test('50,000 unknown keys: at most maxProblems diagnostics, plus one saying how many more', LIMIT, async () => {
    const uri = 'file:///ws/unknown-keys.testcase.json';
    await lsp.open(uri, unknownKeys(50_000));
    const { diagnostics } = await lsp.finalDiagnostics(uri);
    assert.equal(diagnostics.length, 301, `${diagnostics.length} diagnostics`);
    const more = diagnostics.filter((d) => d.code === 'more-problems');
    assert.equal(more.length, 1);
    // 50,000 unknown keys, the required 'name' missing and the "not verified" note: 300 shown.
    assert.equal(
      msg(more[0]!),
      '49,702 more problems in this file are not shown (at most 300 are). Fix the ones shown, or raise the setting tas.validation.maxProblems.',
    );
    assert.equal(diagnostics.filter((d) => d.code === 'unknown-field').length, 299);
  });

  test('a 100,000-line object of repeated keys: the duplicate-key warnings are capped too', LIMIT, async () => {
    const uri = 'file:///ws/repeated.testcase.json';
    const lines = Array.from({ length: 100_000 }, (_, i) => `  "name": "n${i}"`);
    await lsp.open(uri, `{\n${lines.join(',\n')}\n}`);
    const { diagnostics } = await lsp.finalDiagnostics(uri);
    assert.ok(diagnostics.length <= 301, `${diagnostics.length} diagnostics`);
    assert.match(msg(diagnostics.find((d) => d.code === 'more-problems')!), /^99,\d{3} more problems/);
  });

  test('tas.validation.maxProblems sets the limit', LIMIT, async () => {
    const server = await LspHarness.start({}, undefined, { validation: { debounceMs: 0, maxProblems: 10 } });
    try {
      await server.configured;
      const uri = 'file:///ws/limit.testcase.json';
      await server.open(uri, unknownKeys(1000));
      const { diagnostics } = await server.finalDiagnostics(uri);
      assert.equal(diagnostics.length, 11);
      assert.match(msg(diagnostics[10]!), /^99\d more problems in this file are not shown \(at most 10 are\)/);
    } finally {
      assert.equal(await server.stop(), 0, server.stderr);
    }
  });

  test('hovers on a 2 MB file are answered at once, even while edits are being validated', LIMIT, async () => {
    const uri = 'file:///ws/busy.testcase.json';
    const text = unknownKeys(50_000);
    await lsp.open(uri, text);
    await lsp.finalDiagnostics(uri);
    // Each edit starts a validation (debounce 0) of a few hundred milliseconds; the next hover is
    // asked while it runs. Judged by order, not by the clock: the hover's answer comes before the
    // edit's final diagnostics. Before the fix each hover waited for the whole validation.
    const finalsBeforeHover: number[] = [];
    for (let version = 2; version <= 6; version++) {
      await lsp.edit(uri, version, [
        { range: { start: { line: 1, character: 3 }, end: { line: 1, character: 3 } }, text: 'x' },
      ]);
      await lsp.hover(uri, { line: 25_000, character: 5 });
      finalsBeforeHover.push((lsp.published.get(uri) ?? []).filter((p) => p.version === version).length);
      await lsp.finalDiagnostics(uri, version);
    }
    // The server publishes twice per version (schema first, then the full result): fewer than two
    // when the hover was answered means the hover did not wait for the validation to end.
    assert.ok(
      finalsBeforeHover.every((n) => n < 2),
      `publishes of each version before its hover was answered: ${finalsBeforeHover.join(', ')}`,
    );
  });
});

describe('edits the text does not have room for', () => {
  test('a range past the end of a line or of the text is clamped; later positions stay right', LIMIT, async () => {
    const uri = 'file:///ws/past-the-end.testcase.json';
    await lsp.open(uri, '{\n  "name": "Clamp",\n  "disabled": false\n}');
    await lsp.edit(uri, 2, [
      { range: { start: { line: 1, character: 1_000_000 }, end: { line: 1, character: 1_000_000 } }, text: ' ' },
    ]);
    // Past the last line: before the fix the server's line table broke here, and every later
    // position came out as NaN (hover failed).
    await lsp.edit(uri, 3, [
      { range: { start: { line: 50, character: 0 }, end: { line: 51, character: 3 } }, text: '\n' },
    ]);
    const h = await lsp.hover(uri, { line: 2, character: 5 });
    assert.deepEqual(h?.range, { start: { line: 2, character: 2 }, end: { line: 2, character: 12 } });
    const { diagnostics } = await lsp.diagnostics(uri, (p) => p.version === 3);
    assert.deepEqual(
      diagnostics.filter((d) => d.code !== 'references-not-verified'),
      [],
    );
  });
});
