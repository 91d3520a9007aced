import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { Range, type Diagnostic } from '../text/shapes';
import type { TextDocument } from '../text/textDocument';
import { DiagnosticCode, Severity, SOURCE, type Finding } from '../model/diagnostics';
import { rangesEach, type MemberCount } from './positions';
import { boundDepth, boundParsed, type BoundedText } from './nesting';

/**
 * A document read as JSON: the value when it parses, otherwise the syntax errors (at most the
 * limit asked for, and how many more there are). `text` is what was parsed: the document's text
 * with values nested deeper than MAX_DEPTH blanked out (`tooDeep` says where the first one is).
 */
export type ParsedJson = ({ ok: true; value: unknown } | { ok: false; diagnostics: Diagnostic[]; omitted: number }) & {
  text: string;
  tooDeep?: number;
};

const MESSAGES: Record<string, string> = {
  InvalidSymbol: 'Unexpected character',
  InvalidNumberFormat: 'Malformed number',
  PropertyNameExpected: 'A property name in double quotes is expected here',
  ValueExpected: 'A value is expected here',
  ColonExpected: "A ':' is expected after the property name",
  CommaExpected: "A ',' is expected between entries",
  CloseBraceExpected: "A closing '}' is missing",
  CloseBracketExpected: "A closing ']' is missing",
  EndOfFileExpected: 'Unexpected text after the end of the JSON value',
  InvalidCommentToken: 'Comments are not allowed in JSON',
  UnexpectedEndOfComment: 'Unterminated comment',
  UnexpectedEndOfString: 'Unterminated string',
  UnexpectedEndOfNumber: 'Unterminated number',
  InvalidUnicode: 'Malformed \\u escape',
  InvalidEscapeCharacter: 'Invalid escape sequence',
  InvalidCharacter: 'Control characters must be escaped in strings',
};

/**
 * Parses with JSON.parse (fast); on failure, jsonc-parser gives every error with its position.
 * Errors at one offset with one cause (one per unclosed bracket at the end of the text) are one.
 * `shallow`: whether a parsed value nests no deeper than MAX_DEPTH, for a caller that walks it anyway;
 * `known`: what JSON.parse already made of this text, for a caller that parsed it first.
 */
export function parseJson(
  doc: TextDocument,
  maxProblems = Infinity,
  shallow?: (value: unknown) => boolean,
  known?: { value: unknown },
): ParsedJson {
  const original = doc.getText();
  let parsed = known;
  let bounded: BoundedText | undefined;
  try {
    parsed ??= { value: JSON.parse(original) as unknown };
    bounded = boundParsed(original, parsed.value, shallow);
  } catch {
    // not JSON: the text scan bounds the depth before jsonc-parser reads it
  }
  bounded ??= boundDepth(original);
  const text = bounded.text;
  const where = { text, ...(bounded.masked.length > 0 && { tooDeep: bounded.masked[0]!.start }) };
  try {
    if (!parsed || text !== original) {
      if (text === original) throw new SyntaxError('not JSON');
      // A value too deep was blanked out: the rest is read (and checked) without it.
      parsed = { value: JSON.parse(text) as unknown };
    }
    return { ok: true, value: parsed.value, ...where };
  } catch {
    const errors: ParseError[] = [];
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    if (errors.length === 0) {
      // JSON.parse refused what jsonc-parser accepts: a trailing comma or empty content.
      errors.push({ error: 4 /* ValueExpected */, offset: Math.max(0, text.length - 1), length: 1 });
    }
    const seen = new Set<string>();
    const diagnostics: Diagnostic[] = [];
    let omitted = 0;
    for (const e of errors) {
      const key = `${e.error}|${e.offset}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (diagnostics.length >= maxProblems) {
        omitted++;
        continue;
      }
      const code = printParseErrorCode(e.error);
      diagnostics.push({
        range: Range.create(doc.positionAt(e.offset), doc.positionAt(e.offset + Math.max(1, e.length))),
        message: `${MESSAGES[code] ?? code}.`,
        severity: Severity.Error,
        code: DiagnosticCode.syntax,
        source: SOURCE,
      });
    }
    return { ok: false, diagnostics, omitted, ...where };
  }
}

/**
 * Turns findings into diagnostics, locating all their paths, and their ancestors (a missing
 * property is shown on its closest existing one), in one pass over the text; that pass also gives
 * the lines, so the document's line offsets are not needed. `bounded`: the document's text with
 * values deeper than MAX_DEPTH blanked out, when the caller has it already. `counted`: given,
 * the pass says how many members the text holds.
 */
export function toDiagnostics(
  doc: TextDocument,
  findings: readonly Finding[],
  bounded?: string,
  counted?: MemberCount,
): Diagnostic[] {
  if (findings.length === 0) return [];
  const ranges = rangesEach(bounded ?? boundDepth(doc.getText()).text, findings, counted);
  const out: Diagnostic[] = new Array<Diagnostic>(findings.length);
  for (let k = 0; k < findings.length; k++) {
    const f = findings[k]!;
    // Object.assign, not a spread: the engine clones the few shapes of data six times faster so
    // (data keys are our own names, never "__proto__").
    let data: Record<string, unknown>;
    if (f.data === undefined) data = { path: f.path };
    else {
      data = Object.assign({}, f.data);
      data['path'] = f.path;
    }
    out[k] = {
      range: ranges[k] ?? Range.create(doc.positionAt(0), doc.positionAt(1)),
      message: f.message,
      severity: f.severity,
      code: f.code,
      source: SOURCE,
      // The JSON path travels with the diagnostic so quick fixes can find the node again.
      data,
    };
  }
  return out;
}
