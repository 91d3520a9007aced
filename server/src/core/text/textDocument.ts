// The text of a document as the core reads it: the subset of the LSP text document the core
// needs, and a plain implementation for hosts without an editor (`tas`, benchmarks).
import type { Position, Range } from './shapes';

export interface TextDocument {
  readonly uri: string;
  getText(range?: Range): string;
  positionAt(offset: number): Position;
  offsetAt(position: Position): number;
}

/** A read-only document over `text`; line starts are computed on the first position asked. */
export function createTextDocument(uri: string, text: string): TextDocument {
  let starts: number[] | undefined;
  const lineStarts = (): number[] => {
    if (starts) return starts;
    starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      } else if (c === 10 /* \n */) starts.push(i + 1);
    }
    return starts;
  };
  const positionAt = (offset: number): Position => {
    const o = Math.max(0, Math.min(offset, text.length));
    const s = lineStarts();
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: o - s[lo]! };
  };
  const offsetAt = (p: Position): number => {
    const s = lineStarts();
    if (p.line >= s.length) return text.length;
    if (p.line < 0) return 0;
    const start = s[p.line]!;
    const next = p.line + 1 < s.length ? s[p.line + 1]! : text.length;
    return Math.max(start, Math.min(start + p.character, next));
  };
  return {
    uri,
    getText: (range) => (range ? text.slice(offsetAt(range.start), offsetAt(range.end)) : text),
    positionAt,
    offsetAt,
  };
}
