import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { refusalWords } from '../../server/src/core/testCases/deletion';
import { serviceQuery, summarizeTestCase } from '../../server/src/core/testCases/list';
import {
  filterWords,
  listMessage,
  testCaseDescription,
  testCaseTooltipLines,
} from '../../client/src/views/testCaseFormat';

// The Test Cases view's server side: list items read leniently, the query sent, a refused delete in words.

describe('test case list items', () => {
  test('the document fields', () => {
    const t = summarizeTestCase({
      id: 7,
      name: 'Call',
      description: 'A call',
      testStepCount: 3,
      deviceList: ['Pixel 7'],
      projects: [{ id: 2, name: 'Voice' }],
      created: '2026-01-01T00:00:00Z',
      updated: '2026-02-01T00:00:00Z',
    });
    assert.deepEqual(t, {
      id: 7,
      name: 'Call',
      description: 'A call',
      stepCount: 3,
      devices: ['Pixel 7'],
      projects: [{ id: 2, name: 'Voice' }],
      created: '2026-01-01T00:00:00Z',
      updated: '2026-02-01T00:00:00Z',
      entity: { entityType: 'TEST_CASE', id: 7, label: 'Call' },
    });
  });

  test('records the document does not describe: unknown fields ignored, odd ones left blank, no id dropped', () => {
    assert.deepEqual(
      summarizeTestCase({
        id: '9',
        surprise: { x: 1 },
        deviceList: 'Pixel',
        projects: [{ id: 'x' }, 3, { id: 4 }],
        testStepCount: 'many',
      }),
      {
        id: 9,
        name: 'Test case 9',
        devices: [],
        projects: [{ id: 4, name: 'Project 4' }],
        entity: { entityType: 'TEST_CASE', id: 9, label: 'Test case 9' },
      },
    );
    assert.equal(summarizeTestCase({ name: 'no id' }), undefined);
    assert.equal(summarizeTestCase(42), undefined);
    assert.equal(summarizeTestCase({ id: 1, testStepList: [{}, {}] })?.stepCount, 2);
  });
});

describe('the list query', () => {
  test('defaults: page size 50, by name, ties by id', () => {
    assert.deepEqual(serviceQuery({ page: 2 }), { page: 2, size: 50, sort: ['name,asc', 'id,asc'] });
  });
  test('project, field filter and sort by last update; sizes kept sane; an empty value is no filter', () => {
    assert.deepEqual(
      serviceQuery({
        page: 0,
        size: 5000,
        projectIds: [1, 3],
        filter: { field: 'device', value: ' Pixel ' },
        sort: 'updated',
      }),
      {
        page: 0,
        size: 200,
        sort: ['updated,desc', 'id,asc'],
        prj: [1, 3],
        filterName: 'device',
        filterValue: 'Pixel',
      },
    );
    assert.deepEqual(serviceQuery({ page: -1, size: 0, projectIds: [], filter: { field: 'name', value: ' ' } }), {
      page: 0,
      size: 1,
      sort: ['name,asc', 'id,asc'],
    });
  });
});

describe('a refused delete in words', () => {
  test('suites and executions, with the next step', () => {
    assert.equal(
      refusalWords('test case "Call"', { suites: ['Nightly', 'Smoke', 'Voice'], executionIds: [12] }),
      'The service refused to delete test case "Call": it is in test suites "Nightly", "Smoke" and "Voice"; execution 12 of it is still queued or running. ' +
        'Remove it from those suites (Add/Remove Test Cases in Test Suites) and wait for it to end or cancel it in Executions, then delete it again.',
    );
    assert.equal(
      refusalWords('test case 4', { suites: ['Nightly'], executionIds: [] }),
      'The service refused to delete test case 4: it is in test suite "Nightly". Remove it from that suite (Add/Remove Test Cases in Test Suites), then delete it again.',
    );
    assert.match(
      refusalWords('test case 4', { suites: [], executionIds: [3, 5] }),
      /executions 3 and 5 of it are still queued or running\. Wait for them to end or cancel them in Executions/,
    );
  });
  test('nothing found: still plain words with a next step', () => {
    assert.match(
      refusalWords('test case 4', { suites: [], executionIds: [] }),
      /something still uses it .*Check Test Suites and Executions/,
    );
  });
});

describe('how the view words a test case and its filter', () => {
  const t = {
    id: 7,
    name: 'Call',
    stepCount: 1,
    devices: ['Pixel 7', 'Galaxy S23', 'iPhone 15'],
    projects: [{ id: 2, name: 'Voice' }],
    entity: { entityType: 'TEST_CASE' as const, id: 7, label: 'Call' },
  };
  test('row: steps, devices (shortened), projects, and the linked file marker when it differs', () => {
    assert.equal(testCaseDescription(t), '1 step · Pixel 7, Galaxy S23 +1 · Voice');
    assert.equal(
      testCaseDescription(t, { path: 'cases/Call.testcase.json' }),
      'in workspace · 1 step · Pixel 7, Galaxy S23 +1 · Voice',
    );
    assert.equal(
      testCaseDescription(t, { path: 'x', state: 'unchanged' }),
      'in workspace · 1 step · Pixel 7, Galaxy S23 +1 · Voice',
    );
    assert.equal(
      testCaseDescription({ ...t, devices: [], projects: [] }, { path: 'x', state: 'localChanged' }),
      '● in workspace, changed locally · 1 step',
    );
    assert.match(testCaseDescription(t, { path: 'x', state: 'conflict' }), /^● in workspace, changed on both sides/);
    assert.equal(testCaseDescription({ ...t, stepCount: undefined, devices: [], projects: [] }), '');
  });
  test('tooltip: every field, blanks said as such', () => {
    assert.deepEqual(
      testCaseTooltipLines(
        { ...t, devices: [], projects: [] },
        { path: 'a/Call.testcase.json', state: 'serviceChanged' },
      ),
      [
        'Call (id 7)',
        'Steps: 1',
        'Devices: none',
        'Projects: none',
        'Local file: a/Call.testcase.json (in workspace, changed on the service)',
      ],
    );
  });
  test('filter: the description and the message saying how to clear it', () => {
    const f = { project: { id: 2, name: 'Voice' }, field: { field: 'device' as const, value: 'Pixel' } };
    assert.equal(filterWords(f, 'updated'), 'project Voice · device contains "Pixel" · last updated first');
    assert.equal(filterWords({}, 'name'), '');
    assert.equal(listMessage({}, 50, 10_000), undefined);
    assert.equal(
      listMessage(f, 3, 3),
      'Filtered (project Voice · device contains "Pixel"): 3 test cases. Clear Filter in the view\'s title bar shows all.',
    );
  });
});
