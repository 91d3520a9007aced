import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import {
  checkReferences,
  closestDevice,
  DEVICE_CHOICES,
  deviceCandidates,
} from '../../server/src/core/liveChecks/referenceChecks';
import type { DeviceInfo } from '../../server/src/core/liveChecks/referenceData';
import { brief, DEVICES, snapshot } from './referenceSnapshots';

// The reference checks on plain data, for an unknown device: the device offered in its place
// (the same MSISDN, else the closest name, at most DEVICE_CHOICES), and the names and MSISDNs
// copied into trace filter items compared with the device. The rest: references.test.ts.

describe('reference checks: devices', () => {
  test('an unknown device in a trace filter item is offered the device with the same MSISDN, else the closest name', () => {
    const sameNumber = checkReferences(
      'testCase',
      { sipTraceFilters: [{ mobileDeviceId: 9, msisdn: '+49 (170) 1111', mobileDeviceName: 'Galaxy Hamburg' }] },
      snapshot(),
    );
    assert.equal(sameNumber.length, 1);
    assert.equal(sameNumber[0]!.path.join('/'), 'sipTraceFilters/0/mobileDeviceId');
    assert.equal(
      sameNumber[0]!.message,
      'Mobile device 9 does not exist on the service. Did you mean 1 (Pixel Berlin)?',
    );
    const data = sameNumber[0]!.data as { replacementId: number; candidates: { id: number }[] };
    assert.equal(data.replacementId, 1);
    assert.deepEqual(
      data.candidates.map((c) => c.id),
      [1, 2, 3, 4],
      'the match first, then by name distance',
    );

    // A step names the device; the trace filter item of the same id carries the name it was copied with.
    const byName = checkReferences(
      'testCase',
      {
        testStepList: [{ mobileDeviceId: 9 }],
        traceFilters: [{ mobileDeviceId: 9, traceFilterId: 10, mobileDeviceName: 'Pixel Bremn' }],
      },
      snapshot(),
    );
    assert.deepEqual(brief(byName), [
      { code: 'unknown-device', path: 'traceFilters/0/mobileDeviceId', severity: 1 },
      { code: 'unknown-device', path: 'testStepList/0/mobileDeviceId', severity: 1 },
    ]);
    assert.match(byName[1]!.message, /Did you mean 3 \(Pixel Bremen\)\?$/);
    const unnamed = checkReferences(
      'testCase',
      { traceFilters: [{ mobileDeviceId: 9, traceFilterId: 10, msisdn: '00000' }] },
      snapshot({ devices: new Map([[4, { id: 4, msisdn: '00000' }]]) }),
    );
    assert.match(unnamed[0]!.message, /Did you mean 4 \(unnamed\)\?$/);
  });

  test('names and MSISDNs copied into trace filter items are compared with the device', () => {
    const doc = {
      traceFilters: [
        { mobileDeviceId: 1, traceFilterId: 10, mobileDeviceName: 'Pixel Berlin', msisdn: '+49 170 1111' },
        { mobileDeviceId: 2, traceFilterId: 10, mobileDeviceName: 'Old name', msisdn: '000' },
        { mobileDeviceId: 4, traceFilterId: 10, mobileDeviceName: 'Whatever', msisdn: '123' },
      ],
    };
    const fs = checkReferences('testCase', doc, snapshot());
    assert.deepEqual(brief(fs), [
      { code: 'stale-device-name', path: 'traceFilters/1/mobileDeviceName', severity: 2 },
      { code: 'stale-msisdn', path: 'traceFilters/1/msisdn', severity: 2 },
    ]);
    assert.equal(fs[0]!.message, "Device 2 is now named 'Galaxy Hamburg' on the service.");
    assert.deepEqual(fs[0]!.data, { replacement: 'Galaxy Hamburg' });
    assert.equal(fs[1]!.message, 'Device 2 now has MSISDN 4917022222 on the service.');
    assert.deepEqual(fs[1]!.data, { replacement: '4917022222' });
  });

  test('device choices: the likely match first, then by name distance, at most DEVICE_CHOICES', () => {
    const many: DeviceInfo[] = Array.from({ length: 8 }, (_, i) => ({
      id: 20 - i,
      name: `Phone ${String.fromCharCode(65 + i)}`,
    }));
    assert.deepEqual(
      deviceCandidates(many, {}).map((d) => d.id),
      [13, 14, 15, 16, 17],
    );
    assert.equal(deviceCandidates(many, {}).length, DEVICE_CHOICES);
    assert.deepEqual(
      deviceCandidates(many, { name: 'Phone C' }, many[5]).map((d) => d.id),
      [15, 18, 13, 14, 16],
    );
    assert.deepEqual(
      deviceCandidates([{ id: 2 }, { id: 1, name: 'Phone' }], { name: 'Phone' }).map((d) => d.id),
      [1, 2],
      'an unnamed device last',
    );
    assert.deepEqual(
      deviceCandidates(
        [
          { id: 2, name: 'ab' },
          { id: 1, name: 'ab' },
        ],
        { name: 'ab' },
      ).map((d) => d.id),
      [1, 2],
      'ties by id',
    );
    assert.equal(closestDevice(DEVICES, { msisdn: '491701111' })?.id, 1);
    assert.equal(closestDevice(DEVICES, { msisdn: '999', name: 'Galaxy Hamburg' })?.id, 2);
    assert.equal(closestDevice(DEVICES, { msisdn: '999' }), undefined);
    assert.equal(closestDevice(DEVICES, { name: 'Something else entirely' }), undefined);
    assert.equal(closestDevice(DEVICES, {}), undefined);
  });

  test("the name or MSISDN a step's device was copied with: from either kind of trace filter item, the first item that has one", () => {
    const guess = (doc: object) =>
      checkReferences('testCase', { testStepList: [{ mobileDeviceId: 9 }], ...doc }, snapshot()).at(-1)!.message;
    assert.match(
      guess({ sipTraceFilters: [{ mobileDeviceId: 9, mobileDeviceName: 'Pixel Bremn' }] }),
      /Did you mean 3 \(Pixel Bremen\)\?$/,
    );
    assert.match(
      guess({ sipTraceFilters: [{ mobileDeviceId: 9, msisdn: '4917022222' }] }),
      /Did you mean 2 \(Galaxy Hamburg\)\?$/,
    );
    assert.match(
      guess({ sipTraceFilters: [{ mobileDeviceId: 9 }, { mobileDeviceId: 9, mobileDeviceName: 'Pixel Bremn' }] }),
      /Did you mean 3 /,
      'an item without either is passed over',
    );
    assert.match(
      guess({
        sipTraceFilters: [
          { mobileDeviceId: 9, mobileDeviceName: 'Pixel Bremn' },
          { mobileDeviceId: 9, mobileDeviceName: 'Galaxy Hamburg' },
        ],
      }),
      /Did you mean 3 /,
      'the first wins',
    );
  });

  test('two unknown devices copied with different names get their own suggestions', () => {
    const doc = {
      sipTraceFilters: [
        { mobileDeviceId: 9, msisdn: '+49 170 1111' },
        { mobileDeviceId: 8, mobileDeviceName: 'Galaxy Hamburg' },
      ],
    };
    const fs = checkReferences('testCase', doc, snapshot());
    assert.deepEqual(
      fs.map((f) => (f.data as { replacementId?: number }).replacementId),
      [1, 2],
    );
  });
});
