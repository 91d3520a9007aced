import type { TextDocument } from '../text/textDocument';
import type { Position, Range, TextEdit } from '../text/shapes';
import { JsonTokens, Tok } from '../document/tokens';

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

/** Edits that lay the document out; with `range`, only those that touch it. */
export function formatEdits(doc: TextDocument, options: FormatOptions, range?: Range): TextEdit[] {
  const text = doc.getText();
  const t = new JsonTokens(text);
  const unit = options.insertSpaces ? ' '.repeat(Math.max(1, Math.floor(options.tabSize) || 1)) : '\t';
  const eol = t.eol;
  const breaks: string[] = [];
  const newline = (depth: number): string => (breaks[depth] ??= eol + unit.repeat(Math.max(0, depth)));
  const from = range ? doc.offsetAt(range.start) : 0;
  const to = range ? doc.offsetAt(range.end) : text.length;
  const edits: TextEdit[] = [];
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
        const start: Position = { line: t.gapLine, character: t.gapCharacter };
        // An insertion (no whitespace there yet) starts and ends at one position: one object for
        // both, which a one-line megabyte (tens of thousands of insertions) feels in its garbage.
        const end: Position = gapStart === gapEnd ? start : { line: t.line, character: t.character };
        edits.push({ range: { start, end }, newText: want });
      }
    } else if (gapStart > to) break;
    if (kind === Tok.End) break;
    if (kind === Tok.Open) depth++;
    else if (kind === Tok.Close && depth > 0) depth--;
    prev = kind;
  }
  return edits;
}
