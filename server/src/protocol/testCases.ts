// Messages of test cases on the service (the Test Cases view, pickers, runs from the editor).
// Declared once here, re-exported by server/src/protocol.ts.

import type { Outcome, RunChoice, RunTestCaseResult, TestCaseChoice, TestCaseListQuery, TestCasePage } from '../core';
import {
  clientRequest,
  clientRequest0,
  type DeletionResult,
  type IdParams,
  type IdsParams,
  type Shown,
} from './message';

/** A suite that contains a test case: its name, and its id when the suite list has it. */
export interface ContainingSuite {
  name: string;
  id?: number;
}

export interface DeleteTestCasesParams extends IdsParams {
  /** The names shown, by id, for the words of a refusal. */
  names?: Record<string, string>;
}

/** By `id`, or by a local file (and bundle index) linked in the current environment. */
export interface RunTestCaseParams extends Shown {
  id?: number;
  uri?: string;
  index?: number;
  /** The editor holds unsaved changes for it. */
  dirty?: boolean;
  choice?: RunChoice;
}

/** client -> server: one page of test cases, filtered and sorted by the service. */
export const ListTestCasesRequest = clientRequest<TestCaseListQuery, Outcome<TestCasePage>>('tas/testCases/list');

/** client -> server: every test case on the service (paged through), for pickers. */
export const TestCaseChoicesRequest = clientRequest0<Outcome<TestCaseChoice[]>>('tas/testCases/choices');

/** client -> server: the test suites that contain a test case (names; ids when the suite list has them). */
export const TestCaseSuitesRequest = clientRequest<IdParams, Outcome<ContainingSuite[]>>('tas/testCases/suites');

/**
 * client -> server: delete test cases, one request each. A refusal (409) names the suites and the
 * queued or running executions that hold the test case, in words.
 */
export const DeleteTestCasesRequest = clientRequest<DeleteTestCasesParams, Outcome<DeletionResult>>(
  'tas/testCases/delete',
);

/**
 * client -> server: run one test case (POST /testcases/{id}/run, never retried) and follow its
 * execution with the follower. By `id`, or by a local file (and bundle index) linked in the
 * current environment; `dirty` says the editor holds unsaved changes for it.
 */
export const RunTestCaseRequest = clientRequest<RunTestCaseParams, Outcome<RunTestCaseResult>>('tas/testCases/run');
