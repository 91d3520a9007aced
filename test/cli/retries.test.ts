import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';

// tas run --retries N: a failed execution is rerun (POST /testexecutions/{id}/rerun) at most N
// times, never on its own otherwise; a pass on a rerun is flaky: exit 0 with the flaky count
// said, exit 1 with --fail-on-flaky; JUnit in Surefire's form (flakyFailure, rerunFailure).
// The emulator's outcomes are given in advance (its failure model's `scripted`).

const A = 5; // demo cases that pass on their own
const B = 7;

describe('tas run --retries', { timeout: 90_000 }, () => {
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
    emu.lab.scripted = {};
    emu.requests.length = 0;
    dir?.remove();
    dir = tempDir();
  });
  const run = (args: string[]) => tas(args, { cwd: dir.path, env: credentials(emu) });
  const reruns = () => emu.requests.filter((r) => r.method === 'POST' && /\/rerun$/.test(r.path)).length;
  const script = (id: number, outcomes: ('PASSED' | 'FAILED')[]) => (emu.lab.scripted[String(id)] = outcomes);

  test('a pass on a rerun is flaky: exit 0 with the count said, JUnit flakyFailure', async () => {
    script(A, ['FAILED', 'PASSED']);
    const r = await run(['run', String(A), '--retries', '2', '--junit', 'run.xml']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(reruns(), 1, 'rerun once: it passed then');
    assert.match(
      r.stdout,
      /^PASSED\s+execution (\d+)\s+Bulk data transfer LTE #005 .*\(after \d+ FAILED at step 2: flaky\)$/m,
    );
    assert.match(r.stderr, /^rerun 1 of 2: execution \d+ \(execution \d+ failed\)$/m);
    assert.match(
      r.stderr,
      /^1 test was flaky \(passed only on a rerun\): Bulk data transfer LTE #005\. It counts as passed/m,
    );
    const xml = readFileSync(join(dir.path, 'run.xml'), 'utf8');
    assert.match(xml, /tests="1" failures="0" errors="0" skipped="0"/);
    assert.match(
      xml,
      /<flakyFailure message="execution \d+: FAILED at Step 2\/2 CHECK_SIGNAL" type="FAILED">\s*<stackTrace>execution \d+: FAILED/,
    );
    assert.doesNotMatch(xml, /<failure|<rerunFailure/);
    assert.match(xml, /<property name="executionIds" value="\d+,\d+"\/>/);
  });

  test('--fail-on-flaky: exit 1', async () => {
    script(A, ['FAILED', 'PASSED']);
    const r = await run(['run', String(A), '--retries', '1', '--fail-on-flaky', '--json']);
    assert.equal(r.code, 1, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.flaky, 1);
    assert.equal(out.runs[0].outcome, 'flaky');
    assert.equal(out.runs[0].executionIds.length, 2);
    assert.match(r.stderr, /--fail-on-flaky: exit 1\./);
  });

  test('never more than N reruns; a test that fails each time fails, JUnit failure then rerunFailure', async () => {
    script(A, ['FAILED', 'FAILED', 'FAILED', 'FAILED', 'PASSED']);
    script(B, ['PASSED']);
    const r = await run(['run', String(A), String(B), '--retries', '2', '--junit', 'run.xml']);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(reruns(), 2, 'two reruns of A, none of B (it passed)');
    assert.deepEqual(emu.lab.scripted[String(A)], ['FAILED', 'PASSED'], 'nothing ran a fourth time');
    const xml = readFileSync(join(dir.path, 'run.xml'), 'utf8');
    assert.match(xml, /tests="2" failures="1"/);
    const a = /<testcase name="Bulk data transfer LTE #005"[\s\S]*?<\/testcase>/.exec(xml)![0];
    assert.equal((a.match(/<failure /g) ?? []).length, 1);
    assert.equal((a.match(/<rerunFailure /g) ?? []).length, 2);
    assert.doesNotMatch(a, /flakyFailure/);
  });

  test('without --retries nothing is rerun, and --retries 0 is the same', async () => {
    script(A, ['FAILED', 'PASSED']);
    const r = await run(['run', String(A), '--wait']);
    assert.equal(r.code, 1);
    script(A, ['FAILED', 'PASSED']);
    const zero = await run(['run', String(A), '--retries', '0', '--wait']);
    assert.equal(zero.code, 1);
    assert.equal(reruns(), 0);
  });

  test("a rerun the service refuses ends that test's reruns, said in words", async () => {
    script(A, ['FAILED']);
    // The service refuses the rerun (409, as for a test case that cannot start).
    emu.faults.rules.push({
      method: 'POST',
      path: '/api/v2/testexecutions/*/rerun',
      action: { kind: 'status', status: 409 },
      times: 1,
    });
    const r = await run(['run', String(A), '--retries', '3']);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(reruns(), 1, 'refused once, not asked again');
    assert.match(r.stderr, /rerun execution \d+/);
  });

  test('a rerun whose answer was lost may have started: never sent again, exit 4', async () => {
    script(A, ['FAILED', 'FAILED', 'FAILED']);
    emu.faults.rules.push({
      method: 'POST',
      path: '/api/v2/testexecutions/*/rerun',
      action: { kind: 'dropAfter' },
      times: 1,
    });
    const r = await run(['run', String(A), '--retries', '3']);
    assert.equal(r.code, 4, r.stderr);
    assert.equal(reruns(), 1);
    assert.match(r.stderr, /may have started/);
  });

  test('a value out of range is a usage error', async () => {
    assert.equal((await run(['run', String(A), '--retries', '11'])).code, 2);
    assert.equal((await run(['run', String(A), '--retries', 'two'])).code, 2);
  });
});
