import { strict as assert } from 'node:assert';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';
import { caseOn, shuffle, type Moved } from '../twoEnvironments';

// `--map` choices are remembered as the editor's picks are (`choices` of .tas/sync.json), and no
// export from another environment writes a reference the file's home does not know as if it were
// the home's: that file waits (exit 5, --force or not) until --map names the counterpart.

interface Result {
  outcome: string;
  reason?: string;
  message?: string;
  id?: number;
  unknownAtHome?: { kind: string; id: number; where: string; fileId?: number }[];
}

describe('counterparts named with --map', { timeout: 120_000 }, () => {
  let a: Emulator;
  let b: Emulator;
  let moved: Moved;
  let dir: { path: string; remove: () => void };
  before(async () => {
    a = await startEmulator();
    b = await startEmulator();
    moved = shuffle(b);
    dir = tempDir();
    mkdirSync(join(dir.path, '.git'));
  });
  after(async () => {
    await Promise.all([a.close(), b.close()]);
    dir.remove();
  });
  const run = (emu: Emulator, args: string[]) => tas(args, { cwd: dir.path, env: credentials(emu) });
  const results = (r: { stdout: string }) => (JSON.parse(r.stdout) as { results: Result[] }).results;
  const cases = () => join(dir.path, 'cases');
  const snapshot = () =>
    Object.fromEntries(
      readdirSync(cases())
        .filter((f) => f.endsWith('.json'))
        .map((f) => [f, readFileSync(join(cases(), f), 'utf8')]),
    );
  const state = () =>
    JSON.parse(readFileSync(join(dir.path, '.tas', 'sync.json'), 'utf8')) as {
      choices?: Record<string, Record<string, { device?: Record<string, number> }>>;
    };

  test('import --map is remembered: a plain import is unchanged and a plain export from B changes no byte', async () => {
    // Device 5's phone is missing in B; the person says B's twin of A's device 1 stands in for it.
    const c = caseOn(a, 'Mapped by hand', 5, 6);
    b.store.devices.delete(moved.device.get(5)!);
    const standIn = moved.device.get(1)!;
    assert.equal((await run(a, ['export', String(c.id), '--out', 'cases'])).code, 0);
    const files = snapshot();

    const mapped = await run(b, ['import', 'cases', '--map', `device:5=${standIn}`, '--json']);
    assert.equal(mapped.code, 0, mapped.stdout + mapped.stderr);
    const [created] = results(mapped);
    assert.equal(created!.outcome, 'created');
    assert.equal(
      (b.store.testCases.get(created!.id!)!.testStepList[0] as { mobileDeviceId: number }).mobileDeviceId,
      standIn,
    );
    assert.deepEqual(state().choices?.[a.url]?.[b.url]?.device, { '5': standIn }, 'kept as a choice of .tas/sync.json');

    const again = await run(b, ['import', 'cases', '--json']);
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.deepEqual(
      results(again).map((r) => r.outcome),
      ['unchanged'],
    );

    const back = await run(b, ['export', String(created!.id), '--out', 'cases', '--json']);
    assert.equal(back.code, 0, back.stdout + back.stderr);
    assert.deepEqual(
      results(back).map((r) => r.outcome),
      ['unchanged'],
    );
    assert.deepEqual(snapshot(), files, "the file keeps device 5, its home's phone");
  });

  test('an export from B never writes a phone the home does not know: exit 5 with --force too, until --map names it', async () => {
    const c = caseOn(a, 'Edited in B', 4, 6);
    assert.equal((await run(a, ['export', String(c.id), '--out', 'cases'])).code, 0);
    const imported = results(await run(b, ['import', 'cases', '--json'])).find((r) => r.outcome === 'created')!;
    const files = snapshot();
    // In B someone makes the first step use B's twin of A's device 2, a phone no file names.
    const other = moved.device.get(2)!;
    assert.notEqual(other, 4, "an id that differs from the file's, or a coincidence would hide the change");
    (b.store.testCases.get(imported.id!)!.testStepList[0] as { mobileDeviceId: number }).mobileDeviceId = other;

    for (const force of [[], ['--force']]) {
      const refused = await run(b, ['export', String(imported.id), '--out', 'cases', '--json', ...force]);
      assert.equal(refused.code, 5, refused.stdout + refused.stderr);
      const [r] = results(refused);
      assert.equal(r!.outcome, 'needsDecision');
      assert.equal(r!.reason, 'unknownAtHome');
      assert.deepEqual(
        r!.unknownAtHome?.map((u) => [u.kind, u.id, u.where, u.fileId]),
        [['device', other, 'testStepList[0].mobileDeviceId', 4]],
      );
      assert.deepEqual(snapshot(), files, 'the file keeps its home ids');
    }
    const said = await run(b, ['export', String(imported.id), '--out', 'cases']);
    assert.equal(said.code, 5);
    assert.match(
      said.stdout,
      new RegExp(`testStepList\\[0\\]\\.mobileDeviceId names device ${other} of .* --map device:4=${other}`),
    );

    const named = await run(b, [
      'export',
      String(imported.id),
      '--out',
      'cases',
      '--map',
      `device:2=${other}`,
      '--json',
    ]);
    assert.equal(named.code, 0, named.stdout + named.stderr);
    assert.deepEqual(
      results(named).map((r) => r.outcome),
      ['written'],
    );
    const file = Object.keys(files).find((f) => f.startsWith('Edited-in-B'))!;
    const steps = (
      JSON.parse(readFileSync(join(cases(), file), 'utf8')) as { testStepList: { mobileDeviceId?: number }[] }
    ).testStepList;
    assert.deepEqual(
      steps.map((s) => s.mobileDeviceId),
      [2, 6, undefined],
      'the home id named, the rest as it was',
    );
    assert.equal(state().choices?.[a.url]?.[b.url]?.device?.['2'], other, 'and remembered');
  });
});
