// The trie of the JSON paths the locating pass (pathScan.ts) looks for: one node per path
// segment, shared by the paths through it, where the pass records what it found.

import { MAX_DEPTH } from './nesting';

export type JsonPath = readonly (string | number)[];

export interface Trie {
  wanted: boolean;
  parent: Trie | undefined;
  /** Its segment as text (an array's item 3 and an object's key "3" are one). */
  name: string;
  /**
   * The children in the order added: the first, the last, each one's next, and how many. A list
   * rather than arrays: most nodes have one child or none, and two arrays per node cost more.
   */
  first: Trie | undefined;
  last: Trie | undefined;
  next: Trie | undefined;
  count: number;
  /** The children by segment, once there are many. */
  byName: Map<string, Trie> | undefined;
  /** Its index when its segment can be an array's (a whole number as String() writes it), else -1. */
  index: number;
  /** The children that can be array items, by ascending index; made when first met as an array. */
  items: Trie[] | undefined;
  /**
   * Where the scan found this node, as numbers (objects are made only for the places asked for):
   * the value's span, line and character of its start and end, and the key's (keyStart -1: none).
   */
  found: boolean;
  start: number;
  end: number;
  line: number;
  character: number;
  endLine: number;
  endCharacter: number;
  keyStart: number;
  keyEnd: number;
  keyLine: number;
  keyCharacter: number;
}

// Every field is set at creation: a field added later gives the nodes another hidden class, which
// the engine may drop with the nodes at the next collection, and the compiled scan with it.
const node = (parent: Trie | undefined, name: string, index: number): Trie => ({
  wanted: false,
  parent,
  name,
  first: undefined,
  last: undefined,
  next: undefined,
  count: 0,
  byName: undefined,
  index,
  items: undefined,
  found: false,
  start: 0,
  end: 0,
  line: 0,
  character: 0,
  endLine: 0,
  endCharacter: 0,
  keyStart: -1,
  keyEnd: -1,
  keyLine: 0,
  keyCharacter: 0,
});

/** More children than this: looked up in a map rather than compared one by one. */
const FEW = 32;

export function childNamed(t: Trie, name: string): Trie | undefined {
  if (t.byName) return t.byName.get(name);
  for (let c = t.first; c !== undefined; c = c.next) if (c.name === name) return c;
  return undefined;
}

function addChild(t: Trie, name: string, index: number): Trie {
  const child = node(t, name, index);
  if (t.last === undefined) t.first = child;
  else t.last.next = child;
  t.last = child;
  t.count++;
  if (t.byName) t.byName.set(name, child);
  else if (t.count > FEW) {
    const byName = new Map<string, Trie>();
    for (let c = t.first; c !== undefined; c = c.next) byName.set(c.name, c);
    t.byName = byName;
  }
  return child;
}

/** The array index a segment can stand for (a whole number as String() writes it), else -1. */
function itemIndex(seg: string | number): number {
  if (typeof seg === 'number') return Number.isInteger(seg) && seg >= 0 ? seg + 0 : -1;
  // Such a name starts with a digit: most names are passed on their first character.
  const c = seg.charCodeAt(0);
  if (!(c >= 0x30 && c <= 0x39)) return -1;
  const index = Number(seg);
  return Number.isInteger(index) && String(index) === seg ? index : -1;
}

/** The children of a node that can be array items, by index (usually added in that order). */
export function arrayItems(t: Trie): Trie[] {
  const out: Trie[] = [];
  let sorted = true;
  for (let c = t.first; c !== undefined; c = c.next) {
    if (c.index < 0) continue;
    if (out.length > 0 && out[out.length - 1]!.index > c.index) sorted = false;
    out.push(c);
  }
  return sorted ? out : out.sort((a, b) => a.index - b.index);
}

// Array indexes as text, made once: the same few are named in every validation, and one text
// per index compares with itself at once.
const INDEX_NAMES: string[] = [];

function nameOf(seg: number): string {
  if (seg >= 0 && seg < 4096 && (seg | 0) === seg) return (INDEX_NAMES[seg] ??= String(seg));
  return String(seg);
}

// The last small trie stays referenced: the engine forgets a hidden class once no object of it is
// left, and the compiled scan with it (a small file's positions took a quarter longer for a while
// after each full garbage collection). A large trie is not kept.
const lastSmall: { root: Trie | undefined } = { root: undefined };
const KEEP_AT_MOST = 64;

/** The trie of the paths (paths longer than MAX_DEPTH left out), and the node where each path ends. */
export function trieOf(paths: readonly JsonPath[]): { root: Trie; ends: (Trie | undefined)[] } {
  const root = node(undefined, '', -1);
  if (paths.length <= KEEP_AT_MOST) lastSmall.root = root;
  const ends: (Trie | undefined)[] = new Array<Trie | undefined>(paths.length);
  for (let p = 0; p < paths.length; p++) {
    const path = paths[p]!;
    if (path.length > MAX_DEPTH) continue;
    let at = root;
    for (let d = 0; d < path.length; d++) {
      const seg = path[d]!;
      const name = typeof seg === 'string' ? seg : nameOf(seg);
      at = childNamed(at, name) ?? addChild(at, name, itemIndex(seg));
    }
    at.wanted = true;
    ends[p] = at;
  }
  return { root, ends };
}

/** The node the scan recorded for a path: its own, or its closest recorded ancestor. */
export function foundFor(root: Trie, end: Trie | undefined, path: JsonPath): Trie | undefined {
  // The deepest node on the path the trie holds (a path too deep to look for has none of its own).
  let t: Trie | undefined = end;
  if (!t) {
    t = root;
    for (let d = 0; d < path.length - 1; d++) {
      const next = childNamed(t, String(path[d]));
      if (!next) break;
      t = next;
    }
  }
  while (t && !t.found) t = t.parent;
  return t;
}
