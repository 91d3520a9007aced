import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { Range, type Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticCode, Severity, SOURCE, type Finding } from './diagnostics';
import { locate, pathKey, type JsonPath } from './jsonLocator';

/** A document read as JSON: the value when it parses, otherwise the syntax errors. */
export type ParsedJson = { ok: true; value: unknown } | { ok: false; diagnostics: Diagnostic[] };

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

/** Parses with JSON.parse (fast); on failure, jsonc-parser gives every error with its position. */
export function parseJson(doc: TextDocument): ParsedJson {
  const text = doc.getText();
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    const errors: ParseError[] = [];
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    if (errors.length === 0) {
      // JSON.parse refused what jsonc-parser accepts: a trailing comma or empty content.
      errors.push({ error: 4 /* ValueExpected */, offset: Math.max(0, text.length - 1), length: 1 });
    }
    const diagnostics = errors.map((e) => {
      const code = printParseErrorCode(e.error);
      return {
        range: Range.create(doc.positionAt(e.offset), doc.positionAt(e.offset + Math.max(1, e.length))),
        message: `${MESSAGES[code] ?? code}.`,
        severity: Severity.Error,
        code: DiagnosticCode.syntax,
        source: SOURCE,
      };
    });
    return { ok: false, diagnostics };
  }
}

/** Turns findings into diagnostics, locating all their paths in one pass over the text. */
export function toDiagnostics(doc: TextDocument, findings: readonly Finding[]): Diagnostic[] {
  if (findings.length === 0) return [];
  const text = doc.getText();
  const located = locate(text, findings.map((f) => f.path));
  return findings.map((f) => {
    const at = located.get(pathKey(f.path)) ?? nearest(located, f.path, text);
    const span =
      f.on === 'key' && at?.key ? at.key : f.on === 'keyOrValue' && at?.key ? at.key : (at?.value ?? { start: 0, end: 1 });
    const start = f.inner ? at!.value.start + f.inner.start : span.start;
    const end = f.inner ? at!.value.start + f.inner.end : spanEnd(text, span, f.on);
    return {
      range: Range.create(doc.positionAt(start), doc.positionAt(end)),
      message: f.message,
      severity: f.severity,
      code: f.code,
      source: SOURCE,
      // The JSON path travels with the diagnostic so quick fixes can find the node again.
      data: { ...(f.data as object | undefined), path: f.path },
    };
  });
}

/** A large object or array is underlined on its first line only, not across the file. */
function spanEnd(text: string, span: { start: number; end: number }, on: Finding['on']): number {
  if (on === 'value') {
    const c = text.charCodeAt(span.start);
    if (c === 0x7b || c === 0x5b) {
      const newline = text.indexOf('\n', span.start);
      if (newline !== -1 && newline < span.end) return span.start + 1;
    }
  }
  return span.end;
}

/** When a path is not in the text (a missing property), its closest existing ancestor. */
function nearest(
  located: Map<string, { value: { start: number; end: number }; key?: { start: number; end: number } }>,
  path: JsonPath,
  text: string,
) {
  for (let n = path.length - 1; n >= 0; n--) {
    const at = located.get(pathKey(path.slice(0, n)));
    if (at) return at;
    const more = locate(text, [path.slice(0, n)]).get(pathKey(path.slice(0, n)));
    if (more) return more;
  }
  return undefined;
}
