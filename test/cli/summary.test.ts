import { strict as assert } from 'node:assert';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';

// A summary for a CI job's page: tas run and tas validate append Markdown to the file
// GITHUB_STEP_SUMMARY names (GitHub Actions' job summary), or to --summary FILE; a summary that
// cannot be written is said and changes no exit code.

describe('the step summary', { timeout: 90_000 }, () => {
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
    dir?.remove();
    dir = tempDir();
  });
  const summaryPath = () => join(dir.path, 'step-summary.md');
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    tas(args, { cwd: dir.path, env: { ...credentials(emu), GITHUB_STEP_SUMMARY: summaryPath(), ...env } });

  test('tas run appends each test, its reruns and its history to GITHUB_STEP_SUMMARY', async () => {
    writeFileSync(summaryPath(), '### An earlier step\n\n');
    emu.lab.scripted['5'] = ['FAILED', 'PASSED'];
    const r = await run(['run', '5', '7', '--retries', '1']);
    assert.equal(r.code, 0, r.stderr);
    const md = readFileSync(summaryPath(), 'utf8');
    assert.match(
      md,
      /^### An earlier step\n\n### tas run: 2 of 2 passed, 1 flaky\n\n/,
      'appended, the earlier step kept',
    );
    assert.match(md, /^\| Test case \| Outcome \| Executions \| History \|$/m);
    assert.match(
      md,
      /^\| Bulk data transfer LTE #005 \| passed on rerun 1 \(flaky\) \| \d+ failed at step 2, \d+ passed \| \d+\/\d+ passed · failed .+ at step 2 · flaky \|$/m,
    );
    assert.match(md, /^\| Billing notification LTE #007 \| passed \| \d+ passed \| \d+\/\d+ passed.* \|$/m);
    assert.doesNotMatch(r.stderr, /Summary appended/, 'GitHub writes its own file: nothing said');
    const started = await run(['run', '5']);
    assert.equal(started.code, 0);
    assert.match(
      readFileSync(summaryPath(), 'utf8'),
      /### tas run: started 1 execution\n\nNot followed here: `tas watch \d+`\n\n$/,
    );
  });

  test('tas validate appends its counts and problems', async () => {
    writeFileSync(join(dir.path, '.git'), '');
    writeFileSync(join(dir.path, 'bad.testcase.json'), '{"name": 7}');
    writeFileSync(join(dir.path, 'good.testcase.json'), '{"name": "Good"}');
    const r = await run(['validate', '--offline']);
    assert.equal(r.code, 1);
    const md = readFileSync(summaryPath(), 'utf8');
    assert.match(
      md,
      /^### tas validate: 2 files checked, 1 error, 0 warnings\n\n\| File \| Place \| Severity \| Code \| Message \|\n/,
    );
    assert.match(md, /^\| `bad\.testcase\.json` \| 1:10 \| error \| wrong-type \| .+ \|$/m);
  });

  test('--summary FILE elsewhere, and it wins over GITHUB_STEP_SUMMARY', async () => {
    writeFileSync(join(dir.path, '.git'), '');
    writeFileSync(join(dir.path, 'good.testcase.json'), '{"name": "Good"}');
    const r = await run(['validate', '--offline', '--summary', 'reports/summary.md']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      readFileSync(join(dir.path, 'reports', 'summary.md'), 'utf8'),
      /^### tas validate: 1 file checked, 0 errors, 0 warnings\n/,
    );
    assert.match(r.stderr, /^Summary appended to reports\/summary\.md$/m);
    assert.throws(() => readFileSync(summaryPath()), 'GITHUB_STEP_SUMMARY untouched');
  });

  test("a summary that cannot be written is said; the exit code is the command's", async () => {
    writeFileSync(join(dir.path, '.git'), '');
    writeFileSync(join(dir.path, 'good.testcase.json'), '{"name": "Good"}');
    mkdirSync(join(dir.path, 'a-folder'));
    const r = await run(['validate', '--offline'], { GITHUB_STEP_SUMMARY: join(dir.path, 'a-folder') });
    assert.equal(r.code, 0);
    assert.match(r.stderr, /The summary could not be written to .*a-folder \(EISDIR\); the run's result stands\./);
  });
});
