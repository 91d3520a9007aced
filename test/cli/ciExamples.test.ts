import { strict as assert } from 'node:assert';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { manualSection } from '../manual';
import { credentials, tas, tempDir } from './harness';
import { all, parseXml } from './xml';

// The CI examples of the manual ("CI examples"), read from the manual itself and run: each YAML
// block parses, installs the tarball `npm pack` makes of this version, passes the credentials
// in the three variables tas reads, and its tas commands, run in order against the emulator in
// a clone-like folder, end as the example says (0, then the reports it names are there and
// readable). The install line itself is proven by test/package/npmPack.test.ts.

const root = resolve(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string };
const SAMPLES = join(root, 'samples', 'workspace');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const yaml = require('js-yaml') as { load(text: string): unknown };

/** The YAML blocks of the manual's section "CI examples", in order. */
function ciBlocks(): unknown[] {
  const section = manualSection('CI examples').text;
  return [...section.matchAll(/^```yaml\n([^]*?)^```$/gm)].map((m) => yaml.load(m[1]!));
}

interface GitHubWorkflow {
  on: unknown;
  jobs: Record<string, { env: Record<string, string>; steps: { run?: string; uses?: string; if?: string }[] }>;
}
type GitLabPipeline = Record<
  string,
  { image: string; script: string[]; artifacts: { when: string; reports: { junit: string } } }
>;

/** The commands after the install line, each checked to be a plain `tas` command line. */
function tasCommands(commands: string[]): string[][] {
  const [install, ...rest] = commands;
  assert.equal(
    install,
    `npm install -g ./tools/${pkg.name}-${pkg.version}.tgz`,
    'installs the tarball npm pack makes of this version',
  );
  return rest.map((c) => {
    assert.match(c, /^tas [\w ./*-]+$/, `a tas command without quoting or shell syntax: ${c}`);
    return c.split(' ').slice(1);
  });
}

describe("the manual's CI examples", { timeout: 90_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator({ settings: { executionStepMs: 20 } });
  });
  after(async () => {
    await emu.close();
    dir?.remove();
  });
  beforeEach(() => {
    dir?.remove();
    dir = tempDir();
  });

  /** A clone: the test-case files the commands name, from the samples. */
  function clone(commands: string[][]): void {
    for (const path of commands.flat().filter((a) => a.endsWith('.testcase.json'))) {
      const sample = join(SAMPLES, path.split('/').pop()!);
      assert.ok(existsSync(sample), `the example names a sample file: ${path}`);
      mkdirSync(dirname(join(dir.path, path)), { recursive: true });
      cpSync(sample, join(dir.path, path));
    }
  }

  async function runAll(commands: string[][]): Promise<void> {
    for (const args of commands) {
      const r = await tas(args, { cwd: dir.path, env: credentials(emu) });
      assert.equal(r.code, 0, `tas ${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
    }
  }

  const report = (path: string) => readFileSync(join(dir.path, path), 'utf8');

  test('GitHub Actions: annotations, SARIF for code scanning, a run with its JUnit report', async () => {
    const [workflow] = ciBlocks() as [GitHubWorkflow];
    const [job] = Object.values(workflow.jobs);
    assert.ok(job);
    assert.deepEqual(
      Object.keys(job.env).sort(),
      Object.keys(credentials(emu)).sort(),
      'the credentials in the variables tas reads',
    );
    assert.match(job.env['TAS_CLIENT_SECRET']!, /^\$\{\{ secrets\.\w+ \}\}$/, 'the secret from the secrets store');
    const commands = tasCommands(job.steps.filter((s) => s.run !== undefined).map((s) => s.run!));
    assert.deepEqual(
      commands.map((c) => c[0]),
      ['validate', 'validate', 'import', 'run'],
    );
    clone(commands);
    await runAll(commands);
    const sarif = JSON.parse(report('reports/tas.sarif')) as { version: string };
    assert.equal(sarif.version, '2.1.0');
    assert.ok(job.steps.some((s) => s.uses?.startsWith('github/codeql-action/upload-sarif') === true));
    const junit = parseXml(report('reports/run.xml'));
    assert.deepEqual(
      [junit.attributes['tests'], junit.attributes['failures'], junit.attributes['errors']],
      ['1', '0', '0'],
    );

    // A broken file fails the first step, with an annotation on its line.
    writeFileSync(
      join(dir.path, 'cases', 'broken.testcase.json'),
      readFileSync(join(SAMPLES, 'broken-references.testcase.json')),
    );
    const annotated = await tas(commands[0]!, { cwd: dir.path, env: credentials(emu) });
    assert.equal(annotated.code, 1, annotated.stderr);
    assert.match(annotated.stdout, /^::error file=cases\/broken\.testcase\.json,line=\d+,/m);
  });

  test('GitLab CI: JUnit reports of the validation and of the run', async () => {
    const [, pipeline] = ciBlocks() as [unknown, GitLabPipeline];
    const [job] = Object.values(pipeline);
    assert.ok(job);
    assert.equal(job.artifacts.when, 'always', 'the reports are kept when a step fails');
    const commands = tasCommands(job.script);
    assert.deepEqual(
      commands.map((c) => c[0]),
      ['validate', 'import', 'run'],
    );
    clone(commands);
    await runAll(commands);
    // Every report the commands write is one the artifact pattern collects, and well-formed.
    const written = commands.flatMap((c) => c.filter((_, i) => ['--output', '--junit'].includes(c[i - 1] ?? '')));
    assert.equal(written.length, 2);
    const pattern = new RegExp(`^${job.artifacts.reports.junit.replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}$`);
    for (const path of written) {
      assert.match(path, pattern);
      const doc = parseXml(report(path));
      assert.equal(doc.name, 'testsuites');
      assert.equal(all(doc, 'failure').length, 0, path);
    }
  });
});
