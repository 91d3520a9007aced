import { strict as assert } from 'node:assert';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';

// A refusal is not an outage: when the service answers and says no (the interface document's
// 409 "test case cannot be started", a 400 to a body it will not take), tas exits 7 with the
// service's reason in words; 4 stays for a service or network that failed. A CI job can then
// tell "fix the test case" from "try again later".

describe('tas: refusals of the service exit 7, outages 4', { timeout: 90_000 }, () => {
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
    dir?.remove();
    dir = tempDir();
  });
  const run = (args: string[]) => tas(args, { cwd: dir.path, env: credentials(emu) });
  const sent = (path: string) => emu.requests.filter((r) => r.method === 'POST' && r.path === path).length;
  /** A copy of demo test case 1 (which runs and passes), changed. */
  const caseLike = (changes: Record<string, unknown>): number =>
    emu.store.testCases.insert((id) => ({ ...emu.store.testCases.get(1)!, id, name: `Refusal ${id}`, ...changes })).id;

  test('tas run of a disabled test case, or of one without steps: 7 with the reason, sent once', async () => {
    const disabled = caseLike({ disabled: true, disableReason: 'SIM card missing' });
    const r = await run(['run', String(disabled)]);
    assert.equal(r.code, 7, r.stderr);
    assert.match(r.stderr, new RegExp(`refused to run test case ${disabled}.*disabled: SIM card missing`));
    assert.doesNotMatch(r.stderr, /may have started/);
    assert.equal(sent(`/api/v2/testcases/${disabled}/run`), 1, 'a refusal is not sent again');

    const empty = caseLike({ testStepList: [] });
    const none = await run(['run', String(empty), '--wait']);
    assert.equal(none.code, 7, none.stderr);
    assert.match(none.stderr, /no test steps/);
  });

  test('tas execute of a disabled suite: 7 with the reason', async () => {
    const suite = emu.store.testSuites.all().find((s) => s.disabled)!;
    const r = await run(['execute', String(suite.id)]);
    assert.equal(r.code, 7, r.stderr);
    assert.match(r.stderr, new RegExp(`refused to execute test suite ${suite.id}.*Test suite ${suite.id} is disabled`));
  });

  test('tas rerun of an execution whose test case was disabled since: 7', async () => {
    const tc = caseLike({});
    const first = await run(['run', String(tc), '--wait']);
    assert.equal(first.code, 0, first.stderr);
    const execution = emu.store.executions.all().find((e) => e.testCaseId === tc)!;
    emu.store.testCases.get(tc)!.disabled = true;
    const r = await run(['rerun', String(execution.id)]);
    assert.equal(r.code, 7, r.stderr);
    assert.match(r.stderr, /disabled/);
  });

  test('a 400 from the service: tas api and tas run exit 7 with its message; a lasting 503 stays 4', async () => {
    const bad = await run(['api', 'POST', 'testcases', '--data', '{"name": 5}']);
    assert.equal(bad.code, 7, bad.stderr);
    assert.match(bad.stderr, /answered HTTP 400: .*'name' must be a string/);

    emu.faults.rules.push({
      method: 'POST',
      path: '/api/v2/testcases/1/run',
      action: { kind: 'status', status: 400 },
      times: 1,
    });
    const refused = await run(['run', '1']);
    assert.equal(refused.code, 7, refused.stderr);
    assert.match(refused.stderr, /rejected the request to run test case 1/);

    emu.faults.rules.push({
      method: 'POST',
      path: '/api/v2/testcases/1/run',
      action: { kind: 'status', status: 503 },
      times: 1,
    });
    const down = await run(['run', '1']);
    assert.equal(down.code, 4, down.stderr);
  });
});
