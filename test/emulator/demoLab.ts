import { Random, withLuhn } from './random';
import type { Store } from './store';

// A larger lab on top of the demo set, for lists longer than a page: devices, trace filters and
// suites appended after the demo records (so the demo set and its ids stay as they are). Its own
// random sequence, so the demo data is the same with or without it.

export interface LabScale {
  /** Mobile devices beyond the 20 demo ones (ids 21 on). */
  extraDevices?: number;
  /** Trace filters beyond the 6 demo ones (ids 7 on). */
  extraTraceFilters?: number;
  /** Test suites beyond the 6 demo ones (ids 7 on), each with one test case. */
  extraSuites?: number;
}

export function seedLab(store: Store, scale: LabScale, seed: number, now: number, ownerId: number): void {
  const rnd = new Random(seed + 1);
  const nodes = store.testNodes.all();
  const models = store.deviceModels.all();
  const created = new Date(now).toISOString();
  for (let i = 0; i < (scale.extraDevices ?? 0) && nodes.length > 0 && models.length > 0; i++) {
    const model = models[i % models.length]!;
    const subscriber = `${rnd.int(1, 9)}${rnd.digits(7)}`;
    store.devices.insert((id) => ({
      id,
      ownerId,
      name: `Lab ${model.name} ${String(id).padStart(3, '0')}`,
      msisdn: `49177${subscriber}`,
      imsi: `26201${rnd.digits(10)}`,
      imei: withLuhn(`35${rnd.digits(12)}`),
      ranType: 'LTE',
      testNodeId: nodes[i % nodes.length]!.id,
      deviceModelId: model.id,
      subscriptionType: 'POSTPAID',
      platformName: model.platformName,
      deviceId: `R${rnd.hex(10)}`,
      nationalFormat: `0177 ${subscriber}`,
      internationalFormat: `+49 177 ${subscriber}`,
      iccid: withLuhn(`894902${rnd.digits(12)}`),
      eid: `8904903200${rnd.digits(22)}`,
      ecid: '',
      preparingUntil: 0,
      batteryLevel: rnd.int(35, 100),
    }));
  }
  for (let i = 0; i < (scale.extraTraceFilters ?? 0); i++) {
    store.traceFilters.insert((id) => ({
      id,
      ownerId,
      name: `Lab filter ${String(id).padStart(3, '0')}`,
      filter: `udp.port == ${5000 + id}`,
    }));
  }
  const cases = store.testCases.all();
  for (let i = 0; i < (scale.extraSuites ?? 0) && cases.length > 0; i++) {
    const tc = cases[i % cases.length]!;
    store.testSuites.insert((id) => ({
      id,
      ownerId,
      name: `Lab suite ${String(id).padStart(3, '0')}`,
      description: '',
      testCaseIds: [tc.id],
      testCaseWeights: [1],
      schedule: null,
      tags: '',
      notifyFailureThresholdPercentage: 0,
      disabled: false,
      notifEmail: '',
      failureNotifEmail: '',
      skipInitialization: false,
      created,
      updated: created,
    }));
  }
}
