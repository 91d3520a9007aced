import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { checkReferences } from '../../server/src/core/liveChecks/referenceChecks';
import { brief, snapshot, unverified } from './referenceSnapshots';

// The reference checks on plain data, for bundles: each item checked with its link by index,
// and the records of a bundle's devices (their test node and device model), settled or not
// verified. The rest: references.test.ts.

describe('reference checks: bundles', () => {
  test('bundles: each item checked, its link by index; device records need their test node and device model', () => {
    const links: Record<number, { id?: number; fileIdHere: boolean }> = { 1: { id: 101, fileIdHere: true } };
    const bundle = [
      {
        id: 100,
        name: 'Call',
        devices: [{ testNodeId: 5, deviceModelId: 8 }, { testNodeId: 6, deviceModelId: 9 }, 'not a record'],
      },
      { name: 'SMS', testStepList: [{ mobileDeviceId: 42 }], devices: 'none' },
      'not a test case',
    ];
    const state = snapshot({ testNodes: new Map([[5, { id: 5 }]]), deviceModels: new Map([[8, { id: 8 }]]) });
    const fs = checkReferences('bundle', bundle, state, (i) => (i === undefined ? undefined : links[i]));
    assert.deepEqual(brief(fs), [
      { code: 'unknown-device', path: '1/testStepList/0/mobileDeviceId', severity: 1 },
      { code: 'unknown-test-node', path: '0/devices/1/testNodeId', severity: 1 },
      { code: 'unknown-device-model', path: '0/devices/1/deviceModelId', severity: 1 },
    ]);
    assert.equal(fs[1]!.message, 'Test node 6 does not exist on the service.');
    assert.equal(fs[2]!.message, 'Device model 9 does not exist on the service.');
    const unsure = checkReferences(
      'bundle',
      bundle,
      snapshot({
        testNodes: new Map(),
        deviceModels: new Map(),
        deviceModelsCut: true,
        unverified: unverified({ testNodes: new Set([6]) }),
      }),
    );
    assert.deepEqual(
      brief(unsure).filter((f) => f.path.startsWith('0/')),
      [
        { code: 'unknown-test-node', path: '0/devices/0/testNodeId', severity: 1 },
        { code: 'references-not-verified', path: '0/devices/0/deviceModelId', severity: 3 },
        { code: 'references-not-verified', path: '0/devices/1/testNodeId', severity: 3 },
        { code: 'references-not-verified', path: '0/devices/1/deviceModelId', severity: 3 },
      ],
    );
    // Lists not loaded (a single test case file needs none): nothing said.
    assert.deepEqual(
      brief(checkReferences('bundle', [{ devices: [{ testNodeId: 6, deviceModelId: 9 }] }], snapshot())),
      [],
    );
    assert.deepEqual(checkReferences('testCase', { devices: [{ testNodeId: 6 }] }, state), []);
  });

  test('bundle devices: odd items are passed over; a cut model list is a note with no reason to give; a reason keeps its inner dots', () => {
    const state = snapshot({
      testNodes: new Map([[5, { id: 5 }]]),
      deviceModels: new Map([[8, { id: 8 }]]),
      deviceModelsCut: true,
    });
    assert.deepEqual(
      checkReferences('bundle', { devices: [{ testNodeId: 6 }] }, state),
      [],
      'a bundle that is no list',
    );
    const fs = checkReferences(
      'bundle',
      [{ devices: [null, 3, { deviceModelId: 9 }, { testNodeId: 5 }] }, { id: 100, name: 'Call' }],
      state,
    );
    assert.deepEqual(fs, [
      {
        path: [0, 'devices', 2, 'deviceModelId'],
        on: 'value',
        message: "Device model 9 is not in the service's list and its own record could not be read: not verified.",
        code: 'references-not-verified',
        severity: 3,
      },
    ]);
    const nodes = checkReferences(
      'bundle',
      [{ devices: [{ testNodeId: 6 }, { testNodeId: 7 }] }],
      snapshot({
        testNodes: new Map(),
        unverified: unverified({ testNodes: new Set([7]), reason: 'the service at tas.invalid timed out.' }),
      }),
    );
    assert.deepEqual(nodes, [
      {
        path: [0, 'devices', 0, 'testNodeId'],
        on: 'value',
        message: 'Test node 6 does not exist on the service.',
        code: 'unknown-test-node',
        severity: 1,
      },
      {
        path: [0, 'devices', 1, 'testNodeId'],
        on: 'value',
        message:
          "Test node 7 is not in the service's list and its own record could not be read (the service at tas.invalid timed out): not verified.",
        code: 'references-not-verified',
        severity: 3,
      },
    ]);
  });

  test('a test case file that is a list (a schema error) gets no device record checks', () => {
    const state = snapshot({ testNodes: new Map(), deviceModels: new Map() });
    assert.deepEqual(checkReferences('testCase', [{ devices: [{ testNodeId: 6, deviceModelId: 9 }] }], state), []);
  });
});
