import { mapLimit } from '../base/pool';
import type { DeviceInfo, NamedInfo, ReferenceState, TraceFilterInfo, Unverified, Wanted } from './referenceData';

// "Not found" only from the record's own answer. A list may lack a record (cut, or a service
// whose list leaves some out), so an id the document names that the list lacks is asked for
// with GET .../{id}: a 404 leaves it unknown (the checks report it), a record adds it, and any
// other failure marks it not verified. Devices whose list item is a summary are read whole where
// a check needs a field the summary lacks. Records are cached by the reference cache (one
// request per id per cache life) and read a few at a time.

/** The records' own answers: undefined for a 404; a throw for any other failure. */
export interface RecordSource {
  deviceRecord(id: number): Promise<DeviceInfo | undefined>;
  traceFilterRecord(id: number): Promise<TraceFilterInfo | undefined>;
  testCaseRecord(id: number): Promise<NamedInfo | undefined>;
  testNodeRecord(id: number): Promise<NamedInfo | undefined>;
  /** The device list with summary items completed by their records (a throw: it cannot be had). */
  completedDevices(): Promise<Map<number, DeviceInfo>>;
  /** A record the list lacked exists: told once per list. */
  incomplete(list: string, what: string): void;
  /** Why a record could not be read, in words. */
  reason(err: unknown): string;
}

/** Records read at once while confirming. */
export const CONFIRM_CONCURRENCY = 4;

type Outcome<T> = { id: number; record?: T; failed?: unknown };

async function ask<T>(ids: number[], read: (id: number) => Promise<T | undefined>): Promise<Outcome<T>[]> {
  return mapLimit(ids, CONFIRM_CONCURRENCY, async (id): Promise<Outcome<T>> => {
    try {
      const record = await read(id);
      return record === undefined ? { id } : { id, record };
    } catch (failed) {
      return { id, failed };
    }
  });
}

/** The snapshot with what the records' own answers settle for the ids `wanted` names. */
export async function confirmReferences(
  source: RecordSource,
  state: ReferenceState,
  wanted: Wanted,
): Promise<ReferenceState> {
  if (state.status !== 'ok') return state;
  const data = state.data;
  const missing = (ids: Set<number>, known: Map<number, unknown> | undefined) =>
    known ? [...ids].filter((id) => !known.has(id)) : [];
  const partial = [...wanted.msisdn].filter((id) => data.devices.get(id)?.partial === true);
  const [devices, summaries, traceFilters, testCases, testNodes] = await Promise.all([
    ask(missing(wanted.devices, data.devices), (id) => source.deviceRecord(id)),
    ask(partial, (id) => source.deviceRecord(id)),
    ask(missing(wanted.traceFilters, data.traceFilters), (id) => source.traceFilterRecord(id)),
    ask(missing(wanted.testCases, data.testCases), (id) => source.testCaseRecord(id)),
    ask(missing(wanted.testNodes, data.testNodes), (id) => source.testNodeRecord(id)),
  ]);
  if (devices.length + summaries.length + traceFilters.length + testCases.length + testNodes.length === 0) return state;
  const unverified: Unverified = {
    devices: new Set(data.unverified?.devices),
    traceFilters: new Set(data.unverified?.traceFilters),
    testCases: new Set(data.unverified?.testCases),
    testNodes: new Set(data.unverified?.testNodes),
    reason: data.unverified?.reason ?? '',
  };
  const settle = <T>(
    outcomes: Outcome<T>[],
    into: Map<number, T> | undefined,
    unsure: Set<number>,
    list: string,
    label: string,
  ): Map<number, T> | undefined => {
    let map = into;
    for (const o of outcomes) {
      if (o.failed !== undefined) {
        unsure.add(o.id);
        unverified.reason ||= source.reason(o.failed);
      } else if (o.record !== undefined) {
        map = map === into ? new Map(into) : map;
        map!.set(o.id, o.record);
        if (!into?.has(o.id)) source.incomplete(list, `${label} ${o.id}`);
      }
    }
    return map;
  };
  // An unknown device whose file stores its MSISDN is offered the device that has that MSISDN
  // now, which summary items lack: then the list is completed by the records (once per cache life).
  const staleWithMsisdn = devices.some(
    (o) => o.record === undefined && o.failed === undefined && wanted.msisdn.has(o.id),
  );
  const listed =
    staleWithMsisdn && [...data.devices.values()].some((d) => d.partial)
      ? await source.completedDevices().catch(() => data.devices)
      : data.devices;
  const deviceMap = settle(devices, listed, unverified.devices, 'mobile devices', 'device') ?? listed;
  // A summary whose record failed keeps its list item: its stale-MSISDN check just does not run.
  const completed =
    settle(
      summaries.filter((o) => o.failed === undefined),
      deviceMap,
      new Set(),
      'mobile devices',
      'device',
    ) ?? deviceMap;
  const next = {
    ...data,
    devices: completed,
    traceFilters:
      settle(traceFilters, data.traceFilters, unverified.traceFilters, 'trace filters', 'trace filter') ??
      data.traceFilters,
    testCases: settleNames(
      settle(testCases, undefined, unverified.testCases, 'test cases', 'test case'),
      data.testCases,
    ),
    testNodes: settle(testNodes, data.testNodes, unverified.testNodes, 'test nodes', 'test node'),
  };
  const any =
    unverified.devices.size + unverified.traceFilters.size + unverified.testCases.size + unverified.testNodes.size > 0;
  return { status: 'ok', data: { ...next, ...(any ? { unverified } : {}) } };
}

/** Test cases confirmed by their records, added to the id-to-name list. */
function settleNames(
  found: Map<number, NamedInfo> | undefined,
  names: Map<number, string> | undefined,
): Map<number, string> | undefined {
  if (!found || found.size === 0 || !names) return names;
  const out = new Map(names);
  for (const [id, info] of found) out.set(id, info.name ?? '');
  return out;
}
