import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';
import { caseOn, shuffle, type Moved } from '../twoEnvironments';

// tas copy: service test cases of A created in B directly, by the import's mapping rule: B's
// records with the same MSISDN or name; a phone B lacks stops its case (exit 5, nothing of it
// sent) until --map names the counterpart; a dry run lists every mapping and sends nothing.

describe('tas copy between environments', { timeout: 120_000 }, () => {
  let a: Emulator;
  let b: Emulator;
  let dir: { path: string; remove: () => void };
  let moved: Moved;

  before(async () => {
    a = await startEmulator();
    b = await startEmulator();
    moved = shuffle(b);
    dir = tempDir();
    const { clientId, clientSecret } = DEMO_CREDENTIALS.admin;
    writeFileSync(
      join(dir.path, 'profiles.json'),
      JSON.stringify({ profiles: { b: { baseUrl: b.url, clientId, clientSecret } } }),
      { mode: 0o600 },
    );
  });
  after(async () => {
    await Promise.all([a.close(), b.close()]);
    dir.remove();
  });
  const copy = (args: string[]) =>
    tas(['copy', ...args], {
      cwd: dir.path,
      env: { ...credentials(a), TAS_PROFILES: join(dir.path, 'profiles.json') },
    });
  const posted = () => b.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/testcases/import').length;

  test("copies with B's records, stops a case whose phone B lacks, and --map names it", async () => {
    const good = caseOn(a, 'Copied between environments', 4, 6);
    const lost = caseOn(a, 'Copy calls a phone B lacks', 5, 6);
    const lostMsisdn = a.store.devices.get(5)!.msisdn;
    b.store.devices.delete(moved.device.get(5)!);
    const casesB = b.store.testCases.size;

    const dry = await copy([String(good.id), String(lost.id), '--to', 'b', '--dry-run']);
    assert.equal(dry.code, 5, dry.stderr);
    assert.match(
      dry.stdout,
      new RegExp(
        `would create test case ${good.id} "Copied between environments": would map device 4 -> ${moved.device.get(4)} \\(MSISDN`,
      ),
    );
    for (const [kind, from] of [
      ['device', 6],
      ['API client', 2],
      ['trace filter', 3],
    ] as const) {
      const to = moved[kind === 'device' ? 'device' : kind === 'API client' ? 'apiClient' : 'traceFilter'].get(from);
      assert.match(dry.stdout, new RegExp(`${kind} ${from} -> ${to}`), `the dry run shows every mapping: ${kind}`);
    }
    assert.match(dry.stdout, new RegExp(`would refuse test case ${lost.id} .*MSISDN ${lostMsisdn}.*--map device:5=ID`));
    assert.equal(posted(), 0, 'a dry run sends nothing');

    const real = await copy([String(good.id), String(lost.id), '--to', 'b', '--json']);
    assert.equal(real.code, 5, real.stderr);
    const report = JSON.parse(real.stdout) as {
      results: {
        sourceId: number;
        outcome: string;
        id?: number;
        unmapped?: { kind: string; id: number; identity?: { msisdn?: string }; candidates: number[] }[];
      }[];
    };
    const sent = report.results.find((r) => r.sourceId === good.id)!;
    const stopped = report.results.find((r) => r.sourceId === lost.id)!;
    assert.equal(sent.outcome, 'created');
    assert.equal(stopped.outcome, 'refused');
    assert.deepEqual(
      stopped.unmapped?.map((u) => [u.kind, u.id, u.identity?.msisdn, u.candidates]),
      [
        ['device', 5, lostMsisdn, []],
        ['device', 5, lostMsisdn, []],
      ],
    );
    assert.equal(b.store.testCases.size, casesB + 1, 'nothing of the stopped case was sent');
    assert.ok(!real.stdout.includes('"choices"'), 'the records an editor offers to pick from are not printed');
    assert.equal(posted(), 1, 'one create, never repeated');

    const inB = b.store.testCases.get(sent.id!)!;
    const steps = inB.testStepList as { mobileDeviceId?: number; params: Record<string, unknown> }[];
    assert.deepEqual(
      steps.map((s) => s.mobileDeviceId),
      [moved.device.get(4), moved.device.get(6), undefined],
    );
    assert.equal(steps[2]!.params['apiClientId'], moved.apiClient.get(2));
    assert.deepEqual(
      inB.traceFilters?.map((t) => [t.mobileDeviceId, t.traceFilterId]),
      [[moved.device.get(4), moved.traceFilter.get(3)]],
    );
    assert.deepEqual(
      inB.sipTraceFilters?.map((t) => t.mobileDeviceId),
      [moved.device.get(6)],
    );

    // Copied again: the name is B's already, and nothing is overwritten.
    const again = await copy([String(good.id), '--to', 'b']);
    assert.equal(again.code, 5);
    assert.match(again.stdout, new RegExp(`nameTaken .*test case ${sent.id} of b already has this name`));

    const chosen = moved.device.get(1)!;
    const mapped = await copy([String(lost.id), '--to', 'b', '--map', `device:5=${chosen}`]);
    assert.equal(mapped.code, 0, mapped.stdout + mapped.stderr);
    assert.match(mapped.stdout, new RegExp(`mapped device 5 -> ${chosen} \\(chosen\\)`));
    const made = [...b.store.testCases.all()].find((t) => t.name === 'Copy calls a phone B lacks')!;
    assert.equal((made.testStepList as { mobileDeviceId?: number }[])[0]!.mobileDeviceId, chosen);
  });

  test('refuses a copy into the same environment and a missing --to', async () => {
    writeFileSync(
      join(dir.path, 'same.json'),
      JSON.stringify({ profiles: { a: { baseUrl: a.url, ...DEMO_CREDENTIALS.admin } } }),
      { mode: 0o600 },
    );
    const same = await tas(['copy', '1', '--to', 'a'], {
      cwd: dir.path,
      env: { ...credentials(a), TAS_PROFILES: join(dir.path, 'same.json') },
    });
    assert.equal(same.code, 2, same.stderr);
    assert.match(same.stderr, /is the environment the test cases are in/);
    const none = await copy(['1']);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /--to PROFILE/);
  });

  test('an id that names nothing is a usage error (exit 2), as for export and run: nothing is copied, even beside ids that exist', async () => {
    const casesB = b.store.testCases.size;
    const missing = await copy(['99999', '--to', 'b']);
    assert.equal(missing.code, 2, missing.stdout + missing.stderr);
    assert.match(missing.stdout, /test case 99999: .* has no test case 99999: check the id/);
    const beside = await copy(['1', '99999', '--to', 'b', '--json']);
    assert.equal(beside.code, 2, beside.stderr);
    const report = JSON.parse(beside.stdout) as { results: { sourceId: number; reason?: string }[] };
    assert.deepEqual(
      report.results.map((r) => [r.sourceId, r.reason]),
      [[99999, 'notOnService']],
    );
    assert.equal(b.store.testCases.size, casesB, 'nothing was created in b');
  });
});
