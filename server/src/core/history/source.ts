import type { TasClient } from '../api/client';
import { exportTestCases } from '../api/batch';
import { exactStr, isRecord, int } from '../base/read';
import type { PhoneIdentity } from './references';

// Where the history reads, on one client: a few list reads, whatever the service's reading of
// them. The executions through the lists' one lenient reader (`newest`: start/end as offsets,
// as times or ignored, paged or not, newest or oldest first: api/rangeLists.ts); the test cases'
// list (their last change); their records by export, in batches (their references); the phones.

export interface HistorySource {
  /** The newest `limit` execution records, and whether the service has more; `items` is a new array, the history's to empty as it reads. */
  executions(limit: number, signal?: AbortSignal): Promise<{ items: unknown[]; hasMore: boolean }>;
  /** Every test case list item (id, name, created, updated, deviceList). */
  testCases(signal?: AbortSignal): Promise<unknown[]>;
  /** The whole records of these test cases (their steps and trace filters); one that cannot be read is left out. */
  records(ids: number[], signal?: AbortSignal): Promise<unknown[]>;
  /** The phones by id: their names and MSISDNs. */
  phones(signal?: AbortSignal): Promise<ReadonlyMap<number, PhoneIdentity>>;
}

/** Records per export request: 1,000 test cases in two requests (a service that takes fewer halves them). */
const EXPORT_BATCH = 500;
/** Test cases per page of their list. */
const LIST_PAGE = 1000;

/** The history's reads on `client`; `phones` from a host's cached list when it has one. */
export function historySourceOn(
  client: TasClient,
  phones?: () => Promise<ReadonlyMap<number, PhoneIdentity>>,
): HistorySource {
  return {
    async executions(limit, signal) {
      const window = await client.executions.newest(0, limit, { ...(signal && { signal }) });
      return { items: window.items, hasMore: window.hasMore };
    },
    async testCases(signal) {
      const items: unknown[] = [];
      for await (const item of client.testCases.iterate({ size: LIST_PAGE, ...(signal && { signal }) }))
        items.push(item);
      return items;
    },
    async records(ids, signal) {
      if (ids.length === 0) return [];
      const result = await exportTestCases(client.testCases, ids, {
        batchSize: EXPORT_BATCH,
        ...(signal && { signal }),
      });
      return result.testCases;
    },
    phones:
      phones ??
      (async (signal) => {
        const map = new Map<number, PhoneIdentity>();
        for (const d of await client.devices.list(signal)) {
          const id = isRecord(d) ? int(d['id']) : undefined;
          if (id === undefined) continue;
          const name = exactStr(d['name']);
          const msisdn = exactStr(d['msisdn']);
          map.set(id, { ...(name !== undefined && { name }), ...(msisdn !== undefined && { msisdn }) });
        }
        return map;
      }),
  };
}
