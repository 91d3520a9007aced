import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { TasClient } from '../../server/src/core/api/client';
import { historyOn } from '../../server/src/core/facades/history';
import type { HistoryReport } from '../../server/src/core/model/history';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator } from '../emulator/emulator';
import { DEMO_LAB } from '../emulator/lab';
import type { Readings } from '../emulator/readings';
import { OTHER_READINGS } from './otherReadings';

// The history, flaky and suspect marks under every reading of the executions list the project
// supports (DECISIONS.md, "Readings"): paged, start/end as time bounds or ignored, oldest first,
// summary items. The demo lab's history (a suspect phone, flaky cases) must come out the same.

/** What must not depend on the reading: every run of every case, the marks and their evidence (times aside: each emulator has its own clock). */
function shape(r: HistoryReport) {
  return {
    executions: r.executions,
    truncated: r.truncated,
    cases: r.cases
      .map((c) => ({
        id: c.testCaseId,
        name: c.name,
        runs: c.runs.map((x) => `${x.executionId}:${x.kind}:${x.failedStep ?? ''}:${x.source}:${x.currentVersion}`),
        recent: c.recent,
        devices: c.devices,
        suspectDevices: c.suspectDevices,
        flaky: c.flaky && [c.flaky.passed, c.flaky.failed, c.flaky.changes],
      }))
      .sort((a, b) => a.id - b.id),
    flaky: r.flaky.map((f) => f.testCaseId).sort((a, b) => a - b),
    suspects: r.suspects.map((s) => ({ ...s, since: undefined, evidence: s.evidence.replace(/ since [^(]+/, '') })),
    notes: r.notes,
  };
}

async function reportUnder(readings: Partial<Readings>): Promise<HistoryReport> {
  const emu = await startEmulator({ lab: DEMO_LAB, readings });
  const client = new TasClient({ baseUrl: emu.url, ...DEMO_CREDENTIALS.admin });
  try {
    return await historyOn(client, { limit: 10_000 }).report();
  } finally {
    await client.close();
    await emu.close();
  }
}

describe('the history under every reading of the executions list', () => {
  let decisions: ReturnType<typeof shape>;
  before(async () => {
    decisions = shape(await reportUnder({}));
  });
  after(() => undefined);

  test("the emulator's decisions: the demo lab's suspect phone and flaky case are found", () => {
    assert.equal(decisions.executions, 600);
    assert.equal(decisions.truncated, false);
    assert.deepEqual(
      decisions.suspects.map((s) => [s.deviceId, s.testCaseIds.sort((a, b) => a - b)]),
      [[3, [3, 23, 36, 43]]],
    );
    assert.ok(decisions.flaky.includes(1), 'the flaky demo case');
  });

  for (const [name, readings] of OTHER_READINGS)
    test(`${name}: the same history`, async () => {
      assert.deepEqual(shape(await reportUnder(readings)), decisions);
    });
});
