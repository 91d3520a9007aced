import { readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { isRecord } from '../api/read';
import { writeAtomic } from '../files/atomicWrite';

// The sync-state file `.tas/sync.json` in the sync root: per local test case, its home
// environment and its link (id, sync base, service time) in each environment. Meant to be
// committed: ids, hashes and base URLs only.

export interface Link {
  id: number;
  base?: string;
  updated?: string;
}

export interface FileEntry {
  /** The environment the file's `id` member belongs to. */
  home: string;
  links: Record<string, Link>;
}

export interface SyncStateData {
  version: 1;
  files: Record<string, FileEntry>;
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

/** `.tas` must be a folder; `.git` may be a file too (a worktree's). */
const exists = async (path: string, mustBeFolder: boolean): Promise<boolean> => {
  try {
    const found = await stat(path);
    return !mustBeFolder || found.isDirectory();
  } catch {
    return false;
  }
};

/** Per folder: the nearest `.tas` folder at or above it, and the nearest `.git`. */
interface Markers {
  tas?: string;
  git?: string;
}

function markersOf(dir: string, cache: Map<string, Promise<Markers>>): Promise<Markers> {
  let found = cache.get(dir);
  if (!found) {
    found = (async () => {
      const parent = dirname(dir);
      // The folder's own markers and its parent's are looked up at once; a parent shared by many
      // folders (a repository of test cases) is looked up once.
      const [tas, git, above] = await Promise.all([
        exists(join(dir, '.tas'), true),
        exists(join(dir, '.git'), false),
        parent === dir ? Promise.resolve<Markers>({}) : markersOf(parent, cache),
      ]);
      return { tas: tas ? dir : above.tas, git: git ? dir : above.git };
    })();
    cache.set(dir, found);
  }
  return found;
}

/**
 * The sync root of a file: the nearest ancestor folder holding `.tas`, else the nearest holding
 * `.git`, else the file's own folder. `cache` keeps the folders already looked at (share it
 * between the files of one run).
 */
export async function findSyncRoot(filePath: string, cache: Map<string, Promise<Markers>> = new Map()): Promise<string> {
  const start = dirname(filePath);
  const { tas, git } = await markersOf(start, cache);
  return tas ?? git ?? start;
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
  if (!isRecord(raw) || raw['version'] !== 1 || !isRecord(raw['files'])) throw new StateFileError(path, 'is not a version 1 sync state');
  const files: Record<string, FileEntry> = {};
  for (const [key, entry] of Object.entries(raw['files'])) {
    if (!isRecord(entry) || typeof entry['home'] !== 'string' || !isRecord(entry['links'])) continue;
    const links: Record<string, Link> = {};
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
  return { version: 1, files };
}

/** Stable text: keys sorted at every level, 2-space indentation, trailing newline. */
export function stateText(data: SyncStateData): string {
  const sorted = (v: unknown): unknown => {
    if (!isRecord(v)) return v;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = sorted(v[k]);
    return out;
  };
  return `${JSON.stringify(sorted(data), null, 2)}\n`;
}

/** The sync state of one root, loaded once per operation and saved once if it changed. */
export class SyncState {
  private changed = false;

  private constructor(
    readonly root: string,
    readonly data: SyncStateData,
  ) {}

  static async load(root: string): Promise<SyncState> {
    const path = statePath(root);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      return new SyncState(root, { version: 1, files: {} });
    }
    return new SyncState(root, parseState(text, path));
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
  private readonly roots = new Map<string, Promise<Markers>>();
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
}
