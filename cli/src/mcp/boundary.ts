import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import * as z from 'zod';
import { realPathOf } from '../credentials';
import { findFiles } from '../files';

// What an assistant's tool arguments may be: they are input like any other, written by a model
// that may have read a hostile file. Paths stay inside the workspace once every link is resolved
// (the file's own and its folders', as tas resolves a profile's), texts and lists are capped,
// ids are whole numbers the service could have given.

/** The largest text a check takes: ten times the 1 MB bundle the benchmarks check. */
export const MAX_TEXT_CHARS = 10_000_000;
/** The longest path, name or search an argument may be. */
export const MAX_NAME_CHARS = 1000;
/** The most paths one call may name. */
export const MAX_PATHS = 200;
/** Most arguments' elements counted together (the SDK refuses a call with more before any tool runs). */
export const MAX_INPUT_ELEMENTS = 1000;

export const idArg = (what: string) =>
  z
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .describe(`${what}: a whole number the service gave (list or find tools show them).`);

export const pathArg = z
  .string()
  .min(1)
  .max(MAX_NAME_CHARS)
  .describe('A path inside the workspace, relative to its folder (absolute paths must lie inside it too).');

export const pathsArg = z.array(pathArg).min(1).max(MAX_PATHS);

/** A path the workspace does not hold, by what it really names: refused, nothing read. */
export class OutsideWorkspaceError extends Error {
  constructor(
    readonly given: string,
    readonly real: string,
    readonly root: string,
  ) {
    super(
      `${JSON.stringify(given)} is outside the workspace ${root}${real !== resolve(root, given) ? ` (it leads to ${real})` : ''}: only files inside it are read or sent. Name a file inside the workspace.`,
    );
    this.name = 'OutsideWorkspaceError';
  }
}

/** A path that is not a test-case file where one is needed. */
export class NotATestCaseFileError extends Error {
  constructor(readonly given: string) {
    super(`${JSON.stringify(given)} is not a test-case file: its name must end in .testcase.json or .testcases.json.`);
    this.name = 'NotATestCaseFileError';
  }
}

const inside = (real: string, root: string): boolean => {
  const rel = relative(root, real);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
};

/** The workspace's folder as it really is (links resolved): what every path is held to. */
export const workspaceRoot = (folder: string): string => realPathOf(folder);

/**
 * The absolute path of `given` (relative to the workspace, or absolute) when it lies inside the
 * workspace once every link is resolved, whether or not it exists yet; else OutsideWorkspaceError.
 */
export function confined(root: string, given: string): string {
  if (given.includes('\0')) throw new OutsideWorkspaceError(given.replace(/\0/g, '\\0'), given, root);
  const path = resolve(root, given);
  const real = realPathOf(path);
  if (!inside(path, root) || !inside(real, root)) throw new OutsideWorkspaceError(given, real, root);
  return path;
}

/**
 * The test-case files that paths inside the workspace name (files, or folders searched as tas
 * searches them), each held to the workspace again: a file reached through a link inside a
 * folder is refused when the link leads out.
 */
export function workspaceFiles(root: string, given: readonly string[]): string[] {
  const paths = given.map((g) => {
    const path = confined(root, g);
    // Read as a path, never as a glob or a leave-out: an assistant names files, not patterns.
    if (!exists(path)) throw new MissingPathError(g, root);
    return path;
  });
  const files = findFiles(paths, root);
  for (const f of files) confined(root, f);
  return files;
}

const exists = (path: string): boolean => {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
};

/** A path that names nothing in the workspace. */
export class MissingPathError extends Error {
  constructor(
    readonly given: string,
    root: string,
  ) {
    super(`${JSON.stringify(given)} does not exist in the workspace ${root}. Paths are read relative to it.`);
    this.name = 'MissingPathError';
  }
}
