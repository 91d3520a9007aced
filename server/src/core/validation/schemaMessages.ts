import type { ErrorObject } from 'ajv';
import { DiagnosticCode, Severity, type Finding } from '../model/diagnostics';

// Validator errors in words a test author understands, each on the node it is about.

type Path = (string | number)[];

const KIND: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

/** "integer,null" as "a whole number or null". */
function typeWords(types: string): string {
  return types.includes(',')
    ? types
        .split(',')
        .map((t) => KIND[t] ?? t)
        .join(' or ')
    : (KIND[types] ?? types);
}

export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return `the text ${quoted(v.length > 40 ? `${v.slice(0, 40)}...` : v)}`;
  if (typeof v === 'number') return Number.isInteger(v) ? `the number ${v}` : `the number ${v}`;
  if (typeof v === 'boolean') return String(v);
  return 'an object';
}

/**
 * JSON.stringify of a short text, without its call for the usual text (printable ASCII with no
 * quote or backslash, written as it is between quotes): one per wrong value in every step.
 */
function quoted(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return JSON.stringify(s);
  }
  return `"${s}"`;
}

/** `root`: what the whole file is called ("The test case", "The bundle"). */
const fieldName = (path: Path, root: string): string => {
  const last = path[path.length - 1];
  return typeof last === 'string' ? `'${last}'` : path.length === 0 ? root : `Item ${String(last)}`;
};

/** Edit distance, for "did you mean" on misspelt field names. */
export function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  // Compared without case, one UTF-16 unit at a time; each unit lowered once, not once per pair.
  const la = Array.from({ length: a.length }, (_, i) => a[i]!.toLowerCase());
  const lb = Array.from({ length: b.length }, (_, j) => b[j]!.toLowerCase());
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (la[i - 1] === lb[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

// Answers per list of candidates (the schema's field names at a place, the same array each time
// it is asked for) and word: a misspelt field is usually misspelt in every step.
const answers = new WeakMap<object, Map<string, string | undefined>>();

export function closest(word: string, candidates: Iterable<string>): string | undefined {
  if (!Array.isArray(candidates)) return closestOf(word, candidates);
  let known = answers.get(candidates);
  if (known?.has(word)) return known.get(word);
  if (!known) answers.set(candidates, (known = new Map<string, string | undefined>()));
  if (known.size > 1000) known.clear();
  const answer = closestOf(word, candidates);
  known.set(word, answer);
  return answer;
}

function closestOf(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = distance(word, c);
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

/**
 * One finding per validator error, or undefined for errors that add nothing (the branches of an
 * anyOf whose summary is reported, for example).
 */
export function findingFor(
  e: Pick<ErrorObject, 'keyword' | 'params' | 'parentSchema' | 'message'>,
  path: Path,
  value: unknown,
  allowedKeys: (path: Path) => string[],
  root = 'The test case',
): Finding | undefined {
  const field = fieldName(path, root);
  switch (e.keyword) {
    case 'required': {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      return {
        path,
        on: 'keyOrValue',
        message: `Missing required field '${missing}'.`,
        code: DiagnosticCode.required,
        severity: Severity.Error,
        data: { missing },
      };
    }
    case 'additionalProperties': {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      const suggestion = closest(extra, allowedKeys(path));
      return {
        path: [...path, extra],
        on: 'key',
        // A near miss is most likely a typo; anything else may be a field of a newer service
        // (exports keep what the service sends), so it is only pointed out.
        message: suggestion
          ? `Unknown field '${extra}'. Did you mean '${suggestion}'?`
          : `Unknown field '${extra}': the interface document does not describe it. It is kept and sent to the service as it is.`,
        code: DiagnosticCode.unknownField,
        severity: suggestion ? Severity.Error : Severity.Warning,
        data: { field: extra, ...(suggestion && { suggestion }) },
      };
    }
    case 'type': {
      const expected = typeWords(String((e.params as { type: string }).type));
      const literal = String((e.params as { type: string }).type) === 'boolean' ? booleanText(value) : undefined;
      const finding: Finding = {
        path,
        on: 'value',
        message: `${field} must be ${expected}, not ${describeValue(value)}.`,
        code: DiagnosticCode.type,
        severity: Severity.Error,
      };
      if (literal !== undefined) finding.data = { literal };
      return finding;
    }
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum': {
      const limit = (e.params as { limit: number }).limit;
      const words = {
        minimum: 'at least',
        exclusiveMinimum: 'more than',
        maximum: 'at most',
        exclusiveMaximum: 'less than',
      };
      return valueFinding(path, `${field} must be ${words[e.keyword]} ${limit}.`);
    }
    case 'minLength':
      return valueFinding(path, `${field} must not be empty.`);
    case 'maxLength':
      return valueFinding(path, `${field} is too long (at most ${(e.params as { limit: number }).limit} characters).`);
    case 'enum':
      return valueFinding(
        path,
        `${field} must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}.`,
      );
    case 'const':
      return valueFinding(
        path,
        `${field} must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}.`,
      );
    case 'pattern':
    case 'format':
      return valueFinding(path, `${field} is not in the expected form${e.parentSchema?.['description'] ? '' : ''}.`);
    case 'minItems':
      return valueFinding(path, `${field} needs at least ${(e.params as { limit: number }).limit} item(s).`);
    case 'uniqueItems':
      return valueFinding(path, `${field} lists the same item twice.`);
    case 'anyOf':
    case 'oneOf':
      return valueFinding(path, `${field} does not match any allowed form.`);
    default:
      return valueFinding(path, `${field}: ${e.message ?? 'is not valid'}.`);
  }
}

/** The boolean a text such as "no" or "1" stands for, as JSON; undefined for other values. */
function booleanText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  if (['true', 'yes', '1'].includes(word)) return 'true';
  if (['false', 'no', '0'].includes(word)) return 'false';
  return undefined;
}

function valueFinding(path: Path, message: string): Finding {
  return { path, on: 'value', message, code: DiagnosticCode.value, severity: Severity.Error };
}
