import { clockTime, durationText, relativeTime } from '../base/timeWords';
import type { CaseHistory, FlakyMark, HistoryRun, SuspectDevice } from '../model/history';

// The history in words, the same for every host: the CodeLens line ("9/10 passed · failed 2 h
// ago at step 3"), a run's line, the flaky and suspect marks, and the hover's Markdown.

/** How the run came about: "direct run", "suite Nightly", "rerun of 12", or the service's word. */
export function sourceWords(r: HistoryRun): string {
  if (r.source === 'direct') return 'direct run';
  if (r.source === 'suite') return r.suiteName !== undefined ? `suite ${r.suiteName}` : 'suite';
  if (r.source === 'rerun') return r.rerunOf !== undefined ? `rerun of ${r.rerunOf}` : 'rerun';
  return r.sourceText ?? 'source not said';
}

/** "at step 3" (of a failed run whose record says where it ended), else nothing. */
export const stepWords = (r: HistoryRun): string => (r.failedStep !== undefined ? ` at step ${r.failedStep}` : '');

/** The outcome of a run in a word or two: "passed", "failed at step 3", "running", "CANCELLED". */
export function outcomeWords(r: HistoryRun): string {
  if (r.kind === 'failed') return `failed${stepWords(r)}`;
  if (r.kind === 'unknown') return r.status;
  return r.kind;
}

/** One run on one line: "failed at step 3 · 2 h ago · 12.3 s · suite Nightly · execution 42". */
export function runLine(r: HistoryRun, now: number): string {
  const parts = [outcomeWords(r), relativeTime(r.at, now), durationText(r.durationMs), sourceWords(r)];
  return [...parts.filter((p): p is string => p !== undefined), `execution ${r.executionId}`].join(' · ');
}

/** The CodeLens line: "9/10 passed · failed 2 h ago at step 3 · flaky". */
export function lensTitle(h: CaseHistory, now: number): string {
  if (h.runs.length === 0) return 'No runs in the history';
  const parts: string[] = [];
  const active = h.runs.find((r) => !r.final);
  if (active) parts.push(active.kind === 'queued' ? 'queued now' : 'running now');
  if (h.recent.counted > 0) parts.push(`${h.recent.passed}/${h.recent.counted} passed`);
  else if (!active) parts.push(`${h.runs.length} ${h.runs.length === 1 ? 'run' : 'runs'}, none passed or failed`);
  const f = h.lastFailure;
  if (f) parts.push(`failed ${relativeTime(f.at, now) ?? `in execution ${f.executionId}`}${stepWords(f)}`);
  if (h.flaky) parts.push('flaky');
  if (h.suspectDevices?.length) parts.push('suspect phone');
  return parts.join(' · ');
}

/** "passed 2 and failed 1 of 3 runs of the version since 09:00; the outcome changed 2 times ...". */
export function flakyWords(f: FlakyMark, now: number): string {
  const since = clockTime(f.versionSince, now);
  const version = since ? `the version since ${since}` : 'one version (no change since it was created)';
  const times = f.changes === 1 ? 'once' : `${f.changes} times`;
  return `passed ${f.passed} and failed ${f.failed} of ${f.passed + f.failed} runs of ${version}; the outcome changed ${times} with no change to the test case`;
}

/** "Pixel 8 Munich 03 (device 3) is suspect: failed 6 of 7 runs ...". */
export function suspectWords(s: SuspectDevice): string {
  return `${s.name ?? `Device ${s.deviceId}`} (device ${s.deviceId}) is suspect: ${s.evidence}`;
}

/** The most runs the hover lists. */
const HOVER_RUNS = 5;

/** The hover of a test case's name: its pass rate, marks, and its newest runs. */
export function caseHoverMarkdown(h: CaseHistory, suspects: readonly SuspectDevice[], now: number): string {
  const lines = [`**History** of test case ${h.testCaseId}: ${lensTitle(h, now)}`];
  if (h.flaky) {
    const ids = h.flaky.runs.map((r) => r.executionId).join(', ');
    lines.push('', `**Flaky**: ${flakyWords(h.flaky, now)} (executions ${ids}).`);
  }
  for (const s of suspects.filter((x) => h.suspectDevices?.includes(x.deviceId)))
    lines.push('', `**Suspect phone**: it uses ${suspectWords(s)}.`);
  if (h.runs.length > 0) {
    lines.push('', ...h.runs.slice(0, HOVER_RUNS).map((r) => `- ${runLine(r, now)}`));
    if (h.runs.length > HOVER_RUNS) lines.push(`- … ${h.runs.length - HOVER_RUNS} more in the history document`);
  }
  return lines.join('\n');
}

/** The hover of a test case's name while its history is still being read (the first read after sign-in). */
export const HISTORY_BEING_READ = '_History: still being read from the service; hover again in a moment._';
