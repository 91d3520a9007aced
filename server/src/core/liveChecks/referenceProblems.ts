import type { TextDocument } from '../text/textDocument';
import type { FileKind } from '../document/fileKind';
import { toDiagnostics } from '../jsonText';
import type { Problems } from '../validation/analyze';
import type { ReferenceState } from './referenceData';
import { checkReferences, type LinkOf } from './referenceChecks';
import { keptReferenceNotes } from './keptChecks';

// The reference checks' findings placed in the document, at most `maxProblems` of them (the rest
// counted): the live part of the validation pipeline, after validation/analyze.ts's local part.

export function analyzeReferences(
  doc: TextDocument,
  kind: FileKind,
  value: unknown,
  state: ReferenceState,
  maxProblems = Infinity,
  linkOf?: LinkOf,
): Problems {
  const findings = [
    ...checkReferences(kind, value, state, linkOf),
    // Offline: what the lists last read lack is named, still as not verified.
    ...(state.status === 'unavailable' && state.kept ? keptReferenceNotes(kind, value, state.kept) : []),
  ];
  const kept = findings.slice(0, maxProblems);
  return { diagnostics: toDiagnostics(doc, kept), omitted: findings.length - kept.length };
}
