import type { FlakyMark, HistoryRun } from '../model/history';
import { decided } from './runs';

// Versions and flakiness. A test case's current version began at its last change that the
// service (`updated`) or the sync state (the service time of the last sync) tells; only the runs
// queued after it surely ran that version, since the service says nothing of the versions before.
// A case is flaky when the outcome of those runs changed from one to the next: a failure after a
// change of the test case is not flakiness, and an older version is never judged.

/** What the history knows of a test case besides its runs. */
export interface CaseFacts {
  id: number;
  name?: string;
  /** Times it is known to have changed: the service's `updated`, the sync state's link times (ISO). */
  changes: string[];
  /** The service's `updated` as last read: a record is read again only when it differs. */
  updated?: string;
  /** The phones its current version refers to; undefined when its record could not be read. */
  devices?: number[];
}

/** The start of the current version in ms: the latest known change; undefined when none is known. */
export function versionSinceMs(facts: CaseFacts | undefined): number | undefined {
  let latest: number | undefined;
  for (const t of facts?.changes ?? []) {
    const ms = Date.parse(t);
    if (!Number.isNaN(ms) && (latest === undefined || ms > latest)) latest = ms;
  }
  return latest;
}

/**
 * Whether a run surely ran the version that began at `sinceMs`: queued at or after it (true),
 * started before it (false). Queued before and started after, or no time at all: undefined.
 */
export function onVersion(
  times: { createdAt?: string; startedAt?: string },
  sinceMs: number | undefined,
): boolean | undefined {
  return onVersionAt(msOf(times.createdAt), () => msOf(times.startedAt), sinceMs);
}

const msOf = (t: string | undefined): number | undefined => {
  const v = t === undefined ? NaN : Date.parse(t);
  return Number.isNaN(v) ? undefined : v;
};

/** onVersion with the queued time already read; the start is read only when it decides. */
export function onVersionAt(
  createdMs: number | undefined,
  startedMs: () => number | undefined,
  sinceMs: number | undefined,
): boolean | undefined {
  if (sinceMs === undefined) return undefined;
  if (createdMs !== undefined && createdMs >= sinceMs) return true;
  const started = startedMs();
  if (started !== undefined) return started < sinceMs ? false : undefined;
  return createdMs !== undefined ? false : undefined;
}

/** The most runs a flaky mark shows as its evidence. */
export const FLAKY_EVIDENCE_RUNS = 10;

/**
 * The flaky mark of a test case from its runs (newest first, `currentVersion` set): its current
 * version's runs that passed or failed, when both outcomes are among them. `since` is the
 * version's start when the caller has read it already.
 */
export function flakyMark(
  facts: CaseFacts,
  runs: readonly HistoryRun[],
  since: number | undefined = versionSinceMs(facts),
): FlakyMark | undefined {
  const current = runs.filter((r) => r.currentVersion === true && decided(r)).reverse();
  const passed = current.filter((r) => r.kind === 'passed').length;
  const failed = current.length - passed;
  if (passed === 0 || failed === 0) return undefined;
  let changes = 0;
  for (let i = 1; i < current.length; i++) if (current[i]!.kind !== current[i - 1]!.kind) changes += 1;
  return {
    testCaseId: facts.id,
    ...(facts.name !== undefined && { name: facts.name }),
    ...(since !== undefined && { versionSince: new Date(since).toISOString() }),
    passed,
    failed,
    changes,
    runs: current.slice(-FLAKY_EVIDENCE_RUNS),
  };
}
