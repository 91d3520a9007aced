import type { TextDocument } from '../text/textDocument';
import type { Position, Range, TextEdit } from '../text/shapes';
import { MAX_DEPTH, JsonTokens, Tok } from '../jsonText';

// Formatting: only the whitespace between tokens changes, so key order and the text of every
// value (numbers as written, string escapes) stay exactly as they are. The layout is the one
// export writes (`JSON.stringify(value, null, 2)` and a final line break; core/sync/fileText.ts)
// with the editor's indentation: one entry per line, `"key": value`, `{}` and `[]` when empty.
// So a file formatted with 2 spaces and the same file exported again differ in no byte.
// Comments (not JSON, but the editor lets one type them) keep their line: a comment on the line
// of the token before it stays there.

export interface FormatOptions {
  tabSize: number;
  insertSpaces: boolean;
}

/**
 * Above this many changed gaps (a minified or re-indented file), one edit replaces the text from
 * the first to the last instead: the same result, without tens of thousands of edit objects to
 * make, send and apply (VS Code makes its own minimal edits of a formatting answer).
 */
const MANY_EDITS = 2000;

/** Edits that lay the document out; with `range`, only those that touch it; none when it is nested deeper than MAX_DEPTH. */
export function formatEdits(doc: TextDocument, options: FormatOptions, range?: Range): TextEdit[] {
  const text = doc.getText();
  const t = new JsonTokens(text);
  const unit = options.insertSpaces ? ' '.repeat(Math.max(1, Math.floor(options.tabSize) || 1)) : '\t';
  const eol = t.eol;
  const breaks: string[] = [];
  const newline = (depth: number): string => (breaks[depth] ??= eol + unit.repeat(Math.max(0, depth)));
  const from = range ? doc.offsetAt(range.start) : 0;
  const to = range ? doc.offsetAt(range.end) : text.length;
  // Each changed gap: its offsets, its ends' positions and what it becomes; objects only at the end.
  const gaps: number[] = [];
  const wants: string[] = [];
  let depth = 0;
  let prev = Tok.End;
  for (let kind = t.next(); ; kind = t.next()) {
    let want: string;
    if (kind === Tok.End) want = prev === Tok.End ? '' : eol;
    else if (prev === Tok.End) want = '';
    else if (prev === Tok.LineComment) want = newline(kind === Tok.Close ? depth - 1 : depth);
    else if (kind === Tok.LineComment || kind === Tok.BlockComment) want = t.gapHasNewline ? newline(depth) : ' ';
    else if (kind === Tok.Close) want = prev === Tok.Open ? '' : newline(depth - 1);
    else if (prev === Tok.Open || prev === Tok.Comma) want = newline(depth);
    else if (kind === Tok.Comma || kind === Tok.Colon) want = '';
    else if (prev === Tok.Colon) want = ' ';
    else want = t.gapHasNewline ? newline(depth) : ' ';
    const gapEnd = t.start;
    const gapStart = t.gapStart;
    if (gapEnd - gapStart !== want.length || !text.startsWith(want, gapStart)) {
      if (gapStart > to) break;
      if (gapEnd >= from) {
        gaps.push(gapStart, gapEnd, t.gapLine, t.gapCharacter, t.line, t.character);
        wants.push(want);
      }
    } else if (gapStart > to) break;
    if (kind === Tok.End) break;
    // Deeper than the diagnostics go ("nested too deeply"), the layout would be quadratic in the
    // nesting (a line of indentation per level): such a document is left as it is.
    if (kind === Tok.Open && ++depth > MAX_DEPTH) return [];
    else if (kind === Tok.Close && depth > 0) depth--;
    prev = kind;
  }
  return toEdits(text, gaps, wants);
}

function toEdits(text: string, gaps: readonly number[], wants: readonly string[]): TextEdit[] {
  const n = wants.length;
  if (n === 0) return [];
  if (n <= MANY_EDITS) {
    const edits: TextEdit[] = [];
    for (let k = 0; k < n; k++) {
      const g = 6 * k;
      const start: Position = { line: gaps[g + 2]!, character: gaps[g + 3]! };
      // An insertion (no whitespace there yet) starts and ends at one position.
      const end: Position = gaps[g] === gaps[g + 1] ? start : { line: gaps[g + 4]!, character: gaps[g + 5]! };
      edits.push({ range: { start, end }, newText: wants[k]! });
    }
    return edits;
  }
  // One edit from the first changed gap to the last: the text between gaps as it is.
  let newText = wants[0]!;
  for (let k = 1; k < n; k++) newText += text.slice(gaps[6 * (k - 1) + 1], gaps[6 * k]) + wants[k]!;
  const last = 6 * (n - 1);
  return [
    {
      range: {
        start: { line: gaps[2]!, character: gaps[3]! },
        end: { line: gaps[last + 4]!, character: gaps[last + 5]! },
      },
      newText,
    },
  ];
}
