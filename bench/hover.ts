import { performance } from 'node:perf_hooks';
import { startEmulator } from '../test/emulator/emulator';
import { largeBundle, type BenchDocument } from './documents';
import { BenchClient } from './lsp';
import { summarize, type Sample } from './stats';

// Hover and completion latency over LSP on large and hostile documents (issue 8): a 2 MB object
// of 50,000 unknown keys and a 100,000-line object, next to the 1 MB bundle. Measured with no
// validation running, and right after an edit, while that edit is being validated.

const REQUESTS = 30;
const EDITS = 10;

export interface HoverResult {
  label: string;
  size: number;
  lines: number;
  /** didOpen to the final publication: one whole validation, caches warm. */
  open: number;
  diagnostics: number;
  hover: Sample;
  completion: Sample;
  /** Hover sent together with an edit (debounce 0), so it meets that edit's validation. */
  hoverWhileValidating: Sample;
  /** That edit to its final publication. */
  editToFinal: Sample;
}

function unknownKeys(label: string, count: number, key: string, value: (i: number) => string): BenchDocument {
  const lines = Array.from({ length: count }, (_, i) => `  "${key}${i}": ${value(i)}`);
  return {
    label,
    kind: 'testCase',
    uri: `file:///bench/hostile-${count}.testcase.json`,
    text: `{\n${lines.join(',\n')}\n}\n`,
    expectedErrors: count,
  };
}

export function hoverDocuments(): BenchDocument[] {
  return [
    largeBundle(false),
    unknownKeys('object of 50,000 unknown keys', 50_000, 'unknownKey', () => '"xxxxxxxxxxxxxxxxxxxx"'),
    unknownKeys('object of 100,000 lines', 100_000, 'key', (i) => String(i)),
  ];
}

async function measure(client: BenchClient, d: BenchDocument, uri: string): Promise<HoverResult> {
  const textLines = d.text.split('\n');
  const lines = textLines.length;
  const opened = performance.now();
  await client.open(d, uri);
  const final = await client.waitFor(uri, 1, 2);
  const open = final.at - opened;
  // Positions spread over the file, each just inside the line's first token (a key, mostly): schema
  // hovers, which never ask the service.
  const positions = Array.from({ length: REQUESTS }, (_, k) => {
    const line = 1 + Math.floor(((lines - 3) * k) / REQUESTS);
    return { line, character: textLines[line]!.search(/\S/) + 1 };
  });
  const hover: number[] = [];
  const completion: number[] = [];
  for (const p of positions) hover.push(await client.timed('hover', uri, p));
  for (const p of positions) completion.push(await client.timed('completion', uri, p));
  const during: number[] = [];
  const editToFinal: number[] = [];
  // A one-character edit in the indentation of line 1: valid JSON before and after.
  const at = { line: 1, character: 0 };
  for (let v = 2; v < EDITS + 2; v++) {
    const sent = await client.edit(uri, v, at, v % 2 === 0 ? ' ' : '\t');
    during.push(await client.timed('hover', uri, positions[v % positions.length]!));
    editToFinal.push((await client.waitFor(uri, v, 2)).at - sent);
  }
  return {
    label: d.label,
    size: d.text.length,
    lines,
    open,
    diagnostics: final.count,
    hover: summarize(hover),
    completion: summarize(completion),
    hoverWhileValidating: summarize(during),
    editToFinal: summarize(editToFinal),
  };
}

export async function benchHover(): Promise<HoverResult[]> {
  const emu = await startEmulator();
  const client = await BenchClient.start(emu, { debounceMs: 0, cacheTtlSeconds: 300 });
  try {
    const out: HoverResult[] = [];
    for (const [i, d] of hoverDocuments().entries()) {
      console.error(`hover: ${d.label}`);
      out.push(
        await measure(client, d, `file:///bench/hover-${i}.${d.kind === 'bundle' ? 'testcases' : 'testcase'}.json`),
      );
    }
    return out;
  } finally {
    await client.stop();
    await emu.close();
  }
}
