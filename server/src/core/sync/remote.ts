import { exportTestCases, type BatchOptions } from '../api/batch';
import type { TasClient } from '../api/client';
import type { ApiError } from '../api/errors';
import type { ExportedTestCase } from '../api/types';

// Reading the service for sync: full records by id (the export endpoint, batched) and test cases
// by exact name (the name filter matches substrings, so exact matches are picked out here).

export interface Records {
  byId: Map<number, ExportedTestCase>;
  missing: Set<number>;
  failed: Map<number, ApiError>;
  /** Ids the service answered with a record that cannot be used, and why ("has the name 7, not text"). */
  unusable: Map<number, string>;
}

/** Full records by id. An id its answer did not hold is read like one the service does not have: absent, neither failed nor unusable. */
export async function readRecords(client: TasClient, ids: number[], options: BatchOptions): Promise<Records> {
  const unique = [...new Set(ids)];
  const byId = new Map<number, ExportedTestCase>();
  if (unique.length === 0) return { byId, missing: new Set(), failed: new Map(), unusable: new Map() };
  const r = await exportTestCases(client.testCases, unique, options);
  for (const tc of r.testCases) byId.set(tc.id!, tc);
  return {
    byId,
    missing: new Set(r.missing),
    failed: new Map(r.failed.map((f) => [f.id, f.error])),
    unusable: new Map(r.unusable.map((u) => [u.id, u.why])),
  };
}

/** Above this many names one pass over the whole list is cheaper than a query per name. */
const QUERY_PER_NAME_UP_TO = 20;

/** The id of the test case holding each name, for the names some case holds. */
export async function idsByName(
  client: TasClient,
  names: string[],
  signal?: AbortSignal,
): Promise<Map<string, number>> {
  const wanted = new Set(names);
  const out = new Map<string, number>();
  // Cancelled: nothing is looked up; the imports that would follow are skipped batch by batch.
  if (wanted.size === 0 || signal?.aborted) return out;
  if (wanted.size <= QUERY_PER_NAME_UP_TO) {
    for (const name of wanted) {
      for await (const item of client.testCases.iterate({
        filterName: 'name',
        filterValue: name,
        size: 100,
        ...(signal && { signal }),
      })) {
        if (item.name === name) {
          out.set(name, item.id);
          break;
        }
      }
    }
    return out;
  }
  for await (const item of client.testCases.iterate({ size: 500, ...(signal && { signal }) })) {
    if (wanted.has(item.name) && !out.has(item.name)) out.set(item.name, item.id);
  }
  return out;
}
