import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticCode, Severity, SOURCE } from './diagnostics';
import type { FileKind } from './fileKind';
import { parseJson, toDiagnostics } from './jsonDocument';
import { findDuplicateKeys } from './jsonLocator';
import { localChecks } from './localChecks';
import type { ReferenceState } from './referenceData';
import { checkReferences } from './references';
import { validateSchema } from './schemaValidation';
import { Range } from 'vscode-languageserver-types';

// The validation pipeline as plain functions of (document, data) -> diagnostics. The server
// runs the local part at once and the reference part when the service data is at hand.

export interface LocalResult {
  /** The parsed value; undefined when the text is not valid JSON. */
  value: unknown;
  diagnostics: Diagnostic[];
}

/** Syntax, then schema and our local rules: no network, no waiting. */
export function analyzeLocal(doc: TextDocument, kind: FileKind): LocalResult {
  const parsed = parseJson(doc);
  if (!parsed.ok) return { value: undefined, diagnostics: parsed.diagnostics };
  const findings = [...validateSchema(kind, parsed.value), ...localChecks(kind, parsed.value)];
  return { value: parsed.value, diagnostics: toDiagnostics(doc, findings) };
}

/**
 * Keys repeated within one object: a full scan, so it runs after the schema diagnostics. Pass
 * the value `analyzeLocal` parsed from this same text: with it, a document without repeats (the
 * usual case) is cleared by comparing key counts, several times faster than the full scan.
 */
export function analyzeDuplicateKeys(doc: TextDocument, parsed?: unknown): Diagnostic[] {
  return findDuplicateKeys(doc.getText(), parsed).map(({ key, span }) => ({
    range: Range.create(doc.positionAt(span.start), doc.positionAt(span.end)),
    message: `Duplicate key '${key}': JSON readers keep only the last one.`,
    severity: Severity.Warning,
    code: DiagnosticCode.duplicateKey,
    source: SOURCE,
  }));
}

export function analyzeReferences(doc: TextDocument, kind: FileKind, value: unknown, state: ReferenceState): Diagnostic[] {
  return toDiagnostics(doc, checkReferences(kind, value, state));
}
