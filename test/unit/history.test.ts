import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { computeHistory } from '../../server/src/core/history/compute';
import { type CaseFacts, flakyMark, onVersion, versionSinceMs } from '../../server/src/core/history/flaky';
import { listedPhones, msisdnIndex, referencedPhones } from '../../server/src/core/history/references';
import { historyRun } from '../../server/src/core/history/runs';
import { lensTitle, runLine } from '../../server/src/core/history/words';
import type { ExecutionSummary } from '../../server/src/core/model/executions';
import { summarizeExecution } from '../../server/src/core/executions/state';
import { iso, NOW, run } from './historyFakes';

// A test case's history from its executions: sources, versions, the flaky mark (outcome changed
// on one version, never across a change), the phones a case refers to, and the lens's words.

const facts = (id: number, updatedHoursAgo: number, devices?: number[]): CaseFacts => ({
  id,
  name: `Case ${id}`,
  changes: [iso(updatedHoursAgo)],
  updated: iso(updatedHoursAgo),
  ...(devices && { devices }),
});

describe('a history run', () => {
  test('says where it came from in one of three words, or the service its own', () => {
    const source = (more: Partial<ExecutionSummary>) => historyRun({ ...run(1, 'passed', 1), ...more })!.source;
    assert.equal(source({ source: 'DIRECT_RUN' }), 'direct');
    assert.equal(source({ source: 'TEST_SUITE' }), 'suite');
    assert.equal(source({ source: 'rerun' }), 'rerun');
    assert.equal(source({ source: 'NIGHTLY', testSuiteId: 3 }), 'suite');
    assert.equal(source({ source: 'NIGHTLY', rerunOf: 3 }), 'rerun');
    assert.deepEqual(
      (({ source: s, sourceText }) => ({ s, sourceText }))(historyRun({ ...run(1, 'passed', 1), source: 'API' })!),
      { s: 'other', sourceText: 'API' },
    );
  });

  test('a failed run names the step it ended at; a passed one does not', () => {
    assert.equal(historyRun(run(1, 'failed', 1, { currentStep: 3, stepCount: 5 }))!.failedStep, 3);
    assert.equal(historyRun(run(1, 'passed', 1, { currentStep: 5, stepCount: 5 }))!.failedStep, undefined);
    assert.equal(historyRun({ id: 9, status: 'PASSED', kind: 'passed', final: true }), undefined, 'no test case');
  });

  test('the phones an execution record names are read in several spellings, never guessed', () => {
    const ids = (raw: Record<string, unknown>) => summarizeExecution({ id: 1, status: 'PASSED', ...raw })?.deviceIds;
    assert.deepEqual(ids({ mobileDeviceIds: [3, 4] }), [3, 4]);
    assert.deepEqual(ids({ devices: [{ id: 5 }, { id: '6' }] }), [5, 6]);
    assert.deepEqual(ids({ mobileDeviceId: 7 }), [7]);
    assert.equal(ids({}), undefined);
    assert.equal(ids({ devices: ['Pixel'] }), undefined);
  });
});

describe('versions', () => {
  test('the current version began at the latest change the service or the sync state tells', () => {
    assert.equal(versionSinceMs({ id: 1, changes: [iso(5), iso(2), 'not a time'] }), Date.parse(iso(2)));
    assert.equal(versionSinceMs({ id: 1, changes: [] }), undefined);
    assert.equal(versionSinceMs(undefined), undefined);
  });

  test('a run is on it when queued after the change, not when started before, unknown in between', () => {
    const since = Date.parse(iso(2));
    assert.equal(onVersion({ createdAt: iso(1) }, since), true);
    assert.equal(onVersion({ createdAt: iso(3), startedAt: iso(2.5) }, since), false);
    assert.equal(onVersion({ createdAt: iso(3), startedAt: iso(1) }, since), undefined, 'queued before, started after');
    assert.equal(onVersion({ createdAt: iso(3) }, since), false);
    assert.equal(onVersion({}, since), undefined);
    assert.equal(onVersion({ createdAt: iso(1) }, undefined), undefined, 'no change time known');
  });
});

describe('the flaky mark', () => {
  const mark = (c: CaseFacts, runs: ExecutionSummary[]) =>
    computeHistory({ executions: runs, cases: new Map([[c.id, c]]), phoneNames: new Map(), now: NOW, truncated: false })
      .cases[0]!.flaky;

  test('passed, failed, passed on one version is flaky, with the runs that show it', () => {
    const runs = [run(1, 'passed', 3), run(1, 'failed', 2, { currentStep: 2 }), run(1, 'passed', 1)];
    const f = mark(facts(1, 10), runs);
    assert.ok(f);
    assert.deepEqual([f.passed, f.failed, f.changes], [2, 1, 2]);
    assert.deepEqual(
      f.runs.map((r) => r.executionId),
      runs.map((r) => r.id),
      'oldest first',
    );
    assert.equal(f.versionSince, iso(10));
  });

  test('not after an edit in between: a failure before the change says nothing of the version after it', () => {
    const runs = [run(1, 'passed', 3), run(1, 'failed', 2), run(1, 'passed', 1)];
    assert.equal(mark(facts(1, 1.5), runs), undefined);
  });

  test('a failure after a change of the test case is not flakiness', () => {
    const runs = [run(1, 'passed', 3), run(1, 'passed', 2), run(1, 'failed', 1)];
    assert.equal(mark(facts(1, 1.5), runs), undefined);
  });

  test('cancelled runs and runs still going say nothing', () => {
    const runs = [
      run(1, 'passed', 3),
      run(1, 'cancelled', 2),
      { ...run(1, 'passed', 1), kind: 'running' as const, final: false },
    ];
    assert.equal(mark(facts(1, 10), runs), undefined);
  });

  test('no change time known: never judged', () => {
    const runs = [run(1, 'passed', 3), run(1, 'failed', 2), run(1, 'passed', 1)];
    assert.equal(mark({ id: 1, changes: [] }, runs), undefined);
    const report = computeHistory({
      executions: runs,
      cases: new Map([[1, { id: 1, changes: [] }]]),
      phoneNames: new Map(),
      now: NOW,
      truncated: false,
    });
    assert.ok(report.notes.some((n) => /1 test case: the service does not say when it last changed/.test(n)));
  });

  test('the mark shows at most its last ten runs', () => {
    const runs = Array.from({ length: 14 }, (_, i) => run(1, i % 2 ? 'failed' : 'passed', 20 - i));
    const f = flakyMark(
      facts(1, 30),
      computeHistory({
        executions: runs,
        cases: new Map([[1, facts(1, 30)]]),
        phoneNames: new Map(),
        now: NOW,
        truncated: false,
      }).cases[0]!.runs,
    );
    assert.equal(f?.runs.length, 10);
    assert.equal(f?.changes, 13, 'every change is counted, also those before the runs shown');
    assert.equal(f?.runs.at(-1)?.executionId, runs.at(-1)!.id, 'the newest run is shown');
  });
});

describe('the phones a test case refers to', () => {
  const phones = new Map([
    [3, { name: 'Pixel 8 Munich 03', msisdn: '4915112345678' }],
    [4, { name: 'iPhone 15 Berlin 04', msisdn: '+49 160 7654321' }],
    [5, { name: 'Twin A', msisdn: '491700000001' }],
    [6, { name: 'Twin B', msisdn: '491700000001' }],
  ]);
  const byMsisdn = msisdnIndex(phones);

  test('steps, trace filters, SIP trace filters and parameters that name a phone', () => {
    const tc = {
      testStepList: [
        { function: 'CALL', mobileDeviceId: 3, params: { target: '+49 160 7654321', durationSeconds: 30 } },
        { function: 'WAIT', params: { seconds: 5 } },
        { function: 'SMS', params: { peerDeviceId: 9, text: 'Test 1234567890 message' } },
      ],
      traceFilters: [{ mobileDeviceId: 10, traceFilterId: 1 }],
      sipTraceFilters: [{ mobileDeviceId: 11, sipMessageCodes: '180,183' }],
    };
    assert.deepEqual(
      referencedPhones(tc, byMsisdn).sort((a, b) => a - b),
      [3, 4, 9, 10, 11],
    );
  });

  test('a number that could name two phones, or is too short to be an MSISDN, names none', () => {
    const tc = { testStepList: [{ function: 'CALL', params: { target: '491700000001', timeout: '1234' } }] };
    assert.deepEqual(referencedPhones(tc, byMsisdn), []);
    assert.deepEqual(referencedPhones('not a test case', byMsisdn), []);
  });

  test("a list item's deviceList by name or MSISDN, only where it names exactly one phone", () => {
    const item = { deviceList: ['Pixel 8 Munich 03', '+49 160 7654321', '491700000001', 'Nobody', 7] };
    assert.deepEqual(listedPhones(item, phones, byMsisdn), [3, 4]);
    assert.equal(listedPhones({ id: 1 }, phones, byMsisdn), undefined);
  });
});

describe("the history's words", () => {
  test('the lens: the pass rate of the last ten, the last failure and its step, and the marks', () => {
    const runs = [
      ...Array.from({ length: 9 }, (_, i) => run(2, 'passed', 30 - i)),
      run(2, 'failed', 2, { currentStep: 3, stepCount: 5 }),
      run(2, 'passed', 1),
      run(2, 'cancelled', 0.5),
    ];
    const h = computeHistory({
      executions: runs,
      cases: new Map([[2, facts(2, 100)]]),
      phoneNames: new Map(),
      now: NOW,
      truncated: false,
    }).cases[0]!;
    assert.deepEqual(h.recent, { passed: 9, counted: 10 });
    assert.equal(lensTitle(h, NOW), '9/10 passed · failed 2 h ago at step 3 · flaky');
    assert.equal(lensTitle({ ...h, runs: [], recent: { passed: 0, counted: 0 } }, NOW), 'No runs in the history');
  });

  test('a run on one line: outcome, when, how long, source, execution', () => {
    const r = historyRun(
      run(2, 'failed', 2, {
        currentStep: 3,
        durationMs: 12_300,
        source: 'TEST_SUITE',
        testSuiteName: 'Nightly',
        id: 42,
      }),
    )!;
    assert.equal(runLine(r, NOW), 'failed at step 3 · 2 h ago · 12.3 s · suite Nightly · execution 42');
  });
});
