import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { startEmulator } from '../test/emulator/emulator';
import { smallTestCase } from './documents';
import { BenchClient } from './lsp';
import { ms, pair, summarize, type Sample } from './stats';

// A workspace of 10,000 test-case files (issue 21): the built server indexes them in the
// background once it starts, while files are opened and checked; then Find All References and
// workspace symbols answer from the index. The client says it sends file events, as VS Code does.

const FILES = 10_000;
const PER_FOLDER = 100;
const OPENS = 30;
const QUERIES = 20;

export interface WorkspaceResult {
  files: number;
  bytes: number;
  /** initialized to the server's "workspace index" log line (wall clock), and the server's own figure. */
  indexWallMs: number;
  indexServerMs: number;
  /** didOpen to the first (schema) publication of a 5 KB test case, while the index is built and after. */
  openDuring: Sample;
  opensDuring: number;
  openAfter: Sample;
  references: Sample;
  referencesFound: number;
  symbols: Sample;
  symbolsFound: number;
  allSymbols: Sample;
  allSymbolsFound: number;
}

/** One workspace file: six steps on devices 1 to 20, an API client, two trace filters. */
function caseText(i: number): string {
  const device = (k: number) => ((i + k) % 20) + 1;
  const tc = {
    name: `Workspace case ${String(i).padStart(5, '0')}`,
    description: 'Generated for the workspace benchmark.',
    testStepList: [
      { function: 'CALL', mobileDeviceId: device(0), params: { target: '+4915112345678', durationSeconds: 30 } },
      { function: 'ANSWER_CALL', mobileDeviceId: device(1), params: { timeoutSeconds: 20 } },
      { function: 'WAIT', params: { seconds: 5 } },
      { function: 'HANGUP', mobileDeviceId: device(0) },
      { function: 'HTTP_REQUEST', mobileDeviceId: device(2), params: { apiClientId: (i % 5) + 1 } },
      { function: 'SEND_SMS', mobileDeviceId: device(3), params: { target: '+4915112345678', text: 'bench' } },
    ],
    traceFilters: [{ mobileDeviceId: device(0), traceFilterId: (i % 6) + 1 }],
    sipTraceFilters: [{ mobileDeviceId: device(1), sipMessageCodes: '180,183,200' }],
  };
  return `${JSON.stringify(tc, null, 2)}\n`;
}

export async function benchWorkspace(): Promise<WorkspaceResult> {
  const dir = mkdtempSync(join(tmpdir(), 'tas-bench-ws-'));
  const emu = await startEmulator();
  let client: BenchClient | undefined;
  try {
    mkdirSync(join(dir, '.git'));
    let bytes = 0;
    for (let i = 0; i < FILES; i++) {
      const folder = join(dir, `group-${String(Math.floor(i / PER_FOLDER)).padStart(3, '0')}`);
      if (i % PER_FOLDER === 0) mkdirSync(folder);
      const text = caseText(i);
      bytes += text.length;
      writeFileSync(join(folder, `case-${String(i).padStart(5, '0')}.testcase.json`), text);
    }
    const small = smallTestCase(false);
    const started = performance.now();
    client = await BenchClient.start(emu, { debounceMs: 0, cacheTtlSeconds: 300 }, [pathToFileURL(dir).href]);
    const c = client;
    let indexed: string | undefined;
    const done = c.logged(/^workspace index: /).then((line) => {
      indexed = line;
      return performance.now();
    });
    // Files opened one after the other while the index is built: none may wait for it.
    const openOne = async (n: number): Promise<number> => {
      const uri = `file:///bench/opened-${n}.testcase.json`;
      const sent = performance.now();
      await c.open(small, uri);
      return (await c.waitFor(uri, 1, 1)).at - sent;
    };
    const during: number[] = [];
    let n = 0;
    while (indexed === undefined && n < 1000) during.push(await openOne(n++));
    const indexWallMs = (await done) - started;
    const indexServerMs = Number(/in (\d+) ms/.exec(indexed ?? '')?.[1] ?? NaN);
    const after: number[] = [];
    for (let k = 0; k < OPENS; k++) after.push(await openOne(n++));
    if (!new RegExp(`^workspace index: ${FILES} test-case files`).test(indexed ?? ''))
      throw new Error(`bench: the index holds other files than the workspace's: ${indexed}`);

    // References on device 1 from an opened workspace file, and symbols by part of a name.
    const first = join(dir, 'group-000', 'case-00000.testcase.json');
    const firstUri = pathToFileURL(first).href;
    const text = caseText(0);
    await c.open({ ...small, text }, firstUri);
    await c.waitFor(firstUri, 1, 1);
    const before = text.slice(0, text.indexOf('"mobileDeviceId": ') + '"mobileDeviceId": '.length);
    const position = { line: before.split('\n').length - 1, character: before.length - before.lastIndexOf('\n') - 1 };
    const refs: number[] = [];
    let referencesFound = 0;
    for (let k = 0; k < QUERIES; k++) {
      const r = await c.request<unknown[]>('textDocument/references', {
        textDocument: { uri: firstUri },
        position,
        context: { includeDeclaration: true },
      });
      refs.push(r.ms);
      referencesFound = r.answer.length;
    }
    // Device 1 is in step 1, 2, 4, 5 or 6, the trace filter and the SIP filter of a share of the files: counted here.
    const expected = Array.from(
      { length: FILES },
      (_, i) =>
        JSON.parse(caseText(i)) as {
          testStepList: { mobileDeviceId?: number }[];
          traceFilters: { mobileDeviceId: number }[];
          sipTraceFilters: { mobileDeviceId: number }[];
        },
    )
      .flatMap((tc) => [...tc.testStepList, ...tc.traceFilters, ...tc.sipTraceFilters])
      .filter((s) => s.mobileDeviceId === 1).length;
    if (referencesFound !== expected)
      throw new Error(`bench: ${referencesFound} references to device 1, expected ${expected}`);
    const query = async (q: string) => {
      const times: number[] = [];
      let found = 0;
      for (let k = 0; k < QUERIES; k++) {
        const r = await c.request<unknown[]>('workspace/symbol', { query: q });
        times.push(r.ms);
        found = r.answer.length;
      }
      return { sample: summarize(times), found };
    };
    const some = await query('case 012');
    if (some.found !== 100) throw new Error(`bench: ${some.found} symbols for "case 012", expected 100`);
    const all = await query('');
    if (all.found !== FILES) throw new Error(`bench: ${all.found} symbols in all, expected ${FILES}`);
    return {
      files: FILES,
      bytes,
      indexWallMs,
      indexServerMs,
      openDuring: summarize(during),
      opensDuring: during.length,
      openAfter: summarize(after),
      references: summarize(refs),
      referencesFound,
      symbols: some.sample,
      symbolsFound: some.found,
      allSymbols: all.sample,
      allSymbolsFound: all.found,
    };
  } finally {
    await client?.stop();
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The table, and the target lines for the summary (issue 21: under 5 s, diagnostics never delayed, answers under 200 ms). */
export function workspaceSection(r: WorkspaceResult): { section: string; targets: string[] } {
  const indexOk = r.indexWallMs < 5000;
  // "Not delayed": opening a file while the index is built is within the typing target (issue 22, 30 ms p95).
  const openOk = r.openDuring.p95 < 30;
  const answersOk = [r.references, r.symbols, r.allSymbols].every((s) => s.p95 < 200);
  return {
    section: [
      `### A workspace of ${r.files.toLocaleString('en-US')} test-case files over LSP`,
      '',
      `The built server over stdio, the workspace folder (${r.files.toLocaleString('en-US')} files of about ${Math.round(r.bytes / r.files / 100) / 10} KB, ${(r.bytes / 1_000_000).toFixed(1)} MB, in folders of`,
      `${PER_FOLDER}) given at initialize by a client that sends file events. Index: from \`initialized\` to the server's`,
      '"workspace index" log line. Meanwhile a 5 KB test case is opened again and again (each after the previous one\'s',
      `first publication): didOpen to its schema diagnostics, while indexing and for ${OPENS} opens after. Then ${QUERIES} Find All`,
      'References on a device used across the workspace, and workspace symbols by part of a name and for everything.',
      '',
      '| Measure | Value | Target |',
      '| --- | --- | --- |',
      `| Index built (wall / the server's own figure) | ${(r.indexWallMs / 1000).toFixed(2)} s / ${(r.indexServerMs / 1000).toFixed(2)} s | < 5 s: ${indexOk ? 'met' : '**not met**'} |`,
      `| Open to first diagnostics while indexing (${r.opensDuring} opens), p50 / p95 | ${pair(r.openDuring)} ms | < 30 ms p95: ${openOk ? 'met' : '**not met**'} |`,
      `| Open to first diagnostics after, p50 / p95 | ${pair(r.openAfter)} ms | |`,
      `| Find All References (${r.referencesFound.toLocaleString('en-US')} locations), p50 / p95 | ${pair(r.references)} ms | < 200 ms: ${r.references.p95 < 200 ? 'met' : '**not met**'} |`,
      `| Workspace symbols, "case 012" (${r.symbolsFound} found), p50 / p95 | ${pair(r.symbols)} ms | < 200 ms: ${r.symbols.p95 < 200 ? 'met' : '**not met**'} |`,
      `| Workspace symbols, everything (${r.allSymbolsFound.toLocaleString('en-US')}), p50 / p95 | ${pair(r.allSymbols)} ms | < 200 ms: ${r.allSymbols.p95 < 200 ? 'met' : '**not met**'} |`,
    ].join('\n'),
    targets: [
      `- Workspace of ${r.files.toLocaleString('en-US')} files indexed in ${(r.indexWallMs / 1000).toFixed(2)} s (target < 5 s): ${indexOk ? 'met' : 'NOT met'}; first diagnostics meanwhile ${ms(r.openDuring.p95)} ms p95 (target < 30 ms): ${openOk ? 'met' : 'NOT met'}.`,
      `- References and workspace symbols after indexing: ${ms(r.references.p95)} / ${ms(Math.max(r.symbols.p95, r.allSymbols.p95))} ms p95 (target < 200 ms): ${answersOk ? 'met' : 'NOT met'}.`,
    ],
  };
}
