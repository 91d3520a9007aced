// Where a string or a comment ends, and what a string says: the primitives every scanner of this
// folder uses. Two ends of a string, because two kinds of text are read: half-typed text (the
// cursor, the depth limit, the tokens for formatting) ends an unterminated string at its line
// break, as jsonc-parser does; valid JSON (positions, repeated keys, masking secrets) is read
// with indexOf, natively and fast, where a quote ends the string unless backslashes escape it.

/** A part of a text: `start` included, `end` not. */
export interface Span {
  start: number;
  end: number;
}

/** Skips a string from its opening quote; as jsonc-parser does, a line break ends an unterminated one. */
export function skipString(text: string, i: number): number {
  const n = text.length;
  for (i++; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c === 0x5c) i++;
    else if (c === 0x0a || c === 0x0d) return i;
  }
  return n;
}

/** Skips a comment starting at i (`//` or `/*`), or returns i when there is none. */
export function skipComment(text: string, i: number): number {
  const next = text.charCodeAt(i + 1);
  if (next === 0x2f) {
    let j = i + 2;
    while (j < text.length && text.charCodeAt(j) !== 0x0a && text.charCodeAt(j) !== 0x0d) j++;
    return j;
  }
  if (next === 0x2a) {
    const close = text.indexOf('*/', i + 2);
    return close === -1 ? text.length : close + 2;
  }
  return i;
}

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

/** What the text of a string between its quotes (`raw`) says, escapes read; the raw text when they cannot be. */
export function decodeString(raw: string): string {
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}
