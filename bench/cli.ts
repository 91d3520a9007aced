import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { DEMO_CREDENTIALS } from '../test/emulator/demoData';
import { startEmulator } from '../test/emulator/emulator';

// `tas validate` over 1,000 files, offline and online (the emulator), against a baseline that
// validates the same files with ajv alone in one process (no positions, no local rules).

const ROOT = resolve(__dirname, '../..');
const FILES = 1000;

export interface CliBenchResult {
  files: number;
  offlineMs: number;
  onlineMs: number;
  baselineMs: number;
}

function makeFiles(dir: string): void {
  const sample = JSON.parse(readFileSync(join(ROOT, 'samples/workspace/voice-call-mo.testcase.json'), 'utf8')) as Record<string, unknown>;
  for (let i = 0; i < FILES; i++) {
    const sub = join(dir, `group-${i % 20}`);
    mkdirSync(sub, { recursive: true });
    // One file in ten carries a mistake, so positions are made for some.
    const value = { ...sample, name: `Case ${i}`, ...(i % 10 === 0 && { disabled: 'no' }) };
    writeFileSync(join(sub, `case-${i}.testcase.json`), `${JSON.stringify(value, null, 2)}\n`);
  }
}

function timeCli(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd, env: { PATH: process.env['PATH'] ?? '', HOME: cwd, ...env }, stdio: 'ignore' });
    child.on('error', fail);
    child.on('close', (code) => (code === 0 || code === 1 ? done(performance.now() - started) : fail(new Error(`tas ${args.join(' ')} exited ${code}`))));
  });
}

function baseline(dir: string): number {
  const started = performance.now();
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/testcase.schema.json'), 'utf8')) as object);
  let invalid = 0;
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (!validate(JSON.parse(readFileSync(p, 'utf8')))) invalid += 1;
    }
  };
  walk(dir);
  if (invalid === 0) throw new Error('the baseline found no invalid file: the files are not as planned');
  return performance.now() - started;
}

export async function benchCli(): Promise<CliBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'tas-bench-cli-'));
  const emu = await startEmulator();
  try {
    makeFiles(dir);
    const offlineMs = await timeCli(['validate', '--offline', '--format', 'json'], dir, {});
    const onlineMs = await timeCli(['validate', '--format', 'json'], dir, {
      TAS_BASE_URL: emu.url,
      TAS_CLIENT_ID: DEMO_CREDENTIALS.admin.clientId,
      TAS_CLIENT_SECRET: DEMO_CREDENTIALS.admin.clientSecret,
    });
    const baselineMs = baseline(dir);
    return { files: FILES, offlineMs, onlineMs, baselineMs };
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
    'The tas times are of a new process (Node start-up included) and give positions, local rules and repeated keys; the baseline is ajv with the same schema in the already running benchmark process.',
  ].join('\n');
}
