// Messages of the environment and the connection: sign-in, the status bar, the lists reloaded.
// Declared once here, re-exported by server/src/protocol.ts.

import type { CheckResult, ConnectionState, EnvironmentInfo, Outcome, RefreshResult } from '../core';
import { clientNotification, clientRequest, clientRequest0, serverNotification } from './message';

/** An environment with its secret, which travels in memory only. */
export type EnvironmentWithSecret = EnvironmentInfo & { clientSecret: string };

export interface SetEnvironmentParams {
  /** null: signed out. */
  environment: EnvironmentWithSecret | null;
}

export interface CheckEnvironmentParams {
  environment: EnvironmentWithSecret;
}

export interface StatusParams {
  state: ConnectionState;
  environment?: string;
  message?: string;
}

/** client -> server: use this environment (null: signed out). The secret travels in memory only. */
export const SetEnvironmentNotification = clientNotification<SetEnvironmentParams>('tas/setEnvironment');

/** client -> server: drop the caches, reload the lists, revalidate open documents. */
export const RefreshRequest = clientRequest0<Outcome<RefreshResult>>('tas/refresh');

/**
 * client -> server: asks a token with these candidate credentials, before Sign In stores them.
 * Changes nothing on the server. Answers a verdict, not an Outcome: a refusal is what the check
 * is for (CheckResult says why); `detail` is a short plain cause (for example "HTTP 404").
 */
export const CheckEnvironmentRequest = clientRequest<CheckEnvironmentParams, CheckResult>('tas/checkEnvironment');

/**
 * server -> client: whether the service can be reached, for the status bar. Every change of
 * environment (and a repeated one) is answered by exactly one final state after 'connecting'.
 */
export const StatusNotification = serverNotification<StatusParams>('tas/status');
