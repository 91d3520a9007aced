import { strict as assert } from 'node:assert';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { npm, packed, quietNpm, root, rootPackFiles, stage } from './npmPackage';

// `tas` as a CI job gets it: `npm pack` of the repository (what `npm publish` would upload; of a
// copy of what the pack reads, see npmPackage.ts), then `npm install -g` of that tarball into an
// empty prefix, offline and with an empty npm cache, so that any runtime dependency the package
// asked for would fail the install. The `tas` it links then answers --version, writes a
// completion script and validates with GitHub annotations. Needs dist/cli.js (`npm run build`).

const SAMPLES = join(root, 'samples', 'workspace');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  private?: boolean;
  bin: Record<string, string>;
  dependencies?: object;
  optionalDependencies?: Record<string, string>;
};

describe('the npm package of tas', { timeout: 180_000 }, () => {
  let dir: string;
  let tarball: string;
  let files: string[];
  let atRoot: string[];
  let tas: (args: string[], cwd: string) => SpawnSyncReturns<string>;
  let prefix: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'tas-pack-'));
    const env = quietNpm(dir);
    atRoot = rootPackFiles(dir);
    const info = packed(npm(['pack', '--pack-destination', dir, '--json'], stage(join(dir, 'clone'), atRoot), env));
    tarball = join(dir, info.filename);
    files = info.files.map((f) => f.path).sort();
    prefix = join(dir, 'global');
    mkdirSync(prefix);
    const installed = npm(
      ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball],
      dir,
      env,
    );
    assert.equal(
      installed.status,
      0,
      `the tarball installs offline with an empty cache (no dependency to fetch):\n${installed.stdout}\n${installed.stderr}`,
    );
    const bin = join(prefix, 'bin', 'tas');
    tas = (args, cwd) =>
      spawnSync(bin, args, { cwd, env: { PATH: process.env['PATH'] ?? '', HOME: dir }, encoding: 'utf8' });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('is publishable and holds only what runs', () => {
    assert.notEqual(pkg.private, true, 'a private package cannot be published');
    assert.equal(
      pkg.dependencies,
      undefined,
      'the bundles need no runtime dependency: everything they use is bundled (devDependencies)',
    );
    assert.deepEqual(files, ['CHANGELOG.md', 'LICENSE', 'README.md', 'dist/cli.js', 'package.json']);
    assert.deepEqual(atRoot, files, 'a pack of the repository itself holds the same files (.npmignore)');
  });

  test('its one optional dependency is the keyring library, outside the bundle', () => {
    assert.deepEqual(Object.keys(pkg.optionalDependencies ?? {}), ['@napi-rs/keyring']);
    const bundle = readFileSync(join(root, 'dist', 'cli.js'), 'utf8');
    assert.ok(bundle.includes('require("@napi-rs/keyring")'), 'dist/cli.js requires it at run time, not bundled');
  });

  test('offline, the optional keyring library is left out: tas login keeps the secret in the file and says why', () => {
    const cwd = mkdtempSync(join(dir, 'login-'));
    const bin = join(prefix, 'bin', 'tas');
    const login = spawnSync(
      bin,
      ['login', '--profile', 'p', '--base-url', 'https://tas.invalid', '--client-id', 'c', '--no-verify'],
      { cwd, env: { PATH: process.env['PATH'] ?? '', HOME: cwd }, encoding: 'utf8', input: 'pack-test-secret\n' },
    );
    assert.equal(login.status, 0, login.stderr);
    assert.match(
      login.stdout,
      /The client secret is kept in that file, readable by you only: no system keyring answered \(the optional package @napi-rs\/keyring is not installed\)\./,
    );
    assert.doesNotMatch(login.stdout + login.stderr, /pack-test-secret/);
  });

  test('npm install -g of the tarball links a tas that brings no other package', () => {
    const modules = join(prefix, 'lib', 'node_modules');
    assert.deepEqual(
      readdirSync(modules).filter((n) => !n.startsWith('.')),
      [pkg.name],
    );
    assert.equal(existsSync(join(modules, pkg.name, 'node_modules')), false, 'nothing installed under the package');
  });

  test("the installed package's README is the CLI manual (npmReadme.test.ts holds it to docs/cli.md)", () => {
    const readme = readFileSync(join(prefix, 'lib', 'node_modules', pkg.name, 'README.md'), 'utf8');
    assert.match(readme, /^<!-- docs\/cli\.md as the npm package's README/);
    assert.match(readme, /^# `tas`: the Test Automation Service command line$/m);
  });

  test('tas --version, through npx too, tas completion bash, tas validate --format github', () => {
    const version = tas(['--version'], dir);
    assert.equal(version.status, 0, version.stderr);
    assert.equal(version.stdout.trim(), pkg.version);

    // README: `npx ./<tarball> ...` works too, `tas version` and `npx tas -- --version` among them.
    const env = quietNpm(dir);
    for (const args of [['version'], ['--version'], ['--', '--version']]) {
      const viaNpx = npm(['exec', '--yes', '--offline', '--', `./${basename(tarball)}`, ...args], dir, env);
      assert.equal(viaNpx.status, 0, `npx ${args.join(' ')}: ${viaNpx.stderr}`);
      assert.equal(viaNpx.stdout.trim(), pkg.version, `npx <tarball> ${args.join(' ')}`);
    }

    const completion = tas(['completion', 'bash'], dir);
    assert.equal(completion.status, 0, completion.stderr);
    assert.match(completion.stdout, /^complete -F _tas tas$/m);
    const syntax = spawnSync('bash', ['-n'], { input: completion.stdout, encoding: 'utf8' });
    assert.equal(syntax.status, 0, syntax.stderr);

    const work = join(dir, 'work');
    mkdirSync(join(work, 'cases'), { recursive: true });
    cpSync(join(SAMPLES, 'broken-references.testcase.json'), join(work, 'cases', 'broken.testcase.json'));
    cpSync(join(SAMPLES, 'voice-call-mo.testcase.json'), join(work, 'cases', 'good.testcase.json'));
    const checked = tas(['validate', '--format', 'github'], work);
    assert.equal(checked.status, 1, checked.stderr);
    assert.match(
      checked.stdout,
      /^::error file=cases\/broken\.testcase\.json,line=5,endLine=5,col=15,endColumn=\d+,title=tas wrong-type::'disabled' must be true or false/m,
    );
    assert.match(checked.stderr, /2 files checked \(offline: references not checked\): 3 errors/);
    const clean = tas(['validate', '--format', 'github', 'cases/good.testcase.json'], work);
    assert.equal(clean.status, 0, clean.stderr);
    assert.equal(clean.stdout, '');
  });
});
