import { foldName, isDeviceName } from './linkPaths';

// File names of exported test cases: from the case name, stable across exports, one distinct file
// per case. Distinct ignoring case (macOS and Windows see `Clash` and `CLASH` as one file) and
// creatable everywhere: no Windows device name (CON, NUL, COM1...), no name ending in a dot or a
// space, at most 80 characters and well under 255 bytes.

const MAX_BASE = 80;
/** Bytes of the base name; with `-<id>-<n>.testcase.json` the name stays far below 255 bytes. */
const MAX_BASE_BYTES = 180;
const SUFFIX = '.testcase.json';

/** The longest start of `text` of at most `chars` characters and `bytes` UTF-8 bytes (whole code points). */
function clip(text: string, chars: number, bytes: number): string {
  let out = '';
  let n = 0;
  let size = 0;
  for (const c of text) {
    const b = Buffer.byteLength(c);
    if (n + 1 > chars || size + b > bytes) break;
    out += c;
    n++;
    size += b;
  }
  return out;
}

/** "Login / SMS (EU)" -> "Login-SMS-EU-": letters, digits, `.`, `_`, `-`; others become one `-`. */
export function fileBaseName(name: string, max = MAX_BASE): string {
  const clean = (s: string) =>
    s
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/-{2,}/g, '-')
      // No hidden files and no names that end in a dot (Windows drops it).
      .replace(/^[.-]+/, '')
      .replace(/[.]+$/, '');
  let base = clip(clean(name.normalize('NFC')), max, MAX_BASE_BYTES).replace(/[.]+$/, '');
  if (base === '') base = 'test-case';
  // CON, nul.x, COM1: Windows opens the device instead. The first part gets a `_`.
  if (isDeviceName(base)) base = base.replace(/^[^.]*/, (first) => `${first}_`);
  return base;
}

export function fileNameWithId(name: string, id: number, n = 1): string {
  const suffix = n > 1 ? `-${id}-${n}` : `-${id}`;
  return `${fileBaseName(name, MAX_BASE - suffix.length)}${suffix}${SUFFIX}`;
}

export interface NamingInput {
  cases: { id: number; name: string }[];
  /** Case id -> file name, for cases already linked (this environment) to a file in the folder. */
  linkedFiles: ReadonlyMap<number, string>;
  /** File name -> the case id a file in the folder is linked to (-1: linked in another environment only). */
  filesLinkedTo: ReadonlyMap<string, number>;
  /** The names in the folder now: a name that differs from one of them only in case is that file. */
  present?: readonly string[];
}

/**
 * One distinct file name per case. A case linked to a file in the folder keeps it; otherwise the
 * name comes from the case name when no other case of this export wants it and no file linked to
 * another case holds it, else `<name>-<id>` (then `-<id>-2`, ... while that too is held).
 * Names are compared ignoring case; a name that differs from a file in the folder only in case
 * is that file's name (on macOS and Windows it is that file).
 */
export function assignFileNames(input: NamingInput): Map<number, string> {
  const out = new Map<number, string>();
  /** Folded name -> the case holding it (-1: a case not in this export, or another environment's). */
  const held = new Map<string, number>();
  const presentByFold = new Map((input.present ?? []).map((n) => [foldName(n), n]));
  const asPresent = (n: string) => presentByFold.get(foldName(n)) ?? n;
  const byId = [...input.cases].sort((a, b) => a.id - b.id);

  const rest: { id: number; name: string }[] = [];
  for (const c of byId) {
    const linked = input.linkedFiles.get(c.id);
    if (linked !== undefined && !held.has(foldName(linked))) {
      out.set(c.id, linked);
      held.set(foldName(linked), c.id);
    } else rest.push(c);
  }
  for (const [file, id] of input.filesLinkedTo) if (!held.has(foldName(file))) held.set(foldName(file), id);

  const free = (name: string, id: number) => {
    const h = held.get(foldName(name));
    return h === undefined || h === id;
  };
  const natural = (c: { name: string }) => `${fileBaseName(c.name)}${SUFFIX}`;
  const wanted = new Map<string, number>();
  for (const c of rest) wanted.set(foldName(natural(c)), (wanted.get(foldName(natural(c))) ?? 0) + 1);
  const later: { id: number; name: string }[] = [];
  for (const c of rest) {
    const n = natural(c);
    if (wanted.get(foldName(n)) === 1 && free(n, c.id)) {
      out.set(c.id, asPresent(n));
      held.set(foldName(n), c.id);
    } else later.push(c);
  }
  // Shared or held names: the id makes them distinct, a number more if even that is held.
  for (const c of later) {
    let n = fileNameWithId(c.name, c.id);
    for (let k = 2; !free(n, c.id) || wanted.has(foldName(n)); k++) n = fileNameWithId(c.name, c.id, k);
    out.set(c.id, asPresent(n));
    held.set(foldName(n), c.id);
  }
  return out;
}
