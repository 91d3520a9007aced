import { lstat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isRecord } from '../base/read';
import { writeAtomic } from '../files/atomicWrite';
import { kindOf, NotARegularFileError, NotUtf8Error, readRegularText } from '../files/safeRead';
import { linkKeyProblem } from './linkPaths';
import { findSyncRoot, RootCache } from './syncRoot';
import { parseChoices, parseIdentities, type ChoiceTable, type Identity, type IdentityTable } from './identityState';
import type { SyncReferenceKind } from '../model/entityKinds';
import type { ExportedTestCase } from '../api/types';

// The sync-state file `.tas/sync.json` in the sync root (syncRoot.ts): per local test case, its home
// environment and its link (id, sync base, service time) in each environment. Meant to be
// committed: ids, hashes and base URLs only. A repository may be crafted: the file is read only
// when `.tas` is a real folder and `sync.json` a regular file (never through a link, never a
// FIFO), and a key that is not a clean relative path to a test-case file is kept as it is but
// never used, with a warning naming it (linkPaths.ts).

export interface Link {
  id: number;
  base?: string;
  updated?: string;
}

/** A link's service time: the record's `updated`, when the service gives one. */
export const updatedOf = (record: ExportedTestCase): { updated?: string } =>
  typeof record['updated'] === 'string' ? { updated: record['updated'] } : {};

export interface FileEntry {
  /** The environment the file's `id` member belongs to. */
  home: string;
  links: Record<string, Link>;
}

export interface SyncStateData {
  version: 1;
  files: Record<string, FileEntry>;
  /** Per environment, who the records the files name are (identities.ts); absent until recorded. */
  identities?: Record<string, IdentityTable>;
  /** Per home environment, per target environment, the counterparts a person chose (never a secret: ids only). */
  choices?: Record<string, Record<string, ChoiceTable>>;
}

export class StateFileError extends Error {
  constructor(
    readonly path: string,
    why: string,
  ) {
    super(`The sync state ${path} ${why}. Fix or delete it (links are then found again by name).`);
    this.name = 'StateFileError';
  }
}

export const statePath = (root: string): string => join(root, '.tas', 'sync.json');

/** `sub/a.testcase.json` or `sub/b.testcases.json#3`: the key of a local case in its root. */
export function stateKey(root: string, filePath: string, index?: number): string {
  const rel = relative(root, filePath).split(sep).join('/');
  return index === undefined ? rel : `${rel}#${index}`;
}

export function parseState(text: string, path: string): SyncStateData {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new StateFileError(path, 'is not valid JSON');
  }
  if (!isRecord(raw) || raw['version'] !== 1 || !isRecord(raw['files']))
    throw new StateFileError(path, 'is not a version 1 sync state');
  // No prototype: a key such as `__proto__` or `constructor` is a plain key.
  const files = Object.create(null) as Record<string, FileEntry>;
  for (const [key, entry] of Object.entries(raw['files'])) {
    if (!isRecord(entry) || typeof entry['home'] !== 'string' || !isRecord(entry['links'])) continue;
    const links = Object.create(null) as Record<string, Link>;
    for (const [env, link] of Object.entries(entry['links'])) {
      if (!isRecord(link) || typeof link['id'] !== 'number') continue;
      links[env] = {
        id: link['id'],
        ...(typeof link['base'] === 'string' && { base: link['base'] }),
        ...(typeof link['updated'] === 'string' && { updated: link['updated'] }),
      };
    }
    files[key] = { home: entry['home'], links };
  }
  const identities = parseIdentities(raw['identities']);
  const choices = parseChoices(raw['choices']);
  return { version: 1, files, ...(identities && { identities }), ...(choices && { choices }) };
}

/** Stable text: keys sorted at every level, 2-space indentation, trailing newline. */
export function stateText(data: SyncStateData): string {
  const sorted = (v: unknown): unknown => {
    if (!isRecord(v)) return v;
    const out = Object.create(null) as Record<string, unknown>;
    for (const k of Object.keys(v).sort()) out[k] = sorted(v[k]);
    return out;
  };
  return `${JSON.stringify(sorted(data), null, 2)}\n`;
}

/** The sync state of one root, loaded once per operation and saved once if it changed. */
export class SyncState {
  private changed = false;
  /** Keys of the file that are never used as paths, with why: said once per operation. */
  readonly refused: { key: string; why: string }[] = [];
  private readonly refusedKeys = new Set<string>();

  private constructor(
    readonly root: string,
    readonly data: SyncStateData,
  ) {
    for (const key of Object.keys(data.files)) {
      const why = linkKeyProblem(key);
      if (why) {
        this.refused.push({ key, why });
        this.refusedKeys.add(key);
      }
    }
  }

  static async load(root: string): Promise<SyncState> {
    const folder = join(root, '.tas');
    const path = statePath(root);
    const empty = () => new SyncState(root, { version: 1, files: Object.create(null) as Record<string, FileEntry> });
    // `.tas` itself must be a folder of the repository: a link would read and write elsewhere.
    const tas = await lstat(folder).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw new StateFileError(path, `cannot be read (${err.code ?? 'error'} on ${folder})`);
    });
    if (!tas) return empty();
    if (!tas.isDirectory())
      throw new StateFileError(
        path,
        `is in ${folder}, which is ${kindOf(tas)}, not a folder of the repository: it is neither read nor written`,
      );
    let text: string;
    try {
      text = await readRegularText(path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return empty();
      // Anything else is not "no links": going on would write a new file over the old one.
      if (err instanceof NotARegularFileError)
        throw new StateFileError(path, `is ${err.kind}, not a regular file: it is neither read nor written`);
      if (err instanceof NotUtf8Error) throw new StateFileError(path, `is not valid UTF-8 (byte ${err.offset})`);
      throw new StateFileError(path, `cannot be read (${code ?? 'error'})`);
    }
    return new SyncState(root, parseState(text, path));
  }

  /** Entries whose key may be used as a path (see `refused` for the others). */
  usableEntries(): [string, FileEntry][] {
    return Object.entries(this.data.files).filter(([key]) => !this.refusedKeys.has(key));
  }

  /** One sentence per refused key, naming it and the file. */
  warnings(): string[] {
    return this.refused.map(
      ({ key, why }) =>
        `The link ${JSON.stringify(key)} in ${statePath(this.root)} was ignored: it ${why}. Links name test-case files inside the sync root by a relative path with forward slashes.`,
    );
  }

  entry(key: string): FileEntry | undefined {
    return this.data.files[key];
  }

  link(key: string, env: string): Link | undefined {
    return this.data.files[key]?.links[env];
  }

  /** Sets the link of `key` in `env`; a new entry gets `home` as its home environment. */
  setLink(key: string, env: string, link: Link, home: string = env): void {
    const entry = (this.data.files[key] ??= { home, links: {} });
    const old = entry.links[env];
    if (old && old.id === link.id && old.base === link.base && old.updated === link.updated) return;
    entry.links[env] = link;
    this.changed = true;
  }

  /** Who record `id` of this kind is in `env`, as recorded. */
  identity(env: string, kind: SyncReferenceKind, id: number): Identity | undefined {
    return this.data.identities?.[env]?.[kind]?.[String(id)];
  }

  /** The ids recorded in `env` for this kind, by identity, for the way back (another environment's ids to this one's). */
  recorded(env: string, kind: SyncReferenceKind): [number, Identity][] {
    return Object.entries(this.data.identities?.[env]?.[kind] ?? {}).map(([id, who]) => [Number(id), who]);
  }

  recordIdentity(env: string, kind: SyncReferenceKind, id: number, who: Identity): void {
    const table = ((this.data.identities ??= Object.create(null) as Record<string, IdentityTable>)[env] ??= {});
    const ids = (table[kind] ??= Object.create(null) as Record<string, Identity>);
    const old = ids[String(id)];
    if (old && old.msisdn === who.msisdn && old.name === who.name) return;
    ids[String(id)] = who;
    this.changed = true;
  }

  /** The counterparts chosen in `target` for `home`'s records. */
  choices(home: string, target: string): ChoiceTable {
    return this.data.choices?.[home]?.[target] ?? {};
  }

  rememberChoice(home: string, target: string, kind: SyncReferenceKind, from: number, to: number): void {
    const targets = ((this.data.choices ??= Object.create(null) as Record<string, Record<string, ChoiceTable>>)[
      home
    ] ??= Object.create(null) as Record<string, ChoiceTable>);
    const ids = ((targets[target] ??= {})[kind] ??= Object.create(null) as Record<string, number>);
    if (ids[String(from)] === to) return;
    ids[String(from)] = to;
    this.changed = true;
  }

  dropLink(key: string, env: string): void {
    const entry = this.data.files[key];
    if (!entry?.links[env]) return;
    delete entry.links[env];
    this.changed = true;
  }

  async save(): Promise<void> {
    if (!this.changed) return;
    await writeAtomic(statePath(this.root), stateText(this.data));
    this.changed = false;
  }
}

/** Sync states by root, loaded on first use during one operation. */
export class SyncStates {
  private readonly roots = new RootCache();
  private readonly states = new Map<string, Promise<SyncState>>();

  async forFile(filePath: string): Promise<SyncState> {
    const root = await findSyncRoot(filePath, this.roots);
    let s = this.states.get(root);
    if (!s) {
      s = SyncState.load(root);
      this.states.set(root, s);
    }
    return s;
  }

  async saveAll(): Promise<void> {
    for (const s of this.states.values()) await (await s).save();
  }

  /** The warnings of every sync state loaded (refused links), each once. */
  async warnings(): Promise<string[]> {
    const out: string[] = [];
    for (const s of this.states.values()) {
      const state = await s.catch(() => undefined);
      if (state) out.push(...state.warnings());
    }
    return out;
  }
}
