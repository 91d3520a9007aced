// A JSON token scanner for the editing features (formatting, folding): one pass over the
// characters, no values built, line and column kept as it goes (so no position costs a search).
// It never fails: a half-typed text gives the tokens it has, an unterminated string ends at its
// line break (as jsonc-parser ends it), and any other run of characters is one "literal".

import { skipComment, skipString } from './strings';

export const enum Tok {
  End,
  Open,
  Close,
  Comma,
  Colon,
  String,
  Literal,
  LineComment,
  BlockComment,
}

/** 1: whitespace; 2: a character that ends a literal. */
const CLASS = new Uint8Array(128);
for (const c of [0x20, 0x09, 0x0a, 0x0d]) CLASS[c] = 1;
for (const c of '{}[],:"/') CLASS[c.charCodeAt(0)] = 2;

export class JsonTokens {
  /** The current token's kind, offsets (end exclusive) and start position. */
  kind: Tok = Tok.End;
  start = 0;
  end = 0;
  line = 0;
  character = 0;
  /** Whether the current token is `[` / `]` (else `{` / `}`, for Open and Close). */
  bracket = false;
  /** The whitespace before the current token: where it starts, its position, whether it holds a line break. */
  gapStart = 0;
  gapLine = 0;
  gapCharacter = 0;
  gapHasNewline = false;
  /** The line break the text uses first ('\n' when it has none). */
  readonly eol: string;
  private lineStart = 0;
  private curLine = 0;
  private readonly n: number;

  constructor(readonly text: string) {
    this.n = text.length;
    const lf = text.indexOf('\n');
    this.eol = lf > 0 && text.charCodeAt(lf - 1) === 0x0d ? '\r\n' : '\n';
  }

  next(): Tok {
    const text = this.text;
    const n = this.n;
    let i = this.end;
    this.gapStart = i;
    this.gapLine = this.curLine;
    this.gapCharacter = i - this.lineStart;
    let newline = false;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
        this.curLine++;
        this.lineStart = i + 1;
        newline = true;
      } else if (c !== 0x20 && c !== 0x09 && c !== 0x0d) break;
    }
    this.gapHasNewline = newline;
    this.start = i;
    this.line = this.curLine;
    this.character = i - this.lineStart;
    if (i >= n) {
      this.end = n;
      return (this.kind = Tok.End);
    }
    const c = text.charCodeAt(i);
    let kind: Tok;
    switch (c) {
      case 0x7b:
      case 0x5b:
        kind = Tok.Open;
        this.bracket = c === 0x5b;
        i++;
        break;
      case 0x7d:
      case 0x5d:
        kind = Tok.Close;
        this.bracket = c === 0x5d;
        i++;
        break;
      case 0x2c:
        kind = Tok.Comma;
        i++;
        break;
      case 0x3a:
        kind = Tok.Colon;
        i++;
        break;
      case 0x22:
        kind = Tok.String;
        i = skipString(text, i);
        break;
      default:
        if (c === 0x2f && text.charCodeAt(i + 1) === 0x2f) {
          kind = Tok.LineComment;
          i = skipComment(text, i);
        } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a) {
          kind = Tok.BlockComment;
          const end = skipComment(text, i);
          // Line breaks inside the comment move the line count on.
          for (let k = text.indexOf('\n', i); k !== -1 && k < end; k = text.indexOf('\n', k + 1)) {
            this.curLine++;
            this.lineStart = k + 1;
          }
          i = end;
        } else {
          kind = Tok.Literal;
          for (i++; i < n; i++) {
            const d = text.charCodeAt(i);
            if (d < 128 && CLASS[d] !== 0) break;
          }
        }
    }
    this.end = i;
    return (this.kind = kind);
  }
}
