import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import {
  assignmentSummary,
  byType,
  clearQuestion,
  groupLabel,
  pickState,
  selectedEntities,
  traceFilterIdsIn,
} from '../../client/src/views/projectFormat';
import type { EntityRef } from '../../server/src/core/model/entities';

// How Assign to Projects... picks its records and words its questions and answers.

const smoke: EntityRef = { entityType: 'TEST_SUITE', id: 1, label: 'Smoke' };
const nightly: EntityRef = { entityType: 'TEST_SUITE', id: 2, label: 'Nightly' };
const call: EntityRef = { entityType: 'TEST_CASE', id: 7, label: 'Call' };
const node = (entity: EntityRef) => ({ type: 'x', entity });
const voice = { id: 2, name: 'Voice' };
const sms = { id: 3, name: 'Messaging' };

describe('Assign to Projects... wording and selection', () => {
  test('the clicked row, or the selection when the click is inside it, each once', () => {
    assert.deepEqual(selectedEntities(node(smoke), undefined), [smoke]);
    assert.deepEqual(selectedEntities(node(smoke), [node(smoke), node(nightly), node(nightly)]), [smoke, nightly]);
    // A right click outside the selection acts on the clicked row only, as VS Code's lists do.
    assert.deepEqual(selectedEntities(node(call), [node(smoke), node(nightly)]), [call]);
    assert.deepEqual(selectedEntities({ type: 'loadMore' }, undefined), []);
  });

  test('one request per entity type', () => {
    const groups = byType([smoke, call, nightly]);
    assert.deepEqual([...groups.keys()], ['TEST_SUITE', 'TEST_CASE']);
    assert.deepEqual(groups.get('TEST_SUITE'), [smoke, nightly]);
  });

  test('the picker starts with the projects every record is in, and counts the others', () => {
    const s = pickState([
      { id: 1, projects: [voice, sms] },
      { id: 2, projects: [voice] },
    ]);
    assert.deepEqual(s.common, [voice]);
    assert.deepEqual([...s.partial], [[3, 1]]);
  });

  test('the read-back in words', () => {
    assert.equal(
      assignmentSummary([smoke], [{ id: 1, projects: [voice, sms] }]),
      'Test suite Smoke is now in Voice, Messaging.',
    );
    assert.equal(assignmentSummary([smoke], [{ id: 1, projects: [] }]), 'Test suite Smoke is now in no project.');
    assert.equal(
      assignmentSummary(
        [smoke, nightly],
        [
          { id: 1, projects: [voice] },
          { id: 2, projects: [] },
        ],
      ),
      '2 test suites now: Smoke: Voice; Nightly: no project.',
    );
    const many = Array.from({ length: 7 }, (_, i) => ({ entityType: 'TEST_CASE' as const, id: i, label: `c${i}` }));
    assert.match(
      assignmentSummary(
        many,
        many.map((m) => ({ id: m.id, projects: [voice] })),
      ),
      /^7 test cases now: c0: Voice;.*; and 2 more\.$/,
    );
  });

  test('clearing asks in plain words', () => {
    assert.equal(clearQuestion([call]), 'Remove test case Call from every project?');
    assert.equal(clearQuestion([smoke, nightly]), 'Remove 2 test suites from every project?');
    assert.equal(groupLabel('MOBILE_ID', 8), 'Devices (8)');
  });

  test('trace filter ids of a test-case file, even one being edited', () => {
    const text =
      '{"name":"a","traceFilters":[{"mobileDeviceId":1,"traceFilterId":3},{"mobileDeviceId":2, "traceFilterId" : 12}], "x": ';
    assert.deepEqual(
      [...traceFilterIdsIn(text)].sort((a, b) => a - b),
      [3, 12],
    );
    assert.equal(traceFilterIdsIn('{"id": 3}').size, 0);
  });
});
