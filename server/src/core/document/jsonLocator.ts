// Positions for a few JSON paths in a valid JSON text, found in one pass that skips every subtree
// no path leads into. Validation works on the parsed value; only the nodes that carry a
// diagnostic ever get a position, so a large valid document costs no position work at all. The
// pass counts lines as it goes, so a diagnostic's line and character come from it, without the
// line offsets of the whole text (on a 1 MB text those cost as much as the pass itself).

import { MAX_DEPTH } from './nesting';
import type { Position } from '../text/shapes';

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
  /** Where the value and the key start as line and character, when the locating pass counted lines. */
  valueAt?: Position;
  keyAt?: Position;
  /** Where the value ends (just after it), as line and character, when the pass counted lines. */
  endAt?: Position;
}

interface Trie {
  /** `pathKey` of the path to here, made once when the trie is built. */
  key: string;
  wanted: boolean;
  children: Map<string, Trie>;
  /** A pattern's `ANY` segment here: every member or item not named in `children`. */
  any?: Trie;
}

/** In a pattern (`locateEach`): any member of an object, any item of an array. */
export const ANY = Symbol('any member or item');

export type PatternPath = readonly (string | number | typeof ANY)[];

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
  /** The line of `i` and the offset where that line starts (\n, \r\n and a lone \r end a line). */
  line = 0;
  lineStart = 0;
  readonly n: number;
  readonly found = new Map<string, Located>();
  /** The path to the value being visited, kept only for `report`. */
  private readonly path: (string | number)[] = [];

  constructor(
    readonly text: string,
    /** Every node the paths pass through is recorded, not only the ends: their closest ancestors. */
    readonly all: boolean,
    /** Told of each value found with its actual path (patterns), instead of keeping it in `found`. */
    readonly report?: (path: readonly (string | number)[], at: Located) => void,
  ) {
    this.n = text.length;
  }

  /** Moves i past whitespace; only whitespace holds line breaks in valid JSON. */
  skipWs(): void {
    const text = this.text;
    let i = this.i;
    while (i < this.n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09) i++;
      else if (c === 0x0a || c === 0x0d) {
        i++;
        if (c === 0x0a || text.charCodeAt(i) !== 0x0a) {
          this.line++;
          this.lineStart = i;
        }
      } else break;
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
        if (d === 0x20) {
          i++; // indentation: most of what is skipped outside strings
          continue;
        }
        if (d === 0x22) {
          i = stringEnd(text, i);
          continue;
        }
        if (d === 0x7b || d === 0x5b) depth++;
        else if (d === 0x7d || d === 0x5d) depth--;
        else if ((d === 0x0a || d === 0x0d) && (d === 0x0a || text.charCodeAt(i + 1) !== 0x0a)) {
          this.line++;
          this.lineStart = i + 1;
        }
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

  visit(node: Trie, key: Span | undefined, keyAt: Position | undefined): void {
    const text = this.text;
    const start = this.i;
    const valueAt = { line: this.line, character: start - this.lineStart };
    const c = text.charCodeAt(start);
    const inside = node.children.size > 0 || node.any !== undefined;
    if (inside && c === 0x7b) {
      this.i++;
      this.skipWs();
      while (this.i < this.n && text.charCodeAt(this.i) !== 0x7d) {
        const keyStart = this.i;
        const keyCharacter = keyStart - this.lineStart;
        const keyLine = this.line;
        const name = this.readKey();
        const child = node.children.get(name) ?? node.any;
        const keyEnd = this.i;
        this.skipWs();
        this.i++; // colon
        this.skipWs();
        if (child) {
          if (this.report) this.path.push(name);
          this.visit(child, { start: keyStart, end: keyEnd }, { line: keyLine, character: keyCharacter });
          if (this.report) this.path.pop();
        } else this.skipValue();
        this.skipWs();
        if (text.charCodeAt(this.i) === 0x2c) {
          this.i++;
          this.skipWs();
        }
      }
      this.i++;
    } else if (inside && c === 0x5b) {
      this.i++;
      this.skipWs();
      let index = 0;
      while (this.i < this.n && text.charCodeAt(this.i) !== 0x5d) {
        const child = node.children.get(String(index)) ?? node.any;
        if (child) {
          if (this.report) this.path.push(index);
          this.visit(child, undefined, undefined);
          if (this.report) this.path.pop();
        } else this.skipValue();
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
    if (node.wanted || this.all) {
      const value = { start, end: this.i };
      // The pass counted every line break up to here (values hold none outside strings' escapes).
      const endAt = { line: this.line, character: this.i - this.lineStart };
      const at: Located = key ? { value, valueAt, key, keyAt, endAt } : { value, valueAt, endAt };
      if (this.report) this.report(this.path, at);
      else this.found.set(node.key, at);
    }
  }
}

/**
 * Finds each path's value (and key) span, with line and character. `text` must be valid JSON
 * (JSON.parse accepted it). The walk recurses once per path segment, so paths longer than
 * MAX_DEPTH (no value of a bounded text is that deep) are not looked for. With `ancestors`, every
 * ancestor of a path is found too (the closest one stands in for a path the text lacks).
 */
export function locate(text: string, paths: readonly JsonPath[], ancestors = false): Map<string, Located> {
  const root: Trie = { key: '', wanted: false, children: new Map() };
  for (const path of paths) {
    if (path.length > MAX_DEPTH) continue;
    let node = root;
    for (const seg of path) {
      const k = String(seg);
      let next = node.children.get(k);
      if (!next) node.children.set(k, (next = { key: node === root ? k : `${node.key}\u0000${k}`, wanted: false, children: new Map() }));
      node = next;
    }
    node.wanted = true;
  }
  if (paths.length === 0) return new Map();
  const s = new Scanner(text, ancestors);
  s.skipWs();
  s.visit(root, undefined, undefined);
  return s.found;
}

/**
 * Every value matching one of the patterns (`ANY`: any member or item), each told to `found`
 * with its actual path (the array is reused: copy what is kept), in text order, innermost first.
 * One pass over a valid JSON text, skipping what no pattern leads into, as `locate`.
 */
export function locateEach(text: string, patterns: readonly PatternPath[], found: (path: readonly (string | number)[], at: Located) => void): void {
  const root: Trie = { key: '', wanted: false, children: new Map() };
  for (const pattern of patterns) {
    if (pattern.length > MAX_DEPTH) continue;
    let node = root;
    for (const seg of pattern) {
      if (seg === ANY) node = node.any ??= { key: '', wanted: false, children: new Map() };
      else {
        const k = String(seg);
        let next = node.children.get(k);
        if (!next) node.children.set(k, (next = { key: '', wanted: false, children: new Map() }));
        node = next;
      }
    }
    node.wanted = true;
  }
  if (patterns.length === 0) return;
  const s = new Scanner(text, false, found);
  s.skipWs();
  s.visit(root, undefined, undefined);
}

/**
 * The position of `offset`, counting line breaks from a known position before it (`from` at
 * offset `fromOffset`): a diagnostic's end is on its start's line but for odd spans.
 */
export function positionAfter(text: string, fromOffset: number, from: Position, offset: number): Position {
  let line = from.line;
  let lineStart = fromOffset - from.character;
  for (let i = fromOffset; i < offset; i++) {
    const c = text.charCodeAt(i);
    if ((c === 0x0a || c === 0x0d) && (c === 0x0a || text.charCodeAt(i + 1) !== 0x0a)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, character: offset - lineStart };
}
