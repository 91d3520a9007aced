// Messages of executions (the Executions view, runs, the follower). Declared once here,
// re-exported by server/src/protocol.ts.

import type { ExecutionPage, ExecutionSummary, Outcome } from '../core';
import {
  clientNotification,
  clientRequest,
  type DeletionResult,
  type IdParams,
  type IdsParams,
  serverNotification,
  type TitledText,
} from './message';

export interface ListExecutionsParams {
  start: number;
  count: number;
  search?: string;
}

export interface ExecutionDetailsResult extends TitledText {
  summary: ExecutionSummary;
}

export interface RerunExecutionResult {
  execution: ExecutionSummary;
}

export interface ExecutionsAttentionParams {
  /** Someone looks: a view shows executions, or the user waits for one they started. */
  looking: boolean;
  focused: boolean;
}

export interface ExecutionsChangedParams {
  changed: ExecutionSummary[];
  active: ExecutionSummary[];
}

/** client -> server: a page of executions, newest first; active ones on it are followed. */
export const ListExecutionsRequest = clientRequest<ListExecutionsParams, Outcome<ExecutionPage>>('tas/executions/list');

/** client -> server: an execution's record and log as text for the read-only details view. */
export const ExecutionDetailsRequest = clientRequest<IdParams, Outcome<ExecutionDetailsResult>>(
  'tas/executions/details',
);

/** client -> server: rerun an execution (never retried); the new one is followed. */
export const RerunExecutionRequest = clientRequest<IdParams, Outcome<RerunExecutionResult>>('tas/executions/rerun');

/** client -> server: delete executions, one request each; says which failed and why. */
export const DeleteExecutionsRequest = clientRequest<IdsParams, Outcome<DeletionResult>>('tas/executions/delete');

/** client -> server: follow these executions until they end (a run, a details view). */
export const FollowExecutionsNotification = clientNotification<IdsParams>('tas/executions/follow');

/** client -> server: whether anyone looks; the follower polls slower when nobody does. */
export const ExecutionsAttentionNotification =
  clientNotification<ExecutionsAttentionParams>('tas/executions/attention');

/** server -> client: followed executions that changed, and how many are still active. */
export const ExecutionsChangedNotification = serverNotification<ExecutionsChangedParams>('tas/executions/changed');
