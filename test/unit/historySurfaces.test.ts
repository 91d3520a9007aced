import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { lensPlan } from '../../client/src/sync/lensPlan';
import { deviceDescription, deviceTooltip } from '../../client/src/views/deviceFormat';
import { testCaseDescription } from '../../client/src/views/testCaseFormat';

// How the editor shows the history: the CodeLens of a linked test case (its line, which opens
// its history), the Test Cases view's row, and a suspect phone's row and tooltip in Devices.

describe('the history in the editor', () => {
  const line = '9/10 passed · failed 2 h ago at step 3 · flaky';

  test('a single linked file: its history line after Run, Import and Refresh; it opens the history', () => {
    const plan = lensPlan(false, [], [{ id: 7 }], [{ testCaseId: 7, line }]);
    assert.deepEqual(
      plan.map((l) => l.command),
      ['tas.runTestCase', 'tas.importToService', 'tas.refreshFromService', 'tas.showHistory'],
    );
    const lens = plan[3]!;
    assert.equal(lens.title, `$(history) ${line}`);
    assert.equal(lens.testCaseId, 7);
    assert.equal(lens.offset, 0);
    assert.equal(lensPlan(false, [], []).length, 2, 'not linked: no history lens');
  });

  test("a bundle: each linked item's line under its Run", () => {
    const plan = lensPlan(
      true,
      [
        { index: 0, offset: 2 },
        { index: 1, offset: 40 },
      ],
      [{ id: 7, index: 1 }],
      [{ testCaseId: 7, index: 1, line: '10/10 passed' }],
    );
    assert.deepEqual(
      plan.map((l) => [l.command, l.offset, l.index ?? l.testCaseId]),
      [
        ['tas.importToService', 0, undefined],
        ['tas.runTestCase', 2, 0],
        ['tas.runTestCase', 40, 1],
        ['tas.showHistory', 40, 7],
      ],
    );
  });

  test("the Test Cases view's row: the history line after the link marker", () => {
    const t = {
      id: 7,
      name: 'Call',
      stepCount: 1,
      devices: [],
      projects: [],
      entity: { entityType: 'TEST_CASE' as const, id: 7, label: 'Call' },
    };
    assert.equal(testCaseDescription(t, { path: 'x' }, line), `in workspace · ${line} · 1 step`);
    assert.equal(testCaseDescription(t, undefined, undefined), '1 step');
  });

  test("a suspect phone's row says so, and its tooltip gives the evidence and what it rests on", () => {
    const d = {
      id: 3,
      name: 'iPhone',
      msisdn: '4916',
      kind: 'available' as const,
      status: 'AVAILABLE',
      entity: { entityType: 'MOBILE_ID' as const, id: 3, label: 'iPhone' },
    };
    assert.equal(deviceDescription(d, false, true), 'available · suspect · 4916');
    assert.equal(deviceDescription(d, false), 'available · 4916', 'a phone that is fine is not marked');
    const evidence = 'iPhone (device 3) is suspect: failed 6 of 7 runs that used it since 09:00';
    const tip = deviceTooltip(d, 'node-1', { evidence, notes: ['The records do not say which phone each run used.'] });
    assert.match(tip, /\n\niPhone \(device 3\) is suspect: failed 6 of 7 runs that used it since 09:00\.\n/);
    assert.match(tip, /The records do not say which phone each run used\.$/);
    assert.doesNotMatch(deviceTooltip(d, 'node-1'), /suspect/);
  });
});
