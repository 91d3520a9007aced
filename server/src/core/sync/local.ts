import type { Dirent } from 'node:fs';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isRecord, readItem } from '../base/read';
import { withoutBom } from '../base/byteOrderMark';
import { deeperThan, MAX_DEPTH } from '../jsonText';
import { decodeUtf8, kindOf, NotARegularFileError, NotUtf8Error, readRegularFile } from '../files/safeRead';
import type { LocalCaseRef } from '../model/sync';
import { findSyncRoot, RootCache } from './syncRoot';

// Local test cases: `*.testcase.json` files and the items of `*.testcases.json` bundles, read
// from the editor's buffer when the file is open (never the stale disk copy), else from disk.
// Only regular files inside their sync root (links resolved) are read: a link, a FIFO or a file
// reached through a linked folder is refused, so nothing from outside the repository is sent
// and a write-back never turns a link into a copy. A file that is not UTF-8 is refused (with
// the byte offset), so its bytes are never read with replacement characters and written back.

export const isCaseFile = (name: string): boolean => name.endsWith('.testcase.json');
export const isBundleFile = (name: string): boolean => name.endsWith('.testcases.json');

export class LocalFileError extends Error {
  constructor(
    readonly uri: string,
    why: string,
  ) {
    super(why);
    this.name = 'LocalFileError';
  }
}

export interface LocalFile {
  uri: string;
  path: string;
  text: string;
  /** The text came from an open editor buffer. */
  open: boolean;
  /** The file on disk starts with a byte order mark (not part of `text`); a rewrite keeps it. */
  bom?: boolean;
  bundle: boolean;
  items: LocalCase[];
  /** Items of a bundle that are no test case (not a JSON object), by index, and what they are instead ("is null, not a record"). */
  notCases: { index: number; why: string }[];
}

export interface LocalCase extends LocalCaseRef {
  /** `uri`, or `uri#index` for a bundle item: how decisions name it. */
  key: string;
  file: LocalFile;
  value: Record<string, unknown>;
  name: string | undefined;
  /** The file's `id` member, if it has a usable one. */
  fileId: number | undefined;
}

export const caseKey = (uri: string, index?: number): string => (index === undefined ? uri : `${uri}#${index}`);

/** A case as messages name it: its file, its item in a bundle, its name. */
export const describeCase = (local: LocalCase): string =>
  `${local.file.path}${local.index !== undefined ? ` (item ${local.index})` : ''}${local.name ? ` "${local.name}"` : ''}`;

export function uriToPath(uri: string): string {
  if (!uri.startsWith('file:')) throw new LocalFileError(uri, `${uri} is not a local file`);
  return fileURLToPath(uri);
}

export const pathToUri = (path: string): string => pathToFileURL(path).href;

const TOO_DEEP = (path: string) =>
  `${path} was not sent: it nests values more than ${MAX_DEPTH} levels deep, deeper than a test case is read (the editor and tas validate show where). Flatten it, then import again.`;

/** Splits a file's text into its test cases; throws LocalFileError in words when it cannot. */
export function parseLocalFile(uri: string, path: string, text: string, open: boolean, bom = false): LocalFile {
  const bundle = isBundleFile(path);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    if (err instanceof RangeError) throw new LocalFileError(uri, TOO_DEEP(path));
    throw new LocalFileError(
      uri,
      `${path} is not valid JSON. Fix its syntax errors (the editor and tas validate show them), then try again.`,
    );
  }
  // What is nested deeper than validation reads is never sent: the request could not even be written.
  if (deeperThan(parsed, MAX_DEPTH)) throw new LocalFileError(uri, TOO_DEEP(path));
  const file: LocalFile = { uri, path, text, open, ...(bom && { bom }), bundle, items: [], notCases: [] };
  const values: [Record<string, unknown>, number | undefined][] = [];
  if (bundle) {
    if (!Array.isArray(parsed))
      throw new LocalFileError(uri, `${path} is not a test-case bundle (a JSON array of test cases).`);
    parsed.forEach((v: unknown, i) => {
      if (isRecord(v)) values.push([v, i]);
      else file.notCases.push({ index: i, why: readItem(v).why! });
    });
  } else {
    if (!isRecord(parsed)) throw new LocalFileError(uri, `${path} does not hold a test case (a JSON object).`);
    values.push([parsed, undefined]);
  }
  for (const [value, index] of values) {
    const id = value['id'];
    file.items.push({
      uri,
      ...(index !== undefined && { index }),
      key: caseKey(uri, index),
      file,
      value,
      name: typeof value['name'] === 'string' ? value['name'] : undefined,
      fileId: typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined,
    });
  }
  return file;
}

/** Where files stand, looked up once per folder for one operation: sync roots and real paths. */
export class Placement {
  private readonly roots = new RootCache();
  private readonly real = new Map<string, Promise<string | undefined>>();

  private realpathOf(path: string): Promise<string | undefined> {
    let found = this.real.get(path);
    if (!found) {
      found = realpath(path).catch(() => undefined);
      this.real.set(path, found);
    }
    return found;
  }

  /** Refuses a file whose folder, links resolved, lies outside its sync root. */
  async check(uri: string, path: string): Promise<void> {
    const root = await findSyncRoot(path, this.roots);
    const [realRoot, realDir] = await Promise.all([this.realpathOf(root), this.realpathOf(dirname(path))]);
    // A folder that does not exist: the read says so.
    if (realRoot === undefined || realDir === undefined) return;
    if (realDir !== realRoot && !realDir.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep)) {
      throw new LocalFileError(
        uri,
        `${path} is reached through a symbolic link to ${realDir}, outside its sync root ${root}: it was not read (and nothing was sent).`,
      );
    }
  }
}

const NOT_READ = 'Import and sync read only regular files inside the repository; nothing was sent.';

export async function readLocalFile(
  uri: string,
  openText: (uri: string) => string | undefined,
  place: Placement = new Placement(),
): Promise<LocalFile> {
  const path = uriToPath(uri);
  await place.check(uri, path);
  const buffer = openText(uri);
  if (buffer !== undefined) {
    // The editor's text; a write-back still goes to the file, which must be a regular file.
    const s = await lstat(path).catch(() => undefined);
    if (s && !s.isFile()) throw new LocalFileError(uri, `${path} is ${kindOf(s)}, not a regular file. ${NOT_READ}`);
    return parseLocalFile(uri, path, buffer, true);
  }
  let read: { text: string; bom: boolean };
  try {
    const bytes = await readRegularFile(path);
    read = withoutBom(decodeUtf8(bytes, path));
  } catch (err) {
    if (err instanceof NotARegularFileError) throw new LocalFileError(uri, `${err.message} ${NOT_READ}`);
    if (err instanceof NotUtf8Error) throw new LocalFileError(uri, `${err.message} Nothing was sent.`);
    const code = (err as NodeJS.ErrnoException).code;
    throw new LocalFileError(
      uri,
      code === 'ENOENT'
        ? `${path} does not exist.`
        : `${path} could not be read (${code ?? 'error'}); nothing was sent.`,
    );
  }
  return parseLocalFile(uri, path, read.text, false, read.bom);
}

const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.tas']);

/**
 * Test-case files and bundles among these uris, folders searched (sorted, each once). Linked
 * folders are not followed; an entry named like a test-case file that is not a regular file (a
 * link, a FIFO) is listed, so that reading it refuses it in words instead of passing over it.
 */
export async function expandUris(uris: string[]): Promise<string[]> {
  const out = new Set<string>();
  const walk = async (dir: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory() && !SKIPPED_FOLDERS.has(e.name)) await walk(p);
      else if (!e.isDirectory() && (isCaseFile(e.name) || isBundleFile(e.name))) out.add(pathToUri(p));
    }
  };
  for (const uri of uris) {
    if (!uri.startsWith('file:')) {
      out.add(uri);
      continue;
    }
    const isDir = await stat(uriToPath(uri)).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (isDir) await walk(uriToPath(uri));
    else out.add(uri);
  }
  return [...out];
}
