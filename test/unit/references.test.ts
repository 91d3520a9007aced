import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { checkReferences, referencedIds, type LinkOf } from '../../server/src/core/liveChecks/referenceChecks';
import { brief, DEVICES, snapshot, unverified } from './referenceSnapshots';

// The reference checks on plain data: a document against a snapshot of the service's lists,
// each diagnostic with its code, place, severity, words and fix data. The device offered for an
// unknown one: referenceDevices.test.ts; bundles: referenceBundles.test.ts.

describe('reference checks', () => {
  test('an unavailable service: one note at the top, nothing else', () => {
    const fs = checkReferences(
      'testCase',
      { testStepList: [{ mobileDeviceId: 99 }] },
      { status: 'unavailable', reason: 'cannot reach the service.' },
    );
    assert.deepEqual(fs, [
      {
        path: [],
        on: 'value',
        message: 'References not verified: cannot reach the service.',
        code: 'references-not-verified',
        severity: 3,
      },
    ]);
  });

  test('known ids give nothing; unknown trace filters and devices are errors where they are named', () => {
    const doc = {
      testStepList: [{ mobileDeviceId: 1 }, { mobileDeviceId: 77 }, { function: 'WAIT' }],
      traceFilters: [
        { mobileDeviceId: 2, traceFilterId: 10 },
        { mobileDeviceId: 1, traceFilterId: 11 },
      ],
    };
    const fs = checkReferences('testCase', doc, snapshot());
    assert.deepEqual(brief(fs), [
      { code: 'unknown-trace-filter', path: 'traceFilters/1/traceFilterId', severity: 1 },
      { code: 'unknown-device', path: 'testStepList/1/mobileDeviceId', severity: 1 },
    ]);
    assert.equal(fs[0]!.message, 'Trace filter 11 does not exist on the service.');
    assert.equal(fs[0]!.on, 'value');
    assert.equal(fs[1]!.message, 'Mobile device 77 does not exist on the service.');
    assert.deepEqual(fs[1]!.data, { candidates: [1, 2, 3, 4].map((id) => ({ id, name: DEVICES[id - 1]!.name })) });
  });

  test('ids the lists lacked and their records could not settle: notes with the reason, never errors', () => {
    const state = snapshot({
      unverified: unverified({ devices: new Set([50]), traceFilters: new Set([60]), testCases: new Set([700]) }),
    });
    const doc = {
      id: 700,
      name: 'Call',
      testStepList: [{ mobileDeviceId: 50 }],
      traceFilters: [{ mobileDeviceId: 50, traceFilterId: 60 }],
    };
    const fs = checkReferences('testCase', doc, state);
    assert.deepEqual(brief(fs), [
      { code: 'references-not-verified', path: 'traceFilters/0/mobileDeviceId', severity: 3 },
      { code: 'references-not-verified', path: 'traceFilters/0/traceFilterId', severity: 3 },
      { code: 'references-not-verified', path: 'testStepList/0/mobileDeviceId', severity: 3 },
      { code: 'name-taken', path: 'name', severity: 2 },
    ]);
    assert.equal(
      fs[0]!.message,
      "Mobile device 50 is not in the service's list and its own record could not be read (the service timed out): not verified.",
    );
    assert.equal(
      fs[1]!.message,
      "Trace filter 60 is not in the service's list and its own record could not be read (the service timed out): not verified.",
    );
    const noReason = checkReferences(
      'testCase',
      { testStepList: [{ mobileDeviceId: 50 }] },
      snapshot({ unverified: unverified({ devices: new Set([50]), reason: '' }) }),
    );
    assert.equal(
      noReason[0]!.message,
      "Mobile device 50 is not in the service's list and its own record could not be read: not verified.",
    );
  });

  test("the case's identity: an id the service no longer has, the linked id of .tas/sync.json, a name another case holds", () => {
    assert.deepEqual(checkReferences('testCase', { id: 100, name: 'Call' }, snapshot()), []);
    const gone = checkReferences('testCase', { id: 999, name: 'Gone' }, snapshot());
    assert.deepEqual(brief(gone), [{ code: 'unlinked-id', path: 'id', severity: 2 }]);
    assert.equal(
      gone[0]!.message,
      'Test case 999 no longer exists on the service; this file is not linked to anything there.',
    );
    const taken = checkReferences('testCase', { id: 100, name: 'SMS' }, snapshot());
    assert.deepEqual(brief(taken), [{ code: 'name-taken', path: 'name', severity: 2 }]);
    assert.equal(taken[0]!.message, "Test case 101 on the service already has the name 'SMS'; names must be unique.");
    assert.deepEqual(taken[0]!.data, { otherId: 101 });
    // A new file (no id) whose name is taken.
    assert.deepEqual(brief(checkReferences('testCase', { name: 'Call' }, snapshot())), [
      { code: 'name-taken', path: 'name', severity: 2 },
    ]);

    // Linked here (sync state) to a case that was deleted: warned, on the id when the file has it, else on the name.
    const linkedGone: LinkOf = () => ({ id: 555, fileIdHere: false });
    assert.deepEqual(brief(checkReferences('testCase', { id: 7, name: 'Call' }, snapshot(), linkedGone)), [
      { code: 'unlinked-id', path: 'name', severity: 2 },
      { code: 'name-taken', path: 'name', severity: 2 },
    ]);
    assert.deepEqual(
      brief(checkReferences('testCase', { id: 555, name: 'X' }, snapshot(), () => ({ id: 555, fileIdHere: true }))),
      [{ code: 'unlinked-id', path: 'id', severity: 2 }],
    );
    // Linked to a case that exists, under this name: all well, whatever the file's id (another environment's).
    assert.deepEqual(
      checkReferences('testCase', { id: 999, name: 'SMS' }, snapshot(), () => ({ id: 101, fileIdHere: false })),
      [],
    );
    // Another environment's file, not linked here: its id means nothing here and its name is matched on import.
    assert.deepEqual(
      checkReferences('testCase', { id: 999, name: 'SMS' }, snapshot(), () => ({ fileIdHere: false })),
      [],
    );
    // Not verified: the id's own record could not be read.
    assert.deepEqual(
      checkReferences('testCase', { id: 999 }, snapshot({ unverified: unverified({ testCases: new Set([999]) }) })),
      [],
    );
    // No test case list loaded: no identity check.
    assert.deepEqual(checkReferences('testCase', { id: 999, name: 'SMS' }, snapshot({ testCases: undefined })), []);
  });

  test('referencedIds: the ids to confirm, per kind, added into what earlier files wanted', () => {
    const w = referencedIds('testCase', {
      id: 7,
      testStepList: [{ mobileDeviceId: 1 }, { mobileDeviceId: '2' }],
      traceFilters: [{ mobileDeviceId: 3, traceFilterId: 10, msisdn: '1' }],
      sipTraceFilters: [{ mobileDeviceId: 4, traceFilterId: 11 }],
    });
    assert.deepEqual([...w.devices].sort(), [1, 3, 4]);
    assert.deepEqual([...w.traceFilters], [10]);
    assert.deepEqual([...w.msisdn], [3]);
    assert.deepEqual([...w.testCases], [7]);
    assert.deepEqual([...w.testNodes], []);
    // The linked id stands for the file's own; another environment's id is not asked for.
    assert.deepEqual([...referencedIds('testCase', { id: 7 }, () => ({ id: 70, fileIdHere: true })).testCases], [70]);
    assert.deepEqual([...referencedIds('testCase', { id: 7 }, () => ({ fileIdHere: false })).testCases], []);
    const into = referencedIds(
      'bundle',
      [{ id: 8, devices: [{ testNodeId: 5 }, { testNodeId: 'x' }, 3] }, { devices: 'no' }, 'no'],
      undefined,
      w,
    );
    assert.equal(into, w);
    assert.deepEqual([...w.testNodes], [5]);
    assert.deepEqual([...w.testCases].sort(), [7, 8]);
  });

  test('items that name no device or trace filter are not checked', () => {
    const doc = {
      traceFilters: [{ mobileDeviceId: 1 }, { traceFilterId: 10 }],
      sipTraceFilters: [{ msisdn: '1' }, { mobileDeviceName: 'x' }],
    };
    assert.deepEqual(checkReferences('testCase', doc, snapshot()), []);
  });

  test('each finding in full: on the value, in words, with its code and severity', () => {
    const doc = {
      testStepList: [{ mobileDeviceId: 4 }, { mobileDeviceId: 77 }],
      traceFilters: [{ mobileDeviceId: 2, traceFilterId: 10, mobileDeviceName: 'Old', msisdn: '1' }],
    };
    const fs = checkReferences(
      'testCase',
      { id: 999, name: 'X', ...doc },
      snapshot({ devices: new Map([[2, { id: 2, name: 'Galaxy Hamburg', msisdn: '4917022222' }]]) }),
    );
    assert.deepEqual(fs, [
      {
        path: ['traceFilters', 0, 'mobileDeviceName'],
        on: 'value',
        message: "Device 2 is now named 'Galaxy Hamburg' on the service.",
        code: 'stale-device-name',
        severity: 2,
        data: { replacement: 'Galaxy Hamburg' },
      },
      {
        path: ['traceFilters', 0, 'msisdn'],
        on: 'value',
        message: 'Device 2 now has MSISDN 4917022222 on the service.',
        code: 'stale-msisdn',
        severity: 2,
        data: { replacement: '4917022222' },
      },
      {
        path: ['testStepList', 0, 'mobileDeviceId'],
        on: 'value',
        message: 'Mobile device 4 does not exist on the service.',
        code: 'unknown-device',
        severity: 1,
        data: { candidates: [{ id: 2, name: 'Galaxy Hamburg' }] },
      },
      {
        path: ['testStepList', 1, 'mobileDeviceId'],
        on: 'value',
        message: 'Mobile device 77 does not exist on the service.',
        code: 'unknown-device',
        severity: 1,
        data: { candidates: [{ id: 2, name: 'Galaxy Hamburg' }] },
      },
      {
        path: ['id'],
        on: 'value',
        message: 'Test case 999 no longer exists on the service; this file is not linked to anything there.',
        code: 'unlinked-id',
        severity: 2,
      },
    ]);
    const taken = checkReferences('testCase', { name: 'SMS' }, snapshot());
    assert.deepEqual(taken, [
      {
        path: ['name'],
        on: 'value',
        message: "Test case 101 on the service already has the name 'SMS'; names must be unique.",
        code: 'name-taken',
        severity: 2,
        data: { otherId: 101 },
      },
    ]);
    const unsure = checkReferences(
      'testCase',
      { testStepList: [{ mobileDeviceId: 50 }] },
      snapshot({ unverified: unverified({ devices: new Set([50]) }) }),
    );
    assert.deepEqual(unsure, [
      {
        path: ['testStepList', 0, 'mobileDeviceId'],
        on: 'value',
        message:
          "Mobile device 50 is not in the service's list and its own record could not be read (the service timed out): not verified.",
        code: 'references-not-verified',
        severity: 3,
      },
    ]);
  });

  test('a name two service cases share: a file holding one of them is told of the other', () => {
    const state = snapshot({
      testCases: new Map([
        [101, 'SMS'],
        [102, 'SMS'],
      ]),
    });
    assert.deepEqual(
      checkReferences('testCase', { id: 102, name: 'SMS' }, state).map((f) => f.data),
      [{ otherId: 101 }],
    );
    assert.deepEqual(
      checkReferences('testCase', { id: 101, name: 'SMS' }, state).map((f) => f.data),
      [{ otherId: 102 }],
    );
  });

  test("referencedIds: a bundle item's link by its index; odd shapes are passed over", () => {
    const links: LinkOf = (i) => (i === 1 ? { id: 20, fileIdHere: true } : undefined);
    assert.deepEqual([...referencedIds('bundle', [{ id: 1 }, { id: 2 }], links).testCases].sort(), [1, 20]);
    const odd = referencedIds('bundle', [{ id: 9 }, { devices: [null, { testNodeId: 5 }] }]);
    assert.deepEqual([...odd.testNodes], [5]);
    assert.deepEqual(
      [...referencedIds('bundle', { devices: [{ testNodeId: 5 }] }).testNodes],
      [],
      'a bundle that is no list',
    );
    assert.deepEqual(
      [...referencedIds('testCase', [{ devices: [{ testNodeId: 5 }] }]).testNodes],
      [],
      'a test case file that is a list',
    );
  });

  test("a file of another environment: its ids are that environment's, looked up by who they are, never by id here", () => {
    const home: LinkOf = () => ({
      fileIdHere: false,
      home: { env: 'staging', identity: () => undefined, recorded: () => [], chosen: () => undefined },
    });
    const fs = checkReferences('testCase', { testStepList: [{ mobileDeviceId: 1 }] }, snapshot(), home);
    assert.deepEqual(
      fs.map((f) => f.code),
      ['foreign-reference'],
      "device 1 exists here, but the file means staging's device 1",
    );
    assert.match(fs[0]!.message, /^This file's ids belong to staging: /);
  });

  test('linked to a deleted case, a file with neither an id of here nor a name is warned on its id', () => {
    assert.deepEqual(
      brief(checkReferences('testCase', { id: 7 }, snapshot(), () => ({ id: 555, fileIdHere: false }))),
      [{ code: 'unlinked-id', path: 'id', severity: 2 }],
    );
  });
});
