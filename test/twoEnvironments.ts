import type { Emulator } from './emulator/emulator';
import type { Table } from './emulator/store';

// Two environments with the same phones, API clients and trace filters under other ids: what the
// tests of references carried between environments share.

export type Moved = Record<'device' | 'apiClient' | 'traceFilter', Map<number, number>>;

/** B's ids: each record moved to the next id (the last to 1), so no id names the same record. */
export function rotate<T extends { id: number }>(table: Table<T>): Map<number, number> {
  const rows = table.all();
  const n = rows.length;
  const moved = new Map(rows.map((r) => [r.id, (r.id % n) + 1]));
  table.load({ next: n + 1, rows: rows.map((r) => ({ ...r, id: moved.get(r.id)! })) });
  return moved;
}

/** B made A's twin with every id moved: how A's ids became B's. */
export function shuffle(b: Emulator): Moved {
  return {
    device: rotate(b.store.devices),
    apiClient: rotate(b.store.apiClients),
    traceFilter: rotate(b.store.traceFilters),
  };
}

/** A test case on A naming phone `device` and `peer`, API client 2 and trace filter 3. */
export function caseOn(a: Emulator, name: string, device: number, peer: number) {
  return a.store.testCases.insert((id) => ({
    ...structuredClone(a.store.testCases.get(1)!),
    id,
    name,
    testStepList: [
      {
        function: 'CALL',
        mobileDeviceId: device,
        params: { target: `+${a.store.devices.get(peer)!.msisdn}`, durationSeconds: 20, codec: 'EVS' },
      },
      { function: 'ANSWER_CALL', mobileDeviceId: peer, params: { timeoutSeconds: 30 } },
      { function: 'HTTP_REQUEST', params: { apiClientId: 2, expectBodyRegex: 'OK' } },
    ],
    traceFilters: [{ mobileDeviceId: device, traceFilterId: 3 }],
    sipTraceFilters: [{ mobileDeviceId: peer, sipMessageCodes: '180,200' }],
  }));
}
