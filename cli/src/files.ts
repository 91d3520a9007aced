import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileKindOf } from '../../server/src/core';
import { UsageError } from './exitCodes';

// Which files a command works on: paths, folders (searched for test-case files), and globs
// (`*` within a name, `**` across folders, `?` one character), quoted so the shell leaves them.

const SKIP = new Set(['node_modules', '.git', '.tas']);
const isTestCaseFile = (path: string): boolean => fileKindOf(path) !== undefined;

/** A link to a file is followed; a link to a folder is not (it could lead back up the tree). */
function isFileBehindLink(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    // A FIFO or other special file named like a test case is listed too: reading it reports it (never blocks).
    else if (isTestCaseFile(path) && (!entry.isSymbolicLink() || isFileBehindLink(path))) out.push(path);
  }
}

export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` matches no folder or any number of them.
      source += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Absolute paths of the files the arguments name, sorted, without repeats. */
export function findFiles(args: string[], cwd: string): string[] {
  const found = new Set<string>();
  for (const arg of args.length > 0 ? args : ['.']) {
    if (/[*?]/.test(arg)) {
      // Walk from the part before the first wildcard, then match relative to the working folder.
      const slash = arg.slice(0, arg.search(/[*?]/)).lastIndexOf('/');
      const root = resolve(cwd, slash >= 0 ? arg.slice(0, slash) || '/' : '.');
      const re = globToRegExp(resolve(cwd, arg).split(sep).join('/'));
      const all: string[] = [];
      try {
        walk(root, all);
      } catch {
        // A missing folder matches nothing.
      }
      for (const f of all) if (re.test(f.split(sep).join('/'))) found.add(f);
      continue;
    }
    const path = resolve(cwd, arg);
    let stat;
    try {
      stat = statSync(path);
    } catch {
      throw new UsageError(`${arg} does not exist.`);
    }
    if (stat.isDirectory()) {
      const all: string[] = [];
      walk(path, all);
      for (const f of all) found.add(f);
    } else if (isTestCaseFile(path)) found.add(path);
    else throw new UsageError(`${arg} is not a test-case file: only *.testcase.json and *.testcases.json files are checked.`);
  }
  return [...found].sort();
}

/** A path as the user reads it: relative to the working folder when below it. */
export function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel.startsWith('..') || rel === '' ? path : rel.split(sep).join('/');
}

const isFolderPath = (path: string): boolean | undefined => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return undefined; // not there yet
  }
};

/** Makes `folder` (and its parents), or says in words why it cannot be: a usage error. */
function makeFolder(folder: string, problem: string): void {
  try {
    mkdirSync(folder, { recursive: true });
  } catch (err) {
    throw new UsageError(`${problem} (${(err as NodeJS.ErrnoException).code ?? 'error'}: a part of the path is a file, or not writable).`);
  }
}

/**
 * The absolute path of a file an option names (--output, --junit), its folder made now: a path
 * that cannot be written is said before any work is done, not after a long run.
 */
export function outputFile(value: string, cwd: string, option: string): string {
  const path = resolve(cwd, value);
  if (isFolderPath(path) === true) throw new UsageError(`${option} ${value} is a folder; give a file name.`);
  makeFolder(dirname(path), `${option} ${value}: its folder cannot be made`);
  return path;
}

/** The absolute path of a folder an option names (--out), made now unless `make` is false (a dry run). */
export function outputFolder(value: string, cwd: string, option: string, make: boolean): string {
  const path = resolve(cwd, value);
  if (isFolderPath(path) === false) throw new UsageError(`${option} ${value} is a file; give a folder.`);
  if (make) makeFolder(path, `${option} ${value}: the folder cannot be made`);
  return path;
}
