import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { KEPT_LISTS_MAX_BYTES, type ListStorage, writeAtomic } from '../core';

// Where the language server keeps the lists last read per environment (for while the service
// cannot be reached): one JSON file per environment in a folder of the storage the editor gives
// at initialize (VS Code: the extension's global storage). Another editor gives none: then the
// lists are kept in memory only. Owner-only, written atomically, never read past the cap.

const FOLDER = 'keptLists';

/** The folder named by initialize's `storageFolder`, when it is an absolute path. */
export function storageFolderOf(initializationOptions: unknown): string | undefined {
  const folder = (initializationOptions as { storageFolder?: unknown } | undefined)?.storageFolder;
  return typeof folder === 'string' && isAbsolute(folder) ? folder : undefined;
}

export function folderStorage(folder: () => string | undefined): ListStorage {
  const pathOf = (key: string): string | undefined => {
    const dir = folder();
    // The core's keys are hashes; anything else is refused rather than joined into a path.
    if (!/^[a-z0-9-]+$/.test(key)) throw new Error(`not a storage key: ${key}`);
    return dir && join(dir, FOLDER, `${key}.json`);
  };
  return {
    async read(key) {
      const path = pathOf(key);
      if (!path) return undefined;
      try {
        const s = await stat(path);
        if (!s.isFile()) throw new Error(`${path} is not a regular file`);
        if (s.size > KEPT_LISTS_MAX_BYTES) throw new Error(`${path} is larger than ${KEPT_LISTS_MAX_BYTES} bytes`);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
      return readFile(path, 'utf8');
    },
    async write(key, text) {
      const path = pathOf(key);
      if (path) await writeAtomic(path, text, { mode: 0o600, folderMode: 0o700 });
    },
  };
}
