import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import {
  dayOf,
  durationText,
  executionContext,
  executionDescription,
  placeIndex,
  relativeTime,
  roundSummary,
  suiteContext,
  suiteDescription,
} from '../../client/src/views/format';
import type { ExecutionSummary, SuiteSummary } from '../../server/src/core/model/executions';

// How the views word suites and executions, and which menus a row offers (its context value).

const NOW = Date.parse('2026-11-22T12:00:00Z');
const running: ExecutionSummary = {
  id: 7,
  status: 'RUNNING',
  kind: 'running',
  final: false,
  testCaseName: 'Call',
  testSuiteName: 'Voice smoke',
  startedAt: '2026-11-22T11:57:00Z',
  durationMs: 180_000,
  currentStep: 3,
  stepCount: 7,
};
const suite: SuiteSummary = {
  id: 1,
  name: 'Nightly',
  disabled: false,
  testCases: [{ id: 1, name: 'a' }],
  activeExecutionIds: [],
};

describe('view wording', () => {
  test('an execution row: progress, suite, when, how long', () => {
    assert.equal(executionDescription(running, NOW), 'step 3/7 · Voice smoke · 3 min ago · 3 min 00 s');
    assert.equal(
      executionDescription({ ...running, kind: 'passed', status: 'PASSED', final: true }, NOW),
      'passed · Voice smoke · 3 min ago · 3 min 00 s',
    );
  });

  test('menus only where they apply', () => {
    assert.equal(executionContext(running), 'execution.active');
    assert.equal(executionContext({ ...running, final: true }), 'execution.final');
    assert.equal(suiteContext(suite), 'suite');
    assert.equal(suiteContext({ ...suite, activeExecutionIds: [3] }), 'suite.running');
    assert.equal(suiteContext({ ...suite, disabled: true }), 'suite.disabled');
  });

  test('suite rows say disabled, running, size and schedule', () => {
    assert.equal(
      suiteDescription({ ...suite, disabled: true, schedule: 'every day from T' }),
      'disabled · 1 test case · every day from T',
    );
    assert.equal(suiteDescription({ ...suite, activeExecutionIds: [1, 2] }), '2 in progress · 1 test case');
  });

  test('times and durations in words', () => {
    assert.equal(relativeTime('2026-11-22T11:59:50Z', NOW), '10 s ago');
    assert.equal(relativeTime('2026-11-22T09:00:00Z', NOW), '3 h ago');
    assert.equal(relativeTime('2026-11-01T09:00:00Z', NOW), '2026-11-01');
    assert.equal(relativeTime('nonsense', NOW), undefined);
    assert.equal(durationText(850), '850 ms');
    assert.equal(durationText(12_345), '12.3 s');
    assert.equal(durationText(3_725_000), '1 h 02 min');
  });

  test('grouping by day and the end-of-round summary', () => {
    assert.equal(dayOf({ ...running, startedAt: new Date(NOW).toISOString() }, NOW).label, 'Today');
    assert.equal(dayOf({ ...running, startedAt: new Date(NOW - 86_400_000).toISOString() }, NOW).label, 'Yesterday');
    assert.equal(dayOf({ id: 1, status: 'X', kind: 'unknown', final: false }, NOW).label, 'Unknown date');
    const ended = [
      { ...running, kind: 'passed' as const },
      { ...running, kind: 'passed' as const },
      { ...running, kind: 'failed' as const },
    ];
    assert.equal(roundSummary('Test suite Nightly', ended), 'Test suite Nightly: 2 passed, 1 failed.');
  });

  test('an execution the Executions list does not show yet goes where newest-first puts it', () => {
    const at = (id: number, createdAt?: string): ExecutionSummary => ({
      id,
      status: 'PASSED',
      kind: 'passed',
      final: true,
      ...(createdAt && { createdAt }),
    });
    const shown = [at(12, '2026-11-22T11:00:00Z'), at(11, '2026-11-22T10:00:00Z'), at(9, '2026-11-21T10:00:00Z')];
    // A run started here: created now, or (a rerun's first reading) known only by its higher id.
    assert.equal(
      placeIndex(shown, { ...at(13, '2026-11-22T11:59:00Z'), status: 'RUNNING', kind: 'running', final: false }, false),
      0,
    );
    assert.equal(placeIndex(shown, at(13), false), 0);
    assert.equal(placeIndex([], at(13), true), 0);
    // An older one found later sits between the rows it falls between.
    assert.equal(placeIndex(shown, at(10, '2026-11-21T12:00:00Z'), false), 2);
    // Past the last row: at the end of a complete list, else left to the page that holds it.
    assert.equal(placeIndex(shown, at(5, '2026-11-20T12:00:00Z'), true), 3);
    assert.equal(placeIndex(shown, at(5, '2026-11-20T12:00:00Z'), false), undefined);
  });
});
