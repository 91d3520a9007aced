import type {
  DeviceInfo,
  ReferenceSnapshot,
  ReferenceState,
  Unverified,
} from '../../server/src/core/liveChecks/referenceData';
import type { Finding } from '../../server/src/core/model/diagnostics';

// What the tests of the reference checks share (references.test.ts, referenceDevices.test.ts,
// referenceBundles.test.ts): the service's lists as a snapshot, the references it could not
// settle, and findings in brief.

export const DEVICES: DeviceInfo[] = [
  { id: 1, name: 'Pixel Berlin', msisdn: '+49 170 1111' },
  { id: 2, name: 'Galaxy Hamburg', msisdn: '4917022222' },
  { id: 3, name: 'Pixel Bremen' },
  { id: 4 },
];

export function snapshot(more: Partial<ReferenceSnapshot> = {}): ReferenceState {
  return {
    status: 'ok',
    data: {
      devices: new Map(DEVICES.map((d) => [d.id, d])),
      traceFilters: new Map([[10, { id: 10, name: 'SIP only' }]]),
      testCases: new Map([
        [100, 'Call'],
        [101, 'SMS'],
      ]),
      ...more,
    },
  };
}

export const unverified = (part: Partial<Unverified>): Unverified => ({
  devices: new Set(),
  traceFilters: new Set(),
  testCases: new Set(),
  testNodes: new Set(),
  reason: 'the service timed out.',
  ...part,
});
export const brief = (fs: Finding[]) => fs.map((f) => ({ code: f.code, path: f.path.join('/'), severity: f.severity }));
