import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';

// Runs, suites and executions from the command line: exit 0 when all passed, 1 when one did
// not, 6 on --timeout; JUnit reports; a transient 502 while waiting is retried; calls that
// start something are never repeated.

const PASSES = 1; // demo test case 1 passes
const FAILS = 19; // demo test case 19 is tagged expect-fail

describe('tas run, watch, execute, cancel, rerun', { timeout: 90_000 }, () => {
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
    emu.faults.reset();
    emu.settings.executionStepMs = 20;
    dir?.remove();
    dir = tempDir();
  });
  const run = (args: string[]) => tas(args, { cwd: dir.path, env: credentials(emu) });
  const posts = (path: string) => emu.requests.filter((r) => r.method === 'POST' && r.path === path).length;

  test('run --wait: 0 when it passed, 1 when it failed, with a JUnit report', async () => {
    const ok = await run(['run', String(PASSES), '--wait']);
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /^PASSED\s+execution \d+/m);
    const bad = await run(['run', String(PASSES), String(FAILS), '--junit', 'reports/junit.xml', '--json']);
    assert.equal(bad.code, 1, bad.stderr);
    const out = JSON.parse(bad.stdout);
    assert.deepEqual(out.executions.map((e: { kind: string }) => e.kind).sort(), ['failed', 'passed']);
    assert.equal(out.timedOut, false);
    const xml = readFileSync(join(dir.path, 'reports', 'junit.xml'), 'utf8');
    assert.match(xml, /<testsuites name="tas run" tests="2" failures="1" errors="0" skipped="0"/);
    assert.equal((xml.match(/<testcase /g) ?? []).length, 2);
    // The failure names the failed step and carries the execution's log (the emulator's last step fails).
    const failure =
      /<failure message="execution (\d+): FAILED at (Step (\d+)\/\3 [^"]+)" type="FAILED">([^<]*)<\/failure>/.exec(xml);
    assert.ok(failure, xml);
    const body = failure[4]!;
    assert.match(
      body,
      new RegExp(
        `^execution ${failure[1]}: FAILED at ${failure[2]!.replace(/[/]/g, '\\/')}\n\nLog \\(\\d+ lines; tas api GET /testexecutions/${failure[1]} has the record\\):\n`,
      ),
    );
    assert.match(body, /INFO Step 1\/\d+ \S+: started\n/);
    assert.match(body, new RegExp(`ERROR ${failure[2]!.replace(/[/]/g, '\\/')}: failed\n.*ERROR Finished: FAILED$`));
  });

  test('run without --wait prints the execution id; watch follows it to the end', async () => {
    emu.settings.executionStepMs = 200;
    const started = await run(['run', String(PASSES)]);
    assert.equal(started.code, 0, started.stderr);
    const id = started.stdout.trim();
    assert.match(id, /^\d+$/);
    const watched = await run(['watch', id, '--json']);
    assert.equal(watched.code, 0, watched.stderr);
    assert.equal(JSON.parse(watched.stdout).executions[0].status, 'PASSED');
    assert.equal((await run(['watch', '999999'])).code, 2);
    writeFileSync(join(dir.path, 'broken.testcase.json'), '{"name": "half');
    const broken = await run(['run', 'broken.testcase.json']);
    assert.equal(broken.code, 1, 'a file that is not a test case is a validation error, not a conflict');
    assert.equal(broken.stderr.match(/broken\.testcase\.json/g)?.length, 1, broken.stderr);
    assert.match(broken.stderr, /is not valid JSON.*tas validate/s);
    const missing = await run(['run', '999999']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^Test case 999999 does not exist on the service\.$/m);

    // Output paths are checked before anything starts, and a zero timeout is a mistake.
    const before = posts(`/api/v2/testcases/${PASSES}/run`);
    const intoFolder = await run(['run', String(PASSES), '--junit', '.']);
    assert.equal(intoFolder.code, 2);
    assert.match(intoFolder.stderr, /--junit \. is a folder; give a file name/);
    writeFileSync(join(dir.path, 'afile'), '');
    const underFile = await run(['run', String(PASSES), '--junit', 'afile/j.xml']);
    assert.equal(underFile.code, 2);
    assert.match(underFile.stderr, /--junit afile\/j\.xml: its folder cannot be made/);
    assert.equal((await run(['run', String(PASSES), '--timeout', '0s'])).code, 2);
    assert.equal(posts(`/api/v2/testcases/${PASSES}/run`), before, 'nothing was started');
  });

  test('--timeout ends the wait with 6 and says how to pick up; the JUnit report marks it unfinished', async () => {
    emu.settings.executionStepMs = 60_000;
    // --timeout implies --wait, as --junit does.
    const r = await run(['run', String(PASSES), '--timeout', '300ms', '--junit', 'j.xml']);
    assert.equal(r.code, 6, r.stderr);
    assert.match(r.stderr, /Timed out.*tas watch \d+/s);
    assert.match(readFileSync(join(dir.path, 'j.xml'), 'utf8'), /errors="1"/);
  });

  test('a transient 502 while waiting is retried, not fatal', async () => {
    emu.settings.executionStepMs = 100;
    emu.faults.rules.push({
      method: 'GET',
      path: '/api/v2/testexecutions/**',
      action: { kind: 'status', status: 502 },
      times: 6,
    });
    const r = await run(['run', String(PASSES), '--wait']);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(
      emu.requests.some((q) => q.status === 502),
      'the fault was hit',
    );
  });

  test('a run whose answer is lost is not sent again, and says so', async () => {
    const before = posts(`/api/v2/testcases/${PASSES}/run`);
    emu.faults.rules.push({ method: 'POST', path: '/api/v2/testcases/*/run', action: { kind: 'dropAfter' }, times: 1 });
    const r = await run(['run', String(PASSES), '--wait']);
    assert.equal(r.code, 4);
    assert.match(r.stderr, /may have started\. Check tas executions/);
    assert.equal(posts(`/api/v2/testcases/${PASSES}/run`) - before, 1);
  });

  test('execute by name with --wait; cancel; rerun', async () => {
    const suites = JSON.parse((await run(['suites', '--json'])).stdout) as {
      id: number;
      name: string;
      disabled: boolean;
      testCaseIds: number[];
    }[];
    const suite = suites.find(
      (s) => !s.disabled && s.testCaseIds.length > 0 && s.testCaseIds.every((id) => id !== FAILS && id % 11 !== 1),
    )!;
    const executed = await run(['execute', suite.name, '--wait', '--json']);
    assert.ok(executed.code === 0 || executed.code === 1, executed.stderr);
    const result = JSON.parse(executed.stdout);
    assert.ok(result.executions.length > 0);
    assert.equal(executed.code, result.executions.every((e: { kind: string }) => e.kind === 'passed') ? 0 : 1);

    emu.settings.executionStepMs = 60_000;
    const started = await run(['execute', String(suite.id)]);
    assert.equal(started.code, 0, started.stderr);
    const ids = started.stdout.trim().split('\n').map(Number);
    const cancelled = await run(['cancel', String(suite.id), '--json']);
    assert.equal(cancelled.code, 0, cancelled.stderr);
    assert.deepEqual(JSON.parse(cancelled.stdout).cancelledExecutionIds.sort(), ids.sort());
    const watched = await run(['watch', String(ids[0])]);
    assert.equal(watched.code, 1, 'a cancelled execution did not pass');

    emu.settings.executionStepMs = 20;
    const rerun = await run(['rerun', String(ids[0]), '--wait']);
    assert.ok(rerun.code === 0 || rerun.code === 1, rerun.stderr);
    assert.match(rerun.stdout, /execution \d+/);
    assert.equal((await run(['execute', 'No such suite'])).code, 2);
  });

  test('execute --junit names the suite by its name, whether it was given by id or by name (read from the suite, else from its executions)', async () => {
    const suites = JSON.parse((await run(['suites', '--json'])).stdout) as {
      id: number;
      name: string;
      disabled: boolean;
      testCaseIds: number[];
    }[];
    const suite = suites.find(
      (s) => !s.disabled && s.testCaseIds.length > 0 && s.testCaseIds.every((id) => id !== FAILS && id % 11 !== 1),
    )!;
    const name = suite.name.replace(
      /[&<>"']/g,
      (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
    );
    for (const ref of [String(suite.id), suite.name]) {
      const r = await run(['execute', ref, '--junit', 'suite.xml']);
      assert.ok(r.code === 0 || r.code === 1, r.stderr);
      const xml = readFileSync(join(dir.path, 'suite.xml'), 'utf8');
      assert.match(
        xml,
        new RegExp(`<testsuites name="${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" `),
        `${ref}: ${xml.slice(0, 300)}`,
      );
      assert.doesNotMatch(xml, /name="suite \d+"/);
    }
    const reads = () =>
      emu.requests.filter((q) => q.method === 'GET' && q.path === `/api/v2/testsuites/${suite.id}`).length;
    assert.ok(reads() > 0, 'given by id, the suite was read for its name');
    // The suite cannot be read: its executions say its name.
    emu.faults.rules.push({
      method: 'GET',
      path: `/api/v2/testsuites/${suite.id}`,
      action: { kind: 'status', status: 404 },
      times: 1,
    });
    const r = await run(['execute', String(suite.id), '--junit', 'unread.xml']);
    assert.ok(r.code === 0 || r.code === 1, r.stderr);
    assert.match(
      readFileSync(join(dir.path, 'unread.xml'), 'utf8'),
      new RegExp(`<testsuites name="${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" `),
    );
    assert.equal(emu.faults.rules.length, 0, 'the read was refused');
  });
});
