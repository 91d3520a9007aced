import type { ExecutionSummary } from '../model/executions';
import type { CaseHistory, HistoryReport, HistoryRun } from '../model/history';
import { type CaseFacts, flakyMark, onVersionAt, versionSinceMs } from './flaky';
import { decided, historyRun, newestTimedFirst, runTime, type TimedRun } from './runs';
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
function placed(e: ExecutionSummary, facts: CaseFacts | undefined, since: number | undefined): TimedRun | undefined {
  const run = historyRun(e);
  if (!run) return undefined;
  // The run's time is its queued time when the record has one: read once, for the version and the sorts.
  const t = runTime(run);
  const created = e.createdAt === undefined || Number.isNaN(t) ? undefined : t;
  const current = onVersionAt(created, () => (e.startedAt === undefined ? undefined : msOf(e.startedAt)), since);
  if (current !== undefined) run.currentVersion = current;
  if (e.deviceIds !== undefined) run.devices = { ids: e.deviceIds, from: 'record' };
  else if (current === true && facts?.devices !== undefined) run.devices = { ids: facts.devices, from: 'references' };
  return { run, t };
}

const msOf = (iso: string): number | undefined => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
};

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
  const timed = new Map<number, TimedRun[]>();
  const all: TimedRun[] = [];
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
    const x = id === undefined ? undefined : placed(e, input.cases.get(id), sinceOf(id));
    if (!x) continue;
    all.push(x);
    const list = timed.get(x.run.testCaseId);
    if (list) list.push(x);
    else timed.set(x.run.testCaseId, [x]);
  }
  const byCase = new Map<number, HistoryRun[]>();
  for (const [id, list] of timed)
    byCase.set(
      id,
      list.sort(newestTimedFirst).map((x) => x.run),
    );
  const perCase = input.perCase ?? RUNS_PER_CASE;
  const histories = new Map<number, CaseHistory>();
  for (const [id, runs] of byCase) histories.set(id, caseHistory(id, runs, input.cases.get(id), perCase));
  const canPass = new Set(all.flatMap(({ run: r }) => (r.final && r.kind === 'passed' ? [r.testCaseId] : [])));
  const suspects = suspectPhones(all, canPass, input.phoneNames, input.now);
  const suspectIds = new Set(suspects.map((s) => s.deviceId));
  for (const h of histories.values()) {
    const mine = h.devices?.filter((id) => suspectIds.has(id)) ?? [];
    if (mine.length > 0) h.suspectDevices = mine;
  }
  const asked = input.only ?? [...histories.keys()];
  const cases = asked.map((id) => histories.get(id) ?? caseHistory(id, [], input.cases.get(id), perCase));
  // The run sorted last.
  let oldest: TimedRun | undefined;
  for (const x of all) if (oldest === undefined || newestTimedFirst(oldest, x) <= 0) oldest = x;
  return {
    at: new Date(input.now).toISOString(),
    executions: read,
    truncated: input.truncated,
    ...(oldest?.run.at !== undefined && { oldest: oldest.run.at }),
    cases,
    flaky: [...histories.values()].flatMap((h) => (h.flaky ? [h.flaky] : [])),
    suspects,
    notes: notes(
      input,
      read,
      all.map((x) => x.run),
      byCase,
    ),
  };
}
