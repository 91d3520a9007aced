import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { computeHistory } from '../../server/src/core/history/compute';
import type { CaseFacts } from '../../server/src/core/history/flaky';
import type { ExecutionSummary } from '../../server/src/core/model/executions';
import { NOW, run } from './historyFakes';

// Suspect phones: failures that follow a phone across test cases while the same cases, or the
// other phones they use, pass without it. A phone that is fine is never marked, nor the phones of
// one flaky case, nor any phone when everything fails at once; a run whose phones are not known
// (an earlier version of its case) says nothing.

const facts = (id: number, devices: number[], updatedHoursAgo = 100): CaseFacts => ({
  id,
  changes: [new Date(NOW - updatedHoursAgo * 3_600_000).toISOString()],
  devices,
});

function report(executions: ExecutionSummary[], cases: CaseFacts[]) {
  return computeHistory({
    executions,
    cases: new Map(cases.map((c) => [c.id, c])),
    phoneNames: new Map([
      [3, 'Pixel 8 Munich 03'],
      [10, 'Galaxy Berlin 10'],
    ]),
    now: NOW,
    truncated: false,
  });
}

/** Cases 1, 2, 3 use phone 3 (with 10, 11, 12); cases 4, 5 use 10, 11, 12 without it. */
const LAB = [facts(1, [3, 10]), facts(2, [3, 11]), facts(3, [3, 12]), facts(4, [10, 11]), facts(5, [11, 12])];

/** Each case run `times` times, an hour apart, failing where `fails(case, n)` says. */
function runs(times: number, fails: (tc: number, n: number) => boolean): ExecutionSummary[] {
  const out: ExecutionSummary[] = [];
  for (let n = 0; n < times; n++)
    for (const tc of [1, 2, 3, 4, 5]) out.push(run(tc, fails(tc, n) ? 'failed' : 'passed', 50 - n));
  return out;
}

describe('suspect phones', () => {
  test('a phone whose failures follow it across cases while their other phones pass is suspect, with evidence', () => {
    // Cases on phone 3 fail 3 of 4 runs (they can pass: each passed once); 4 and 5 always pass.
    const r = report(
      runs(4, (tc, n) => tc <= 3 && n !== tc - 1),
      LAB,
    );
    assert.deepEqual(
      r.suspects.map((s) => s.deviceId),
      [3],
      'only phone 3',
    );
    const s = r.suspects[0]!;
    assert.equal(s.name, 'Pixel 8 Munich 03');
    assert.deepEqual(s.testCaseIds.sort(), [1, 2, 3]);
    assert.equal(s.compared.basis, 'otherPhones');
    assert.ok(s.compared.passed >= 0.8 * s.compared.runs && s.compared.runs >= 2);
    assert.match(
      s.evidence,
      /^failed \d+ of \d+ runs that used it since .+ \(3 test cases\); the other phones of those test cases passed \d+ of \d+ runs without it$/,
    );
    assert.equal(s.failed, s.failedExecutionIds.length);
    const h = r.cases.find((c) => c.testCaseId === 1)!;
    assert.deepEqual(h.suspectDevices, [3], "a case's history names the suspect phone it uses");
    assert.equal(r.cases.find((c) => c.testCaseId === 4)!.suspectDevices, undefined);
  });

  test('the phones of one flaky case are not suspect', () => {
    const r = report(
      runs(6, (tc, n) => tc === 1 && n % 2 === 0),
      LAB,
    );
    assert.ok(
      r.flaky.some((f) => f.testCaseId === 1),
      'case 1 is flaky',
    );
    assert.deepEqual(r.suspects, []);
  });

  test('when everything fails at once, no phone is blamed', () => {
    const r = report(
      runs(6, (_tc, n) => n >= 2),
      LAB,
    );
    assert.deepEqual(r.suspects, []);
  });

  test('when none of the cases that failed on it ever passed, the phone is not marked', () => {
    // Cases 1, 2, 3 always fail: more likely wrong test cases than a sick phone.
    const r = report(
      runs(4, (tc) => tc <= 3),
      LAB,
    );
    assert.deepEqual(r.suspects, []);
  });

  test('failures that cluster in time: a phone fine before is judged from its first failure on', () => {
    // Only cases on phone 3 ran; they passed for four rounds, then fail.
    const only = [facts(1, [3]), facts(2, [3]), facts(3, [3])];
    const executions: ExecutionSummary[] = [];
    for (let n = 0; n < 8; n++)
      for (const tc of [1, 2, 3])
        executions.push(run(tc, n >= 4 && !(tc === 2 && n === 7) ? 'failed' : 'passed', 50 - n));
    const r = report(executions, only);
    assert.equal(r.suspects.length, 1);
    const s = r.suspects[0]!;
    assert.equal(s.compared.basis, 'before');
    assert.equal(s.since, executions[12]!.createdAt, 'since the first failure of the stretch');
    assert.deepEqual([s.failed, s.runs], [11, 12]);
    assert.match(s.evidence, /before that it passed 12 of 12 runs$/);
  });

  test('where the records name the phone: the same case passing on other phones', () => {
    // One case, run on phone 3 (fails) and on phone 10 (passes): its record says which.
    const one = [facts(7, [3, 10])];
    const executions: ExecutionSummary[] = [];
    for (let n = 0; n < 4; n++) {
      executions.push(run(7, n === 0 ? 'passed' : 'failed', 40 - n, { deviceIds: [3] }));
      executions.push(run(7, 'passed', 39.5 - n, { deviceIds: [10] }));
    }
    const r = report(executions, one);
    assert.deepEqual(
      r.suspects.map((s) => [s.deviceId, s.compared.basis]),
      [[3, 'sameCases']],
    );
    assert.match(
      r.suspects[0]!.evidence,
      /^failed 3 of 3 runs that used it since .+ \(1 test case\); those test cases passed 3 of 3 runs on other phones$/,
    );
    assert.ok(!r.notes.some((n) => /do not say which phone/.test(n)), 'the records said');
  });

  test('runs of an earlier version say nothing of a phone, and the notes say so', () => {
    // The cases changed an hour ago: the failures before that ran versions whose phones are not known.
    const changed = LAB.map((c) => facts(c.id, c.devices!, 1));
    const r = report(
      runs(4, (tc, n) => tc <= 3 && n !== tc - 1),
      changed,
    );
    assert.deepEqual(r.suspects, []);
    assert.ok(r.notes.some((n) => /^20 runs say nothing of a phone: they ran an earlier version/.test(n)));
    assert.ok(r.notes.some((n) => /do not say which phone each run used/.test(n)));
  });
});
