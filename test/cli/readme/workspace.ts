import { spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEMO_CREDENTIALS } from '../../emulator/demoData';
import type { Emulator } from '../../emulator/emulator';
import { shuffle, type Moved } from '../../twoEnvironments';
import { CLI, tempDir, type CliResult } from '../harness';

// Where readmeExamples.test.ts runs the manual's examples: a person's terminal in a clone. A work
// folder holding `.git` (the repository) and `cases/` with two of the sample test-case files;
// `tas` on the PATH (a shell script running the built dist/cli.js), so each example runs through
// bash exactly as the manual writes it (quotes, `VAR=value` prefixes, `> file`, `~`); and two
// profiles outside the repository (TAS_CONFIG_DIR, as the manual advises when the home folder is a
// work tree): `home`, the default, on one emulator, and `staging` on a second one whose devices,
// API clients and trace filters have other ids.

export const SAMPLES = join(resolve(__dirname, '../../../..'), 'samples', 'workspace');
/** A loopback port nothing listens on: a service that cannot be reached. */
export const UNREACHABLE = 'http://127.0.0.1:1';

export class Workspace {
  readonly root = tempDir('tas-readme-');
  /** The clone: the working folder of every example, and the home folder (`~`). */
  readonly work = join(this.root.path, 'work');
  /** How the staging emulator's ids differ from home's (test/twoEnvironments.ts). */
  readonly moved: Moved;
  /** Values the steps' command lines name as `{name}` (ids known once the data is there). */
  readonly vars: Record<string, string> = {};
  /** The result of the step run last. */
  last: CliResult = { code: null, stdout: '', stderr: '' };

  constructor(
    readonly home: Emulator,
    readonly staging: Emulator,
  ) {
    for (const emu of [home, staging]) {
      emu.resetState();
      emu.faults.reset();
      emu.settings.executionStepMs = 20;
    }
    this.moved = shuffle(staging);
    // `.git` makes the work folder the repository; `.tas` pins the sync root there whatever lies above.
    for (const dir of ['.git', '.tas', 'cases']) mkdirSync(join(this.work, dir), { recursive: true });
    for (const file of ['voice-call-mo.testcase.json', 'sms-to-pixel.testcase.json'])
      cpSync(join(SAMPLES, file), join(this.work, 'cases', file));
    const bin = join(this.root.path, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'tas'), `#!/bin/sh\nexec '${process.execPath}' '${CLI}' "$@"\n`);
    chmodSync(join(bin, 'tas'), 0o755);
    const { clientId, clientSecret } = DEMO_CREDENTIALS.admin;
    const profiles = {
      default: 'home',
      profiles: {
        home: { baseUrl: home.url, clientId, clientSecret },
        staging: { baseUrl: staging.url, clientId, clientSecret },
      },
    };
    mkdirSync(this.config());
    writeFileSync(this.config('profiles.json'), JSON.stringify(profiles, null, 2), { mode: 0o600 });
  }

  /** A path in the work folder. */
  path(...parts: string[]): string {
    return join(this.work, ...parts);
  }

  /** A path in the profiles folder (outside the repository). */
  config(...parts: string[]): string {
    return join(this.root.path, 'config', ...parts);
  }

  write(file: string, text: string): void {
    mkdirSync(dirname(this.path(file)), { recursive: true });
    writeFileSync(this.path(file), text);
  }

  writeJson(file: string, value: unknown): void {
    this.write(file, `${JSON.stringify(value, null, 2)}\n`);
  }

  remove(file: string): void {
    rmSync(this.path(file), { recursive: true, force: true });
  }

  readJson(file: string): Record<string, unknown> {
    return JSON.parse(readFileSync(this.path(file), 'utf8')) as Record<string, unknown>;
  }

  /** One of the sample files, copied into the work folder under `as`. */
  sample(name: string, as: string): void {
    this.write(as, readFileSync(join(SAMPLES, name), 'utf8'));
  }

  /** The environment of the terminal: tas on the PATH, the profiles, fast polls; nothing of the test's own. */
  env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      PATH: `${join(this.root.path, 'bin')}:${process.env['PATH'] ?? '/usr/bin:/bin'}`,
      HOME: this.work,
      TAS_CONFIG_DIR: this.config(),
      TAS_POLL_INTERVAL: '0.05',
      ...extra,
    };
    // A variable given as undefined is one the step unsets.
    return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
  }

  /** A command line run by bash in the work folder, as typed at a prompt. */
  shell(
    line: string,
    options: { env?: NodeJS.ProcessEnv; input?: string; interrupt?: RegExp } = {},
  ): Promise<CliResult> {
    return new Promise((done, fail) => {
      // Its own process group: Ctrl-C at a terminal signals the whole foreground group.
      const child = spawn('bash', ['--norc', '--noprofile', '-c', line], {
        cwd: this.work,
        env: this.env(options.env),
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      let interrupted = false;
      const seen = () => {
        if (options.interrupt && !interrupted && options.interrupt.test(stdout + stderr)) {
          interrupted = true;
          process.kill(-child.pid!, 'SIGINT');
        }
      };
      child.stdout.on('data', (d: Buffer) => ((stdout += d.toString()), seen()));
      child.stderr.on('data', (d: Buffer) => ((stderr += d.toString()), seen()));
      // A command that hangs is ended, and its code (null) fails the step that ran it.
      const stop = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 60_000);
      child.on('error', fail);
      child.on('close', () => clearTimeout(stop));
      child.on('close', (code, signal) => done((this.last = { code: code ?? (signal ? -1 : null), stdout, stderr })));
      child.stdin.end(options.input ?? '');
    });
  }

  /** A command that prepares a step (not one of the manual's examples): it must succeed. */
  async prep(line: string, env?: NodeJS.ProcessEnv): Promise<CliResult> {
    const r = await this.shell(line, env ? { env } : {});
    if (r.code !== 0) throw new Error(`preparing with "${line}" failed (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
    return r;
  }

  dispose(): void {
    this.root.remove();
  }
}
