// File names of exported test cases: from the case name, stable across exports, unique in the folder.

const MAX_BASE = 80;

/** "Login / SMS (EU)" -> "Login-SMS-EU-": letters, digits, `.`, `_`, `-`; others become one `-`. */
export function fileBaseName(name: string): string {
  const base = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/-{2,}/g, '-')
    // No hidden files and no names that end in a dot (Windows drops it).
    .replace(/^[.-]+/, '')
    .replace(/[.]+$/, '');
  return (base === '' ? 'test-case' : base).slice(0, MAX_BASE);
}

export function fileNameWithId(name: string, id: number): string {
  const suffix = `-${id}`;
  return `${fileBaseName(name).slice(0, MAX_BASE - suffix.length)}${suffix}.testcase.json`;
}

export interface NamingInput {
  cases: { id: number; name: string }[];
  /** Case id -> file name, for cases already linked (this environment) to a file in the folder. */
  linkedFiles: ReadonlyMap<number, string>;
  /** File name -> the case id a file in the folder is linked to (any link this environment knows). */
  filesLinkedTo: ReadonlyMap<string, number>;
}

/**
 * One file name per case. A case linked to a file in the folder keeps it; otherwise the name
 * comes from the case name, with `-<id>` when two cases of this export would share it or a file
 * linked to another case holds it.
 */
export function assignFileNames(input: NamingInput): Map<number, string> {
  const out = new Map<number, string>();
  const wanted = new Map<string, number>();
  for (const c of input.cases) {
    if (input.linkedFiles.has(c.id)) continue;
    const n = `${fileBaseName(c.name)}.testcase.json`;
    wanted.set(n, (wanted.get(n) ?? 0) + 1);
  }
  const kept = new Set(input.cases.flatMap((c) => input.linkedFiles.get(c.id) ?? []));
  for (const c of input.cases) {
    const linked = input.linkedFiles.get(c.id);
    if (linked !== undefined) {
      out.set(c.id, linked);
      continue;
    }
    const n = `${fileBaseName(c.name)}.testcase.json`;
    const holder = input.filesLinkedTo.get(n);
    const shared = (wanted.get(n) ?? 0) > 1 || kept.has(n) || (holder !== undefined && holder !== c.id);
    out.set(c.id, shared ? fileNameWithId(c.name, c.id) : n);
  }
  return out;
}
