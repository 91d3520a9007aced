import { historyText } from '../history/document';
import type { History } from '../history/history';
import { caseHoverMarkdown, lensTitle, suspectWords } from '../history/words';
import type { HistoryReport } from '../model/history';

// The history as the editor shows it, in the core's words: a test case's line (its CodeLens, its
// row in the Test Cases view), its Markdown (the hover of its name, the row's tooltip), the
// suspect phones with their evidence (the Devices view), and the history document. Every host
// asks the session's one History, which the follower keeps current.

/** One test case's history as a view shows it. */
export interface CaseHistoryShown {
  testCaseId: number;
  name?: string;
  /** "9/10 passed · failed 2 h ago at step 3 · flaky": the CodeLens and the view row. */
  line: string;
  /** The pass rate, the flaky and suspect marks with their evidence, the newest runs. */
  markdown: string;
  flaky: boolean;
  /** How many of its runs the history holds. */
  runs: number;
  /** Suspect phones its current version uses. */
  suspectDevices: number[];
}

/** A suspect phone as the Devices view shows it. */
export interface SuspectShown {
  deviceId: number;
  name?: string;
  /** "Apple iPhone 15 (device 3) is suspect: failed 6 of 7 runs that used it since 09:00; ...". */
  evidence: string;
  testCaseIds: number[];
  failedExecutionIds: number[];
}

export interface HistoryShown {
  cases: CaseHistoryShown[];
  suspects: SuspectShown[];
  /** What the records did not tell (which phone a run used), in words. */
  notes: string[];
}

/** What the sync state tells of a linked file: its test case, synced at the service's time `updated`. */
export interface KnownLink {
  id: number;
  updated?: string;
}

export interface HistoryViews {
  /** The history of these test cases; `links`: what the sync state tells of their last change. */
  cases(testCaseIds: readonly number[], links?: readonly KnownLink[], signal?: AbortSignal): Promise<HistoryShown>;
  /** Every suspect phone of the environment, with the notes that say what the marks rest on. */
  suspects(signal?: AbortSignal): Promise<Pick<HistoryShown, 'suspects' | 'notes'>>;
  /** The history as a plain-text document: these test cases, or all that ran. */
  document(testCaseIds?: readonly number[]): Promise<{ title: string; text: string }>;
  /** Told which test cases' history changed (the follower read their executions). */
  onChange(listener: (testCaseIds: number[]) => void): void;
}

function shownSuspects(report: HistoryReport): SuspectShown[] {
  return report.suspects.map((s) => ({
    deviceId: s.deviceId,
    ...(s.name !== undefined && { name: s.name }),
    evidence: suspectWords(s),
    testCaseIds: s.testCaseIds,
    failedExecutionIds: s.failedExecutionIds,
  }));
}

export function historyViews(history: History, now: () => number = Date.now): HistoryViews {
  return {
    async cases(testCaseIds, links = [], signal) {
      for (const l of links) if (l.updated !== undefined) history.knownChange(l.id, l.updated);
      const report = await history.report({ only: testCaseIds, ...(signal && { signal }) });
      const at = now();
      return {
        cases: report.cases.map((h) => ({
          testCaseId: h.testCaseId,
          ...(h.name !== undefined && { name: h.name }),
          line: lensTitle(h, at),
          markdown: caseHoverMarkdown(h, report.suspects, at),
          flaky: h.flaky !== undefined,
          runs: h.runs.length,
          suspectDevices: h.suspectDevices ?? [],
        })),
        suspects: shownSuspects(report).filter((s) => report.cases.some((c) => c.suspectDevices?.includes(s.deviceId))),
        notes: report.notes,
      };
    },
    async suspects(signal) {
      const report = await history.report({ only: [], ...(signal && { signal }) });
      return { suspects: shownSuspects(report), notes: report.notes };
    },
    async document(testCaseIds) {
      const report = await history.report(testCaseIds ? { only: testCaseIds } : {});
      const title = testCaseIds?.length === 1 ? `History of test case ${testCaseIds[0]}` : 'History of the test cases';
      return { title, text: historyText(report, now(), { all: testCaseIds === undefined }) };
    },
    onChange: (listener) => history.onChange(listener),
  };
}
