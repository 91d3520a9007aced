import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import {
  DefinitionRequest,
  DocumentFormattingRequest,
  DocumentRangeFormattingRequest,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  InlayHintRequest,
  ReferencesRequest,
  SelectionRangeRequest,
  WorkspaceSymbolRequest,
} from 'vscode-languageserver-protocol';
import { documentOf, documentText } from '../../server/src/core/recordDocuments/document';
import { LspHarness } from './lspHarness';
import { fuzzCase, Random } from './fuzzDocuments';

// Seeded fuzzing through LSP: hostile test cases, bundles and record documents (truncated, flipped, deeply nested, huge, lone
// surrogates, BOM, control characters, repeated keys) and bursts of edits, requests at positions
// past the end and on documents never opened, for every feature the server offers. The server must answer every request, publish
// diagnostics for the last version of every document, never exit, and keep its memory bounded.
// A short run is part of `npm test`; TAS_FUZZ_RUNS=2000 makes a long one, TAS_FUZZ_SEED replays.

const RUNS = Number(process.env['TAS_FUZZ_RUNS'] ?? 150);
const SEED = Number(process.env['TAS_FUZZ_SEED'] ?? 20261122);
/** Long runs also get bigger huge parts. */
const SCALE = RUNS > 200 ? 10 : 1;
/** Growth of the server's resident memory allowed between the first tenth of the run and its end. */
const RSS_GROWTH_MB = 200;

const SERVICE = 'http://127.0.0.1:9';
const samples = [
  ...['voice-call-mo.testcase.json', 'sms-to-pixel.testcase.json', 'broken-references.testcase.json'].map((name) =>
    readFileSync(resolve(__dirname, '../../../samples/workspace', name), 'utf8'),
  ),
  // Records of the service as their documents show them.
  documentText(
    documentOf(
      'mobileDevice',
      { id: 1, name: 'Pixel 8', msisdn: '+4915170000001', testNodeId: 1, deviceModelId: 2, projects: [] },
      SERVICE,
    ),
  ),
  documentText(
    documentOf(
      'testSuite',
      { id: 3, name: 'Nightly', testCaseIds: [{ id: 1, name: 'Voice call' }], schedule: '0 0 * * *', tags: ['a'] },
      SERVICE,
    ),
  ),
  documentText(
    documentOf(
      'apiClient',
      {
        id: 4,
        name: 'Billing',
        serverURL: 'https://billing.example.invalid',
        headerParams: { Authorization: 'Bearer zzz' },
      },
      SERVICE,
    ),
  ),
];

let lsp: LspHarness;

before(async () => {
  lsp = await LspHarness.start({}, undefined, { validation: { debounceMs: 0 } });
  await lsp.configured;
});
after(async () => {
  assert.equal(await lsp.stop(), 0, lsp.stderr);
});

test(
  `fuzz: ${RUNS} hostile documents through LSP (seed ${SEED})`,
  { timeout: Math.max(120_000, RUNS * 2_000) },
  async () => {
    const r = new Random(SEED);
    let baseline: number | undefined;
    let peak = 0;
    for (let i = 0; i < RUNS; i++) {
      const c = fuzzCase(r, samples, i, SCALE);
      const context = `${c.label} (seed ${SEED})`;
      try {
        await lsp.open(c.uri, c.text);
        let version = 1;
        // A burst: every change sent at once, without waiting for anything.
        for (const change of c.changes) await lsp.edit(c.uri, ++version, change);
        const requests: Promise<unknown>[] = [];
        for (const position of c.positions) requests.push(lsp.hover(c.uri, position), lsp.completion(c.uri, position));
        requests.push(lsp.documentLinks(c.uri));
        // Every other feature the server offers, on the same hostile text.
        const doc = { textDocument: { uri: c.uri } };
        const options = { tabSize: r.pick([0, 2, 8]), insertSpaces: r.next() < 0.5 };
        const span = { start: c.positions[0]!, end: c.positions[1]! };
        requests.push(
          lsp.connection.sendRequest(DocumentFormattingRequest.type, { ...doc, options }),
          lsp.connection.sendRequest(DocumentRangeFormattingRequest.type, { ...doc, range: span, options }),
          lsp.connection.sendRequest(DocumentSymbolRequest.type, doc),
          lsp.connection.sendRequest(FoldingRangeRequest.type, doc),
          lsp.connection.sendRequest(SelectionRangeRequest.type, { ...doc, positions: c.positions }),
          lsp.connection.sendRequest(InlayHintRequest.type, {
            ...doc,
            range: { start: { line: 0, character: 0 }, end: { line: 1_000_000, character: 0 } },
          }),
          lsp.connection.sendRequest(DefinitionRequest.type, { ...doc, position: c.positions[2]! }),
          lsp.connection.sendRequest(ReferencesRequest.type, {
            ...doc,
            position: c.positions[2]!,
            context: { includeDeclaration: true },
          }),
          lsp.connection.sendRequest(WorkspaceSymbolRequest.type, { query: r.pick(['', 'a', '\ud800', '.*']) }),
        );
        // A document never opened: answered, empty.
        requests.push(
          lsp.hover(`file:///fuzz/unopened-${i}.testcase.json`, c.positions[0]!),
          lsp.completion(`file:///fuzz/unopened-${i}.testcase.json`, c.positions[0]!),
        );
        await Promise.all(requests);
        const last = version;
        const published = await lsp.diagnostics(c.uri, (p) => p.version === last);
        // Quick fixes for what was published, and for a diagnostic whose data is nonsense.
        const nonsense = {
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
          message: 'x',
          data: { path: Array.from({ length: 5000 }, () => 'a') },
        };
        await lsp.codeActions(c.uri, nonsense.range, [...published.diagnostics.slice(0, 20), nonsense]);
        assert.ok(published.diagnostics.length <= 302, `${published.diagnostics.length} diagnostics`);
        await lsp.close(c.uri);
      } catch (err) {
        assert.fail(`${context}: ${err instanceof Error ? err.message : String(err)}\n${lsp.stderr.slice(-2000)}`);
      }
      const rss = lsp.rssMb();
      if (rss !== undefined) {
        peak = Math.max(peak, rss);
        if (i === Math.floor(RUNS / 10)) baseline = rss;
      }
    }
    const end = lsp.rssMb();
    console.log(
      `fuzz: ${RUNS} documents tried (seed ${SEED}); server memory ${baseline?.toFixed(0)} MB after the first tenth, ${end?.toFixed(0)} MB at the end, peak ${peak.toFixed(0)} MB`,
    );
    if (baseline !== undefined && end !== undefined)
      assert.ok(end - baseline < RSS_GROWTH_MB, `memory grew from ${baseline.toFixed(0)} to ${end.toFixed(0)} MB`);
  },
);
