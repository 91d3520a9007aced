import { readFile as readFileCb, rename as renameCb, writeFile as writeFileCb } from 'node:fs';
import { promisify } from 'node:util';
import { withoutBom } from '../document/byteOrderMark';

// The callback forms of fs, promisified: for thousands of small files they take about half the
// time of fs/promises, which opens a FileHandle object per call.

const readFileP = promisify(readFileCb);
const writeFileP = promisify(writeFileCb);

/** A file's text, without the byte order mark it may start with (`bom` says whether it did). */
export const readTextFile = async (path: string): Promise<{ text: string; bom: boolean }> => withoutBom(await readFileP(path, 'utf8'));
export const readText = async (path: string): Promise<string> => (await readTextFile(path)).text;
/** `mode` applies only when the write makes the file (atomicWrite.ts writes a new file each time). */
export const writeText = (path: string, text: string, mode?: number): Promise<void> =>
  writeFileP(path, text, mode === undefined ? 'utf8' : { encoding: 'utf8', mode });
export const renamePath: (from: string, to: string) => Promise<void> = promisify(renameCb);
