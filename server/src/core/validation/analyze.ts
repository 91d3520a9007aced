import { type Diagnostic, Range } from '../text/shapes';
import type { TextDocument } from '../text/textDocument';
import { DiagnosticCode, Severity, SOURCE } from './diagnostics';
import type { FileKind } from '../document/fileKind';
import { parseJson, toDiagnostics } from '../document/jsonDocument';
import { findDuplicateKeys, noRepeatedKeys, type KeyCounts } from '../document/duplicateKeys';
import { walkLocal, type LocalWalk } from './localChecks';
import { MAX_DEPTH, boundDepth } from '../document/nesting';
import type { ReferenceState } from '../references/referenceData';
import { checkReferences, type LinkOf } from '../references/references';
import { validateSchema } from './schemaValidation';

// The validation pipeline as plain functions of (document, data) -> diagnostics. The server
// runs the local part at once and the reference part when the service data is at hand. Each
// part reports at most `maxProblems` diagnostics and counts the rest: positions and messages
// are made for the reported ones only, so a file of 50,000 mistakes costs little more than one.

export interface Problems {
  diagnostics: Diagnostic[];
  /** Problems found beyond the limit, not turned into diagnostics. */
  omitted: number;
}

export interface LocalResult extends Problems {
  /** The parsed value; undefined when the text is not valid JSON. */
  value: unknown;
  /** What the local walk counted, for the duplicate-key pass on the same text. */
  keys?: KeyFacts;
}

/** The value's key counts, and whether the text repeats no key when that is already settled. */
export interface KeyFacts {
  counts: KeyCounts;
  unique: boolean | undefined;
}

/** Syntax, then schema and our local rules: no network, no waiting. */
export function analyzeLocal(doc: TextDocument, kind: FileKind, maxProblems = Infinity): LocalResult {
  const steps = analyzeLocalSteps(doc, kind, maxProblems);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `analyzeLocal` in steps of some tens of milliseconds at most on a 2 MB file (parse, schema,
 * positions), so that the server can answer other messages between them.
 */
export function* analyzeLocalSteps(doc: TextDocument, kind: FileKind, maxProblems = Infinity): Generator<void, LocalResult, void> {
  // Our rules walk the value once; that walk also answers the depth question of the parse.
  let walked: LocalWalk | undefined;
  const parsed = parseJson(doc, maxProblems, (v) => (walked = walkLocal(kind, v)) !== undefined);
  const deep: Diagnostic[] =
    parsed.tooDeep === undefined
      ? []
      : [
          {
            range: Range.create(doc.positionAt(parsed.tooDeep), doc.positionAt(parsed.tooDeep + 1)),
            message: `This value is nested more than ${MAX_DEPTH} levels deep: what is inside it is not checked. Flatten the structure.`,
            severity: Severity.Error,
            code: DiagnosticCode.tooDeep,
            source: SOURCE,
          },
        ];
  if (!parsed.ok) return { value: undefined, diagnostics: [...deep, ...parsed.diagnostics], omitted: parsed.omitted };
  yield;
  const schema = validateSchema(kind, parsed.value, maxProblems);
  // Not walked yet when the parse needed no depth answer, or when the value read had to be cut.
  walked ??= walkLocal(kind, parsed.value);
  const findings = walked && walked.findings.length > 0 ? [...schema.findings, ...walked.findings] : schema.findings;
  const kept = findings.length > maxProblems ? findings.slice(0, maxProblems) : findings;
  // With findings to place, whether keys repeat is settled now (the duplicate pass reuses it):
  // without repeats, the locating pass leaves each object once its wanted keys are found.
  const unique = walked && kept.length > 0 ? noRepeatedKeys(parsed.text, walked.counts) : undefined;
  if (kept.length > 0) yield;
  return {
    value: parsed.value,
    ...(walked && { keys: { counts: walked.counts, unique } }),
    diagnostics: deep.length === 0 ? toDiagnostics(doc, kept, unique) : [...deep, ...toDiagnostics(doc, kept, unique)],
    omitted: schema.omitted + findings.length - kept.length,
  };
}

/**
 * Keys repeated within one object: a full scan, so it runs after the schema diagnostics. Pass
 * what `analyzeLocal` made of this same text: with its value and key counts, a document without
 * repeats (the usual case) is cleared by comparing counts, several times faster than the scan.
 */
export function analyzeDuplicateKeys(doc: TextDocument, local?: Pick<LocalResult, 'value' | 'keys'>, maxProblems = Infinity): Problems {
  const found = local?.keys?.unique ? [] : findDuplicateKeys(boundDepth(doc.getText()).text, local?.value, local?.keys?.counts);
  const kept = found.slice(0, maxProblems);
  return {
    diagnostics: kept.map(({ key, span }) => ({
      range: Range.create(doc.positionAt(span.start), doc.positionAt(span.end)),
      message: `Duplicate key '${key.length > 80 ? `${key.slice(0, 80)}...` : key}': JSON readers keep only the last one.`,
      severity: Severity.Warning,
      code: DiagnosticCode.duplicateKey,
      source: SOURCE,
    })),
    omitted: found.length - kept.length,
  };
}

export function analyzeReferences(
  doc: TextDocument,
  kind: FileKind,
  value: unknown,
  state: ReferenceState,
  maxProblems = Infinity,
  linkOf?: LinkOf,
): Problems {
  const findings = checkReferences(kind, value, state, linkOf);
  const kept = findings.slice(0, maxProblems);
  return { diagnostics: toDiagnostics(doc, kept), omitted: findings.length - kept.length };
}

/**
 * The diagnostics to publish: the parts in order, at most `maxProblems` in all, and when some
 * are left out, one more saying how many and how to see them.
 */
export function limitProblems(doc: TextDocument, parts: readonly Problems[], maxProblems: number, raise = 'raise the setting tas.validation.maxProblems'): Diagnostic[] {
  const all = parts.flatMap((p) => p.diagnostics);
  const shown = all.slice(0, maxProblems);
  const omitted = all.length - shown.length + parts.reduce((n, p) => n + p.omitted, 0);
  if (omitted === 0) return shown;
  return [
    ...shown,
    {
      range: Range.create(doc.positionAt(0), doc.positionAt(Math.min(1, doc.getText().length))),
      message: `${omitted.toLocaleString('en-US')} more problems in this file are not shown (at most ${maxProblems} are). Fix the ones shown, or ${raise}.`,
      severity: Severity.Information,
      code: DiagnosticCode.tooManyProblems,
      source: SOURCE,
    },
  ];
}
