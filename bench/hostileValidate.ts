import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// `tas validate --offline` on one bundle of wrong-type items (numbers where test cases belong):
// 1 MB of 500,000 and 10 MB of 5,000,000. Wall time and the process's peak resident set, from
// its own resource usage, written by a preload as it exits. One run each, a new Node process.

const ROOT = resolve(__dirname, '../..');

export interface HostileValidateResult {
  label: string;
  items: number;
  bytes: number;
  ms: number;
  peakMb: number;
  lines: number;
}

function run(file: string, cwd: string): Promise<{ ms: number; peakMb: number; lines: number }> {
  const rssFile = join(cwd, 'rss.txt');
  const preload = join(cwd, 'rss.cjs');
  writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));\n`,
  );
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--require', preload, join(ROOT, 'dist/cli.js'), 'validate', file, '--offline'],
      { cwd, env: { PATH: process.env['PATH'] ?? '', HOME: cwd }, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let lines = 0;
    child.stdout.on('data', (b: Buffer) => (lines += b.toString().split('\n').length - 1));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 1) return fail(new Error(`tas validate ${file} exited ${code}, not 1`));
      done({ ms: performance.now() - started, peakMb: Number(readFileSync(rssFile, 'utf8')) / 1024, lines });
    });
  });
}

export async function benchHostileValidate(): Promise<HostileValidateResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tas-bench-hostile-'));
  try {
    const out: HostileValidateResult[] = [];
    for (const [label, items] of [
      ['1 MB', 500_000],
      ['10 MB', 5_000_000],
    ] as const) {
      const file = join(dir, `wrong-${items}.testcases.json`);
      const text = `[${Array<string>(items).fill('1').join(',')}]`;
      writeFileSync(file, text);
      const r = await run(file, dir);
      // 300 problems and the line saying how many more: anything else measures something else.
      if (r.lines !== 301) throw new Error(`tas validate printed ${r.lines} lines for ${label}, not 301`);
      out.push({ label, items, bytes: text.length, ...r });
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function hostileValidateSection(results: HostileValidateResult[]): string {
  return [
    '### tas validate on a file of wrong-type items',
    '',
    '| File | Items | Wall time | Peak resident set | Lines printed |',
    '|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.label} (${r.bytes.toLocaleString('en-US')} bytes) | ${r.items.toLocaleString('en-US')} | ${(r.ms / 1000).toFixed(2)} s | ${r.peakMb.toFixed(0)} MB | ${r.lines} |`,
    ),
    '',
    "One run each, a new Node process. At most 300 problems per file are printed, plus one line saying how many more (the editor's default of `tas.validation.maxProblems`); targets: the 1 MB file under 600 MB and a few seconds, the 10 MB one completes.",
  ].join('\n');
}
