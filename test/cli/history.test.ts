import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { DEMO_LAB } from '../emulator/lab';
import { credentials, tas, tempDir } from './harness';

// tas history against the demo lab (its failure model on): each test case's recent runs, the
// flaky ones and the suspect phone, as text, JSON and Markdown; files name the test cases they
// are linked to; an edit of a test case ends its flaky mark (the runs before it ran another version).

describe('tas history', { timeout: 90_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator({ lab: DEMO_LAB, settings: { executionStepMs: 20 } });
    dir = tempDir();
    writeFileSync(join(dir.path, '.git'), '');
  });
  after(async () => {
    await emu.close();
    dir.remove();
  });
  const run = (args: string[]) => tas(args, { cwd: dir.path, env: credentials(emu) });

  test('text: each case, its runs, the flaky ones and the suspect phone they use', async () => {
    const r = await run(['history', '1', '3', '5', '--runs', '2']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^History of 3 test cases, from all 600 executions \(since .+\)$/m);
    assert.match(
      r.stdout,
      /^Voice call MO LTE #001 \(test case 1\)\n {2}\d+\/10 passed · failed .+ at step \d · flaky\n {2}flaky: passed \d+ and failed \d+ of \d+ runs/m,
    );
    assert.match(
      r.stdout,
      /^Bulk data transfer LTE #005 \(test case 5\)\n {2}10\/10 passed\n( {4}passed · .+ · execution \d+\n){2}\n/m,
    );
    assert.match(r.stdout, /^Flaky test cases: 2$/m);
    assert.match(
      r.stdout,
      /^Suspect phones: 1\n {2}Apple iPhone 15 Hamburg 03 \(device 3\) is suspect: failed \d+ of \d+ runs that used it since .+ \(4 test cases\); the other phones of those test cases passed \d+ of \d+ runs without it$/m,
    );
    assert.match(r.stdout, /^Note: The service's execution records do not say which phone each run used/m);
  });

  test('json: the report, the marks of the cases asked', async () => {
    const r = await run(['history', '1', '5', '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(
      out.cases.map((c: { testCaseId: number }) => c.testCaseId),
      [1, 5],
    );
    assert.deepEqual(
      out.flaky.map((f: { testCaseId: number }) => f.testCaseId),
      [1],
    );
    assert.deepEqual(out.suspects, [], 'neither case uses the suspect phone');
    assert.equal(out.executions, 600);
    const all = JSON.parse((await run(['history', '--all', '--json'])).stdout);
    assert.deepEqual(
      all.suspects.map((s: { deviceId: number }) => s.deviceId),
      [3],
    );
    assert.equal(all.cases.length, 50);
  });

  test('markdown: a table, then the marks, to a file', async () => {
    const r = await run(['history', '3', '--format', 'markdown', '--output', 'history.md']);
    assert.equal(r.code, 0, r.stderr);
    const md = readFileSync(join(dir.path, 'history.md'), 'utf8');
    assert.match(md, /^### History of 1 test case, from all 600 executions/);
    assert.match(
      md,
      /^\| Test case \| History \| Newest run \|\n\|---\|---\|---\|\n\| SMS round trip LTE #003 \(test case 3\) \| \d+\/10 passed · .*flaky · suspect phone \| .+ \|$/m,
    );
    assert.match(md, /^\*\*Suspect phones:\*\* 1\n\n- Apple iPhone 15 Hamburg 03 \(device 3\) is suspect: /m);
  });

  test('files name their test cases; an edit ends the flaky mark: the runs before it ran another version', async () => {
    const exported = await run(['export', '1', '--out', 'cases']);
    assert.equal(exported.code, 0, exported.stderr);
    writeFileSync(join(dir.path, 'cases', 'draft.testcase.json'), '{"name": "Not on the service"}');
    const before = await run(['history', 'cases']);
    assert.equal(before.code, 0, before.stderr);
    assert.match(before.stdout, /^Voice call MO LTE #001 \(test case 1\) {2}cases\/\S+\.testcase\.json$/m);
    assert.match(before.stdout, /^Flaky test cases: 1$/m);
    assert.match(
      before.stderr,
      /^Not linked to a test case in this environment \(tas import or tas export links them\): cases\/draft\.testcase\.json$/m,
    );

    const file = join(
      dir.path,
      'cases',
      readFileSync(join(dir.path, '.tas', 'sync.json'), 'utf8').match(/"cases\/([^"]+\.testcase\.json)"/)![1]!,
    );
    writeFileSync(file, readFileSync(file, 'utf8').replace(/"description": "/, '"description": "Edited. '));
    const imported = await run(['import', file]);
    assert.equal(imported.code, 0, imported.stderr);
    const after = await run(['history', file]);
    assert.equal(after.code, 0, after.stderr);
    assert.match(after.stdout, /^Flaky test cases: none$/m);
    assert.doesNotMatch(after.stdout, /· flaky/);
  });

  test('nothing linked, or --all with arguments: exit 2', async () => {
    const d = tempDir();
    try {
      writeFileSync(join(d.path, '.git'), '');
      writeFileSync(join(d.path, 'a.testcase.json'), '{"name": "A"}');
      const none = await tas(['history'], { cwd: d.path, env: credentials(emu) });
      assert.equal(none.code, 2);
      assert.match(none.stderr, /None of these files is linked to a test case in this environment/);
    } finally {
      d.remove();
    }
    assert.equal((await run(['history', '--all', '1'])).code, 2);
    assert.equal((await run(['history', '1', '--format', 'html'])).code, 2);
  });
});
