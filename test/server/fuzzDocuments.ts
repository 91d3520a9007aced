import type { Position, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';

// Seeded generator of hostile documents and edits for the fuzz test: the same seed gives the
// same documents, so a failure can be replayed with TAS_FUZZ_SEED.

/** mulberry32: a small, fast, seedable PRNG. */
export class Random {
  constructor(private state: number) {}

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

export interface FuzzCase {
  /** What was done to the document, for the failure message. */
  label: string;
  uri: string;
  text: string;
  /** A burst of changes sent without waiting, each the next version. */
  changes: TextDocumentContentChangeEvent[][];
  /** Where hover and completion are asked, past the end included. */
  positions: Position[];
}

const RECORD_URI_KINDS = ['mobileDevice', 'testNode', 'apiClient', 'traceFilter', 'testSuite'];

const ALPHABET = [
  '{',
  '}',
  '[',
  ']',
  '"',
  ':',
  ',',
  '\\',
  ' ',
  '\n',
  '0',
  '-',
  'e',
  't',
  'n',
  '/',
  '*',
  '\u0000',
  '\u001f',
  '\ud800',
  '\udc00',
  '\ufeff',
  'é',
  '😀',
];

type Mutation = (text: string, r: Random, scale: number) => string;

const at = (text: string, r: Random) => r.int(text.length + 1);
const insert = (text: string, i: number, s: string) => text.slice(0, i) + s + text.slice(i);

const MUTATIONS: Record<string, Mutation> = {
  truncate: (t, r) => t.slice(0, at(t, r)),
  flip: (t, r) => {
    let out = t;
    for (let n = 1 + r.int(8); n > 0; n--) {
      const i = r.int(Math.max(1, out.length));
      out = out.slice(0, i) + r.pick(ALPHABET) + out.slice(i + 1);
    }
    return out;
  },
  deepOpen: (t, r, scale) => insert(t, at(t, r), r.pick(['[', '{"a":', '[{"b":']).repeat(100 + r.int(300 * scale))),
  deepClosed: (t, r, scale) => {
    const n = 100 + r.int(300 * scale);
    return t
      .replace('"params": {', `"params": {"deep": ${'['.repeat(n)}${']'.repeat(n)},`)
      .replace(/^\{/, `{"deep": ${'{"a":'.repeat(n)}1${'}'.repeat(n)},`);
  },
  hugeString: (t, r, scale) => t.replace(/"name": "[^"]*"/, `"name": "${'x'.repeat(1000 + r.int(40_000 * scale))}"`),
  hugeNumber: (t, r, scale) =>
    t.replace(
      /"mobileDeviceId": \d+/,
      `"mobileDeviceId": ${r.pick(['1e400', '-0.' + '0'.repeat(400) + '1', '9'.repeat(100 + r.int(2000 * scale))])}`,
    ),
  hugeObject: (t, r, scale) => {
    const keys = Array.from({ length: 100 + r.int(2000 * scale) }, (_, i) => `"k${i}": ${i}`).join(',');
    return t.replace(/^\s*\{/, `{${keys},`);
  },
  loneSurrogate: (t, r) => insert(t, at(t, r), r.pick(['\ud800', '\udfff', '"\\ud800"', '"\ud83d"', '\\uZZZZ'])),
  bom: (t) => `\ufeff${t}`,
  controlChars: (t, r) => t.replace(/"description": "/, `"description": "${String.fromCharCode(r.int(32))}\u0000\b\t`),
  duplicateKeys: (t, r, scale) => t.replace(/^\s*\{/, `{${'"name": "dup",'.repeat(2 + r.int(500 * scale))}`),
  garbage: (_t, r) => Array.from({ length: r.int(2000) }, () => r.pick(ALPHABET)).join(''),
  empty: (_t, r) => r.pick(['', ' ', '\n\n', '\ufeff', 'null', '[]', '{}', '"', '{"']),
};

/** The next fuzz case: one of the samples, two or three mutations, a burst of edits. `scale` grows the huge parts. */
export function fuzzCase(r: Random, samples: readonly string[], index: number, scale: number): FuzzCase {
  const names = Object.keys(MUTATIONS);
  const applied = Array.from({ length: 1 + r.int(3) }, () => r.pick(names));
  let text = r.pick(samples);
  for (const name of applied) text = MUTATIONS[name]!(text, r, scale);
  const changes: TextDocumentContentChangeEvent[][] = [];
  for (let n = r.int(4); n > 0; n--) {
    if (r.next() < 0.3) {
      changes.push([{ text: MUTATIONS[r.pick(names)]!(text, r, scale) }]);
      continue;
    }
    // Incremental edits, some with ranges past the end of the text.
    const line = r.pick([0, r.int(40), 1_000_000]);
    const character = r.pick([0, r.int(80), 1_000_000]);
    changes.push([
      {
        range: { start: { line, character }, end: { line: line + r.int(3), character: r.int(20) } },
        text: r.pick(ALPHABET) + r.pick(ALPHABET),
      },
    ]);
  }
  const positions: Position[] = Array.from({ length: 3 }, () => ({
    line: r.pick([0, r.int(60), 1_000_000]),
    character: r.pick([0, r.int(120), 1_000_000]),
  }));
  const roll = r.next();
  // Mostly test cases, some bundles, and some records of the service (`tas-record:` documents, the
  // samples given after the test cases).
  const uri =
    roll < 0.6
      ? `file:///fuzz/doc-${index}.testcase.json`
      : roll < 0.8
        ? `file:///fuzz/doc-${index}.testcases.json`
        : `tas-record:/${r.pick(RECORD_URI_KINDS)}/${r.pick(['1', '77', 'new-1'])}.json`;
  return { label: `#${index}: ${applied.join(' + ')}, ${changes.length} edits`, uri, text, changes, positions };
}
