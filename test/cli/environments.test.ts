import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';
import { caseOn, shuffle, type Moved } from '../twoEnvironments';

// Two environments with the same phones, API clients and trace filters under other ids: a test
// case exported from A and imported into B names B's records; one whose phone B lacks is not
// sent; exporting back from B changes no byte of the files.

describe('test cases moved between environments', { timeout: 120_000 }, () => {
  let a: Emulator;
  let b: Emulator;
  let dir: { path: string; remove: () => void };
  let moved: Moved;
  const onA = (name: string, device: number, peer: number) => caseOn(a, name, device, peer);

  before(async () => {
    a = await startEmulator();
    b = await startEmulator();
    moved = shuffle(b);
    dir = tempDir();
  });
  after(async () => {
    await Promise.all([a.close(), b.close()]);
    dir.remove();
  });
  const run = (emu: Emulator, args: string[]) => tas(args, { cwd: dir.path, env: credentials(emu) });
  const snapshot = () =>
    Object.fromEntries(
      readdirSync(join(dir.path, 'cases'))
        .filter((f) => f.endsWith('.json'))
        .map((f) => [f, readFileSync(join(dir.path, 'cases', f), 'utf8')]),
    );

  test("import into B sends B's records; a phone B lacks stops its case; export from B changes no byte", async () => {
    const good = onA('Moved between environments', 4, 6);
    const lost = onA('Calls a phone B lacks', 5, 6);
    // B has no phone with device 5's MSISDN.
    const lostMsisdn = a.store.devices.get(5)!.msisdn;
    b.store.devices.delete(moved.device.get(5)!);

    const exported = await run(a, ['export', String(good.id), String(lost.id), '--out', 'cases']);
    assert.equal(exported.code, 0, exported.stderr);
    const files = snapshot();
    const state = JSON.parse(readFileSync(join(dir.path, 'cases', '.tas', 'sync.json'), 'utf8'));
    const homeIds = Object.values(
      state.identities as Record<string, { device: Record<string, { msisdn: string }> }>,
    )[0]!;
    assert.equal(homeIds.device['4']!.msisdn, a.store.devices.get(4)!.msisdn, 'identities recorded at export');

    const casesB = b.store.testCases.size;
    const dry = await run(b, ['import', 'cases', '--dry-run']);
    assert.equal(dry.code, 5, dry.stderr);
    assert.match(dry.stdout, new RegExp(`would map device 4 -> ${moved.device.get(4)}`));

    const before = b.requests.at(-1)?.seq ?? 0;
    const imported = await run(b, ['import', 'cases', '--json']);
    assert.equal(imported.code, 5, imported.stderr);
    // Mapping reads each list of B once for the whole run, and nothing per reference.
    const reads = b.requests.filter((r) => r.seq > before && r.method === 'GET');
    const lists = (path: string) => reads.filter((r) => r.path === `/api/v2/${path}`).length;
    assert.deepEqual(
      [lists('mobiledevices'), lists('apiclients'), lists('tracefilters')],
      [1, 1, 1],
      reads.map((r) => r.path).join('\n'),
    );
    assert.equal(
      reads.filter((r) => /^\/api\/v2\/(mobiledevices|apiclients|tracefilters)\/\d+$/.test(r.path)).length,
      0,
      'no record read one by one',
    );
    const results = JSON.parse(imported.stdout).results as {
      name: string;
      outcome: string;
      id?: number;
      message?: string;
      unmapped?: { kind: string; id: number; identity?: { msisdn?: string }; candidates: number[] }[];
    }[];
    const sent = results.find((r) => r.name === 'Moved between environments')!;
    const stopped = results.find((r) => r.name === 'Calls a phone B lacks')!;
    assert.equal(sent.outcome, 'created', sent.message);
    assert.equal(stopped.outcome, 'refused');
    assert.deepEqual(
      stopped.unmapped?.map((u) => [u.kind, u.id, u.identity?.msisdn, u.candidates]),
      [
        ['device', 5, lostMsisdn, []],
        ['device', 5, lostMsisdn, []],
      ],
    );
    assert.match(stopped.message ?? '', new RegExp(`MSISDN ${lostMsisdn}`));
    assert.ok(!imported.stdout.includes('"choices"'), 'the records an editor offers to pick from are not printed');
    assert.equal(b.store.testCases.size, casesB + 1, 'only the mapped case was created in B');

    const inB = b.store.testCases.get(sent.id!)!;
    const steps = inB.testStepList as { mobileDeviceId?: number; params: Record<string, unknown> }[];
    assert.deepEqual(
      steps.map((s) => s.mobileDeviceId),
      [moved.device.get(4), moved.device.get(6), undefined],
    );
    assert.equal(steps[2]!.params['apiClientId'], moved.apiClient.get(2));
    assert.equal(b.store.devices.get(steps[0]!.mobileDeviceId!)!.msisdn, a.store.devices.get(4)!.msisdn);
    assert.deepEqual(inB.traceFilters, [
      { mobileDeviceId: moved.device.get(4), traceFilterId: moved.traceFilter.get(3) },
    ]);
    assert.deepEqual(inB.sipTraceFilters, [{ mobileDeviceId: moved.device.get(6), sipMessageCodes: '180,200' }]);
    assert.deepEqual(snapshot(), files, 'the files keep their home ids');

    const back = await run(b, ['export', String(sent.id), '--out', 'cases']);
    assert.equal(back.code, 0, back.stderr);
    assert.deepEqual(snapshot(), files, 'export from B changes no byte');
    const again = await run(b, ['import', 'cases', '--map', `device:5=${moved.device.get(1)}`, '--dry-run']);
    assert.match(again.stdout, /unchanged\) cases\/Moved-between-environments/);
    assert.match(again.stdout, /would map device 5 -> \d+ \(chosen\)/);

    // Checked against B, the file's phone that B lacks is named; the mapped case has no such finding.
    const checked = await run(b, ['validate', 'cases', '--format', 'json']);
    const found =
      (
        JSON.parse(checked.stdout) as {
          files?: { path?: string; file?: string; diagnostics: { code: string; message: string }[] }[];
        }
      ).files ?? [];
    const foreign = found.flatMap((f) =>
      f.diagnostics.filter((d) => d.code === 'foreign-reference').map((d) => `${f.path ?? f.file}: ${d.message}`),
    );
    assert.equal(foreign.length, 2, checked.stdout);
    const mappedFile = found.find((f) => (f.path ?? f.file ?? '').includes('Moved-between-environments'));
    assert.deepEqual(
      mappedFile?.diagnostics.filter((d) => d.code.startsWith('unknown-') || d.code.startsWith('stale-')) ?? [],
      [],
      "A's ids are not read as B's",
    );
    assert.ok(
      foreign.every((f) => f.includes('Calls-a-phone-B-lacks') && f.includes(`MSISDN ${lostMsisdn}`)),
      foreign.join('\n'),
    );
  });
});
