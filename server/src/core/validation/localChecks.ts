import { SECRET_PLACEHOLDER, comparePaths, isPlainSecretValue, type JsonPath } from '../secrets/secrets';
import { isSecretMember } from '../secrets/rule';
import { DiagnosticCode, Severity, type Finding } from '../model/diagnostics';
import type { FileKind } from '../document/fileKind';
import { type KeyCounts, MAX_DEPTH } from '../jsonText';
import { checkSipCodes, cleanSipCodes } from './sipCodes';
import { exactStr, isRecord } from '../base/read';
import type { TestCaseAt } from '../document/testCaseModel';

// Our rules beyond the schema, in one walk over the parsed value: the same walk checks the
// nesting depth and counts keys, which lets the duplicate-key pass prove a text free of repeats
// without reading it character by character. On a 1 MB bundle the separate walks
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
  w.secrets = [];
  const findings: Finding[] = [];
  if (kind === 'testCase' && isRecord(value)) {
    if (!w.testCase([], value, findings)) return undefined;
  } else if (kind === 'bundle' && Array.isArray(value)) {
    // The bundle's items: objects are test cases; lists are only walked (depth, keys).
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (isRecord(item)) {
        if (!w.testCase([i], item, findings)) return undefined;
      } else if (Array.isArray(item)) {
        w.path = [i];
        if (!w.visit(item, 2, NONE)) return undefined;
      }
    }
  } else if (typeof value === 'object' && value !== null) {
    w.path = [];
    if (!w.visit(value, 1, NONE)) return undefined;
  }
  return { findings, counts: { keys: w.keys } };
}

/** Each SIP trace filter's code list; a plain loop, since it runs for every test case on every edit. */
function sipFindings(tc: TestCaseAt, out: Finding[]): void {
  const filters = tc.value['sipTraceFilters'];
  if (!Array.isArray(filters)) return;
  for (let i = 0; i < filters.length; i++) {
    const filter: unknown = filters[i];
    const codes = isRecord(filter) ? exactStr(filter['sipMessageCodes']) : undefined;
    // The usual list is clean: no path is made for it.
    if (codes === undefined || cleanSipCodes(codes)) continue;
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

// Where a walk is, as one number: which bit of a member name's info makes its value a secret.
// Outside a test case nothing is (NONE); inside a member the rule names (`"password": {"old":
// ...}`) every string is (ALL, as `secretPaths` has it); elsewhere the name decides, by itself
// (NAMED) or as a member of `authParams` (AUTH_PARAM). Names are looked up only where that
// matters (a text or a container as the value, inside a test case): the lookup is a third of the walk.
const NONE = 0;
const NAMED = 1;
const AUTH_PARAM = 2;
const ALL = 4;

// Per member name, remembered (names repeat in every step): the secret rule's answer (NAMED: a
// secret anywhere; AUTH_PARAM: a secret as a member of `authParams`). Cleared when it grows
// large (a file of 50,000 unknown keys).
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
    info = (isSecretMember(key, undefined) ? NAMED : 0) | (isSecretMember(key, 'authParams') ? AUTH_PARAM : 0);
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
  path: (string | number)[] = [];
  secrets: JsonPath[] = [];

  /** One test case: its SIP lists, then its secrets in plain text in document order; false when too deep. */
  testCase(path: (string | number)[], value: Record<string, unknown>, findings: Finding[]): boolean {
    this.path = path;
    if (!this.visit(value, path.length + 1, NAMED)) return false;
    sipFindings({ path, value }, findings);
    if (this.secrets.length > 0) {
      for (const p of this.secrets.sort(comparePaths)) findings.push(plaintextSecret(p));
      this.secrets = [];
    }
    return true;
  }

  /**
   * Visits a container at `depth` (the root is 1) where `secret` says which strings are secrets
   * (NONE, NAMED, AUTH_PARAM or ALL); false when some container inside is deeper than MAX_DEPTH.
   * Keys are counted in a local and added once per object.
   */
  visit(node: object, depth: number, secret: number): boolean {
    if (depth > MAX_DEPTH) return false;
    const path = this.path;
    if (Array.isArray(node)) {
      // An item's place names no secret: inside a named member all stays secret, elsewhere names decide.
      const inner = secret === AUTH_PARAM ? NAMED : secret;
      for (let i = 0; i < node.length; i++) {
        const v: unknown = node[i];
        if (typeof v === 'string') {
          if (secret === ALL && isPlainSecretValue(v)) this.secrets.push([...path, i]);
        } else if (typeof v === 'object' && v !== null) {
          path.push(i);
          const ok = this.visit(v, depth + 1, inner);
          path.pop();
          if (!ok) return false;
        }
      }
      return true;
    }
    const record = node as Record<string, unknown>;
    let keys = 0;
    for (const k in record) {
      keys++;
      const v = record[k];
      if (typeof v === 'string') {
        if (secret !== NONE && (secret === ALL || (nameInfo(k) & secret) !== 0) && isPlainSecretValue(v))
          this.secrets.push([...path, k]);
      } else if (typeof v === 'object' && v !== null) {
        path.push(k);
        const inner =
          secret === NONE
            ? NONE
            : secret === ALL || (nameInfo(k) & secret) !== 0
              ? ALL
              : k === 'authParams'
                ? AUTH_PARAM
                : NAMED;
        const ok = this.visit(v, depth + 1, inner);
        path.pop();
        if (!ok) return false;
      }
    }
    this.keys += keys;
    return true;
  }
}

const walker = new Walker();
