import { type Diagnostic, Range } from '../text/shapes';
import type { TextDocument } from '../text/textDocument';
import { DiagnosticCode, Severity, SOURCE, type Finding } from '../model/diagnostics';
import type { FileKind } from '../document/fileKind';
import {
  parseJson,
  toDiagnostics,
  findDuplicateKeys,
  noRepeatedKeys,
  type KeyCounts,
  MAX_DEPTH,
  boundDepth,
  shallowText,
} from '../jsonText';
import { walkLocal, type LocalWalk } from './localChecks';
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
  /** The text they are of: the document's, with values nested deeper than MAX_DEPTH blanked out. */
  text: string;
}

/** Syntax, then schema and our local rules: no network, no waiting. */
export function analyzeLocal(doc: TextDocument, kind: FileKind, maxProblems = Infinity): LocalResult {
  // The steps of `analyzeLocalSteps` without a generator between them: this runs on every
  // keystroke, and the generator, a parse wrapper and their objects made a small file's
  // validation about an eighth slower.
  const read = readLocal(doc, kind, maxProblems);
  return (lastRead.result = 'diagnostics' in read ? read : placed(doc, checked(read, kind, maxProblems)));
}

/** Below this many characters the whole of `analyzeLocal` takes well under a millisecond. */
const ONE_STEP = 64 * 1024;

/**
 * `analyzeLocal` in steps of some tens of milliseconds at most on a 2 MB file (parse, schema,
 * positions), so that the server can answer other messages between them. A small file is done
 * in one step: a turn given to others costs more than its whole validation.
 */
export function* analyzeLocalSteps(
  doc: TextDocument,
  kind: FileKind,
  maxProblems = Infinity,
): Generator<void, LocalResult, void> {
  const read = readLocal(doc, kind, maxProblems);
  if ('diagnostics' in read) return read;
  const steps = read.text.length > ONE_STEP;
  if (steps) yield;
  const done = checked(read, kind, maxProblems);
  if (steps && done.kept.length > 0) yield;
  return (lastRead.result = placed(doc, done));
}

/** A text read as JSON, with our walk over its value when that went through. */
interface Read {
  value: unknown;
  text: string;
  walked: LocalWalk | undefined;
  deep: readonly Diagnostic[];
}

/** What the schema and our rules found, before positions are given to the findings kept. */
interface Checked extends Read {
  kept: Finding[];
  omitted: number;
}

const NO_DIAGNOSTICS: readonly Diagnostic[] = Object.freeze([]);

// The last value read, the last findings and the last result stay referenced. The engine forgets a
// hidden class once no object of it is left, and with it the compiled code that relies on it (the
// schema checks, the walk, the messages, the diagnostics): after every full garbage collection
// those ran slowly again for a while, and the next keystroke's validation with them (a quarter
// slower for a small file with errors). At most one file's worth is held.
const lastRead: { value: unknown; findings: readonly Finding[]; result: LocalResult | undefined } = {
  value: undefined,
  findings: [],
  result: undefined,
};

/** The parse, with our walk over the value (which answers the depth question too); a result when the text is no JSON. */
function readLocal(doc: TextDocument, kind: FileKind, maxProblems: number): Read | LocalResult {
  const text = doc.getText();
  let value: unknown;
  let json = false;
  try {
    value = JSON.parse(text);
    json = true;
    lastRead.value = value;
  } catch {
    // not JSON: parseJson below says where and why
  }
  const walked = json ? walkLocal(kind, value) : undefined;
  // The usual document: JSON, and no deeper than MAX_DEPTH, so the text is its own bounded text.
  if (walked !== undefined) return { value, text: shallowText(text).text, walked, deep: NO_DIAGNOSTICS };
  // No JSON, or too deep (the walk said so): values deeper than MAX_DEPTH are blanked out and the rest read again.
  const parsed = parseJson(doc, maxProblems, () => false, json ? { value } : undefined);
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
  return { value: parsed.value, text: parsed.text, walked: walkLocal(kind, parsed.value), deep };
}

/** Schema and our rules. */
function checked(read: Read, kind: FileKind, maxProblems: number): Checked {
  const schema = validateSchema(kind, read.value, maxProblems);
  const walked = read.walked;
  const findings = walked && walked.findings.length > 0 ? [...schema.findings, ...walked.findings] : schema.findings;
  const kept = findings.length > maxProblems ? findings.slice(0, maxProblems) : findings;
  lastRead.findings = kept;
  return {
    value: read.value,
    text: read.text,
    walked,
    deep: read.deep,
    kept,
    omitted: schema.omitted + findings.length - kept.length,
  };
}

/**
 * The findings kept, as diagnostics with positions. The pass that places them reads the whole
 * text and counts its members: more than the value holds means some key repeats, equal means
 * none does, which settles the duplicate pass without reading the text again.
 */
function placed(doc: TextDocument, c: Checked): LocalResult {
  const counted = { members: -1 };
  const diagnostics = c.kept.length === 0 ? [] : toDiagnostics(doc, c.kept, c.text, counted);
  const unique = c.walked && counted.members >= 0 ? counted.members === c.walked.counts.keys : undefined;
  return {
    value: c.value,
    ...(c.walked && { keys: { counts: c.walked.counts, unique, text: c.text } }),
    diagnostics: c.deep.length === 0 ? diagnostics : [...c.deep, ...diagnostics],
    omitted: c.omitted,
  };
}

/**
 * Keys repeated within one object: a full scan, so it runs after the schema diagnostics. Pass
 * what `analyzeLocal` made of this same text: with its value and key counts, a document without
 * repeats (the usual case) is cleared by comparing counts, several times faster than the scan.
 */
export function analyzeDuplicateKeys(
  doc: TextDocument,
  local?: Pick<LocalResult, 'value' | 'keys'>,
  maxProblems = Infinity,
): Problems {
  const keys = local?.keys;
  // The usual answer, settled by the local pass or by counting now; otherwise the full scan says where.
  if (keys && (keys.unique ?? noRepeatedKeys(keys.text, keys.counts, local.value)))
    return { diagnostics: [], omitted: 0 };
  const found = keys ? findDuplicateKeys(keys.text) : findDuplicateKeys(boundDepth(doc.getText()).text, local?.value);
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

/**
 * The diagnostics to publish: the parts in order, at most `maxProblems` in all, and when some
 * are left out, one more saying how many and how to see them.
 */
export function limitProblems(
  doc: TextDocument,
  parts: readonly Problems[],
  maxProblems: number,
  raise = 'raise the setting tas.validation.maxProblems',
): Diagnostic[] {
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
