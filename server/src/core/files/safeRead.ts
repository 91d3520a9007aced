import {
  close as closeCb,
  closeSync,
  constants,
  fstat as fstatCb,
  fstatSync,
  lstat as lstatCb,
  lstatSync,
  open as openCb,
  openSync,
  readFile as readFileCb,
  readFileSync,
  type Stats,
} from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { promisify } from 'node:util';

// Reading a file a repository holds, which may be crafted: only a regular file is read. A
// symbolic link (unless the caller follows links), a FIFO, a socket, a device or a folder is
// refused before a byte is read, so a FIFO named `x.testcase.json` cannot block the reader and a
// link cannot bring in a file from outside the repository. The file is opened non-blocking and
// without following a last-component link, then checked on the open descriptor (no window
// between the check and the read); where the system has no such flags (Windows) it is checked
// with lstat first. Text must be UTF-8: a file that is not is refused with the byte offset, so it
// is never read with replacement characters and written back corrupted.

const openP = promisify(openCb);
const fstatP = promisify(fstatCb);
const lstatP = promisify(lstatCb);
const closeP = promisify(closeCb);
const readFdP = promisify(readFileCb) as (fd: number) => Promise<Buffer>;

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/** What a path is, in words, for a message: "a symbolic link", "a FIFO (named pipe)", ... */
export function kindOf(s: Stats): string {
  if (s.isSymbolicLink()) return 'a symbolic link';
  if (s.isFIFO()) return 'a FIFO (named pipe)';
  if (s.isDirectory()) return 'a folder';
  if (s.isSocket()) return 'a socket';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

export class NotARegularFileError extends Error {
  readonly code = 'ENOTREGULAR';
  constructor(
    readonly path: string,
    /** "a symbolic link", "a FIFO (named pipe)", ... */
    readonly kind: string,
  ) {
    super(`${path} is ${kind}, not a regular file: it was not read.`);
    this.name = 'NotARegularFileError';
  }
}

export class NotUtf8Error extends Error {
  constructor(
    readonly path: string,
    /** The offset of the first byte that is not part of a valid UTF-8 sequence. */
    readonly offset: number,
  ) {
    super(
      `${path} is not valid UTF-8 (byte ${offset} is not part of a UTF-8 character): it was not read, so that its bytes are not changed. Save it as UTF-8, then try again.`,
    );
    this.name = 'NotUtf8Error';
  }
}

export interface ReadOptions {
  /** Follow a symbolic link to a regular file (read-only checks); import and export never do. */
  followLinks?: boolean;
  /** Told the opened file's stats (its modification time, say), so the caller needs no stat of its own. */
  stats?: (s: Stats) => void;
}

const flags = (noFollow: boolean) => constants.O_RDONLY | NONBLOCK | (noFollow ? NOFOLLOW : 0);

/** The error an open failed with, in words when it was a link (O_NOFOLLOW) or a folder. */
function openError(err: unknown, path: string, noFollow: boolean, linkStat: () => Stats | undefined): Error {
  const code = (err as NodeJS.ErrnoException).code;
  // O_NOFOLLOW on a link: ELOOP (Linux, macOS), EMLINK (FreeBSD).
  if (noFollow && (code === 'ELOOP' || code === 'EMLINK') && linkStat()?.isSymbolicLink())
    return new NotARegularFileError(path, 'a symbolic link');
  // A folder opens on some systems and not on others (EISDIR): said the same way.
  if (code === 'EISDIR') return new NotARegularFileError(path, 'a folder');
  return err instanceof Error ? err : new Error(String(err));
}

const lstatOrUndefined = (path: string): Stats | undefined => {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
};

/** The bytes of a regular file; NotARegularFileError for anything else; fs errors (ENOENT, EACCES) as they come. */
export async function readRegularFile(path: string, options: ReadOptions = {}): Promise<Buffer> {
  const noFollow = options.followLinks !== true;
  if (noFollow && NOFOLLOW === 0) {
    const s = await lstatP(path);
    if (!s.isFile()) throw new NotARegularFileError(path, kindOf(s));
  }
  let fd: number;
  try {
    fd = await openP(path, flags(noFollow));
  } catch (err) {
    throw openError(err, path, noFollow, () => lstatOrUndefined(path));
  }
  try {
    const s = await fstatP(fd);
    if (!s.isFile()) throw new NotARegularFileError(path, kindOf(s));
    options.stats?.(s);
    return await readFdP(fd);
  } finally {
    await closeP(fd).catch(() => undefined);
  }
}

/** readRegularFile, synchronously (the command line's checks). */
export function readRegularFileSync(path: string, options: ReadOptions = {}): Buffer {
  const noFollow = options.followLinks !== true;
  if (noFollow && NOFOLLOW === 0) {
    const s = lstatSync(path);
    if (!s.isFile()) throw new NotARegularFileError(path, kindOf(s));
  }
  let fd: number;
  try {
    fd = openSync(path, flags(noFollow));
  } catch (err) {
    throw openError(err, path, noFollow, () => lstatOrUndefined(path));
  }
  try {
    const s = fstatSync(fd);
    if (!s.isFile()) throw new NotARegularFileError(path, kindOf(s));
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The offset of the first byte of `bytes` that is not valid UTF-8, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  if (isUtf8(bytes)) return -1;
  const n = bytes.length;
  for (let i = 0; i < n;) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    // The sequence length and the allowed range of its second byte (no overlongs, no surrogates, <= U+10FFFF).
    let len: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) len = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      len = 3;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      len = 4;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    if (i + len > n) return i;
    const second = bytes[i + 1]!;
    if (second < lo || second > hi) return i;
    for (let k = 2; k < len; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += len;
  }
  return -1;
}

/** The text of UTF-8 bytes; NotUtf8Error (with the offset) when they are not UTF-8. */
export function decodeUtf8(bytes: Buffer, path: string): string {
  const bad = firstInvalidUtf8(bytes);
  if (bad >= 0) throw new NotUtf8Error(path, bad);
  return bytes.toString('utf8');
}

/** A regular file's UTF-8 text (see readRegularFile and decodeUtf8). */
export async function readRegularText(path: string, options: ReadOptions = {}): Promise<string> {
  return decodeUtf8(await readRegularFile(path, options), path);
}
