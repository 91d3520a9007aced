import type { ExecutionStatusKind, ExecutionSummary, SuiteSummary } from '../../../server/src/core';
import { counted, durationText, relativeTime } from '../../../server/src/core';

// How suites and executions read in the views: plain functions without `vscode`, so they are
// unit-tested as they are. Times and durations are worded once for every host, by the core.
export { durationText, relativeTime };

/** Codicon id per state (with `~spin` while running). */
export const STATUS_ICON: Record<ExecutionStatusKind, string> = {
  queued: 'clock',
  running: 'sync~spin',
  passed: 'pass',
  failed: 'error',
  cancelled: 'circle-slash',
  unknown: 'question',
};

/** Theme color per state, for the icon. */
export const STATUS_COLOR: Partial<Record<ExecutionStatusKind, string>> = {
  passed: 'testing.iconPassed',
  failed: 'testing.iconFailed',
  queued: 'testing.iconQueued',
  cancelled: 'testing.iconSkipped',
};

export function progressText(e: ExecutionSummary): string | undefined {
  if (e.kind !== 'running' || e.stepCount === undefined) return undefined;
  return `step ${e.currentStep ?? 0}/${e.stepCount}`;
}

export function executionLabel(e: ExecutionSummary): string {
  return e.testCaseName ?? (e.testCaseId !== undefined ? `Test case ${e.testCaseId}` : `Execution ${e.id}`);
}

/** The line beside the label: state or progress, suite, when, how long. */
export function executionDescription(e: ExecutionSummary, now: number): string {
  const state = progressText(e) ?? e.status.toLowerCase();
  const when = relativeTime(e.startedAt ?? e.createdAt, now);
  const parts = [state, e.testSuiteName, when, durationText(e.durationMs)];
  return parts.filter((p): p is string => p !== undefined && p !== '').join(' · ');
}

export function executionTooltip(e: ExecutionSummary): string {
  const rows: [string, string | number | undefined][] = [
    ['Execution', e.id],
    ['State', e.status + (progressText(e) ? ` (${progressText(e)})` : '')],
    ['Test case', e.testCaseName !== undefined ? `${e.testCaseName} (id ${e.testCaseId ?? '?'})` : e.testCaseId],
    ['Test suite', e.testSuiteName !== undefined ? `${e.testSuiteName} (id ${e.testSuiteId ?? '?'})` : e.testSuiteId],
    ['Source', e.source],
    ['Rerun of', e.rerunOf],
    ['Queued', e.createdAt],
    ['Started', e.startedAt],
    ['Finished', e.finishedAt],
    ['Duration', durationText(e.durationMs)],
    ['Triggered by', e.triggeredBy],
  ];
  return rows
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join('\n');
}

/** The context value menus read: `execution.active` (cancel, no rerun) or `execution.final`. */
export function executionContext(e: ExecutionSummary): string {
  return e.final ? 'execution.final' : 'execution.active';
}

/** `suite`, with `.running` when it has active executions and `.disabled` when disabled. */
export function suiteContext(s: SuiteSummary): string {
  return `suite${s.activeExecutionIds.length > 0 ? '.running' : ''}${s.disabled ? '.disabled' : ''}`;
}

export function suiteDescription(s: SuiteSummary): string {
  const parts = [
    s.disabled ? 'disabled' : undefined,
    s.activeExecutionIds.length > 0 ? `${s.activeExecutionIds.length} in progress` : undefined,
    `${counted(s.testCases.length, 'test case')}`,
    s.schedule,
  ];
  return parts.filter((p): p is string => p !== undefined).join(' · ');
}

/** Local day key (YYYY-MM-DD) and its label: "Today", "Yesterday", or the date. */
export function dayOf(e: ExecutionSummary, now: number): { key: string; label: string } {
  const iso = e.startedAt ?? e.createdAt;
  const t = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(t)) return { key: 'unknown', label: 'Unknown date' };
  const key = localDay(t);
  if (key === localDay(now)) return { key, label: 'Today' };
  if (key === localDay(now - 86_400_000)) return { key, label: 'Yesterday' };
  return { key, label: key };
}

function localDay(t: number): string {
  const d = new Date(t);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** "Nightly regression: 18 passed, 2 failed": what a round of executions ended in. */
export function roundSummary(title: string, ended: ExecutionSummary[]): string {
  const counts = new Map<string, number>();
  for (const e of ended)
    counts.set(
      e.kind === 'unknown' ? e.status.toLowerCase() : e.kind,
      (counts.get(e.kind === 'unknown' ? e.status.toLowerCase() : e.kind) ?? 0) + 1,
    );
  return `${title}: ${[...counts].map(([k, n]) => `${n} ${k}`).join(', ')}.`;
}

/** Whether `a` comes before `b` in the newest-first list: created later, else the higher id. */
export function listedBefore(a: ExecutionSummary, b: ExecutionSummary): boolean {
  const ta = a.createdAt ? Date.parse(a.createdAt) : NaN;
  const tb = b.createdAt ? Date.parse(b.createdAt) : NaN;
  if (!Number.isNaN(ta) && !Number.isNaN(tb) && ta !== tb) return ta > tb;
  return a.id > b.id;
}

/**
 * Where a reading the Executions list does not show yet belongs among the rows it shows (newest
 * first): a new execution at the top. Undefined when it falls after the last row and more pages
 * are still to load (that page will bring it).
 */
export function placeIndex(
  shown: readonly ExecutionSummary[],
  e: ExecutionSummary,
  complete: boolean,
): number | undefined {
  const i = shown.findIndex((x) => listedBefore(e, x));
  if (i >= 0) return i;
  return complete ? shown.length : undefined;
}
