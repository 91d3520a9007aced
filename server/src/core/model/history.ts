// Whether to trust a result: each test case's recent executions, the cases whose outcome changed
// on one version (flaky), and the phones whose failures follow them across test cases (suspect).
import type { ExecutionStatusKind } from './executions';

/** How an execution came about, as its record says: a direct run, a suite's, a rerun, or something else. */
export type RunSource = 'direct' | 'suite' | 'rerun' | 'other';

/** One execution of a test case, as the history shows it. */
export interface HistoryRun {
  executionId: number;
  testCaseId: number;
  kind: ExecutionStatusKind;
  /** The state as the service wrote it. */
  status: string;
  final: boolean;
  /** When it was queued (else when it started); absent when the record says neither. */
  at?: string;
  durationMs?: number;
  source: RunSource;
  /** The service's own word for the source, when it is none of the three. */
  sourceText?: string;
  suiteName?: string;
  rerunOf?: number;
  /** The step a failed run ended at (1-based), as its record says. */
  failedStep?: number;
  stepCount?: number;
  /**
   * Whether it ran the test case's current version: it was queued after the case's last change
   * that the service or the sync state tells. Absent: it cannot be told (no time, no change time,
   * or queued before the change and started after it).
   */
  currentVersion?: boolean;
  /** The phones it used, and who says so: its own record, or the current version's references. */
  devices?: { ids: number[]; from: 'record' | 'references' };
}

/** A test case whose outcome changed between executions of one version, with the runs that show it. */
export interface FlakyMark {
  testCaseId: number;
  name?: string;
  /** When that version began (its last change); absent: no change is known since it was created. */
  versionSince?: string;
  passed: number;
  failed: number;
  /** How many times the outcome changed from one run to the next. */
  changes: number;
  /** The runs of that version, oldest first (at most the last ten). */
  runs: HistoryRun[];
}

/** The history of one test case. */
export interface CaseHistory {
  testCaseId: number;
  name?: string;
  /** Newest first, at most the history's length per case. */
  runs: HistoryRun[];
  /** Of its last ten runs that passed or failed: how many passed, of how many. */
  recent: { passed: number; counted: number };
  /** Its newest failed run. */
  lastFailure?: HistoryRun;
  /** When its current version began, as the service (`updated`) or the sync state tells. */
  versionSince?: string;
  flaky?: FlakyMark;
  /** The phones its current version refers to (steps, trace filters, SIP trace filters, parameters). */
  devices?: number[];
  /** Suspect phones among them. */
  suspectDevices?: number[];
}

/** A phone whose failures follow it across test cases, with the evidence. */
export interface SuspectDevice {
  deviceId: number;
  name?: string;
  /** The first failure of the stretch that is judged. */
  since?: string;
  /** Runs that used it from `since` on, and how many of them failed. */
  runs: number;
  failed: number;
  /** The test cases whose runs failed on it. */
  testCaseIds: number[];
  failedExecutionIds: number[];
  /**
   * What it is compared with, from `since` on: the same test cases' runs on other phones
   * (`sameCases`), else the runs of the other phones those cases use, without it; or, when
   * neither ran, its own runs before `since` (`before`).
   */
  compared: { passed: number; runs: number; basis: 'sameCases' | 'otherPhones' | 'before' };
  /** The evidence in words: "failed 6 of 7 runs that used it since 09:00; ...". */
  evidence: string;
}

/** History, flaky and suspect marks of one environment, as computed at `at`. */
export interface HistoryReport {
  at: string;
  /** How many executions were read, and whether the service has older ones than the history holds. */
  executions: number;
  truncated: boolean;
  /** The oldest execution the history holds. */
  oldest?: string;
  /** The cases asked for (all with history when none were named), by id. */
  cases: CaseHistory[];
  flaky: FlakyMark[];
  suspects: SuspectDevice[];
  /** What the records did not tell, in words: the marks say only what the files and the service say. */
  notes: string[];
}
