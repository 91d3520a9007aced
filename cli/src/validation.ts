import { pathToFileURL } from 'node:url';
import { analyzeDuplicateKeys, analyzeLocal, analyzeReferences, type CaseLinks, createTextDocument, type Diagnostic, type FileKind, fileKindOf, type ReferenceState, type TextDocument } from '../../server/src/core';

// The editor's validation, file by file: syntax, schema and local rules, repeated keys, and
// (given the service's lists) live references. The same core functions the server runs.

export interface FileResult {
  path: string;
  diagnostics: Diagnostic[];
}

/** A file after the checks that need no service: what the reference checks then start from. */
export interface LocalResult {
  path: string;
  diagnostics: Diagnostic[];
  parsed?: { doc: TextDocument; kind: FileKind; value: unknown };
}

/** Syntax, schema, local rules and repeated keys. `uri`: the file's, when the caller has it already. */
export function checkLocal(path: string, text: string, uri = pathToFileURL(path).href): LocalResult {
  const kind = fileKindOf(uri);
  if (!kind) return { path, diagnostics: [] };
  const doc = createTextDocument(uri, text);
  const local = analyzeLocal(doc, kind);
  if (local.value === undefined) return { path, diagnostics: local.diagnostics };
  const duplicates = analyzeDuplicateKeys(doc, local.value);
  return { path, diagnostics: [...local.diagnostics, ...duplicates.diagnostics], parsed: { doc, kind, value: local.value } };
}

/** Adds the live reference checks (given the service's lists) and sorts in file order. */
export function withReferences(local: LocalResult, references?: (kind: FileKind) => ReferenceState | undefined, links?: CaseLinks): FileResult {
  const p = local.parsed;
  const state = p && references?.(p.kind);
  const refs = p && state ? analyzeReferences(p.doc, p.kind, p.value, state, Infinity, links).diagnostics : [];
  // In file order, as a compiler lists them.
  const all = [...local.diagnostics, ...refs];
  all.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  return { path: local.path, diagnostics: all };
}

export function validateText(path: string, text: string, references?: (kind: FileKind) => ReferenceState | undefined): FileResult {
  return withReferences(checkLocal(path, text), references);
}

/** A diagnostic's message as text. */
export const messageText = (d: Diagnostic): string => d.message;
