import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

// `npm pack` as the package tests run it. The real pack swaps README.md for the CLI manual while
// it runs (scripts/packReadme.mjs), so the tests pack a copy of what the pack reads, never the
// repository itself, whose README other tests read meanwhile: the files `npm pack --dry-run`
// lists at the root (which neither runs the scripts nor writes anything), and what packing needs
// besides them. Needs dist/cli.js (`npm run build`).

export const root = resolve(__dirname, '../../..');

export function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  // npm's own script when the tests run under npm, else the npm on PATH.
  const cli = process.env['npm_execpath'];
  const [command, prefix] = cli && cli.endsWith('.js') ? [process.execPath, [cli]] : ['npm', []];
  return spawnSync(command, [...prefix, ...args], {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** An npm cache of the test's own, and no noise from npm. */
export const quietNpm = (dir: string): NodeJS.ProcessEnv => ({
  npm_config_cache: join(dir, 'npm-cache'),
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
});

interface Packed {
  filename: string;
  files: { path: string }[];
}

/** What `npm pack --json` said of the one package it packed. */
export function packed(run: SpawnSyncReturns<string>): Packed {
  assert.equal(run.status, 0, run.stderr);
  const [info] = JSON.parse(run.stdout) as Packed[];
  assert.ok(info, run.stdout);
  return info;
}

/** The files a pack of the repository's root would hold, read without running its scripts or writing anything. */
export function rootPackFiles(dir: string): string[] {
  return packed(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], root, quietNpm(dir)))
    .files.map((f) => f.path)
    .sort();
}

/** Copies into `clone` what `npm pack` reads at the root; returns `clone`. */
export function stage(clone: string, files: string[]): string {
  for (const path of [...files, '.npmignore', 'docs/cli.md', 'scripts/packReadme.mjs']) {
    mkdirSync(dirname(join(clone, path)), { recursive: true });
    cpSync(join(root, path), join(clone, path));
  }
  return clone;
}

/** Every file below `dir` with a hash of its bytes: what a command changed there shows as a difference. */
export function listing(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(dir, rel))) {
      const path = rel === '' ? name : `${rel}/${name}`;
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else
        out[path] = createHash('sha256')
          .update(readFileSync(join(dir, path)))
          .digest('hex');
    }
  };
  walk('');
  return out;
}
