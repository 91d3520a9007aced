import { realpathSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

// Where a file's links live: its sync root, the folder whose `.tas/sync.json` holds them. The
// root never lies above the repository: a `.tas` folder counts only at or below the nearest
// `.git` (a folder, or a file in a worktree or submodule). Outside any repository a `.tas` folder
// in the home folder, the system's temporary folder or above them never counts: one made there
// (one `tas export` in the home folder) would gather the links of every folder below it.

/** The folders whose `.tas`, and their ancestors', never count outside a repository. */
export interface RootLimits {
  /** Absolute paths: the home folder and the temporary folder, as given and with links resolved. */
  readonly barriers: readonly string[];
}

const realOrSelf = (path: string): string => {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
};

/** Limits from these folders; both spellings of each (a link such as macOS's /var -> /private/var). */
export function rootLimits(folders: string[]): RootLimits {
  const all = folders.filter((f) => f !== '').map((f) => resolve(f));
  return { barriers: [...new Set([...all, ...all.map(realOrSelf)])] };
}

/** The one place the process's home and temporary folders are read (HOME and TMPDIR on POSIX). */
export const systemLimits = (): RootLimits => rootLimits([homedir(), tmpdir()]);

/** Whether `dir` is one of the barriers or above one. */
function barred(dir: string, limits: RootLimits): boolean {
  return limits.barriers.some((b) => {
    const rel = relative(dir, b);
    return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
  });
}

/** `.tas` must be a folder; `.git` may be a file too (a worktree's, a submodule's). */
const exists = async (path: string, mustBeFolder: boolean): Promise<boolean> => {
  try {
    const found = await stat(path);
    return !mustBeFolder || found.isDirectory();
  } catch {
    return false;
  }
};

/** Per folder: the nearest usable `.tas` folder at or above it, and the nearest `.git`. */
interface Markers {
  tas?: string;
  git?: string;
}

/** The folders already looked at, shared by the lookups of one operation, and the limits they use. */
export class RootCache {
  readonly markers = new Map<string, Promise<Markers>>();
  constructor(readonly limits: RootLimits = systemLimits()) {}
}

function markersOf(dir: string, cache: RootCache): Promise<Markers> {
  let found = cache.markers.get(dir);
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
      // The repository's top: nothing above it counts for its files.
      if (git) return { git: dir, ...(tas && { tas: dir }) };
      const usable = tas && (above.git !== undefined || !barred(dir, cache.limits));
      return {
        ...(usable ? { tas: dir } : above.tas !== undefined && { tas: above.tas }),
        ...(above.git !== undefined && { git: above.git }),
      };
    })();
    cache.markers.set(dir, found);
  }
  return found;
}

/**
 * The sync root of a file: the nearest folder above it holding a usable `.tas` folder (see the
 * top of this file), else the repository's top (the nearest holding `.git`), else the file's own
 * folder. `cache` keeps the folders already looked at (share it between the files of one run).
 */
export async function findSyncRoot(filePath: string, cache: RootCache = new RootCache()): Promise<string> {
  const start = dirname(filePath);
  const { tas, git } = await markersOf(start, cache);
  return tas ?? git ?? start;
}
