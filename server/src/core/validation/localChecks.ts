import { SECRET_PLACEHOLDER, comparePaths, isPlainSecretValue, type JsonPath } from '../secrets/secrets';
import { isSecretMember } from '../secrets/rule';
import { DiagnosticCode, Severity, type Finding } from './diagnostics';
import type { FileKind } from '../document/fileKind';
import type { KeyCounts } from '../document/duplicateKeys';
import { MAX_DEPTH } from '../document/nesting';
import { checkSipCodes } from './sipCodes';
import { exactStr, isRecord } from '../api/read';
import type { TestCaseAt } from '../document/testCaseModel';

// Our rules beyond the schema, in one walk over the parsed value: the same walk checks the
// nesting depth and counts keys and colons, which lets the duplicate-key pass prove a text free
// of repeats without reading it character by character. On a 1 MB bundle the separate walks
// (secrets, depth, key count) cost more than the schema itself.

export interface LocalWalk {
  findings: Finding[];
  counts: KeyCounts;
}

/** Checks that need no service: our rules beyond the schema. */
export function localChecks(kind: FileKind, value: unknown): Finding[] {
  return walkLocal(kind, value)?.findings ?? [];
}

/**
 * The local findings and the value's key counts, or undefined when the value nests deeper than
 * MAX_DEPTH (the caller then blanks the deep part out and walks the rest).
 */
export function walkLocal(kind: FileKind, value: unknown): LocalWalk | undefined {
  const w = walker;
  w.keys = 0;
  w.colons = 0;
  w.secrets = [];
  const findings: Finding[] = [];
  if (kind === 'testCase' && isRecord(value)) {
    if (!w.testCase([], value, findings)) return undefined;
  } else if (kind === 'bundle' && Array.isArray(value)) {
    // The bundle's items: objects are test cases, anything else is only counted.
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'string') w.colons += colonsIn(item);
      else if (isRecord(item)) {
        if (!w.testCase([i], item, findings)) return undefined;
      } else if (Array.isArray(item)) {
        w.path = [i];
        if (!w.visit(item, 2, i, false, false)) return undefined;
      }
    }
  } else if (typeof value === 'string') {
    w.colons += colonsIn(value);
  } else if (typeof value === 'object' && value !== null) {
    w.path = [];
    if (!w.visit(value, 1, undefined, false, false)) return undefined;
  }
  return { findings, counts: { keys: w.keys, colons: w.colons } };
}

/** Each SIP trace filter's code list; a plain loop, since it runs for every test case on every edit. */
function sipFindings(tc: TestCaseAt, out: Finding[]): void {
  const filters = tc.value['sipTraceFilters'];
  if (!Array.isArray(filters)) return;
  for (let i = 0; i < filters.length; i++) {
    const filter: unknown = filters[i];
    const codes = isRecord(filter) ? exactStr(filter['sipMessageCodes']) : undefined;
    if (codes === undefined) continue;
    const found = checkSipCodes(codes, [...tc.path, 'sipTraceFilters', i, 'sipMessageCodes']);
    for (let k = 0; k < found.length; k++) out.push(found[k]!);
  }
}

/** Secrets must not be committed (the interface document): each one written in plain text. */
function plaintextSecret(path: JsonPath): Finding {
  return {
    path,
    on: 'value',
    message: `A secret in plain text: it must not be committed. Replace it with ${JSON.stringify(SECRET_PLACEHOLDER)}; the service keeps the real value, and import never sends the placeholder.`,
    code: DiagnosticCode.plaintextSecret,
    severity: Severity.Warning,
  };
}

function colonsIn(s: string): number {
  let n = 0;
  for (let i = s.indexOf(':'); i !== -1; i = s.indexOf(':', i + 1)) n++;
  return n;
}

// Per member name, remembered (names repeat in every step): the secret rule's answer (bit 1: a
// secret anywhere; bit 2: a secret as a member of `authParams`) and, from bit 3 up, the colons in
// the name. Cleared when it grows large (a file of 50,000 unknown keys).
const names = new Map<string, number>();

// In front of it, the last name seen per slot (by length and first letter): the same few names
// repeat in every step, and comparing a name JSON.parse made with one held here is cheap.
const recentNames: (string | undefined)[] = new Array<string | undefined>(256).fill(undefined);
const recentInfo = new Int32Array(256);

function nameInfo(key: string): number {
  const slot = (key.length * 31 + key.charCodeAt(0)) & 255;
  if (recentNames[slot] === key) return recentInfo[slot]!;
  const info = namedInfo(key);
  recentNames[slot] = key;
  recentInfo[slot] = info;
  return info;
}

function namedInfo(key: string): number {
  let info = names.get(key);
  if (info === undefined) {
    if (names.size > 5000) names.clear();
    info = (isSecretMember(key, undefined) ? 1 : 0) | (isSecretMember(key, 'authParams') ? 2 : 0) | (colonsIn(key) << 2);
    names.set(key, info);
  }
  return info;
}

/**
 * The walk's state: a class, so the counters are fields rather than captured variables. One
 * instance serves every walk (walks never overlap): when every instance of a class is collected,
 * the engine may drop its hidden class, and the compiled walk that relies on it.
 */
class Walker {
  keys = 0;
  colons = 0;
  path: (string | number)[] = [];
  secrets: JsonPath[] = [];

  /** One test case: its SIP lists, then its secrets in plain text in document order; false when too deep. */
  testCase(path: (string | number)[], value: Record<string, unknown>, findings: Finding[]): boolean {
    this.path = path;
    if (!this.visit(value, path.length + 1, undefined, true, false)) return false;
    sipFindings({ path, value }, findings);
    if (this.secrets.length > 0) {
      for (const p of this.secrets.sort(comparePaths)) findings.push(plaintextSecret(p));
      this.secrets = [];
    }
    return true;
  }

  /**
   * Visits a container at `depth` (the root is 1) that sits under `parentKey`; false when some
   * container inside is deeper than MAX_DEPTH. `inCase`: inside a test case, where secrets count;
   * `inSecret`: inside a member the secret rule names (`"password": {"old": ...}`), where every
   * string is a secret (as `secretPaths` has it).
   */
  visit(node: object, depth: number, parentKey: string | number | undefined, inCase: boolean, inSecret: boolean): boolean {
    if (depth > MAX_DEPTH) return false;
    const path = this.path;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const v: unknown = node[i];
        if (typeof v === 'string') {
          if (v.includes(':')) this.colons += colonsIn(v);
          if (inSecret && inCase && isPlainSecretValue(v)) this.secrets.push([...path, i]);
        } else if (typeof v === 'object' && v !== null) {
          path.push(i);
          const ok = this.visit(v, depth + 1, i, inCase, inSecret);
          path.pop();
          if (!ok) return false;
        }
      }
      return true;
    }
    const record = node as Record<string, unknown>;
    for (const k in record) {
      this.keys++;
      const info = nameInfo(k);
      this.colons += info >> 2;
      const secret = inSecret || (info & (parentKey === 'authParams' ? 2 : 1)) !== 0;
      const v = record[k];
      if (typeof v === 'string') {
        if (v.includes(':')) this.colons += colonsIn(v);
        if (secret && inCase && isPlainSecretValue(v)) this.secrets.push([...path, k]);
      } else if (typeof v === 'object' && v !== null) {
        path.push(k);
        const ok = this.visit(v, depth + 1, k, inCase, secret);
        path.pop();
        if (!ok) return false;
      }
    }
    return true;
  }
}

const walker = new Walker();
