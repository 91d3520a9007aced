import type { TextDocument } from '../text/textDocument';
import { DiagnosticCode, Severity, type Finding } from '../model/diagnostics';
import type { FileKind } from '../document/fileKind';
import { toDiagnostics } from '../jsonText';
import { itemsOf, testCasesIn } from '../document/testCaseModel';
import { isRecord } from '../base/read';
import { closest } from '../validation/schemaMessages';
import { SCHEMAS, rootSchema } from '../validation/schemas';
import type { FunctionInfo } from './recordInfo';

// Steps against the service's own description of each step function (GET functionparams):
// required parameters present, no parameter the function lacks, values of the declared type, and
// the function itself known. Only a 404 makes a function unknown; any other failure leaves its
// steps "not verified", a note and never an error. Runs after the schema, beside the references.

/** What the service said of each function a document names. */
export type FunctionAnswers = Map<string, { info: FunctionInfo } | { unknown: true } | { failed: string }>;

/** The function names a document's steps use. */
export function functionsNamed(kind: FileKind, value: unknown): Set<string> {
  const names = new Set<string>();
  for (const tc of testCasesIn(kind, value)) {
    for (const step of itemsOf(tc, 'testStepList')) {
      const fn = step.value['function'];
      if (typeof fn === 'string' && fn !== '') names.add(fn);
    }
  }
  return names;
}

/** The step functions the schema lists (its examples): candidates the service confirms. */
export function schemaFunctionNames(): string[] {
  const s = SCHEMAS.at(rootSchema('testCase'), ['testStepList', 0, 'function']);
  return (s?.examples ?? []).filter((x): x is string => typeof x === 'string');
}

/** Each name's answer from `lookup` (undefined: the service does not know it), asked at once; the cache makes it one request per name. */
export async function askFunctions(
  names: Iterable<string>,
  lookup: (name: string) => Promise<FunctionInfo | undefined>,
  reason: (err: unknown) => string,
): Promise<FunctionAnswers> {
  const out: FunctionAnswers = new Map();
  await Promise.all(
    [...names].map(async (name) => {
      try {
        const info = await lookup(name);
        out.set(name, info ? { info } : { unknown: true });
      } catch (err) {
        out.set(name, { failed: reason(err) });
      }
    }),
  );
  return out;
}

/** The JSON type of a value as the service's parameter types name them. */
function fits(type: string | undefined, v: unknown): boolean {
  switch (type?.toLowerCase()) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
    case 'int':
    case 'long':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
    case 'double':
    case 'float':
      return typeof v === 'number';
    case 'boolean':
      return typeof v === 'boolean';
    default:
      // A type we do not know is not a reason to call a value wrong.
      return true;
  }
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'an integer' : 'a number';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/** The findings for every step of the document, given the service's answers and the known function names. */
export function checkStepFunctions(
  kind: FileKind,
  value: unknown,
  answers: FunctionAnswers,
  known: readonly string[],
): Finding[] {
  const out: Finding[] = [];
  for (const tc of testCasesIn(kind, value)) {
    for (const step of itemsOf(tc, 'testStepList')) {
      const fn = step.value['function'];
      if (typeof fn !== 'string' || fn === '') continue;
      const answer = answers.get(fn);
      if (!answer) continue;
      const at = [...step.path, 'function'];
      if ('failed' in answer) {
        out.push({
          path: at,
          on: 'value',
          message: `Step function '${fn}' not verified: ${answer.failed.replace(/\.$/, '')}.`,
          code: DiagnosticCode.notVerified,
          severity: Severity.Information,
        });
        continue;
      }
      if ('unknown' in answer) {
        const suggestion = closest(
          fn,
          known.filter((k) => k !== fn),
        );
        out.push({
          path: at,
          on: 'value',
          message: `The service has no step function '${fn}'.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`,
          code: DiagnosticCode.unknownFunction,
          severity: Severity.Error,
          ...(suggestion && { data: { replacement: suggestion } }),
        });
        continue;
      }
      const info = answer.info;
      const params = isRecord(step.value['params']) ? step.value['params'] : undefined;
      const declared = new Map(info.params.map((p) => [p.name, p]));
      for (const p of info.params) {
        if (p.required && !(params && p.name in params)) {
          out.push({
            path: params ? [...step.path, 'params'] : at,
            on: 'key',
            message: `${fn} requires the parameter '${p.name}'${p.type ? ` (${p.type})` : ''}.`,
            code: DiagnosticCode.missingParameter,
            severity: Severity.Error,
            data: { missing: p.name },
          });
        }
      }
      for (const [name, v] of Object.entries(params ?? {})) {
        const p = declared.get(name);
        if (!p) {
          const suggestion = closest(
            name,
            [...declared.keys()].filter((k) => !(params && k in params)),
          );
          out.push({
            path: [...step.path, 'params', name],
            on: 'key',
            message: `${fn} has no parameter '${name}'.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`,
            code: DiagnosticCode.unknownParameter,
            severity: Severity.Warning,
            ...(suggestion && { data: { suggestion } }),
          });
        } else if (!fits(p.type, v)) {
          out.push({
            path: [...step.path, 'params', name],
            on: 'value',
            message: `'${name}' of ${fn} must be ${p.type === 'integer' ? 'an integer' : `a ${p.type}`}, not ${kindOf(v)}.`,
            code: DiagnosticCode.parameterType,
            severity: Severity.Error,
          });
        }
      }
    }
  }
  return out;
}

/** The step-function diagnostics of a document, at most `maxProblems`. */
export function analyzeStepFunctions(
  doc: TextDocument,
  kind: FileKind,
  value: unknown,
  answers: FunctionAnswers,
  known: readonly string[],
  maxProblems = Infinity,
) {
  const findings = checkStepFunctions(kind, value, answers, known);
  const kept = findings.slice(0, maxProblems);
  return { diagnostics: toDiagnostics(doc, kept), omitted: findings.length - kept.length };
}

/**
 * The functions the service is known to have: the schema's list and the names seen in this
 * environment's documents, each confirmed by its own functionparams answer (cached per name).
 */
export async function knownFunctions(source: {
  seenFunctions: ReadonlySet<string>;
  functionInfo(name: string): Promise<FunctionInfo | undefined>;
}): Promise<FunctionInfo[]> {
  const names = new Set([...schemaFunctionNames(), ...source.seenFunctions]);
  const answers = await askFunctions(
    names,
    (n) => source.functionInfo(n),
    () => '',
  );
  return [...answers.values()]
    .flatMap((a) => ('info' in a ? [a.info] : []))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Where the step checks get their answers: the reference cache. */
export interface FunctionSource {
  seenFunctions: Set<string>;
  functionInfo(name: string): Promise<FunctionInfo | undefined>;
  reason(err: unknown): string;
}

/**
 * The step-function diagnostics of a document, asking the service (through the cache) about each
 * function it names; online only: offline the references' one "not verified" note says it all.
 */
export async function stepFunctionProblems(
  doc: TextDocument,
  kind: FileKind,
  value: unknown,
  source: FunctionSource,
  online: boolean,
  maxProblems = Infinity,
) {
  const names = functionsNamed(kind, value);
  for (const n of names) source.seenFunctions.add(n);
  if (!online || names.size === 0) return { diagnostics: [], omitted: 0 };
  const answers = await askFunctions(
    names,
    (n) => source.functionInfo(n),
    (e) => source.reason(e),
  );
  const unknown = [...answers.values()].some((a) => 'unknown' in a);
  const known = unknown ? (await knownFunctions(source)).map((f) => f.name) : [];
  return analyzeStepFunctions(doc, kind, value, answers, known, maxProblems);
}
