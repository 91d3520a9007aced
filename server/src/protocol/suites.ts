// Messages of test suites (the Test Suites view). Declared once here, re-exported by
// server/src/protocol.ts.

import type { ExecuteSuiteResult, Outcome, SuiteSummary } from '../core';
import { clientRequest, clientRequest0, type IdParams } from './message';

export interface CancelSuiteResult {
  cancelledExecutionIds: number[];
}

export interface CreateSuiteParams {
  name: string;
  description?: string;
  testCaseIds: number[];
}

export interface CreateSuiteResult {
  id: number;
}

export interface SetSuiteTestCasesParams extends IdParams {
  testCaseIds: number[];
}

/** client -> server: every test suite with its test cases. */
export const ListSuitesRequest = clientRequest0<Outcome<SuiteSummary[]>>('tas/suites/list');

/** client -> server: execute a suite (never retried); the new executions are followed. */
export const ExecuteSuiteRequest = clientRequest<IdParams, Outcome<ExecuteSuiteResult>>('tas/suites/execute');

/** client -> server: cancel a suite's queued and running executions. */
export const CancelSuiteRequest = clientRequest<IdParams, Outcome<CancelSuiteResult>>('tas/suites/cancel');

/** client -> server: delete a suite. */
export const DeleteSuiteRequest = clientRequest<IdParams, Outcome<null>>('tas/suites/delete');

/** client -> server: create a suite from test cases (never retried). */
export const CreateSuiteRequest = clientRequest<CreateSuiteParams, Outcome<CreateSuiteResult>>('tas/suites/create');

/** client -> server: replace a suite's test cases (the rest of the suite is kept as read). */
export const SetSuiteTestCasesRequest = clientRequest<SetSuiteTestCasesParams, Outcome<null>>(
  'tas/suites/setTestCases',
);
