import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import type { Readings } from '../emulator/readings';
import { credentials, tas, tempDir } from './harness';

// `tas` against services that read the document otherwise than the emulator's decisions
// (DECISIONS.md, "Readings"): whole lists, no false "not found", newest executions first. The
// lab has 60 devices, 36 trace filters and 26 suites.

const LAB = { extraDevices: 40, extraTraceFilters: 30, extraSuites: 20 };

const READINGS: [string, Partial<Readings>][] = [
  ["the emulator's decisions", {}],
  ['paged lists of 20 with summary items', { pagedLists: 20, summaryItems: true }],
  ['start/end as time bounds', { startEnd: 'time' }],
  ['start/end ignored, executions oldest first', { startEnd: 'ignored', executionsOldestFirst: true }],
  ['paged, time bounds and oldest first', { pagedLists: 20, startEnd: 'time', executionsOldestFirst: true }],
];

for (const [name, readings] of READINGS) {
  describe(`tas against ${name}`, { timeout: 90_000 }, () => {
    let emu: Emulator;
    let dir: { path: string; remove: () => void };
    before(async () => {
      emu = await startEmulator({ scale: LAB, readings });
      dir = tempDir();
    });
    after(async () => {
      dir.remove();
      await emu.close();
    });
    const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
      tas(args, { cwd: dir.path, env: { ...credentials(emu), ...env } });

    test('devices and suites: the whole lists, with MSISDNs', async () => {
      const devices = await run(['devices', '--json']);
      assert.equal(devices.code, 0, devices.stderr);
      const rows = JSON.parse(devices.stdout) as { id: number; msisdn?: string }[];
      assert.equal(rows.length, 60);
      assert.equal(rows.find((d) => d.id === 50)?.msisdn, emu.store.devices.get(50)!.msisdn);
      const suites = await run(['suites', '--json']);
      assert.equal(suites.code, 0, suites.stderr);
      assert.equal((JSON.parse(suites.stdout) as unknown[]).length, 26);
    });

    test('executions: the newest first', async () => {
      const r = await run(['executions', '--json', '--limit', '5']);
      assert.equal(r.code, 0, r.stderr);
      const newest = emu.store.executions
        .all()
        .sort((a, b) => b.createdMs - a.createdMs || b.id - a.id)
        .map((e) => e.id);
      assert.deepEqual(
        (JSON.parse(r.stdout) as { id: number }[]).map((e) => e.id),
        newest.slice(0, 5),
      );
    });

    test('validate: device 50 and trace filter 36 exist; device 9999 does not (exit 1)', async () => {
      const good = {
        name: 'Past the first page',
        testStepList: [{ function: 'CALL', mobileDeviceId: 50, params: { target: '+491' } }],
        traceFilters: [{ mobileDeviceId: 50, traceFilterId: 36 }],
      };
      writeFileSync(join(dir.path, 'good.testcase.json'), JSON.stringify(good, null, 2));
      const ok = await run(['validate', 'good.testcase.json', '--format', 'json']);
      assert.equal(ok.code, 0, ok.stdout + ok.stderr);
      assert.equal(JSON.parse(ok.stdout).referencesChecked, true);
      writeFileSync(
        join(dir.path, 'bad.testcase.json'),
        JSON.stringify({ ...good, traceFilters: [{ mobileDeviceId: 9999, traceFilterId: 36 }] }, null, 2),
      );
      const before = emu.requests.length;
      const bad = await run(['validate', 'bad.testcase.json', 'good.testcase.json']);
      assert.equal(bad.code, 1, bad.stdout + bad.stderr);
      assert.match(
        bad.stdout,
        /^bad\.testcase\.json:\d+:\d+: error unknown-device Mobile device 9999 does not exist on the service\./m,
      );
      assert.doesNotMatch(bad.stdout, /good\.testcase\.json/);
      assert.equal(emu.requests.slice(before).filter((r) => r.path === '/api/v2/mobiledevices/9999').length, 1);
    });
  });
}

describe('tas: cut lists and the start/end setting', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator({ scale: LAB, readings: { pagedLists: 20, startEnd: 'time' } });
    dir = tempDir();
  });
  after(async () => {
    dir.remove();
    await emu.close();
  });
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    tas(args, { cwd: dir.path, env: { ...credentials(emu), ...env } });

  test('a list past the page cap is cut, and stderr says so', async () => {
    const r = await run(['devices', '--json'], { TAS_MAX_LIST_PAGES: '2' });
    assert.equal(r.code, 0, r.stderr);
    assert.equal((JSON.parse(r.stdout) as unknown[]).length, 40);
    assert.match(
      r.stderr,
      /The list of mobile devices was cut after 2 pages \(40 of 60 items\): at most 2 pages of a list are read\./,
    );
  });

  test('--verbose tells the reading learnt; --start-end and TAS_START_END pin one, and are checked', async () => {
    const learnt = await run(['executions', '--limit', '3', '--verbose']);
    assert.equal(learnt.code, 0, learnt.stderr);
    assert.match(learnt.stderr, /The executions of this service: start\/end are not sent/);
    // The line names what pins a reading here, as the user gave it: never the editor's setting.
    assert.match(learnt.stderr, /\. --start-end offsets or --start-end none \(or TAS_START_END\) pins a reading\.$/m);
    const byVariable = await run(['executions', '--limit', '3', '--verbose'], { TAS_START_END: 'auto' });
    assert.match(byVariable.stderr, /\. TAS_START_END=offsets or TAS_START_END=none pins a reading\.$/m);
    const byOption = await run(['executions', '--limit', '3', '--verbose', '--start-end', 'auto'], {
      TAS_START_END: 'auto',
    });
    assert.match(byOption.stderr, /\. --start-end offsets or --start-end none pins a reading\.$/m);
    for (const r of [learnt, byVariable, byOption]) assert.doesNotMatch(r.stderr, /setting startEnd/);
    const before = emu.requests.length;
    const pinned = await run(['executions', '--limit', '3', '--json', '--start-end', 'none']);
    assert.equal(pinned.code, 0, pinned.stderr);
    assert.equal((JSON.parse(pinned.stdout) as unknown[]).length, 3);
    assert.ok(
      emu.requests.slice(before).every((r) => !/start=/.test(r.query)),
      'no start/end sent',
    );
    const wrong = await run(['executions', '--start-end', 'days']);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /--start-end takes auto, offsets, none, not "days"/);
    const wrongEnv = await run(['executions'], { TAS_START_END: 'days' });
    assert.equal(wrongEnv.code, 2);
    assert.match(wrongEnv.stderr, /TAS_START_END takes auto, offsets, none/);
  });
});
