import { readdir, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { withoutBom } from '../base/byteOrderMark';
import { writeAtomic } from '../files/atomicWrite';
import { firstInvalidUtf8, NotARegularFileError, readRegularFile } from '../files/safeRead';
import type { SyncRun } from './types';
import { replaceOpenText } from './writeBack';

// The files an export writes: what is at a target now (nothing, text, or a file sync never
// writes), whether a folder lies outside its sync root once links are resolved, the names a
// folder holds, and the write itself (into the open editor, else atomically on disk).

/** A target file as found: none, text sync may compare, or a file sync never writes (why). */
export type Existing = { kind: 'none' } | { kind: 'text'; text: string } | { kind: 'foreign'; why: string };

/** What is at `path`, read without following a link; a FIFO, a folder, EACCES: thrown. */
export async function readExisting(path: string): Promise<Existing> {
  let bytes: Buffer;
  try {
    bytes = await readRegularFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
    if (err instanceof NotARegularFileError && err.kind === 'a symbolic link') {
      return {
        kind: 'foreign',
        why: 'is a symbolic link; overwriting it replaces the link with a file (what it points to is left as it is)',
      };
    }
    throw err;
  }
  const bad = firstInvalidUtf8(bytes);
  if (bad >= 0) return { kind: 'foreign', why: `is not valid UTF-8 (byte ${bad}), so sync did not write it` };
  return { kind: 'text', text: withoutBom(bytes.toString('utf8')).text };
}

/**
 * Writes an export: into the open editor when the file is open there with text of its own
 * (unsaved changes), else atomically on disk. Returns what the result says about it.
 */
export async function writeExport(
  run: SyncRun,
  path: string,
  uri: string,
  text: string,
  isDirty: boolean,
  onDisk: string | undefined,
  options: { folderExists?: boolean },
): Promise<string | undefined> {
  const buffer = run.host.openText(uri);
  if (buffer !== undefined && (isDirty || buffer !== onDisk)) {
    await replaceOpenText(run.host, uri, path, buffer, text);
    return 'Written into its open editor, which had unsaved changes: save it to keep the export (Undo brings your text back).';
  }
  await writeAtomic(path, text, options);
  return undefined;
}

export function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Where `folder` really is when that lies outside `root` (links resolved); undefined when inside. */
export async function outsideRoot(folder: string, root: string): Promise<string | undefined> {
  const realRoot = await realpath(root).catch(() => resolve(root));
  // The nearest part of the path that exists, links resolved; the rest is made below it.
  let existing = resolve(folder);
  let rest = '';
  for (;;) {
    const real = await realpath(existing).catch(() => undefined);
    if (real !== undefined) {
      const whole = rest === '' ? real : join(real, rest);
      const rel = relative(realRoot, whole);
      return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel)) ? undefined : whole;
    }
    const parent = dirname(existing);
    if (parent === existing) return undefined;
    rest = rest === '' ? basename(existing) : join(basename(existing), rest);
    existing = parent;
  }
}

/** The names in a folder; none when it does not exist yet (a dry run does not make it). */
export async function listFolder(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}
