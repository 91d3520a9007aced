import { rename as renameCb, writeFile as writeFileCb } from 'node:fs';
import { promisify } from 'node:util';

// The callback forms of fs, promisified: for thousands of small files they take about half the
// time of fs/promises, which opens a FileHandle object per call. Reading a file a repository
// holds goes through files/safeRead.ts (regular files only, UTF-8 only).

const writeFileP = promisify(writeFileCb);

/** `mode` applies only when the write makes the file (atomicWrite.ts writes a new file each time). */
export const writeText = (path: string, text: string, mode?: number): Promise<void> =>
  writeFileP(path, text, mode === undefined ? 'utf8' : { encoding: 'utf8', mode });
export const renamePath: (from: string, to: string) => Promise<void> = promisify(renameCb);
