// Environments and the connection to them, as the hosts show them (never a secret).

/** An environment without its secret: safe to show and log. */
export interface EnvironmentInfo {
  name: string;
  baseUrl: string;
  clientId: string;
}

export interface RefreshResult {
  devices: number;
  traceFilters: number;
  testCases: number;
}

/**
 * 'connecting' while the server first asks a new environment; then one of the others, once per
 * change: the token was refused, the URL answers but not as the service, or it cannot be reached.
 */
export type ConnectionState = 'connecting' | 'connected' | 'credentialsRefused' | 'unreachable' | 'notService' | 'signedOut';

/** The outcome of asking an environment for a token (no 'connecting' or 'signedOut'). */
export type CheckOutcome = 'ok' | 'credentialsRefused' | 'unreachable' | 'notService';
