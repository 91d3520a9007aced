// A depth limit on user input. jsonc-parser, ajv and some of our walkers recurse once per level
// of nesting, so a file of 30,000 unclosed '[' would overflow the stack. Every value nested deeper
// than MAX_DEPTH is blanked out (same length, line breaks kept, so every offset stays valid)
// before any of them sees the text; the first such place gets one "nested too deeply" diagnostic.

import { skipComment, skipString, type Span } from './strings';

export const MAX_DEPTH = 256;

export interface BoundedText {
  /** The text with every value deeper than MAX_DEPTH replaced by `0` and spaces; the same string when none is. */
  text: string;
  /** The blanked values, in order; empty for almost every document. */
  masked: Span[];
}

let last: { text: string; bounded: BoundedText } | undefined;

/** The text with values nested deeper than MAX_DEPTH blanked out; the last answer is kept (hover asks twice). */
export function boundDepth(text: string): BoundedText {
  if (last?.text === text) return last.bounded;
  const masked: Span[] = [];
  const n = text.length;
  // The open containers, innermost last (true: an array). A closer of the other kind is skipped,
  // as jsonc-parser skips it, so this depth is never below the parser's.
  const open: boolean[] = [];
  let maskFrom = -1;
  for (let i = 0; i < n;) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = skipString(text, i);
      continue;
    }
    if (c === 0x2f) {
      const after = skipComment(text, i);
      if (after > i) {
        i = after;
        continue;
      }
    } else if (c === 0x7b || c === 0x5b) {
      open.push(c === 0x5b);
      if (open.length === MAX_DEPTH + 1) maskFrom = i;
    } else if ((c === 0x7d || c === 0x5d) && open.length > 0 && open[open.length - 1] === (c === 0x5d)) {
      if (open.length === MAX_DEPTH + 1) {
        masked.push({ start: maskFrom, end: i + 1 });
        maskFrom = -1;
      }
      open.pop();
    }
    i++;
  }
  if (maskFrom >= 0) masked.push({ start: maskFrom, end: n });
  const bounded = { text: masked.length === 0 ? text : blank(text, masked), masked };
  last = { text, bounded };
  return bounded;
}

/** Replaces each span by `0` and spaces, keeping line breaks so that line numbers stay the same. */
function blank(text: string, spans: readonly Span[]): string {
  const parts: string[] = [];
  let from = 0;
  for (const s of spans) {
    parts.push(text.slice(from, s.start), '0', text.slice(s.start + 1, s.end).replace(/[^\r\n]/g, ' '));
    from = s.end;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/**
 * For a text JSON.parse accepted, with its value: when the value is no deeper than MAX_DEPTH
 * (a loop over the value, about 1 ms for 1 MB, where the text scan takes 6), the text itself,
 * remembered as bounded; otherwise the text scan decides. `shallow` answers the depth question
 * instead of that loop, for a caller that walks the value anyway.
 */
export function boundParsed(text: string, value: unknown, shallow?: (value: unknown) => boolean): BoundedText {
  if (last?.text === text) return last.bounded;
  return (shallow ? shallow(value) : openers(text, MAX_DEPTH) <= MAX_DEPTH || !deeperThan(value, MAX_DEPTH))
    ? shallowText(text)
    : boundDepth(text);
}

/** For a text JSON.parse accepted whose value a caller found no deeper than MAX_DEPTH: the text itself, remembered as bounded. */
export function shallowText(text: string): BoundedText {
  const bounded = { text, masked: [] };
  last = { text, bounded };
  return bounded;
}

/** How many '{' and '[' the text holds (in strings too), counting no further than `limit` + 1. */
function openers(text: string, limit: number): number {
  let count = 0;
  for (const c of ['{', '[']) {
    for (let i = text.indexOf(c); i !== -1 && count <= limit; i = text.indexOf(c, i + 1)) count++;
  }
  return count;
}

/**
 * Whether a parsed value nests containers deeper than `limit`: a loop, no recursion, over two
 * stacks (values and their depths), so an answer of 100,000 objects makes no pair per object.
 */
export function deeperThan(root: unknown, limit: number): boolean {
  const values: unknown[] = [root];
  const depths: number[] = [1];
  while (values.length > 0) {
    const v = values.pop();
    const depth = depths.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > limit) return true;
    if (Array.isArray(v)) {
      for (const item of v as unknown[])
        if (item !== null && typeof item === 'object') {
          values.push(item);
          depths.push(depth + 1);
        }
      continue;
    }
    for (const k in v) {
      const item = (v as Record<string, unknown>)[k];
      if (item !== null && typeof item === 'object') {
        values.push(item);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/** Whether an offset lies inside a blanked value. */
export function inMasked(bounded: BoundedText, offset: number): boolean {
  return bounded.masked.some((s) => offset >= s.start && offset < s.end);
}
