// Positions for a few JSON paths in a valid JSON text, found in one pass that skips every subtree
// no path leads into. Validation works on the parsed value; only the nodes that carry a
// diagnostic ever get a position, so a large valid document costs no position work at all.

import { MAX_DEPTH } from './nesting';

export type JsonPath = readonly (string | number)[];

export interface Span {
  start: number;
  end: number;
}

export interface Located {
  /** The whole value: from its first character to just after its last. */
  value: Span;
  /** The property key, quotes included, when the value is an object property. */
  key?: Span;
}

interface Trie {
  wanted: boolean;
  children: Map<string, Trie>;
}

/** A map key for a path; segments never contain NUL in practice, and a level is either array or object. */
export const pathKey = (path: JsonPath): string => path.join('\u0000');

const WS = new Uint8Array(128);
for (const c of [0x20, 0x09, 0x0a, 0x0d]) WS[c] = 1;

/**
 * The index just past the string whose opening quote is at `start`. Strings are skipped with
 * indexOf (native, fast): a quote is the end unless an odd number of backslashes precede it.
 * An unterminated string ends at the end of the text.
 */
export function stringEnd(text: string, start: number): number {
  let j = text.indexOf('"', start + 1);
  while (j !== -1 && text.charCodeAt(j - 1) === 0x5c && escaped(text, j)) j = text.indexOf('"', j + 1);
  return j === -1 ? text.length : j + 1;
}

function escaped(text: string, quote: number): boolean {
  let k = quote - 1;
  while (text.charCodeAt(k) === 0x5c) k--;
  return (quote - 1 - k) % 2 === 1;
}

/** A cursor over the text; a class, so the position is a field rather than a captured variable. */
class Scanner {
  i = 0;
  readonly n: number;
  readonly found = new Map<string, Located>();

  constructor(readonly text: string) {
    this.n = text.length;
  }

  skipWs(): void {
    const text = this.text;
    let i = this.i;
    while (i < this.n) {
      const c = text.charCodeAt(i);
      if (c < 128 && WS[c]) i++;
      else break;
    }
    this.i = i;
  }

  /** Moves past any value starting at i without looking inside it. */
  skipValue(): void {
    const text = this.text;
    const n = this.n;
    let i = this.i;
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      this.i = stringEnd(text, i);
      return;
    }
    if (c === 0x7b || c === 0x5b) {
      let depth = 0;
      do {
        const d = text.charCodeAt(i);
        if (d === 0x22) {
          i = stringEnd(text, i);
          continue;
        }
        if (d === 0x7b || d === 0x5b) depth++;
        else if (d === 0x7d || d === 0x5d) depth--;
        i++;
      } while (depth > 0 && i < n);
      this.i = i;
      return;
    }
    // number, true, false, null
    while (i < n) {
      const d = text.charCodeAt(i);
      if (d === 0x2c || d === 0x7d || d === 0x5d || (d < 128 && WS[d])) break;
      i++;
    }
    this.i = i;
  }

  readKey(): string {
    const start = this.i;
    this.i = stringEnd(this.text, start);
    const raw = this.text.slice(start + 1, this.i - 1);
    return raw.includes('\\') ? (JSON.parse(this.text.slice(start, this.i)) as string) : raw;
  }

  visit(node: Trie | undefined, path: (string | number)[], key: Span | undefined): void {
    if (!node) return this.skipValue();
    const text = this.text;
    const start = this.i;
    const c = text.charCodeAt(start);
    if (node.children.size > 0 && c === 0x7b) {
      this.i++;
      this.skipWs();
      while (this.i < this.n && text.charCodeAt(this.i) !== 0x7d) {
        const keyStart = this.i;
        const k = this.readKey();
        const keySpan = { start: keyStart, end: this.i };
        this.skipWs();
        this.i++; // colon
        this.skipWs();
        path.push(k);
        this.visit(node.children.get(k), path, keySpan);
        path.pop();
        this.skipWs();
        if (text.charCodeAt(this.i) === 0x2c) {
          this.i++;
          this.skipWs();
        }
      }
      this.i++;
    } else if (node.children.size > 0 && c === 0x5b) {
      this.i++;
      this.skipWs();
      let index = 0;
      while (this.i < this.n && text.charCodeAt(this.i) !== 0x5d) {
        path.push(index);
        this.visit(node.children.get(String(index)), path, undefined);
        path.pop();
        index++;
        this.skipWs();
        if (text.charCodeAt(this.i) === 0x2c) {
          this.i++;
          this.skipWs();
        }
      }
      this.i++;
    } else {
      this.skipValue();
    }
    if (node.wanted) this.found.set(pathKey(path), { value: { start, end: this.i }, ...(key && { key }) });
  }
}

/**
 * Finds each path's value (and key) span. `text` must be valid JSON (JSON.parse accepted it).
 * The walk recurses once per path segment, so paths longer than MAX_DEPTH (no value of a
 * bounded text is that deep) are not looked for.
 */
export function locate(text: string, paths: readonly JsonPath[]): Map<string, Located> {
  const root: Trie = { wanted: false, children: new Map() };
  for (const path of paths) {
    if (path.length > MAX_DEPTH) continue;
    let node = root;
    for (const seg of path) {
      const k = String(seg);
      let next = node.children.get(k);
      if (!next) node.children.set(k, (next = { wanted: false, children: new Map() }));
      node = next;
    }
    node.wanted = true;
  }
  if (paths.length === 0) return new Map();
  const s = new Scanner(text);
  s.skipWs();
  s.visit(root, [], undefined);
  return s.found;
}

/**
 * Every key that appears twice in one object, with the span of each repeat. A full scan: it runs
 * after the schema diagnostics are out. Given the value JSON.parse made of this very text, it
 * first compares key counts: JSON.parse keeps one of each repeated key, so equal counts mean no
 * repeats, and that check skips over strings with indexOf instead of reading every character.
 */
export function findDuplicateKeys(text: string, parsed?: unknown): { key: string; span: Span }[] {
  if (parsed !== undefined && keysInText(text) === keysInValue(parsed)) return [];
  const out: { key: string; span: Span }[] = [];
  const n = text.length;
  // The keys of the open objects, innermost last; per open container where its keys begin in
  // `keys` (-1 for an array), and a Set for an object with many keys.
  const keys: string[] = [];
  const frames: number[] = [];
  const sets: (Set<string> | undefined)[] = [];
  let i = 0;
  // A string right after '{' or ',' inside an object is a key.
  let expectKey = false;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      i = stringEnd(text, i);
      if (expectKey) {
        const depth = frames.length - 1;
        const from = frames[depth]!;
        const raw = text.slice(start + 1, i - 1);
        const key = raw.includes('\\') ? safeParse(text.slice(start, i)) : raw;
        const set = sets[depth];
        let repeated = false;
        if (set) {
          repeated = set.has(key);
          if (!repeated) set.add(key);
        } else {
          for (let k = from; k < keys.length; k++) {
            if (keys[k] === key) {
              repeated = true;
              break;
            }
          }
          if (!repeated && keys.length - from >= 16) sets[depth] = new Set(keys.slice(from)).add(key);
        }
        if (repeated) out.push({ key, span: { start, end: i } });
        else keys.push(key);
        expectKey = false;
      }
      continue;
    }
    if (c === 0x7b) {
      frames.push(keys.length);
      expectKey = true;
    } else if (c === 0x5b) {
      frames.push(-1);
      expectKey = false;
    } else if (c === 0x7d || c === 0x5d) {
      const from = frames.pop();
      if (from !== undefined && from >= 0) keys.length = from;
      sets.length = frames.length;
      expectKey = false;
    } else if (c === 0x2c) {
      expectKey = frames.length > 0 && frames[frames.length - 1]! >= 0;
    }
    i++;
  }
  return out;
}

/** Property keys in a valid JSON text: strings followed by a colon. */
function keysInText(text: string): number {
  const n = text.length;
  let count = 0;
  let i = text.indexOf('"');
  while (i !== -1) {
    let k = stringEnd(text, i);
    let c = text.charCodeAt(k);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++k);
    if (c === 0x3a) count++;
    i = k < n ? text.indexOf('"', k) : -1;
  }
  return count;
}

/** Property keys in a parsed JSON value, nested ones included; a loop, however deep the value. */
function keysInValue(root: unknown): number {
  let count = 0;
  const todo: unknown[] = [root];
  while (todo.length > 0) {
    const v = todo.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (const item of v) if (item !== null && typeof item === 'object') todo.push(item);
      continue;
    }
    for (const k in v) {
      count++;
      const item = (v as Record<string, unknown>)[k];
      if (item !== null && typeof item === 'object') todo.push(item);
    }
  }
  return count;
}

function safeParse(s: string): string {
  try {
    return JSON.parse(s) as string;
  } catch {
    return s.slice(1, -1);
  }
}
