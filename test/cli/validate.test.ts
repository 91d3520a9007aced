import { strict as assert } from 'node:assert';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, beforeEach, describe, test } from 'node:test';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';

// `tas validate`: the editor's diagnostics as compiler lines, JSON and SARIF 2.1.0 (checked
// against the official SARIF 2.1.0 JSON schema, formats included), exit codes 0, 1, 3 and 4.

const SAMPLES = join(__dirname, '../../../samples/workspace');
/**
 * The SARIF 2.1.0 schema as published (draft-04; the one json.schemastore.org serves as
 * sarif-2.1.0.json and code-scanning uploads are checked against), from Microsoft's SARIF SDK.
 */
const SARIF_SCHEMA = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

describe('tas validate', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator();
  });
  after(async () => {
    await emu.close();
    dir?.remove();
  });
  beforeEach(() => {
    dir?.remove();
    dir = tempDir();
    mkdirSync(join(dir.path, 'cases', 'nested'), { recursive: true });
    cpSync(join(SAMPLES, 'broken-references.testcase.json'), join(dir.path, 'cases', 'broken.testcase.json'));
    cpSync(join(SAMPLES, 'voice-call-mo.testcase.json'), join(dir.path, 'cases', 'nested', 'good.testcase.json'));
  });
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) => tas(args, { cwd: dir.path, env });

  test('offline: compiler-style lines with 1-based positions, exit 1 on errors, 0 when clean', async () => {
    const r = await run(['validate', '--offline']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^cases\/broken\.testcase\.json:5:15: error wrong-type 'disabled' must be true or false/m);
    assert.match(r.stdout, /^cases\/broken\.testcase\.json:13:\d+: error sip-codes /m);
    assert.doesNotMatch(r.stdout, /good\.testcase\.json/);
    assert.match(r.stderr, /2 files checked \(offline: references not checked\): 3 errors, 0 warnings in 1 file/);
    const clean = await run(['validate', 'cases/nested']);
    assert.equal(clean.code, 0, clean.stdout);
    const glob = await run(['validate', 'cases/**/good.*.json']);
    assert.equal(glob.code, 0);
    assert.match(glob.stderr, /^1 file checked/);
    assert.equal(emu.requests.length, 0, 'nothing sent without credentials');
    // A link to a test-case file is checked like the file; a link to a folder is not followed.
    symlinkSync(
      join(dir.path, 'cases', 'broken.testcase.json'),
      join(dir.path, 'cases', 'nested', 'linked.testcase.json'),
    );
    symlinkSync(join(dir.path, 'cases'), join(dir.path, 'cases', 'nested', 'loop'));
    const linked = await run(['validate', 'cases/nested', '--offline']);
    assert.equal(linked.code, 1, linked.stderr);
    assert.match(linked.stdout, /^cases\/nested\/linked\.testcase\.json:5:15: error wrong-type/m);
    assert.match(linked.stderr, /^2 files checked/);
    writeFileSync(join(dir.path, 'cases', 'settings.json'), '{}');
    const other = await run(['validate', 'cases/settings.json']);
    assert.equal(
      other.code,
      2,
      'a file named on purpose that is not a test-case file is a usage error, not "0 errors"',
    );
    assert.match(other.stderr, /settings\.json is not a test-case file/);
    const unwritable = await run(['validate', 'cases', '--output', 'cases/settings.json/report.txt']);
    assert.equal(unwritable.code, 2);
    assert.match(unwritable.stderr, /--output cases\/settings\.json\/report\.txt: its folder cannot be made/);
    const nothing = await run(['validate', 'cases/**/*.testcase.jsn']);
    assert.equal(nothing.code, 2, 'a glob that matches nothing fails, so a typo cannot pass a CI job');
    assert.match(
      nothing.stderr,
      /no \*\.testcase\.json or \*\.testcases\.json files in cases\/\*\*\/\*\.testcase\.jsn/,
    );
  });

  test('a file starting with a byte order mark is read as the editor reads it: no syntax error, the same positions', async () => {
    const broken = join(dir.path, 'cases', 'broken.testcase.json');
    writeFileSync(broken, `\uFEFF${readFileSync(broken, 'utf8')}`);
    const good = join(dir.path, 'cases', 'nested', 'good.testcase.json');
    writeFileSync(good, `\uFEFF${readFileSync(good, 'utf8')}`);
    const r = await run(['validate', '--offline']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^cases\/broken\.testcase\.json:5:15: error wrong-type 'disabled' must be true or false/m);
    assert.doesNotMatch(r.stdout, /syntax|good\.testcase\.json/);
  });

  test("a file's id is checked only in its home environment, as the sync state records it", async () => {
    const file = join(dir.path, 'cases', 'nested', 'good.testcase.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), id: 987654 }, null, 2));
    const here = await run(['validate', 'cases/nested', '--format', 'json'], credentials(emu));
    const codes = (r: { stdout: string }) =>
      (JSON.parse(r.stdout) as { files: { diagnostics: { code: string }[] }[] }).files.flatMap((f) =>
        f.diagnostics.map((d) => d.code),
      );
    assert.ok(codes(here).includes('unlinked-id'), "without a sync state the id is taken as this environment's");
    // The sync state says the id belongs to another environment: nothing to report here. The
    // folder is a repository (HOME is this folder, whose own `.tas` counts only in a repository).
    mkdirSync(join(dir.path, '.git'));
    mkdirSync(join(dir.path, '.tas'));
    writeFileSync(
      join(dir.path, '.tas', 'sync.json'),
      JSON.stringify({
        version: 1,
        files: {
          'cases/nested/good.testcase.json': {
            home: 'https://other.example',
            links: { 'https://other.example': { id: 987654 } },
          },
        },
      }),
    );
    const elsewhere = await run(['validate', 'cases/nested', '--format', 'json'], credentials(emu));
    assert.deepEqual(
      codes(elsewhere).filter((c) => c === 'unlinked-id' || c === 'name-taken'),
      [],
    );
  });

  test('--max-warnings counts warnings like ESLint', async () => {
    const file = join(dir.path, 'cases', 'nested', 'good.testcase.json');
    const value = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...value, retryPolicy: { attempts: 2 } }, null, 2));
    const loose = await run(['validate', 'cases/nested', '--format', 'json']);
    const report = JSON.parse(loose.stdout);
    assert.equal(report.errors, 0, loose.stdout);
    assert.ok(report.warnings > 0, loose.stdout);
    assert.equal(loose.code, 0);
    assert.equal((await run(['validate', 'cases/nested', '--max-warnings', '0'])).code, 1);
    assert.equal((await run(['validate', 'cases/nested', `--max-warnings`, String(report.warnings)])).code, 0);
  });

  test('--format json: stable fields, 1-based', async () => {
    const r = await run(['validate', '--offline', '--format', 'json']);
    assert.equal(r.code, 1);
    const report = JSON.parse(r.stdout);
    assert.deepEqual(Object.keys(report).sort(), ['checked', 'errors', 'files', 'referencesChecked', 'warnings']);
    assert.equal(report.checked, 2);
    assert.equal(report.files[0].path, 'cases/broken.testcase.json');
    assert.deepEqual(report.files[0].diagnostics[0], {
      line: 5,
      column: 15,
      endLine: 5,
      endColumn: 19,
      severity: 'error',
      code: 'wrong-type',
      message: report.files[0].diagnostics[0].message,
    });
  });

  test('--format sarif: valid SARIF 2.1.0 with rules and 1-based regions', async () => {
    const r = await run(['validate', '--offline', '--format', 'sarif', '--output', 'out/results.sarif']);
    assert.equal(r.code, 1);
    const log = JSON.parse(readFileSync(join(dir.path, 'out', 'results.sarif'), 'utf8'));
    // unicodeRegExp: false because one pattern of the published schema (a language tag) is not valid
    // with the u flag; JSON Schema patterns are ECMA-262 ones, which allow it.
    const ajv = addFormats(new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false }));
    const schema = JSON.parse(readFileSync(SARIF_SCHEMA, 'utf8'));
    assert.match(schema.title, /SARIF\) Version 2\.1\.0/);
    const valid = ajv.validate(schema, structuredClone(log));
    assert.ok(valid, JSON.stringify(ajv.errors, null, 2));
    const zeroBased = structuredClone(log);
    zeroBased.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
    assert.equal(ajv.validate(schema, zeroBased), false, 'the schema checks what it should: lines are 1-based');
    const run0 = log.runs[0];
    assert.equal(log.version, '2.1.0');
    assert.equal(run0.results.length, 3);
    const first = run0.results.find((x: { ruleId: string }) => x.ruleId === 'wrong-type');
    assert.equal(first.level, 'error');
    assert.equal(run0.tool.driver.rules[first.ruleIndex].id, 'wrong-type');
    assert.deepEqual(first.locations[0].physicalLocation.region, {
      startLine: 5,
      startColumn: 15,
      endLine: 5,
      endColumn: 19,
    });
    assert.equal(first.locations[0].physicalLocation.artifactLocation.uri, 'cases/broken.testcase.json');
  });

  test('--format sarif: a name with #, %, ? or spaces is one escaped relative URI that resolves to the file itself', async () => {
    const names = ['case #1.testcase.json', '100% done?.testcase.json', 'a:b.testcase.json'];
    mkdirSync(join(dir.path, 'odd dir'));
    for (const name of names) cpSync(join(dir.path, 'cases', 'broken.testcase.json'), join(dir.path, 'odd dir', name));
    const r = await run(['validate', '--offline', '--format', 'sarif', 'odd dir']);
    assert.equal(r.code, 1, r.stderr);
    const run0 = JSON.parse(r.stdout).runs[0] as {
      originalUriBaseIds: { SRCROOT: { uri: string } };
      artifacts: { location: { uri: string } }[];
      results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[];
    };
    const uris = run0.artifacts.map((a) => a.location.uri).sort();
    assert.deepEqual(uris, [
      'odd%20dir/100%25%20done%3F.testcase.json',
      'odd%20dir/a%3Ab.testcase.json',
      'odd%20dir/case%20%231.testcase.json',
    ]);
    const base = run0.originalUriBaseIds.SRCROOT.uri;
    for (const uri of [...uris, ...run0.results.map((x) => x.locations[0]!.physicalLocation.artifactLocation.uri)]) {
      const resolved = new URL(uri, base);
      assert.equal(resolved.hash + resolved.search, '', `${uri}: no fragment or query`);
      assert.ok(
        names.map((n) => join(dir.path, 'odd dir', n)).includes(fileURLToPath(resolved)),
        `${uri} resolves to one of the files`,
      );
    }
  });

  test('online: live references against the service; refused credentials 3, unreachable 4', async () => {
    const r = await run(['validate', 'cases'], credentials(emu));
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /broken\.testcase\.json:\d+:\d+: error unknown-device Mobile device 999 does not exist/);
    assert.match(r.stdout, /error unknown-trace-filter Trace filter 77/);
    assert.match(r.stderr, /\(with references\)/);
    const good = await run(['validate', 'cases/nested'], credentials(emu));
    assert.equal(good.code, 0, good.stdout + good.stderr);
    const refused = await run(['validate', 'cases/nested'], { ...credentials(emu), TAS_CLIENT_SECRET: 'wrong' });
    assert.equal(refused.code, 3);
    assert.match(refused.stderr, /References not verified/);
    const down = await run(['validate', 'cases/nested'], { ...credentials(emu), TAS_BASE_URL: 'http://127.0.0.1:9' });
    assert.equal(down.code, 4);
    assert.equal(
      (
        await run(['validate', 'cases/nested', '--offline'], {
          ...credentials(emu),
          TAS_BASE_URL: 'http://127.0.0.1:9',
        })
      ).code,
      0,
    );
  });
});
