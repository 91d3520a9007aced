import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { analyzeDuplicateKeys, analyzeLocal, analyzeReferences } from '../../server/src/core/analyze';
import { fileKindOf, type FileKind } from '../../server/src/core/fileKind';
import type { ReferenceState } from '../../server/src/core/referenceData';

// The editor's validation, file by file: syntax, schema and local rules, repeated keys, and
// (given the service's lists) live references. The same core functions the server runs.

export interface FileResult {
  path: string;
  diagnostics: Diagnostic[];
}

export function validateText(path: string, text: string, references?: (kind: FileKind) => ReferenceState | undefined): FileResult {
  const uri = pathToFileURL(path).href;
  const kind = fileKindOf(uri);
  if (!kind) return { path, diagnostics: [] };
  const doc = TextDocument.create(uri, 'json', 1, text);
  const local = analyzeLocal(doc, kind);
  if (local.value === undefined) return { path, diagnostics: local.diagnostics };
  const duplicates = analyzeDuplicateKeys(doc, local.value);
  const state = references?.(kind);
  const refs = state ? analyzeReferences(doc, kind, local.value, state).diagnostics : [];
  // In file order, as a compiler lists them.
  const all = [...local.diagnostics, ...duplicates.diagnostics, ...refs];
  all.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  return { path, diagnostics: all };
}

export function validateFile(path: string, references?: (kind: FileKind) => ReferenceState | undefined): FileResult {
  return validateText(path, readFileSync(path, 'utf8'), references);
}

/** A diagnostic's message as text (LSP allows markup there; ours are plain). */
export const messageText = (d: Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);
