import type { ExecutionSummary } from '../model/executions';
import type { CaseHistory, HistoryReport, HistoryRun } from '../model/history';
import { type CaseFacts, flakyMark, onVersion, versionSinceMs } from './flaky';
import { decided, historyRun, newerFirst, runTime, sortNewestFirst } from './runs';
import { suspectPhones } from './suspects';

// History, flaky and suspect marks from what was read: executions (summaries, as the views read
// them) and what is known of each test case (its last change, its phones). Pure: one pass to
// group the runs, one per case, one per phone; 10,000 executions take milliseconds.

export interface HistoryInput {
  executions: Iterable<ExecutionSummary>;
  cases: ReadonlyMap<number, CaseFacts>;
  /** Phone names, for the suspects' words. */
  phoneNames: ReadonlyMap<number, string | undefined>;
  now: number;
  /** The service has older executions than were read. */
  truncated: boolean;
  /** The cases to give back; every case with runs when absent. */
  only?: readonly number[];
  /** Runs kept per case (newest first). */
  perCase?: number;
}

/** The runs a case's history shows, newest first, unless told otherwise. */
export const RUNS_PER_CASE = 20;
/** The pass rate a lens shows counts this many of the newest decided runs. */
export const RECENT_RUNS = 10;

/** Each run with its version and its phones, when they can be told. */
function placed(e: ExecutionSummary, facts: CaseFacts | undefined, since: number | undefined): HistoryRun | undefined {
  const run = historyRun(e);
  if (!run) return undefined;
  const current = onVersion(e, since);
  if (current !== undefined) run.currentVersion = current;
  if (e.deviceIds !== undefined) run.devices = { ids: e.deviceIds, from: 'record' };
  else if (current === true && facts?.devices !== undefined) run.devices = { ids: facts.devices, from: 'references' };
  return run;
}

function caseHistory(id: number, runs: HistoryRun[], facts: CaseFacts | undefined, perCase: number): CaseHistory {
  const recent = runs.filter(decided).slice(0, RECENT_RUNS);
  const lastFailure = runs.find((r) => r.final && r.kind === 'failed');
  const since = versionSinceMs(facts);
  const flaky = facts ? flakyMark(facts, runs) : undefined;
  const name = facts?.name ?? undefined;
  return {
    testCaseId: id,
    ...(name !== undefined && { name }),
    runs: runs.slice(0, perCase),
    recent: { passed: recent.filter((r) => r.kind === 'passed').length, counted: recent.length },
    ...(lastFailure && { lastFailure }),
    ...(since !== undefined && { versionSince: new Date(since).toISOString() }),
    ...(flaky && { flaky }),
    ...(facts?.devices !== undefined && { devices: facts.devices }),
  };
}

/** What the records did not tell, in words, so that no mark says more than they do. */
function notes(
  input: HistoryInput,
  read: number,
  runs: readonly HistoryRun[],
  byCase: Map<number, HistoryRun[]>,
): string[] {
  const out: string[] = [];
  if (input.truncated) out.push(`The history holds the newest ${read} executions; older ones were not read.`);
  if (!runs.some((r) => r.devices?.from === 'record'))
    out.push(
      "The service's execution records do not say which phone each run used: a run's phones are its test case's references (steps, trace filters, SIP trace filters, parameters that name a phone), for runs of the test case's current version only.",
    );
  const unplaced = runs.filter((r) => decided(r) && r.devices === undefined).length;
  if (unplaced > 0)
    out.push(
      `${unplaced} ${unplaced === 1 ? 'run says' : 'runs say'} nothing of a phone: ${unplaced === 1 ? 'it' : 'they'} ran an earlier version of ${unplaced === 1 ? 'its' : 'their'} test case, or ${unplaced === 1 ? 'its' : 'their'} test case's references could not be read.`,
    );
  const unknown = [...byCase.keys()].filter((id) => versionSinceMs(input.cases.get(id)) === undefined).length;
  if (unknown > 0)
    out.push(
      `${unknown} test ${unknown === 1 ? 'case' : 'cases'}: the service does not say when ${unknown === 1 ? 'it' : 'they'} last changed, so ${unknown === 1 ? 'it is' : 'they are'} not judged flaky.`,
    );
  return out;
}

export function computeHistory(input: HistoryInput): HistoryReport {
  const byCase = new Map<number, HistoryRun[]>();
  const all: HistoryRun[] = [];
  let read = 0;
  // Each case's version start parsed once, not once per run.
  const since = new Map<number, number | undefined>();
  const sinceOf = (id: number) => {
    if (!since.has(id)) since.set(id, versionSinceMs(input.cases.get(id)));
    return since.get(id);
  };
  for (const e of input.executions) {
    read += 1;
    const id = e.testCaseId;
    const run = id === undefined ? undefined : placed(e, input.cases.get(id), sinceOf(id));
    if (!run) continue;
    all.push(run);
    const list = byCase.get(run.testCaseId);
    if (list) list.push(run);
    else byCase.set(run.testCaseId, [run]);
  }
  for (const [id, list] of byCase) byCase.set(id, sortNewestFirst(list));
  const perCase = input.perCase ?? RUNS_PER_CASE;
  const histories = new Map<number, CaseHistory>();
  for (const [id, runs] of byCase) histories.set(id, caseHistory(id, runs, input.cases.get(id), perCase));
  const canPass = new Set(all.filter((r) => r.final && r.kind === 'passed').map((r) => r.testCaseId));
  const suspects = suspectPhones(all, canPass, input.phoneNames, input.now);
  const suspectIds = new Set(suspects.map((s) => s.deviceId));
  for (const h of histories.values()) {
    const mine = h.devices?.filter((id) => suspectIds.has(id)) ?? [];
    if (mine.length > 0) h.suspectDevices = mine;
  }
  const asked = input.only ?? [...histories.keys()];
  const cases = asked.map((id) => histories.get(id) ?? caseHistory(id, [], input.cases.get(id), perCase));
  // The run sorted last: each time read once.
  let oldest: HistoryRun | undefined;
  let oldestT = NaN;
  for (const r of all) {
    const t = runTime(r);
    if (oldest === undefined || newerFirst(oldestT, t, oldest, r) <= 0) {
      oldest = r;
      oldestT = t;
    }
  }
  return {
    at: new Date(input.now).toISOString(),
    executions: read,
    truncated: input.truncated,
    ...(oldest?.at !== undefined && { oldest: oldest.at }),
    cases,
    flaky: [...histories.values()].flatMap((h) => (h.flaky ? [h.flaky] : [])),
    suspects,
    notes: notes(input, read, all, byCase),
  };
}
