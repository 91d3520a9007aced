import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

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

export async function writeAtomic(path: string, text: string): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(temp, text, 'utf8');
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new WriteError(path, err);
  }
}
