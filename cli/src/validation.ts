import { pathToFileURL } from 'node:url';
import {
  type CaseLinks,
  createTextDocument,
  type Diagnostic,
  DiagnosticCode,
  DiagnosticSeverity,
  type FileKind,
  fileKindOf,
  type Problems,
  SETTING_RANGES,
  firstInvalidUtf8,
  NotARegularFileError,
  readRegularFileSync,
  type ReferenceState,
  type TextDocument,
  validation,
  withoutBom,
} from '../../server/src/core';

// The editor's validation, file by file: syntax, schema and local rules, repeated keys, and
// (given the service's lists) live references, step functions and API clients. The same core
// functions the server runs.

export interface FileResult {
  path: string;
  diagnostics: Diagnostic[];
}

/** The editor's default per-file cap: at most this many problems, plus one saying how many more. */
export const DEFAULT_MAX_PROBLEMS: number = SETTING_RANGES['tas.validation.maxProblems'].default;

/** A file after the checks that need no service: what the reference checks then start from. */
export interface LocalResult {
  path: string;
  /** Problems of the file itself (unreadable, not UTF-8): always shown, outside the cap. */
  diagnostics: Diagnostic[];
  /** The checks' problems, in the editor's order (schema first), each part capped and counted. */
  parts?: Problems[];
  doc?: TextDocument;
  maxProblems?: number;
  parsed?: { doc: TextDocument; kind: FileKind; value: unknown };
}

/**
 * Syntax, schema, local rules and repeated keys, at most `maxProblems` of each (the rest counted
 * only, as in the editor). `uri`: the file's, when the caller has it already.
 */
export function checkLocal(
  path: string,
  text: string,
  uri = pathToFileURL(path).href,
  maxProblems = DEFAULT_MAX_PROBLEMS,
): LocalResult {
  const kind = fileKindOf(uri);
  if (!kind) return { path, diagnostics: [] };
  const doc = createTextDocument(uri, text);
  const local = validation.local(doc, kind, maxProblems);
  if (local.value === undefined) return { path, diagnostics: [], parts: [local], doc, maxProblems };
  const duplicates = validation.duplicateKeys(doc, local, maxProblems);
  return {
    path,
    diagnostics: [],
    parts: [local, duplicates],
    doc,
    maxProblems,
    parsed: { doc, kind, value: local.value },
  };
}

const fileProblem = (code: string, message: string, line = 0, character = 0): Diagnostic => ({
  range: { start: { line, character }, end: { line, character: character + 1 } },
  severity: DiagnosticSeverity.Error,
  code,
  source: 'test-automation',
  message,
});

/**
 * A file's text for the checks, with the problem that stops or mars them: a file that cannot be
 * read (permissions; a FIFO is never opened for a blocking read) has no text and one error; a
 * file that is not UTF-8 is checked as decoded, with an error at its first bad byte (import
 * refuses such a file, so that its bytes are not changed). The run goes on either way.
 */
export function readForCheck(path: string): { text: string | undefined; problem?: Diagnostic } {
  let bytes: Buffer;
  try {
    bytes = readRegularFileSync(path, { followLinks: true });
  } catch (err) {
    const why =
      err instanceof NotARegularFileError
        ? err.message
        : `${path} could not be read (${(err as NodeJS.ErrnoException).code ?? String(err)}); it was not checked.`;
    return { text: undefined, problem: fileProblem(DiagnosticCode.unreadable, why) };
  }
  const { text, bom } = withoutBom(bytes.toString('utf8'));
  const bad = firstInvalidUtf8(bytes);
  if (bad < 0) return { text };
  // The position of the bad byte: the text before it is valid UTF-8.
  const before = withoutBom(bytes.subarray(0, bad).toString('utf8')).text;
  const lines = before.split('\n');
  const message = `Not valid UTF-8: byte ${bad} is not part of a UTF-8 character${bom ? ' (after the byte order mark)' : ''}. Save the file as UTF-8: import refuses it, so that its bytes are not changed.`;
  return {
    text,
    problem: fileProblem(DiagnosticCode.notUtf8, message, lines.length - 1, lines[lines.length - 1]!.length),
  };
}

/**
 * Adds the live reference checks (given the service's lists) and the step checks made for the
 * file (`steps`: its step functions and API clients), and sorts in file order.
 */
export function withReferences(
  local: LocalResult,
  references?: (kind: FileKind) => ReferenceState | undefined,
  links?: CaseLinks,
  steps: readonly Problems[] = [],
): FileResult {
  const p = local.parsed;
  const state = p && references?.(p.kind);
  const max = local.maxProblems ?? DEFAULT_MAX_PROBLEMS;
  const refs = p && state ? [validation.references(p.doc, p.kind, p.value, state, max, links)] : [];
  const limited = local.doc
    ? validation.limit(local.doc, [...(local.parts ?? []), ...refs, ...steps], max, 'raise the cap with --max-problems')
    : [];
  const more = limited.filter((d) => d.code === DiagnosticCode.tooManyProblems);
  // In file order, as a compiler lists them; the line saying how many more comes last.
  const all = [...local.diagnostics, ...limited.filter((d) => d.code !== DiagnosticCode.tooManyProblems)];
  all.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  return { path: local.path, diagnostics: [...all, ...more] };
}

export function validateText(
  path: string,
  text: string,
  references?: (kind: FileKind) => ReferenceState | undefined,
): FileResult {
  return withReferences(checkLocal(path, text), references);
}

/** A diagnostic's message as text. */
export const messageText = (d: Diagnostic): string => d.message;
