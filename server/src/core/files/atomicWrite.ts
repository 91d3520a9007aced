import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { renamePath, writeText } from './fastFs';

// The one way the product writes a file (test cases, sync state, JUnit reports, tas profiles):
// never half-written. A temporary file in the same folder (same file system, so the rename is
// atomic), then renamed over the target: a reader sees the old file or the new, never a part.

export class WriteError extends Error {
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super(`Could not write ${path}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'WriteError';
  }
}

export interface AtomicWriteOptions {
  /** The caller made sure of the folder (saves a call per file in a large export). */
  folderExists?: boolean;
  /** The file's permissions, e.g. 0o600 for credentials. Set on the temporary file, which the rename keeps. */
  mode?: number;
  /** Permissions of folders made for it, e.g. 0o700 for credentials. */
  folderMode?: number;
}

const tag = randomBytes(4).toString('hex');
let counter = 0;

/** Writes `text` (UTF-8) to `path` atomically; a failure is a WriteError and leaves no temporary file. */
export async function writeAtomic(path: string, text: string, options: AtomicWriteOptions = {}): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${tag}${(counter++).toString(36)}.tmp`);
  try {
    if (!options.folderExists)
      await mkdir(dirname(path), {
        recursive: true,
        ...(options.folderMode !== undefined && { mode: options.folderMode }),
      });
    await writeText(temp, text, options.mode);
    await renamePath(temp, path);
  } catch (err) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new WriteError(path, err);
  }
}
