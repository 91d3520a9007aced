// Positions for a few JSON paths in a valid JSON text, found in one pass that skips every subtree
// no path leads into. Validation works on the parsed value; only the nodes that carry a
// diagnostic ever get a position, so a large valid document costs no position work at all. The
// pass counts lines as it goes, so a diagnostic's line and character come from it, without the
// line offsets of the whole text (on a 1 MB text those cost as much as the pass itself).

import type { Position, Range } from '../text/shapes';
import { scan } from './pathScan';
import { foundFor, trieOf, type JsonPath, type Trie } from './pathTrie';

import type { Span } from './strings';

export { type JsonPath } from './pathTrie';

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

/** The place the scan recorded for a node, as the caller sees it. */
function locatedOf(t: Trie): Located {
  const value = { start: t.start, end: t.end };
  const valueAt = { line: t.line, character: t.character };
  const endAt = { line: t.endLine, character: t.endCharacter };
  if (t.keyStart < 0) return { value, valueAt, endAt };
  return {
    value,
    valueAt,
    key: { start: t.keyStart, end: t.keyEnd },
    keyAt: { line: t.keyLine, character: t.keyCharacter },
    endAt,
  };
}

/** A map key for a path; segments never contain NUL in practice, and a level is either array or object. */
export const pathKey = (path: JsonPath): string => path.join('\u0000');

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
    if (t.found) found.set(key, locatedOf(t));
    for (let c = t.first; c !== undefined; c = c.next) collect(c, top ? c.name : `${key}\u0000${c.name}`, false);
  };
  collect(root, '', true);
  return found;
}

/**
 * For each path, in order, where it is in the text, or else where its closest existing ancestor
 * is (a missing property is shown on its object). One pass, and no path keys made.
 */
export function locateEach(text: string, paths: readonly JsonPath[]): (Located | undefined)[] {
  if (paths.length === 0) return [];
  const { root, ends } = trieOf(paths);
  scan(text, root, true);
  const out: (Located | undefined)[] = new Array<Located | undefined>(paths.length);
  for (let p = 0; p < paths.length; p++) {
    const t = foundFor(root, ends[p], paths[p]!);
    out[p] = t && locatedOf(t);
  }
  return out;
}

/**
 * Filled in by the pass: how many object members the whole text holds, repeated keys included
 * (JSON.parse keeps one of each repeated key, so more than the value holds means some repeat).
 */
export interface MemberCount {
  members: number;
}

/** What a range is asked for: a path, which part of its node, and optionally offsets inside the value. */
export interface RangeOf {
  path: JsonPath;
  on: 'key' | 'value' | 'keyOrValue';
  inner?: Span;
}

/**
 * For each item, in order, its range, from the same pass as `locateEach` but with no places
 * made on the way: on the key (when asked and the node has one) or the value, or offsets inside
 * the value; a large object or list underlined on its first line only; a path the text lacks on
 * its closest ancestor. Undefined only where not even the root was found.
 */
export function rangesEach(text: string, items: readonly RangeOf[], counted?: MemberCount): (Range | undefined)[] {
  const out: (Range | undefined)[] = new Array<Range | undefined>(items.length);
  if (items.length === 0) return out;
  const paths: JsonPath[] = new Array<JsonPath>(items.length);
  for (let k = 0; k < items.length; k++) paths[k] = items[k]!.path;
  const { root, ends } = trieOf(paths);
  const members = scan(text, root, true);
  if (counted) counted.members = members;
  for (let k = 0; k < items.length; k++) {
    const item = items[k]!;
    const t = foundFor(root, ends[k], item.path);
    if (!t) continue;
    const onKey = item.on !== 'value' && t.keyStart >= 0;
    // The node's start (key or value) is a known position: the range is counted on from there.
    const from = onKey ? t.keyStart : t.start;
    const known = onKey ? { line: t.keyLine, character: t.keyCharacter } : { line: t.line, character: t.character };
    let start: number;
    let end: number;
    if (item.inner) {
      start = t.start + item.inner.start;
      end = t.start + item.inner.end;
    } else if (onKey) {
      start = t.keyStart;
      end = t.keyEnd;
    } else {
      start = t.start;
      end = item.on === 'value' ? firstLineEnd(text, t.start, t.end) : t.end;
    }
    const startAt = start === from ? known : positionAfter(text, from, known, start);
    // The scan knows where the value and the key end (a key holds no line break): no counting.
    const endAt =
      end === t.end && start >= t.start
        ? { line: t.endLine, character: t.endCharacter }
        : onKey && end === t.keyEnd && start === t.keyStart
          ? { line: t.keyLine, character: t.keyCharacter + (t.keyEnd - t.keyStart) }
          : positionAfter(text, start, startAt, end);
    out[k] = { start: startAt, end: endAt };
  }
  return out;
}

/** A large object or list is underlined on its first line only, not across the file. */
function firstLineEnd(text: string, start: number, end: number): number {
  const c = text.charCodeAt(start);
  if (c === 0x7b || c === 0x5b) {
    const newline = text.indexOf('\n', start);
    if (newline !== -1 && newline < end) return start + 1;
  }
  return end;
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
