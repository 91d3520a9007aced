import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { renamePath, writeText } from './fastFs';

// Writes that never leave a half-written file: a temporary file in the same folder (same file
// system, so the rename is atomic), then renamed over the target.

export class WriteError extends Error {
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super(`Could not write ${path}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'WriteError';
  }
}

const tag = randomBytes(4).toString('hex');
let counter = 0;

/** `folderExists`: the caller made sure of the folder (saves a call per file in a large export). */
export async function writeAtomic(path: string, text: string, folderExists = false): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${tag}${(counter++).toString(36)}.tmp`);
  try {
    if (!folderExists) await mkdir(dirname(path), { recursive: true });
    await writeText(temp, text);
    await renamePath(temp, path);
  } catch (err) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new WriteError(path, err);
  }
}
