import type { ErrorObject } from 'ajv';
import type { Finding } from '../model/diagnostics';
import type { FileKind } from '../document/fileKind';
import { bundle, errorsRepeat, testCase } from './generated/schemaValidators';
import { findingFor } from './schemaMessages';
import { pathKey, MAX_DEPTH } from '../jsonText';
import { SCHEMAS, rootSchema } from './schemas';

// Schema diagnostics: the parsed value against the file format's schema, every error, each
// on its own node. Positions are found afterwards, and only for these findings.

/**
 * Where an error is, as the generated validators write it (scripts/schemaValidators.mjs): ""
 * for the root, else the parent's place followed by segments (a key as the object spells it, an
 * index as a number). No pointer text is made, cut up or compared.
 */
type Place = '' | readonly [Place, ...(string | number)[]];

/** An error of the generated validators: ajv's, with its place as a chain. */
export type SchemaError = Omit<ErrorObject, 'instancePath'> & { instancePath: Place };

/**
 * Compiled at build time (scripts/schemaValidators.mjs, ajv's standalone code): compiling at
 * start-up took about 0.1 s and loaded ajv's compiler into every process.
 */
const validators = { testCase, bundle } as unknown as Record<
  FileKind,
  { (value: unknown): boolean; errors?: SchemaError[] | null }
>;

/** The segments of a place, root first, and the value there. */
function placeOf(at: Place, root: unknown): { path: (string | number)[]; value: unknown } {
  let n = 0;
  for (let p = at; p !== ''; p = p[0]) n += p.length - 1;
  const path = new Array<string | number>(n);
  for (let p = at, k = n; p !== ''; p = p[0])
    for (let j = p.length - 1; j >= 1; j--) path[--k] = p[j] as string | number;
  let node = root;
  for (let d = 0; d < n; d++) {
    let seg = path[d]!;
    // A literal index in the schema's code (prefixItems) is written as text: the path says items by number.
    if (typeof seg === 'string' && Array.isArray(node)) path[d] = seg = Number(seg);
    node = (node as Record<string | number, unknown> | undefined)?.[seg];
  }
  return { path, value: node };
}

/** Whether `path` begins with `head` (its own node included). */
const startsWith = (path: readonly (string | number)[], head: readonly (string | number)[]): boolean => {
  if (head.length > path.length) return false;
  // From the end: paths of one file share their beginnings.
  for (let k = head.length - 1; k >= 0; k--) if (path[k] !== head[k]) return false;
  return true;
};

const samePath = (a: readonly (string | number)[], b: readonly (string | number)[]): boolean =>
  a.length === b.length && startsWith(a, b);

/** Up to this many errors, a repeated complaint is looked for one by one; past it, by node in a map. */
const FEW_ERRORS = 32;

/**
 * The complaints kept so far, to keep the same complaint about the same node, reached through
 * two schema branches, once. Few errors are compared one by one (keyword first, then node, then
 * detail): no map keyed by a path text made for this call. One instance serves every
 * validation: when every instance of a class is collected, the engine may drop its hidden
 * class, and the compiled validation that relies on it (as a full collection did to this one).
 */
class Complaints {
  private errors: SchemaError[] = [];
  private paths: (string | number)[][] = [];
  private byNode: Map<string, SchemaError[]> | undefined = undefined;

  reset(): void {
    this.errors.length = 0;
    this.paths.length = 0;
    this.byNode = undefined;
  }

  /** False when the same complaint about the node at `path` is already kept; keeps it otherwise. */
  add(e: SchemaError, path: (string | number)[]): boolean {
    const byNode = this.byNode;
    if (byNode === undefined) {
      const errors = this.errors;
      const paths = this.paths;
      for (let k = 0; k < errors.length; k++) {
        const b = errors[k]!;
        if (b.keyword === e.keyword && samePath(paths[k]!, path) && detail(b) === detail(e)) return false;
      }
      errors.push(e);
      paths.push(path);
      if (errors.length > FEW_ERRORS) {
        const map = new Map<string, SchemaError[]>();
        for (let k = 0; k < errors.length; k++) {
          const key = pathKey(paths[k]!);
          const same = map.get(key);
          if (same === undefined) map.set(key, [errors[k]!]);
          else same.push(errors[k]!);
        }
        this.byNode = map;
      }
      return true;
    }
    const key = pathKey(path);
    const same = byNode.get(key);
    if (same === undefined) {
      byNode.set(key, [e]);
      return true;
    }
    for (let k = 0; k < same.length; k++)
      if (same[k]!.keyword === e.keyword && detail(same[k]!) === detail(e)) return false;
    same.push(e);
    return true;
  }
}

// The field names the schema allows at a path, remembered per kind and path shape (array
// indexes do not change the schema): the schema walk is costly next to a message. Cleared when
// large (unknown keys nested in unknown keys make many shapes).
const allowed = new Map<string, string[]>();

function allowedAt(kind: FileKind, path: (string | number)[]): string[] {
  const k = `${kind}\u0000${pathKey(path.map((seg) => (typeof seg === 'number' ? 0 : seg)))}`;
  let keys = allowed.get(k);
  if (!keys) {
    if (allowed.size > 1000) allowed.clear();
    allowed.set(k, (keys = Object.keys(SCHEMAS.propertiesAt(rootSchema(kind), path))));
  }
  return keys;
}

/** Our own rule checks sipMessageCodes with a precise message, so its pattern error is dropped. */
const coveredElsewhere = (e: SchemaError): boolean => {
  const at = e.instancePath;
  return e.keyword === 'pattern' && at !== '' && at[at.length - 1] === 'sipMessageCodes';
};

const isSummary = (e: SchemaError): boolean => e.keyword === 'anyOf' || e.keyword === 'oneOf';

/**
 * The schema findings, at most `limit` of them, and how many more there are. ajv reports every
 * error (50,000 unknown keys: 50,000 errors, in some tens of milliseconds); messages, "did you
 * mean" and positions are the costly part, so they are made for the reported findings only.
 * Findings deeper than MAX_DEPTH are about the stand-in for a value too deep to read: dropped.
 */
export function validateSchema(
  kind: FileKind,
  value: unknown,
  limit = Infinity,
): { findings: Finding[]; omitted: number } {
  const validate = validators[kind];
  if (validate(value)) return { findings: [], omitted: 0 };
  const errors = validate.errors ?? [];
  // An anyOf/oneOf reports its branches too; the summary on the same node is enough.
  let summarized: (string | number)[][] | undefined;
  for (const e of errors) if (isSummary(e)) (summarized ??= []).push(placeOf(e.instancePath, value).path);
  const allowedKeys = (p: (string | number)[]) => allowedAt(kind, p);
  complaints.reset();
  const findings: Finding[] = [];
  let omitted = 0;
  for (const e of errors) {
    if (coveredElsewhere(e)) continue;
    // The place is found once: here when summaries need it, else only for the errors reported.
    let place = summarized !== undefined && !isSummary(e) ? placeOf(e.instancePath, value) : undefined;
    if (place !== undefined && underSummary(place.path, summarized!)) continue;
    // Past the limit only counted: the same complaint reached through two schema branches (rare)
    // may then count twice.
    if (findings.length >= limit) {
      omitted++;
      continue;
    }
    place ??= placeOf(e.instancePath, value);
    const { path, value: at } = place;
    // Looked for only where the schemas can repeat a complaint (scripts/schemaValidators.mjs).
    if (errorsRepeat && !complaints.add(e, path)) continue;
    if (path.length >= MAX_DEPTH) continue;
    const f = findingFor(e, path, at, allowedKeys, kind === 'bundle' ? 'The bundle' : 'The test case');
    if (f) findings.push(f);
  }
  // The errors are not kept past the validation.
  complaints.reset();
  return { findings, omitted };
}

const complaints = new Complaints();

/** What tells two complaints of one keyword about one node apart. */
function detail(e: SchemaError): string {
  const p = e.params as { additionalProperty?: string; missingProperty?: string; type?: string | string[] };
  return p.additionalProperty ?? p.missingProperty ?? String(p.type ?? '');
}

/** Whether the node at `path`, or one of its ancestors, has an anyOf/oneOf summary. */
function underSummary(
  path: readonly (string | number)[],
  summarized: readonly (readonly (string | number)[])[],
): boolean {
  return summarized.some((s) => startsWith(path, s));
}
