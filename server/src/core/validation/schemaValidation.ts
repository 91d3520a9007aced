import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Finding } from './diagnostics';
import type { FileKind } from '../document/fileKind';
import { bundle, testCase } from './generated/schemaValidators';
import { findingFor } from './schemaMessages';
import { pathKey } from '../document/jsonLocator';
import { MAX_DEPTH } from '../document/nesting';
import { SCHEMAS, rootSchema } from './schemas';

// Schema diagnostics: the parsed value against the file format's schema, every error, each
// on its own node. Positions are found afterwards, and only for these findings.

/**
 * Compiled at build time (scripts/schemaValidators.mjs, ajv's standalone code): compiling at
 * start-up took about 0.1 s and loaded ajv's compiler into every process.
 */
const validators = { testCase, bundle } as unknown as Record<FileKind, ValidateFunction>;

/**
 * Splits an ajv instancePath into segments (numbers where the value is an array) and finds the
 * value. Read with indexOf rather than split: this runs once per error, and a file may have many.
 */
function resolvePointer(pointer: string, root: unknown): { path: (string | number)[]; value: unknown } {
  const path: (string | number)[] = [];
  let node = root;
  const n = pointer.length;
  for (let from = 1; from <= n; ) {
    let to = pointer.indexOf('/', from);
    if (to === -1) to = n;
    if (Array.isArray(node)) {
      // ajv writes array indexes as plain decimal digits.
      let index = 0;
      for (let i = from; i < to; i++) index = index * 10 + pointer.charCodeAt(i) - 0x30;
      path.push(index);
      node = node[index];
    } else {
      // A name met lately is compared as text (equal text, equal key), not looked up by a new string.
      const raw = pointer.slice(from, to);
      const slot = (raw.length * 31 + raw.charCodeAt(0)) & 255;
      const recent = recentKeys[slot];
      let part: string;
      if (recent === raw) part = recent;
      else {
        const escaped = raw.includes('~');
        part = ownKey(node, escaped ? raw.replace(/~1/g, '/').replace(/~0/g, '~') : raw);
        if (!escaped) recentKeys[slot] = part;
      }
      path.push(part);
      node = (node as Record<string, unknown> | undefined)?.[part];
    }
    from = to + 1;
  }
  return { path, value: node };
}

/**
 * The object's own spelling of `key` when it has few keys: a property read with a key string just
 * cut from a pointer costs a lookup in the engine's table of names; one the object holds does not.
 * Found spellings are remembered by text (the same few field names fail in every step).
 */
function ownKey(node: unknown, key: string): string {
  const known = spellings.get(key);
  if (known !== undefined) return known;
  if (typeof node !== 'object' || node === null) return key;
  let n = 0;
  for (const k in node) {
    if (k === key) {
      if (spellings.size > 1000) spellings.clear();
      spellings.set(key, k);
      return k;
    }
    if (++n === 16) break;
  }
  return key;
}

const spellings = new Map<string, string>();

/** The last name met per slot (by length and first letter), as the pointer spells it. */
const recentKeys: (string | undefined)[] = new Array<string | undefined>(256).fill(undefined);

/** Up to this many errors, a repeated complaint is looked for one by one; past it, by node in a map. */
const FEW_ERRORS = 32;

/**
 * The complaints kept so far, to keep the same complaint about the same node, reached through
 * two schema branches, once. Few errors are compared one by one (keyword first, then node, then
 * detail): no map keyed by a pointer text made for this call. One instance serves every
 * validation: when every instance of a class is collected, the engine may drop its hidden
 * class, and the compiled validation that relies on it (as a full collection did to this one).
 */
class Complaints {
  private list: ErrorObject[] = [];
  private byNode: Map<string, ErrorObject[]> | undefined = undefined;

  reset(): void {
    this.list.length = 0;
    this.byNode = undefined;
  }

  /** False when the same complaint about the same node is already kept; keeps it otherwise. */
  add(e: ErrorObject): boolean {
    const byNode = this.byNode;
    if (byNode === undefined) {
      const list = this.list;
      for (let k = 0; k < list.length; k++) {
        const b = list[k]!;
        if (b.keyword === e.keyword && b.instancePath === e.instancePath && detail(b) === detail(e)) return false;
      }
      list.push(e);
      if (list.length > FEW_ERRORS) {
        const map = new Map<string, ErrorObject[]>();
        for (let k = 0; k < list.length; k++) {
          const b = list[k]!;
          const same = map.get(b.instancePath);
          if (same === undefined) map.set(b.instancePath, [b]);
          else same.push(b);
        }
        this.byNode = map;
      }
      return true;
    }
    const same = byNode.get(e.instancePath);
    if (same === undefined) {
      byNode.set(e.instancePath, [e]);
      return true;
    }
    for (let k = 0; k < same.length; k++) if (same[k]!.keyword === e.keyword && detail(same[k]!) === detail(e)) return false;
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
const coveredElsewhere = (e: ErrorObject) => e.keyword === 'pattern' && e.instancePath.endsWith('/sipMessageCodes');

/**
 * The schema findings, at most `limit` of them, and how many more there are. ajv reports every
 * error (50,000 unknown keys: 50,000 errors, in some tens of milliseconds); messages, "did you
 * mean" and positions are the costly part, so they are made for the reported findings only.
 * Findings deeper than MAX_DEPTH are about the stand-in for a value too deep to read: dropped.
 */
export function validateSchema(kind: FileKind, value: unknown, limit = Infinity): { findings: Finding[]; omitted: number } {
  const validate = validators[kind];
  if (validate(value)) return { findings: [], omitted: 0 };
  const errors = validate.errors ?? [];
  // An anyOf/oneOf reports its branches too; the summary on the same node is enough.
  const summarized = new Set<string>();
  for (const e of errors) if (e.keyword === 'anyOf' || e.keyword === 'oneOf') summarized.add(e.instancePath);
  const allowedKeys = (p: (string | number)[]) => allowedAt(kind, p);
  complaints.reset();
  const findings: Finding[] = [];
  let omitted = 0;
  for (const e of errors) {
    if (coveredElsewhere(e)) continue;
    if (summarized.size > 0 && e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && underSummary(e.instancePath, summarized)) continue;
    // Past the limit only counted: the same complaint reached through two schema branches (rare)
    // may then count twice.
    if (findings.length >= limit) {
      omitted++;
      continue;
    }
    const { path, value: at } = resolvePointer(e.instancePath, value);
    if (!complaints.add(e)) continue;
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
function detail(e: ErrorObject): string {
  const p = e.params as { additionalProperty?: string; missingProperty?: string; type?: string | string[] };
  return p.additionalProperty ?? p.missingProperty ?? String(p.type ?? '');
}

/** Whether the node at `pointer`, or one of its ancestors, has an anyOf/oneOf summary. */
function underSummary(pointer: string, summarized: Set<string>): boolean {
  for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
    if (summarized.has(p)) return true;
    if (p === '') return false;
  }
}
