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
  wanted: boolean;
  /** Children by segment, as text (an array's item 3 and an object's key "3" are one). */
  children: Map<string, Trie>;
  parent: Trie | undefined;
  /** The children that can be array items, by ascending index; made when first met as an array. */
  items?: { index: number; child: Trie }[];
  /** The children as a list, for a small object: compared with the key in place, nothing sliced. */
  list?: [string, Trie][];
  /** Where the scan found this node. */
  at?: Located;
}

const node = (parent: Trie | undefined): Trie => ({ wanted: false, children: new Map(), parent });

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
  /** No backslash in the text: every key is spelt as its value, so keys compare in place. */
  readonly plain: boolean;
  constructor(
    readonly text: string,
    /** Every node the paths pass through is recorded, not only the ends: their closest ancestors. */
    readonly all: boolean,
    /** The text repeats no key in any object (JSON.parse keeps the last of a repeated key). */
    readonly unique = false,
  ) {
    this.n = text.length;
    this.plain = text.indexOf('\\') === -1;
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
      this.skipNested(0);
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

  /**
   * The child named by the key at i, moving past the key. Most wanted objects have a few
   * children: their names are compared with the text in place, with no string made per key.
   */
  childAt(node: Trie): Trie | undefined {
    if (!this.plain || node.children.size > 8) return node.children.get(this.readKey());
    const start = this.i;
    this.i = stringEnd(this.text, start);
    const length = this.i - start - 2;
    for (const [name, child] of (node.list ??= [...node.children])) {
      if (name.length === length && this.text.startsWith(name, start + 1)) return child;
    }
    return undefined;
  }

  /** Moves past the end of the container i is in, `depth` levels deep (0: at its opening bracket). */
  skipNested(depth: number): void {
    const text = this.text;
    const n = this.n;
    let i = this.i;
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
    if (node.children.size > 0 && c === 0x7b) {
      this.i++;
      this.skipWs();
      // Without repeated keys, the object is left as soon as every wanted key is found.
      let left = this.unique ? node.children.size : -1;
      while (left !== 0 && this.i < this.n && text.charCodeAt(this.i) !== 0x7d) {
        const keyStart = this.i;
        const keyCharacter = keyStart - this.lineStart;
        const keyLine = this.line;
        const child = this.childAt(node);
        const keyEnd = this.i;
        this.skipWs();
        this.i++; // colon
        this.skipWs();
        if (child) {
          this.visit(child, { start: keyStart, end: keyEnd }, { line: keyLine, character: keyCharacter });
          left--;
        } else this.skipValue();
        this.skipWs();
        if (text.charCodeAt(this.i) === 0x2c) {
          this.i++;
          this.skipWs();
        }
      }
      if (left === 0) this.skipNested(1);
      else this.i++;
    } else if (node.children.size > 0 && c === 0x5b) {
      this.i++;
      this.skipWs();
      // Only the wanted items are looked up: no text made for every index passed.
      const items = (node.items ??= arrayItems(node));
      let next = 0;
      for (let index = 0; next < items.length && this.i < this.n && text.charCodeAt(this.i) !== 0x5d; index++) {
        if (index === items[next]?.index) {
          this.visit(items[next++]!.child, undefined, undefined);
        } else this.skipValue();
        this.skipWs();
        if (text.charCodeAt(this.i) === 0x2c) {
          this.i++;
          this.skipWs();
        }
      }
      // Past the last wanted item, the rest is skipped without counting items.
      if (next === items.length) this.skipNested(1);
      else this.i++;
    } else {
      this.skipValue();
    }
    if (node.wanted || this.all) {
      const value = { start, end: this.i };
      // The pass counted every line break up to here (values hold none outside strings' escapes).
      const endAt = { line: this.line, character: this.i - this.lineStart };
      node.at = key ? { value, valueAt, key, keyAt, endAt } : { value, valueAt, endAt };
    }
  }
}

/** The children of a node that can be array items (named by a whole number as String() writes it), by index. */
function arrayItems(node: Trie): { index: number; child: Trie }[] {
  const out: { index: number; child: Trie }[] = [];
  for (const [k, child] of node.children) {
    const index = Number(k);
    if (Number.isInteger(index) && index >= 0 && String(index) === k) out.push({ index, child });
  }
  return out.sort((a, b) => a.index - b.index);
}

/** The trie of the paths (paths longer than MAX_DEPTH left out), and the node where each path ends. */
function trieOf(paths: readonly JsonPath[]): { root: Trie; ends: (Trie | undefined)[] } {
  const root = node(undefined);
  const ends = paths.map((path) => {
    if (path.length > MAX_DEPTH) return undefined;
    let at = root;
    for (const seg of path) {
      const k = String(seg);
      let next = at.children.get(k);
      if (!next) at.children.set(k, (next = node(at)));
      at = next;
    }
    at.wanted = true;
    return at;
  });
  return { root, ends };
}

function scan(text: string, root: Trie, ancestors: boolean, unique = false): void {
  const s = new Scanner(text, ancestors, unique);
  s.skipWs();
  s.visit(root, undefined, undefined);
}

/**
 * Finds each path's value (and key) span, with line and character. `text` must be valid JSON
 * (JSON.parse accepted it). The walk recurses once per path segment, so paths longer than
 * MAX_DEPTH (no value of a bounded text is that deep) are not looked for. With `ancestors`, every
 * ancestor of a path is found too (the closest one stands in for a path the text lacks).
 */
export function locate(text: string, paths: readonly JsonPath[], ancestors = false): Map<string, Located> {
  const found = new Map<string, Located>();
  if (paths.length === 0) return found;
  const { root } = trieOf(paths);
  scan(text, root, ancestors);
  const collect = (t: Trie, key: string, top: boolean): void => {
    if (t.at) found.set(key, t.at);
    for (const [k, child] of t.children) collect(child, top ? k : `${key}\u0000${k}`, false);
  };
  collect(root, '', true);
  return found;
}

/**
 * For each path, in order, where it is in the text, or else where its closest existing ancestor
 * is (a missing property is shown on its object). One pass, and no path keys made. `unique`: the
 * text repeats no key (`noRepeatedKeys`), so an object is left once its wanted keys are found.
 */
export function locateEach(text: string, paths: readonly JsonPath[], unique = false): (Located | undefined)[] {
  if (paths.length === 0) return [];
  const { root, ends } = trieOf(paths);
  scan(text, root, true, unique);
  return paths.map((path, i) => {
    const end = ends[i];
    if (end?.at) return end.at;
    // The deepest node on the path the trie holds (a path too deep to look for has none of its own).
    let t: Trie | undefined = end;
    if (!t) {
      t = root;
      for (let d = 0; d < path.length - 1; d++) {
        const next = t.children.get(String(path[d]));
        if (!next) break;
        t = next;
      }
    }
    while (t && !t.at) t = t.parent;
    return t?.at;
  });
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
