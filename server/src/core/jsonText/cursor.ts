import { getLocation, type Location } from 'jsonc-parser';
import type { TextDocument } from '../text/textDocument';
import { Range, type Position } from '../text/shapes';
import { boundDepth, inMasked } from './nesting';
import { decodeString, skipComment, skipString } from './strings';

// Where the cursor is in a document that may be half-typed. jsonc-parser's getLocation is exact
// and tolerant but reads every token before the cursor: 70 to 200 ms at the end of a 2 MB file.
// So one loop over characters first finds the containers open at the cursor (iterative, strings
// skipped); jsonc-parser then reads only from the start of the cursor's entry in the innermost
// one, behind a stand-in for the outer ones, and its offsets are shifted back.

/** A container open at the cursor. */
interface Frame {
  open: number;
  array: boolean;
  /** Array: entries before the cursor's. Object: the span of the key of the cursor's entry (-1: none yet). */
  index: number;
  keyStart: number;
  keyEnd: number;
  /** Where the cursor's entry begins: after the opener or after the last comma. */
  entry: number;
}

export interface CursorContext {
  location: Location;
  offset: number;
  /** The range the completion replaces: the token under the cursor, or empty at the cursor. */
  replace: Range;
  /** The text as the walkers see it (values nested too deeply blanked out). */
  text: string;
  /** The containers around the cursor, outermost first: the one for path p is frames[p.length]. */
  frames: Frame[];
  /** No JSON value has been typed yet. */
  empty: boolean;
  /** The cursor is inside a value nested too deeply to be read: nothing is offered there. */
  outOfReach: boolean;
}

// One request asks several times for the same position (a hover: what it is about, then the
// hover itself): the last context is kept (compared by text, never stale).
let lastContext: { text: string; offset: number; ctx: CursorContext } | undefined;

export function cursorContext(doc: TextDocument, position: Position): CursorContext {
  const text = doc.getText();
  const offset = doc.offsetAt(position);
  if (lastContext && lastContext.offset === offset && lastContext.text === text) return lastContext.ctx;
  const ctx = computeContext(doc, text, offset, position);
  lastContext = { text, offset, ctx };
  return ctx;
}

const NOWHERE: Location = { path: [], previousNode: undefined, isAtPropertyKey: false, matches: () => false };

function computeContext(doc: TextDocument, original: string, offset: number, position: Position): CursorContext {
  const bounded = boundDepth(original);
  const text = bounded.text;
  const here = Range.create(position, position);
  const first = text.search(/\S/);
  const empty = first === -1 || !'"{[-0123456789tfn'.includes(text[first]!);
  if (inMasked(bounded, offset))
    return { location: NOWHERE, offset, replace: here, text, frames: [], empty, outOfReach: true };
  const frames = framesAt(text, offset);
  let location: Location;
  try {
    location = (frames && locateFrom(text, offset, frames)) ?? getLocation(text, offset);
  } catch (err) {
    // The depth limit keeps the parser's recursion short; should a text still defeat it, the
    // request gets an empty answer rather than an error.
    if (!(err instanceof RangeError)) throw err;
    return { location: NOWHERE, offset, replace: here, text, frames: [], empty, outOfReach: true };
  }
  // jsonc-parser leaves isAtPropertyKey set after an empty object (`"params": {}`) closes; at an
  // array item position (the path ends in an index) the cursor can never be on a property key.
  if (location.isAtPropertyKey && typeof location.path[location.path.length - 1] === 'number')
    location.isAtPropertyKey = false;
  const prev = location.previousNode;
  const onToken =
    prev &&
    offset >= prev.offset &&
    offset <= prev.offset + prev.length &&
    prev.type !== 'object' &&
    prev.type !== 'array';
  const replace = onToken ? Range.create(doc.positionAt(prev.offset), doc.positionAt(prev.offset + prev.length)) : here;
  return { location, offset, replace, text, frames: frames ?? [], empty, outOfReach: false };
}

const isWs = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Whether the string ending just before `i` is a property key: a colon follows it. */
function colonAfter(text: string, i: number): boolean {
  while (isWs(text.charCodeAt(i))) i++;
  return text.charCodeAt(i) === 0x3a;
}

/**
 * The containers open at `offset`, as jsonc-parser sees them in a well-formed text; undefined
 * when a second value follows the root (the parser stops there, so the fallback must decide).
 */
function framesAt(text: string, offset: number): Frame[] | undefined {
  const frames: Frame[] = [];
  let rootDone = false;
  for (let i = 0; i < offset;) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      i = skipString(text, i);
      const top = frames[frames.length - 1];
      if (top && !top.array && colonAfter(text, i)) {
        top.keyStart = start;
        top.keyEnd = i;
      } else if (!top) rootDone = true;
      continue;
    }
    if (c === 0x2f) {
      const after = skipComment(text, i);
      if (after > i) {
        i = after;
        continue;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (frames.length === 0 && rootDone) return undefined;
      frames.push({ open: i, array: c === 0x5b, index: 0, keyStart: -1, keyEnd: -1, entry: i + 1 });
    } else if (c === 0x7d || c === 0x5d) {
      const top = frames[frames.length - 1];
      if (top && top.array === (c === 0x5d)) {
        frames.pop();
        if (frames.length === 0) rootDone = true;
      }
    } else if (c === 0x2c) {
      const top = frames[frames.length - 1];
      if (top) {
        top.index++;
        top.keyStart = top.keyEnd = -1;
        top.entry = i + 1;
      }
    }
    i++;
  }
  return frames;
}

function keyOf(text: string, f: Frame): string {
  return decodeString(
    text.slice(
      f.keyStart + 1,
      text.charCodeAt(f.keyEnd - 1) === 0x22 && f.keyEnd - 1 > f.keyStart ? f.keyEnd - 1 : f.keyEnd,
    ),
  );
}

/**
 * getLocation on a stand-in text: the outer containers as `{"":` or `[`, then the document from
 * the cursor's entry on; its offsets are shifted back to the document's. Undefined when that is
 * not possible (an outer object without a key yet, or the parser disagrees about the nesting).
 */
function locateFrom(text: string, offset: number, frames: Frame[]): Location | undefined {
  if (frames.length === 0) return undefined;
  const inner = frames[frames.length - 1]!;
  if (frames.some((f, i) => !f.array && i < frames.length - 1 && f.keyStart < 0)) return undefined;
  const head = frames.map((f, i) => (f.array ? '[' : i < frames.length - 1 ? '{"":' : '{')).join('');
  const shift = inner.entry - head.length;
  // Near the start of the text, reading it all costs as little.
  if (shift < 64) return undefined;
  const location = getLocation(head + text.slice(inner.entry), offset - shift);
  const path = location.path;
  if (path.length < frames.length) return undefined;
  frames.forEach((f, i) => {
    if (i < frames.length - 1) path[i] = f.array ? f.index : keyOf(text, f);
    else if (f.array) path[i] = (path[i] as number) + f.index;
  });
  const prev = location.previousNode;
  return prev ? { ...location, previousNode: { ...prev, offset: prev.offset + shift } } : location;
}

/** Visits the entries of the object opening at `open`: key and the offset of its value. Stops when `visit` returns true. */
function eachEntry(text: string, open: number, visit: (key: string, valueAt: number) => boolean): void {
  const n = text.length;
  let depth = 0;
  for (let i = open; i < n;) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      i = skipString(text, i);
      if (depth === 1 && colonAfter(text, i)) {
        let v = text.indexOf(':', i) + 1;
        while (isWs(text.charCodeAt(v))) v++;
        const key = keyOf(text, { open, array: false, index: 0, keyStart: start, keyEnd: i, entry: start });
        if (visit(key, v)) return;
      }
      continue;
    }
    if (c === 0x2f) {
      const after = skipComment(text, i);
      if (after > i) {
        i = after;
        continue;
      }
    } else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (depth === 0) return;
    }
    i++;
  }
}

/** The object around the cursor at `path` (a prefix of the cursor's path), if it is one. */
function objectAt(ctx: CursorContext, path: readonly (string | number)[]): Frame | undefined {
  const frame = ctx.frames[path.length];
  return frame && !frame.array ? frame : undefined;
}

/**
 * Which of `names` the object at `path` (one of the objects around the cursor) already has. A
 * name that appears nowhere after the object's start is absent without reading the object: in
 * an object of 100,000 keys, completion then costs a few searches instead of a pass over it.
 */
export function presentKeys(
  ctx: CursorContext,
  path: readonly (string | number)[],
  names: readonly string[],
): Set<string> {
  const keys = new Set<string>();
  const frame = objectAt(ctx, path);
  if (!frame) return keys;
  const maybe = new Set(names.filter((name) => ctx.text.indexOf(JSON.stringify(name), frame.open) !== -1));
  if (maybe.size === 0) return keys;
  eachEntry(ctx.text, frame.open, (key) => {
    if (maybe.has(key)) keys.add(key);
    return keys.size === maybe.size;
  });
  return keys;
}

/**
 * The string, number, boolean or null value of property `key` of the object at `path` (one of
 * the objects around the cursor); undefined when absent or not such a value.
 */
export function literalAt(ctx: CursorContext, path: readonly (string | number)[], key: string): unknown {
  const frame = objectAt(ctx, path);
  if (!frame) return undefined;
  let value: unknown;
  eachEntry(ctx.text, frame.open, (k, at) => {
    if (k !== key) return false;
    const text = ctx.text;
    if (text.charCodeAt(at) === 0x22) {
      const end = skipString(text, at);
      value = keyOf(text, { open: at, array: false, index: 0, keyStart: at, keyEnd: end, entry: at });
    } else {
      const m = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(at, at + 64));
      value = m ? (JSON.parse(m[0]) as unknown) : undefined;
    }
    return true;
  });
  return value;
}
