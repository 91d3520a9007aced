// Test suites and executions as the views, runs and the follower show them.

export type ExecutionStatusKind = 'queued' | 'running' | 'passed' | 'failed' | 'cancelled' | 'unknown';

/** An execution as views show it; read leniently, since the document shows no execution fields. */
export interface ExecutionSummary {
  id: number;
  /** The state as the service wrote it. */
  status: string;
  kind: ExecutionStatusKind;
  /** A final state (or a finish time): it is no longer followed. */
  final: boolean;
  testCaseId?: number;
  testCaseName?: string;
  testSuiteId?: number;
  testSuiteName?: string;
  source?: string;
  createdAt?: string;
  startedAt?: string;
  finishedAt?: string;
  durationMs?: number;
  currentStep?: number;
  stepCount?: number;
  triggeredBy?: string;
  rerunOf?: number;
  /** The phones it used, when its record names them (most records do not: history then reads the test case's references). */
  deviceIds?: number[];
}

export interface TestCaseRef {
  id: number;
  name: string;
}

export interface SuiteSummary {
  id: number;
  name: string;
  description?: string;
  /** The schedule as a short text, e.g. "every 2 hours from 2026-11-23 06:00". */
  schedule?: string;
  disabled: boolean;
  testCases: TestCaseRef[];
  /** Executions of this suite the follower knows to be queued or running. */
  activeExecutionIds: number[];
}

export interface ExecuteSuiteResult {
  executionIds: number[];
  /** Test cases the service did not start, with its reason. */
  skipped: { testCaseId?: number; reason: string }[];
  executions: ExecutionSummary[];
}

export interface TestCaseChoice extends TestCaseRef {
  description?: string;
  projects: string[];
}

export interface ExecutionPage {
  items: ExecutionSummary[];
  /** More may follow at `start + items.length`. */
  hasMore: boolean;
}
