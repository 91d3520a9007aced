import { clockTime } from '../base/timeWords';
import type { HistoryRun, SuspectDevice } from '../model/history';
import { decided, type TimedRun } from './runs';

// Suspect phones: a phone whose failures follow it across test cases while the same cases (or
// the other phones they use) pass without it. Only runs whose phones are known take part: the
// phones their own record names, else the references of the version they surely ran (compute.ts
// sets `devices`); a run of an earlier version says nothing of a phone. When none of the cases
// that failed on it ever passed in the history, the cases are as likely wrong as the phone sick:
// it is not marked.

/** A phone needs at least this many failures to be suspect. */
export const MIN_FAILURES = 3;
/** ...and at least this share of the runs that used it, from its first failure of the stretch on. */
const FAIL_SHARE = 0.5;
/** What it is compared with must hold at least this many runs... */
const MIN_COMPARED = 2;
/** ...and pass at least this share of them. */
const COMPARED_PASS_SHARE = 0.8;

/** Runs that can say something of a phone: decided, placed in time, phones known; oldest first. */
function usable(runs: readonly TimedRun[]): TimedRun[] {
  const out: TimedRun[] = [];
  for (const x of runs) if (x.run.devices !== undefined && !Number.isNaN(x.t) && decided(x.run)) out.push(x);
  return out.sort((a, b) => a.t - b.t || a.run.executionId - b.run.executionId);
}

/** Index of the first failure from which on the runs fail often enough, or -1. */
function stretchStart(using: readonly HistoryRun[]): number {
  let failedAfter = 0;
  const failedFrom = new Array<number>(using.length);
  for (let i = using.length - 1; i >= 0; i--) {
    if (using[i]!.kind === 'failed') failedAfter += 1;
    failedFrom[i] = failedAfter;
  }
  for (let i = 0; i < using.length; i++) {
    const f = failedFrom[i]!;
    if (using[i]!.kind === 'failed' && f >= MIN_FAILURES && f / (using.length - i) >= FAIL_SHARE) return i;
  }
  return -1;
}

/** The index of the first run at or after `t` in runs oldest first (a binary search). */
function firstAtOrAfter(runs: readonly TimedRun[], t: number): number {
  let lo = 0;
  let hi = runs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (runs[mid]!.t < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const passedOf = (runs: readonly HistoryRun[]) => runs.filter((r) => r.kind === 'passed').length;

/** What the phone's stretch is compared with: the same cases elsewhere, their other phones, or its own past. */
function comparison(
  phone: number,
  stretch: readonly HistoryRun[],
  before: readonly HistoryRun[],
  all: readonly TimedRun[],
  since: number,
): { runs: HistoryRun[]; basis: SuspectDevice['compared']['basis'] } | undefined {
  const failing = stretch.filter((r) => r.kind === 'failed');
  const cases = new Set(failing.map((r) => r.testCaseId));
  // `all` is oldest first: the runs from `since` on are its tail.
  const without: HistoryRun[] = [];
  for (let i = firstAtOrAfter(all, since); i < all.length; i++) {
    const run = all[i]!.run;
    if (!run.devices!.ids.includes(phone)) without.push(run);
  }
  const same = without.filter((r) => cases.has(r.testCaseId));
  if (same.length >= MIN_COMPARED) return { runs: same, basis: 'sameCases' };
  const phones = new Set(failing.flatMap((r) => r.devices!.ids).filter((id) => id !== phone));
  const others = without.filter((r) => r.devices!.ids.some((id) => phones.has(id)));
  if (others.length >= MIN_COMPARED) return { runs: others, basis: 'otherPhones' };
  if (before.length >= MIN_COMPARED) return { runs: [...before], basis: 'before' };
  return undefined;
}

function evidenceWords(s: Omit<SuspectDevice, 'evidence'>, now: number): string {
  const since = clockTime(s.since, now);
  const cases = s.testCaseIds.length === 1 ? '1 test case' : `${s.testCaseIds.length} test cases`;
  const head = `failed ${s.failed} of ${s.runs} runs that used it${since ? ` since ${since}` : ''} (${cases})`;
  const { passed, runs } = s.compared;
  const tail =
    s.compared.basis === 'sameCases'
      ? `those test cases passed ${passed} of ${runs} runs on other phones`
      : s.compared.basis === 'otherPhones'
        ? `the other phones of those test cases passed ${passed} of ${runs} runs without it`
        : `before that it passed ${passed} of ${runs} runs`;
  return `${head}; ${tail}`;
}

/** The suspect phones among the runs, most failures first. */
export function suspectPhones(
  runs: readonly TimedRun[],
  canPass: ReadonlySet<number>,
  names: ReadonlyMap<number, string | undefined>,
  now: number,
): SuspectDevice[] {
  const all = usable(runs);
  // Each phone's runs in one pass (in time order, as `all` is).
  const byPhone = new Map<number, TimedRun[]>();
  for (const x of all) {
    const ids = x.run.devices!.ids;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      // A phone named twice by one run counts once (no Set per run: 10,000 runs).
      if (ids.indexOf(id) !== i) continue;
      const list = byPhone.get(id);
      if (list) list.push(x);
      else byPhone.set(id, [x]);
    }
  }
  const out: SuspectDevice[] = [];
  for (const [phone, timed] of byPhone) {
    const using = timed.map((x) => x.run);
    const start = stretchStart(using);
    if (start < 0) continue;
    const stretch = using.slice(start);
    const failing = stretch.filter((r) => r.kind === 'failed');
    const perCase = new Map<number, number>();
    for (const r of failing) perCase.set(r.testCaseId, (perCase.get(r.testCaseId) ?? 0) + 1);
    if (![...perCase.keys()].some((tc) => canPass.has(tc))) continue;
    const compared = comparison(phone, stretch, using.slice(0, start), all, timed[start]!.t);
    if (!compared || passedOf(compared.runs) < COMPARED_PASS_SHARE * compared.runs.length) continue;
    // Unless the same cases passed on other phones, the failures must follow the phone across
    // cases: at least two of them besides those of the case that fails most.
    const spread = failing.length - Math.max(...perCase.values());
    if (compared.basis !== 'sameCases' && (perCase.size < 2 || spread < 2)) continue;
    const name = names.get(phone);
    const s: Omit<SuspectDevice, 'evidence'> = {
      deviceId: phone,
      ...(name !== undefined && { name }),
      ...(stretch[0]!.at !== undefined && { since: stretch[0]!.at }),
      runs: stretch.length,
      failed: failing.length,
      testCaseIds: [...perCase.keys()],
      failedExecutionIds: failing.map((r) => r.executionId),
      compared: { passed: passedOf(compared.runs), runs: compared.runs.length, basis: compared.basis },
    };
    out.push({ ...s, evidence: evidenceWords(s, now) });
  }
  return out.sort((a, b) => b.failed - a.failed || a.deviceId - b.deviceId);
}
