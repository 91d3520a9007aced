import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { History } from '../../server/src/core/history/history';
import type { HistorySource } from '../../server/src/core/history/source';
import { NotSignedInError } from '../../server/src/core/failures/classify';
import { iso, NOW, run } from './historyFakes';

// The history of one environment over time: read once when first asked, then kept current by
// the readings the follower passes on (no read of its own), its test cases read again after an
// import here, everything again after a reset; a record that cannot be read falls back to the
// list's deviceList.

/** A source over plain arrays that counts what it is asked. */
function fakeSource() {
  const asked = { executions: 0, testCases: 0, records: [] as number[][], phones: 0 };
  const state = {
    executions: [] as unknown[],
    cases: [] as Record<string, unknown>[],
    records: new Map<number, unknown>(),
    recordsFail: false,
  };
  const source: HistorySource = {
    executions: (limit) => {
      asked.executions += 1;
      return Promise.resolve({ items: state.executions.slice(0, limit), hasMore: state.executions.length > limit });
    },
    testCases: () => {
      asked.testCases += 1;
      return Promise.resolve(state.cases.map((c) => ({ ...c })));
    },
    records: (ids) => {
      asked.records.push([...ids]);
      if (state.recordsFail) return Promise.reject(new Error('export refused'));
      return Promise.resolve(ids.flatMap((id) => state.records.get(id) ?? []));
    },
    phones: () => {
      asked.phones += 1;
      return Promise.resolve(
        new Map([
          [3, { name: 'Pixel', msisdn: '4915112345678' }],
          [4, { name: 'iPhone', msisdn: '4916000000004' }],
        ]),
      );
    },
  };
  return { source, asked, state };
}

function lab() {
  const f = fakeSource();
  f.state.cases = [
    { id: 1, name: 'Voice call', updated: iso(100), deviceList: ['Pixel'] },
    { id: 2, name: 'SMS', updated: iso(100), deviceList: ['iPhone'] },
  ];
  f.state.records.set(1, { id: 1, name: 'Voice call', testStepList: [{ function: 'CALL', mobileDeviceId: 3 }] });
  f.state.records.set(2, {
    id: 2,
    name: 'SMS',
    testStepList: [{ function: 'SEND_SMS', params: { target: '+49 160 00000004' } }],
  });
  f.state.executions = [run(1, 'passed', 3), run(1, 'failed', 2, { currentStep: 1 }), run(2, 'passed', 1)];
  const history = new History(() => f.source, { limit: () => 100, finalStates: () => [], now: () => NOW });
  return { ...f, history };
}

describe('the history of an environment', () => {
  test('is read once when first asked: executions, test cases, the records of those that ran, phones', async () => {
    const { history, asked } = lab();
    const first = await history.report();
    assert.deepEqual(
      first.cases.map((c) => [c.testCaseId, c.name, c.runs.length, c.devices]),
      [
        [1, 'Voice call', 2, [3]],
        [2, 'SMS', 1, [4]],
      ],
    );
    await history.report({ only: [2] });
    assert.deepEqual(asked, { executions: 1, testCases: 1, records: [[1, 2]], phones: 1 });
  });

  test('readings the follower passes on keep it current, with no read, and listeners hear which cases changed', async () => {
    const { history, asked } = lab();
    await history.report();
    const heard: number[][] = [];
    history.onChange((ids) => heard.push(ids));
    const rerun = run(1, 'passed', 0.5);
    history.merge([rerun]);
    history.merge([rerun]);
    assert.deepEqual(heard, [[1]], 'told once: the second reading changed nothing');
    const r = await history.report({ only: [1] });
    assert.equal(r.cases[0]!.runs[0]!.executionId, rerun.id);
    assert.ok(r.cases[0]!.flaky, 'passed, failed, passed on one version');
    history.merge([{ ...rerun, status: 'DELETED', kind: 'unknown' }]);
    assert.equal((await history.report({ only: [1] })).cases[0]!.runs.length, 2, 'a deleted execution leaves');
    assert.equal(asked.executions, 1);
    assert.equal(asked.testCases, 1);
  });

  test('an import here: its test cases are read again, records only of the case that changed; the flaky mark goes', async () => {
    const { history, asked, state } = lab();
    history.merge([run(1, 'passed', 1.5)]);
    assert.ok((await history.report({ only: [1] })).cases[0]!.flaky);
    state.cases[0]!['updated'] = iso(1);
    history.casesChanged();
    const r = await history.report({ only: [1] });
    assert.equal(r.cases[0]!.flaky, undefined, 'the failure was on the version before the edit');
    assert.equal(r.cases[0]!.versionSince, iso(1));
    assert.equal(asked.testCases, 2);
    assert.deepEqual(asked.records, [[1, 2], [1]]);
    assert.equal(asked.executions, 1, 'the executions are not read again');
  });

  test('a reading of a case it has not seen makes it read the test cases again on the next use', async () => {
    const { history, asked, state } = lab();
    await history.report();
    state.cases.push({ id: 5, name: 'New case', updated: iso(10) });
    history.merge([run(5, 'passed', 0.2)]);
    const r = await history.report({ only: [5] });
    assert.equal(r.cases[0]!.name, 'New case');
    assert.deepEqual(asked.records.at(-1), [5]);
  });

  test("the sync state's link time is a change too", async () => {
    const { history } = lab();
    history.merge([run(1, 'passed', 1.5)]);
    assert.ok((await history.report({ only: [1] })).cases[0]!.flaky);
    history.knownChange(1, iso(1.8));
    assert.equal((await history.report({ only: [1] })).cases[0]!.flaky, undefined);
  });

  test("records that cannot be read: the list's deviceList names the phones", async () => {
    const { history, state } = lab();
    state.recordsFail = true;
    const r = await history.report();
    assert.deepEqual(
      r.cases.map((c) => c.devices),
      [[3], [4]],
    );
  });

  test('reset, as on a new environment or Refresh, reads everything again and drops a read in progress', async () => {
    const { history, asked, state } = lab();
    const pending = history.report();
    history.reset();
    state.executions = [run(2, 'failed', 0.1)];
    const r = await pending;
    assert.deepEqual(
      r.cases.map((c) => c.testCaseId),
      [2],
      'what the old read found was dropped',
    );
    assert.equal(asked.executions, 2);
  });

  test('the newest executions only: the report says it holds a part', async () => {
    const { source, state } = lab();
    state.executions = Array.from({ length: 5 }, (_, i) => run(1, 'passed', 10 - i));
    const h = new History(() => source, { limit: () => 3, finalStates: () => [], now: () => NOW });
    const r = await h.report();
    assert.equal(r.truncated, true);
    assert.match(r.notes[0]!, /^The history holds the newest 3 executions/);
  });

  test('one report answers every ask while nothing it rests on changes, for 10 s at most', async () => {
    const { source } = lab();
    let now = NOW;
    const history = new History(() => source, { limit: () => 100, finalStates: () => [], now: () => now });
    const all = await history.report();
    const one = await history.report({ only: [2] });
    assert.equal(one.cases[0], all.cases[1], "the case's history is the one already made");
    assert.deepEqual(
      (await history.report({ only: [7] })).cases.map((c) => [c.testCaseId, c.runs.length]),
      [[7, 0]],
      'a case with no runs is still answered',
    );
    history.knownChange(2, iso(100));
    assert.equal((await history.report()).cases[1], all.cases[1], 'a change time it knew changes nothing');
    now += 9_999;
    assert.equal((await history.report()).at, all.at);
    now += 1;
    const later = await history.report();
    assert.equal(later.at, new Date(NOW + 10_000).toISOString(), 'made again 10 s on');
    assert.notEqual(later.cases[1], all.cases[1]);
    now -= 5_000;
    assert.equal((await history.report()).at, new Date(NOW + 5_000).toISOString(), 'a clock set back: made again');
  });

  test('not signed in: it says so', async () => {
    const history = new History(() => undefined, { limit: () => 10, finalStates: () => [] });
    await assert.rejects(history.report(), NotSignedInError);
  });
});
