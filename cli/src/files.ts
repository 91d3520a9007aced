import { accessSync, constants, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { escape, Minimatch, type MinimatchOptions } from 'minimatch';
import { fileKindOf } from '../../server/src/core';
import { UsageError } from './exitCodes';

// Which files a command works on: paths, folders (searched for test-case files), and globs as
// users write them, quoted so the shell leaves them: `*`, `**`, `?`, `[...]`, `{a,b}` and the
// rest of minimatch's syntax; an argument starting with `!` leaves out what it matches (a
// folder: everything in it). An argument naming a path that exists is that path, even when it
// looks like a glob. Dot files and folders match like any other; node_modules, .git and .tas
// are never searched. validate, import and run all read their arguments here.

const SKIP = new Set(['node_modules', '.git', '.tas']);
const GLOB: MinimatchOptions = { dot: true, nonegate: true, nocomment: true, magicalBraces: true };
/** By the file's URI: a path may hold %, # or ?, which a URI escapes. */
const isTestCaseFile = (path: string): boolean => fileKindOf(pathToFileURL(path).href) !== undefined;

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

const posixPath = (path: string): string => path.split(sep).join('/');

/** A glob argument: whether a path (absolute) matches it, and the folders to search for it. */
interface Glob {
  matches(path: string): boolean;
  roots: string[];
}

function glob(arg: string, cwd: string): Glob {
  // Matched against absolute paths: a relative pattern is put below the working folder (its
  // name escaped, so that a folder named like a glob is only itself), `..` and `.` resolved.
  const given = posixPath(arg);
  const pattern = posix
    .normalize(posix.isAbsolute(given) ? given : `${escape(posixPath(cwd))}/${given}`)
    .replace(/(.)\/+$/, '$1');
  const forms = [pattern, `${pattern === '/' ? '' : pattern}/**`].map((p) => new Minimatch(p, GLOB));
  // Search from the part of each alternative ({a,b}) before its first wildcard.
  const roots = forms[0]!.set.map((parts) => {
    const literal: string[] = [];
    for (const part of parts.slice(0, -1)) {
      if (typeof part !== 'string') break;
      literal.push(part);
    }
    return literal.join('/') || '/';
  });
  return { matches: (path) => forms.some((f) => f.match(posixPath(path))), roots: [...new Set(roots)] };
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

const NONE = 'no *.testcase.json or *.testcases.json files in';

/** The test-case files one argument names (absolute), or why it names none: a usage error's words. */
function filesOf(arg: string, cwd: string): string[] | string {
  const path = resolve(cwd, arg);
  if (!exists(path) && new Minimatch(posixPath(arg), GLOB).hasMagic()) {
    const g = glob(arg, cwd);
    const all: string[] = [];
    for (const root of g.roots) {
      try {
        walk(root, all);
      } catch {
        // A missing folder matches nothing.
      }
    }
    const found = all.filter((f) => g.matches(f));
    return found.length > 0 ? found : `${NONE} ${arg}.`;
  }
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return `${arg} does not exist.`;
  }
  if (stat.isDirectory()) {
    const all: string[] = [];
    walk(path, all);
    return all.length > 0 ? all : `${NONE} ${arg}.`;
  }
  if (isTestCaseFile(path)) return [path];
  throw new UsageError(`${arg} is not a test-case file: only *.testcase.json and *.testcases.json files are read.`);
}

/** The files one argument of a command names. */
export interface ArgumentFiles {
  arg: string;
  /** Absolute, sorted; what the `!` arguments leave out is gone. */
  files: string[];
}

/**
 * The files each argument names, in the arguments' order: the one reader of every command that
 * takes test-case files. An argument that names no test-case file is a usage error that names
 * it, wherever it stands (a typo must not pass a CI job by checking less); so is nothing left
 * after the `!` arguments. A `!` argument that leaves out nothing is harmless: a filter kept in
 * a CI job for files that come and go. Only `!` arguments: the working folder less what they name.
 */
export function filesPerArgument(args: string[], cwd: string): ArgumentFiles[] {
  const leaveOut: Glob[] = [];
  const take = args.filter((arg) => {
    if (arg.startsWith('!') && arg.length > 1 && !exists(resolve(cwd, arg))) {
      leaveOut.push(glob(arg.slice(1), cwd));
      return false;
    }
    return true;
  });
  const named = (take.length > 0 ? take : ['.']).map((arg) => ({ arg, found: filesOf(arg, cwd) }));
  const unmatched = named.flatMap(({ found }) => (typeof found === 'string' ? [found] : []));
  if (unmatched.length > 0)
    throw new UsageError(`${unmatched.join(' ')} Check the spelling: paths and globs are read from ${cwd}.`);
  const kept = named.map(({ arg, found }) => ({
    arg,
    files: (found as string[]).filter((f) => !leaveOut.some((g) => g.matches(f))).sort(),
  }));
  if (kept.every((k) => k.files.length === 0))
    throw new UsageError(`${NONE} ${args.length > 0 ? args.join(' ') : 'this folder'}.`);
  return kept;
}

/** Absolute paths of the files the arguments name, sorted, without repeats (see filesPerArgument). */
export function findFiles(args: string[], cwd: string): string[] {
  return [...new Set(filesPerArgument(args, cwd).flatMap((a) => a.files))].sort();
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
    throw new UsageError(
      `${problem} (${(err as NodeJS.ErrnoException).code ?? 'error'}: a part of the path is a file, or not writable).`,
    );
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

/**
 * The absolute path of a folder an option names (--out), made now unless `make` is false (a dry
 * run, or ids not yet known to name test cases): then only checked, so that the same mistake
 * gives the same usage error either way.
 */
export function outputFolder(value: string, cwd: string, option: string, make: boolean): string {
  const path = resolve(cwd, value);
  if (isFolderPath(path) === false) throw new UsageError(`${option} ${value} is a file; give a folder.`);
  if (make) makeFolder(path, `${option} ${value}: the folder cannot be made`);
  else {
    const code = folderBlocked(path);
    if (code !== undefined)
      throw new UsageError(
        `${option} ${value}: the folder cannot be made (${code}: a part of the path is a file, or not writable).`,
      );
  }
  return path;
}

/** Why mkdir -p of `path` would fail (ENOTDIR, EACCES), found without making anything; undefined when it would not. */
function folderBlocked(path: string): string | undefined {
  for (let p = path, child: string | undefined; ; child = p, p = dirname(p)) {
    let isDir: boolean;
    try {
      isDir = statSync(p).isDirectory();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') continue;
      if (p === dirname(p)) return undefined;
      continue;
    }
    if (!isDir) return 'ENOTDIR';
    if (child === undefined) return undefined;
    try {
      accessSync(p, constants.W_OK);
      return undefined;
    } catch {
      return 'EACCES';
    }
  }
}
