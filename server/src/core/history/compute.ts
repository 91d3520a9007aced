import type { ExecutionSummary } from '../model/executions';
import type { CaseHistory, FlakyMark, HistoryReport, HistoryRun } from '../model/history';
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
function placed(
  e: ExecutionSummary,
  since: number | undefined,
  references: { ids: number[]; from: 'references' } | undefined,
): TimedRun | undefined {
  const run = historyRun(e);
  if (!run) return undefined;
  // The run's time is its queued time when the record has one: read once, for the version and the sorts.
  const t = runTime(run);
  const created = e.createdAt === undefined || Number.isNaN(t) ? undefined : t;
  const startedAt = e.startedAt;
  const current = onVersionAt(created, () => (startedAt === undefined ? undefined : msOf(startedAt)), since);
  if (current !== undefined) run.currentVersion = current;
  if (e.deviceIds !== undefined) run.devices = { ids: e.deviceIds, from: 'record' };
  else if (current === true && references !== undefined) run.devices = references;
  return { run, t };
}

/** What each case's runs share: its version start, read once, and its references as one object for all its runs. */
interface CaseShared {
  since: number | undefined;
  references: { ids: number[]; from: 'references' } | undefined;
}

const msOf = (iso: string): number | undefined => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
};

/** One case's history; built field by field in the order the JSON shows them (1,000 cases per report). */
function caseHistory(
  id: number,
  runs: HistoryRun[],
  facts: CaseFacts | undefined,
  since: number | undefined,
  perCase: number,
): CaseHistory {
  let passed = 0;
  let counted = 0;
  let lastFailure: HistoryRun | undefined;
  for (const r of runs) {
    if (lastFailure === undefined && r.final && r.kind === 'failed') lastFailure = r;
    if (counted < RECENT_RUNS && decided(r)) {
      counted += 1;
      if (r.kind === 'passed') passed += 1;
    }
    if (lastFailure !== undefined && counted >= RECENT_RUNS) break;
  }
  const h = { testCaseId: id } as CaseHistory;
  if (facts?.name !== undefined) h.name = facts.name;
  h.runs = runs.length > perCase ? runs.slice(0, perCase) : runs;
  h.recent = { passed, counted };
  if (lastFailure) h.lastFailure = lastFailure;
  if (since !== undefined) h.versionSince = new Date(since).toISOString();
  const flaky = facts ? flakyMark(facts, runs, since) : undefined;
  if (flaky) h.flaky = flaky;
  if (facts?.devices !== undefined) h.devices = facts.devices;
  return h;
}

/** The history of a test case none of the executions read ran: what is known of it, no runs. */
export const caseWithoutRuns = (id: number, facts: CaseFacts | undefined): CaseHistory =>
  caseHistory(id, [], facts, versionSinceMs(facts), RUNS_PER_CASE);

/** What the records did not tell, in words, so that no mark says more than they do. */
function notes(
  input: HistoryInput,
  read: number,
  all: readonly TimedRun[],
  shared: ReadonlyMap<number, CaseShared>,
): string[] {
  const out: string[] = [];
  if (input.truncated) out.push(`The history holds the newest ${read} executions; older ones were not read.`);
  let fromRecord = false;
  let unplaced = 0;
  for (const { run } of all) {
    if (run.devices?.from === 'record') fromRecord = true;
    else if (run.devices === undefined && decided(run)) unplaced += 1;
  }
  if (!fromRecord)
    out.push(
      "The service's execution records do not say which phone each run used: a run's phones are its test case's references (steps, trace filters, SIP trace filters, parameters that name a phone), for runs of the test case's current version only.",
    );
  if (unplaced > 0)
    out.push(
      `${unplaced} ${unplaced === 1 ? 'run says' : 'runs say'} nothing of a phone: ${unplaced === 1 ? 'it' : 'they'} ran an earlier version of ${unplaced === 1 ? 'its' : 'their'} test case, or ${unplaced === 1 ? 'its' : 'their'} test case's references could not be read.`,
    );
  let unknown = 0;
  for (const c of shared.values()) if (c.since === undefined) unknown += 1;
  if (unknown > 0)
    out.push(
      `${unknown} test ${unknown === 1 ? 'case' : 'cases'}: the service does not say when ${unknown === 1 ? 'it' : 'they'} last changed, so ${unknown === 1 ? 'it is' : 'they are'} not judged flaky.`,
    );
  return out;
}

export function computeHistory(input: HistoryInput): HistoryReport {
  const timed = new Map<number, TimedRun[]>();
  const all: TimedRun[] = [];
  const canPass = new Set<number>();
  let read = 0;
  // Per case, read once (not once per run): its version start, its references.
  const shared = new Map<number, CaseShared>();
  const sharedOf = (id: number): CaseShared => {
    let c = shared.get(id);
    if (c === undefined) {
      const facts = input.cases.get(id);
      const devices = facts?.devices;
      c = { since: versionSinceMs(facts), references: devices && { ids: devices, from: 'references' } };
      shared.set(id, c);
    }
    return c;
  };
  for (const e of input.executions) {
    read += 1;
    const id = e.testCaseId;
    if (id === undefined) continue;
    const c = sharedOf(id);
    const x = placed(e, c.since, c.references);
    if (!x) continue;
    all.push(x);
    if (x.run.final && x.run.kind === 'passed') canPass.add(id);
    const list = timed.get(id);
    if (list) list.push(x);
    else timed.set(id, [x]);
  }
  const perCase = input.perCase ?? RUNS_PER_CASE;
  const histories = new Map<number, CaseHistory>();
  for (const [id, list] of timed) {
    const runs = list.sort(newestTimedFirst).map((x) => x.run);
    histories.set(id, caseHistory(id, runs, input.cases.get(id), shared.get(id)?.since, perCase));
  }
  const suspects = suspectPhones(all, canPass, input.phoneNames, input.now);
  const suspectIds = new Set(suspects.map((s) => s.deviceId));
  if (suspectIds.size > 0)
    for (const h of histories.values()) {
      const mine = h.devices?.filter((id) => suspectIds.has(id)) ?? [];
      if (mine.length > 0) h.suspectDevices = mine;
    }
  const asked = input.only ?? [...histories.keys()];
  const cases = asked.map((id) => histories.get(id) ?? caseWithoutRuns(id, input.cases.get(id)));
  // The run sorted last.
  let oldest: TimedRun | undefined;
  for (const x of all) if (oldest === undefined || newestTimedFirst(oldest, x) <= 0) oldest = x;
  const flaky: FlakyMark[] = [];
  for (const h of histories.values()) if (h.flaky) flaky.push(h.flaky);
  return {
    at: new Date(input.now).toISOString(),
    executions: read,
    truncated: input.truncated,
    ...(oldest?.run.at !== undefined && { oldest: oldest.run.at }),
    cases,
    flaky,
    suspects,
    notes: notes(input, read, all, shared),
  };
}
