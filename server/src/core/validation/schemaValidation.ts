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
      const raw = pointer.slice(from, to);
      const part = ownKey(node, raw.includes('~') ? raw.replace(/~1/g, '/').replace(/~0/g, '~') : raw);
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
  // Errors kept, by node (one, or a list when a node has several): compared field by field, so
  // no key text is made per error.
  const seen = new Map<string, ErrorObject | ErrorObject[]>();
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
    // The same complaint about the same node, reached through two schema branches, once.
    const before = seen.get(e.instancePath);
    if (before === undefined) seen.set(e.instancePath, e);
    else {
      const kept = Array.isArray(before) ? before : [before];
      if (kept.some((b) => b.keyword === e.keyword && detail(b) === detail(e))) continue;
      kept.push(e);
      if (kept !== before) seen.set(e.instancePath, kept);
    }
    if (path.length >= MAX_DEPTH) continue;
    const f = findingFor(e, path, at, allowedKeys, kind === 'bundle' ? 'The bundle' : 'The test case');
    if (f) findings.push(f);
  }
  return { findings, omitted };
}

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
