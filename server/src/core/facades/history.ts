import type { TasClient } from '../api/client';
import { History } from '../history/history';
import type { PhoneIdentity } from '../history/references';
import { historySourceOn } from '../history/source';
import { SETTING_RANGES } from '../settings/ranges';

// The history of one client, made in one call (`tas history`, `tas run`): the same reads and
// marks as the service session's (session.history), for a host that has no session.

export interface HistoryOnOptions {
  /** How many of the newest executions are read. */
  limit: number;
  /** States that end an execution besides the known ones. */
  finalStates?: () => readonly string[];
  /** The phones, from a cached list the host has; read from the client when absent. */
  phones?: () => Promise<ReadonlyMap<number, PhoneIdentity>>;
  now?: () => number;
}

/** How many of the newest executions the history reads: `tas.history.executions`'s default, and `tas history --limit`'s. */
export const DEFAULT_HISTORY_EXECUTIONS = SETTING_RANGES['tas.history.executions'].default;

export function historyOn(client: TasClient, o: HistoryOnOptions): History {
  const source = historySourceOn(client, o.phones);
  return new History(() => source, {
    limit: () => o.limit,
    finalStates: o.finalStates ?? (() => []),
    ...(o.now && { now: o.now }),
  });
}
