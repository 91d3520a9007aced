import { DEFAULT_MAX_BODY_MB, MAX_LIST_PAGES, SETTING_RANGES, type SettingRange } from '../../server/src/core';

// Every numeric TAS_* variable tas reads, with its range, read in one way (Context.number): a
// value outside the range is clamped to the nearest end and one that is no number gives the
// default, each said once as a warning naming the variable, the value and the range. None is
// dropped in silence. The Credentials section of docs/cli.md lists the same variables and ranges.

/** Diff lines shown per test case at most by default (0: no diff). */
const DIFF_LINES = 60;

export const NUMERIC_VARIABLES = {
  /** Seconds per request: the editor's tas.requestTimeoutSeconds. */
  TAS_REQUEST_TIMEOUT: SETTING_RANGES['tas.requestTimeoutSeconds'],
  /** Seconds between execution polls: the editor's tas.executions.pollIntervalSeconds. */
  TAS_POLL_INTERVAL: SETTING_RANGES['tas.executions.pollIntervalSeconds'],
  /** Seconds of failing polls before --wait gives up (exit 4). */
  TAS_WAIT_OUTAGE: { min: 0, max: 86_400, default: 300 },
  /** Pages of one list read at most. */
  TAS_MAX_LIST_PAGES: { min: 1, max: 100_000, default: MAX_LIST_PAGES, integer: true },
  /** Megabytes of one answer at most; Node cannot make one string of much more than 500 MB. */
  TAS_MAX_BODY_MB: { min: 1, max: 500, default: DEFAULT_MAX_BODY_MB, integer: true },
  /** Diff lines shown per test case at most (0: none). */
  TAS_DIFF_LINES: { min: 0, max: 100_000, default: DIFF_LINES, integer: true },
} as const satisfies Record<string, SettingRange>;

export type NumericVariable = keyof typeof NUMERIC_VARIABLES;

/** A number from an environment variable: undefined when unset or empty, the text itself when not a number. */
export function envNumber(value: string | undefined): number | string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}
