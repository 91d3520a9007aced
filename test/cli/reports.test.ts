import { strict as assert } from 'node:assert';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';
import { all, parseXml } from './xml';

// The reports CI systems read: `tas validate --format github` (workflow commands GitHub Actions
// turns into annotations on the lines), `--format junit`, and the JUnit report of `tas watch`,
// whose failure names the failed step and carries the end of the execution's log. The XML is
// read by a strict XML parser, so a report a CI system would reject fails.

const SAMPLES = join(__dirname, '../../../samples/workspace');
const FAILS = 19; // demo test case 19 is tagged expect-fail

/** A GitHub Actions workflow command line: `::command key=value,...::message`, values unescaped. */
function workflowCommand(line: string): { command: string; props: Record<string, string>; message: string } {
  const m = /^::(error|warning|notice) ([^:]*)::(.*)$/.exec(line);
  assert.ok(m, `a workflow command: ${line}`);
  const unescape = (s: string) =>
    s.replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%25/g, '%');
  const props = Object.fromEntries(
    m[2]!.split(',').map((kv) => [kv.slice(0, kv.indexOf('=')), unescape(kv.slice(kv.indexOf('=') + 1))]),
  );
  return { command: m[1]!, props, message: unescape(m[3]!) };
}

describe('tas reports for CI', { timeout: 90_000 }, () => {
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
    mkdirSync(join(dir.path, 'cases', 'nested'), { recursive: true });
    // A name with the characters a workflow command's properties must escape.
    cpSync(join(SAMPLES, 'broken-references.testcase.json'), join(dir.path, 'cases', 'broken, 50%: v2.testcase.json'));
    cpSync(join(SAMPLES, 'voice-call-mo.testcase.json'), join(dir.path, 'cases', 'nested', 'good.testcase.json'));
  });
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) => tas(args, { cwd: dir.path, env });

  test('--format github: one annotation per problem, at the file, line and column --format json gives', async () => {
    for (const env of [{}, credentials(emu)]) {
      const json = JSON.parse((await run(['validate', '--format', 'json'], env)).stdout) as {
        files: {
          path: string;
          diagnostics: {
            line: number;
            column: number;
            endLine: number;
            endColumn: number;
            severity: string;
            code: string;
            message: string;
          }[];
        }[];
      };
      const expected = json.files.flatMap((f) => f.diagnostics.map((d) => ({ ...d, path: f.path })));
      assert.ok(expected.length >= 3, 'the broken sample has problems');
      const r = await run(['validate', '--format', 'github'], env);
      assert.equal(r.code, 1, r.stderr);
      const lines = r.stdout.split('\n').filter((l) => l !== '');
      assert.equal(lines.length, expected.length, r.stdout);
      lines.forEach((line, i) => {
        const got = workflowCommand(line);
        const want = expected[i]!;
        assert.equal(got.command, { error: 'error', warning: 'warning' }[want.severity] ?? 'notice');
        assert.deepEqual(got.props, {
          file: 'cases/broken, 50%: v2.testcase.json',
          line: String(want.line),
          endLine: String(want.endLine),
          col: String(want.column),
          endColumn: String(want.endColumn),
          title: `tas ${want.code}`,
        });
        assert.equal(got.message, want.message);
      });
      // The raw line escapes what would end a property.
      assert.match(
        lines[0]!,
        /^::error file=cases\/broken%2C 50%25%3A v2\.testcase\.json,line=5,endLine=5,col=15,endColumn=19,title=tas wrong-type::/,
      );
    }
    const clean = await run(['validate', '--format', 'github', 'cases/nested']);
    assert.equal(clean.code, 0, clean.stderr);
    assert.equal(clean.stdout, '', 'no problem, no annotation');
  });

  test('--format junit: well-formed JUnit XML, one test case per file, failed with its errors', async () => {
    const text = await run(['validate', '--offline']);
    const r = await run(['validate', '--offline', '--format', 'junit', '--output', 'reports/validate.xml']);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stdout, '');
    const doc = parseXml(readFileSync(join(dir.path, 'reports', 'validate.xml'), 'utf8'));
    assert.equal(doc.name, 'testsuites');
    assert.deepEqual([doc.attributes['tests'], doc.attributes['failures']], ['2', '1']);
    const cases = all(doc, 'testcase');
    assert.deepEqual(cases.map((c) => c.attributes['name']).sort(), [
      'cases/broken, 50%: v2.testcase.json',
      'cases/nested/good.testcase.json',
    ]);
    const broken = cases.find((c) => c.attributes['name']!.includes('broken'))!;
    const [failure] = all(broken, 'failure');
    assert.ok(failure);
    assert.match(failure.attributes['message']!, /^3 errors: 'disabled' must be true or false/);
    // The failure lists the errors as the compiler-style text output does, one line each.
    const errorLines = text.stdout.split('\n').filter((l) => / error /.test(l));
    assert.deepEqual(failure.text.split('\n'), errorLines);
    const good = cases.find((c) => c.attributes['name']!.includes('good'))!;
    assert.deepEqual(all(good, 'failure'), []);
  });

  test('watch --junit: the failure names the failed step and carries the log excerpt', async () => {
    const started = await run(['run', String(FAILS)], credentials(emu));
    assert.equal(started.code, 0, started.stderr);
    const id = started.stdout.trim();
    const r = await run(['watch', id, '--junit', 'junit.xml'], credentials(emu));
    assert.equal(r.code, 1, r.stderr);
    const doc = parseXml(readFileSync(join(dir.path, 'junit.xml'), 'utf8'));
    assert.deepEqual(
      [doc.attributes['name'], doc.attributes['tests'], doc.attributes['failures']],
      [`executions ${id}`, '1', '1'],
    );
    const [failure] = all(doc, 'failure');
    assert.ok(failure);
    const message = failure.attributes['message']!;
    const m = new RegExp(`^execution ${id}: FAILED at (Step (\\d+)/\\2 \\S+)$`).exec(message);
    assert.ok(m, `the message names the failed step: ${message}`);
    // The log as the record the message points at has it.
    const got = await run(['api', 'GET', `/testexecutions/${id}`], credentials(emu));
    assert.equal(got.code, 0, got.stderr);
    const record = JSON.parse(got.stdout) as { log: { level: string; message: string }[] };
    const [head, blank, said, ...log] = failure.text.split('\n');
    assert.equal(head, message);
    assert.equal(blank, '');
    assert.equal(said, `Log (${record.log.length} lines; tas api GET /testexecutions/${id} has the record):`);
    assert.equal(log.length, record.log.length);
    log.forEach((line, i) =>
      assert.ok(line.endsWith(`${record.log[i]!.level.toUpperCase()} ${record.log[i]!.message}`), line),
    );
    assert.ok(
      log.some((l) => l.includes(`ERROR ${m[1]}: failed`)),
      'the log excerpt shows the step failing',
    );
  });
});
