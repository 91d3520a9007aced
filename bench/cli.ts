import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_CREDENTIALS } from '../test/emulator/demoData';
import { startEmulator } from '../test/emulator/emulator';

// `tas validate` over 1,000 files, offline and online (the emulator), against a baseline that
// validates the same files with ajv alone in one new process (no positions, no local rules).
// Each figure is the median of five runs, each a new Node process; the contenders take turns.

const ROOT = resolve(__dirname, '../..');
const FILES = 1000;

export interface CliBenchResult {
  files: number;
  offlineMs: number;
  onlineMs: number;
  baselineMs: number;
}

function makeFiles(dir: string): void {
  const sample = JSON.parse(
    readFileSync(join(ROOT, 'samples/workspace/voice-call-mo.testcase.json'), 'utf8'),
  ) as Record<string, unknown>;
  for (let i = 0; i < FILES; i++) {
    const sub = join(dir, `group-${i % 20}`);
    mkdirSync(sub, { recursive: true });
    // One file in ten carries a mistake, so positions are made for some.
    const value = { ...sample, name: `Case ${i}`, ...(i % 10 === 0 && { disabled: 'no' }) };
    writeFileSync(join(sub, `case-${i}.testcase.json`), `${JSON.stringify(value, null, 2)}\n`);
  }
}

/** Wall time of one new Node process running `script` with `args`; exit 0 or 1 count as done. */
function timeProcess(
  script: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ ms: number; stdout: string }> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd,
      env: { PATH: process.env['PATH'] ?? '', HOME: cwd, ...env },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 || code === 1
        ? done({ ms: performance.now() - started, stdout })
        : fail(new Error(`${script} ${args.join(' ')} exited ${code}`)),
    );
  });
}

/** Rounds of one run per contender, taking turns, so a change in the machine's load falls on all of them. */
const ROUNDS = 5;

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const timeCli = async (args: string[], cwd: string, env: NodeJS.ProcessEnv) =>
  (await timeProcess(join(ROOT, 'dist/cli.js'), args, cwd, env)).ms;

async function baseline(dir: string): Promise<number> {
  const r = await timeProcess(
    join(__dirname, 'ajvBaseline.js'),
    [dir, join(ROOT, 'schemas/testcase.schema.json')],
    ROOT,
    {},
  );
  if (Number(r.stdout.trim()) === 0)
    throw new Error('the baseline found no invalid file: the files are not as planned');
  return r.ms;
}

export async function benchCli(): Promise<CliBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'tas-bench-cli-'));
  const emu = await startEmulator();
  try {
    makeFiles(dir);
    const online = {
      TAS_BASE_URL: emu.url,
      TAS_CLIENT_ID: DEMO_CREDENTIALS.admin.clientId,
      TAS_CLIENT_SECRET: DEMO_CREDENTIALS.admin.clientSecret,
    };
    const times = { offline: [] as number[], online: [] as number[], baseline: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      times.baseline.push(await baseline(dir));
      times.offline.push(await timeCli(['validate', '--offline', '--format', 'json'], dir, {}));
      times.online.push(await timeCli(['validate', '--format', 'json'], dir, online));
    }
    return {
      files: FILES,
      offlineMs: median(times.offline),
      onlineMs: median(times.online),
      baselineMs: median(times.baseline),
    };
  } finally {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function cliSection(r: CliBenchResult): string {
  const rate = (ms: number) => `${((r.files / ms) * 1000).toFixed(0)} files/s`;
  const within = (ms: number) => (ms <= 2 * r.baselineMs ? 'met' : '**not met**');
  return [
    `### tas validate over ${r.files.toLocaleString('en-US')} files`,
    '',
    '| Run | Wall time | Rate | Within 2x of the baseline |',
    '|---|---|---|---|',
    `| ajv alone, one process (baseline) | ${r.baselineMs.toFixed(0)} ms | ${rate(r.baselineMs)} | |`,
    `| tas validate --offline | ${r.offlineMs.toFixed(0)} ms | ${rate(r.offlineMs)} | ${within(r.offlineMs)} |`,
    `| tas validate (references, emulator) | ${r.onlineMs.toFixed(0)} ms | ${rate(r.onlineMs)} | ${within(r.onlineMs)} |`,
    '',
    `Each time is the median of ${ROUNDS} runs, each a new Node process (start-up included), the three taking turns. tas gives positions, local rules and repeated keys; the baseline is ajv alone with the same schema (bench/ajvBaseline.ts).`,
  ].join('\n');
}
