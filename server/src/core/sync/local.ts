import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isRecord } from '../api/read';
import type { LocalCaseRef } from '../model/sync';
import { readTextFile } from './fastFs';

// Local test cases: `*.testcase.json` files and the items of `*.testcases.json` bundles, read
// from the editor's buffer when the file is open (never the stale disk copy), else from disk.

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

export function uriToPath(uri: string): string {
  if (!uri.startsWith('file:')) throw new LocalFileError(uri, `${uri} is not a local file`);
  return fileURLToPath(uri);
}

export const pathToUri = (path: string): string => pathToFileURL(path).href;

/** Splits a file's text into its test cases; throws LocalFileError in words when it cannot. */
export function parseLocalFile(uri: string, path: string, text: string, open: boolean, bom = false): LocalFile {
  const bundle = isBundleFile(path);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new LocalFileError(uri, `${path} is not valid JSON. Fix its syntax errors (the editor and tas validate show them), then try again.`);
  }
  const file: LocalFile = { uri, path, text, open, ...(bom && { bom }), bundle, items: [] };
  const values: [Record<string, unknown>, number | undefined][] = [];
  if (bundle) {
    if (!Array.isArray(parsed)) throw new LocalFileError(uri, `${path} is not a test-case bundle (a JSON array of test cases).`);
    parsed.forEach((v: unknown, i) => {
      if (isRecord(v)) values.push([v, i]);
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

export async function readLocalFile(uri: string, openText: (uri: string) => string | undefined): Promise<LocalFile> {
  const path = uriToPath(uri);
  const buffer = openText(uri);
  if (buffer !== undefined) return parseLocalFile(uri, path, buffer, true);
  let read: { text: string; bom: boolean };
  try {
    read = await readTextFile(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new LocalFileError(uri, code === 'ENOENT' ? `${path} does not exist.` : `${path} could not be read (${code ?? 'error'}).`);
  }
  return parseLocalFile(uri, path, read.text, false, read.bom);
}

const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.tas']);

/** Test-case files and bundles among these uris, folders searched (sorted, each once). */
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
      else if (e.isFile() && (isCaseFile(e.name) || isBundleFile(e.name))) out.add(pathToUri(p));
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
