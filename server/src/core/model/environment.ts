// Environments and the connection to them, as the hosts show them (never a secret).

/** An environment without its secret: safe to show and log. */
export interface EnvironmentInfo {
  name: string;
  baseUrl: string;
  clientId: string;
  /**
   * How the service reads start/end of executions and API clients: 'auto' (learnt from its
   * answers, the default), 'offsets', or 'none' (lists read without a range). A per-environment
   * setting, for where the answers cannot tell.
   */
  startEnd?: StartEndSetting;
  /**
   * Plain http to a host that is not this machine is refused before anything is sent, unless
   * this is true: the user's explicit opt-in, per environment.
   */
  allowInsecureHttp?: boolean;
}

/** How start/end are read: learnt from the answers, item offsets over a newest-first list, or not sent at all. */
export type StartEndSetting = 'auto' | 'offsets' | 'none';
export const START_END_SETTINGS: readonly StartEndSetting[] = ['auto', 'offsets', 'none'];

/** A setting's value as a StartEndSetting; undefined for anything else ('' included). */
export function startEndSetting(v: unknown): StartEndSetting | undefined {
  return START_END_SETTINGS.find((s) => s === v);
}

export interface RefreshResult {
  devices: number;
  traceFilters: number;
  testCases: number;
}

/**
 * 'connecting' while the server first asks a new environment; then one of the others, once per
 * change: the token was refused, the URL answers but not as the service, it cannot be reached,
 * or it is plain http to another machine and was not asked at all.
 */
export type ConnectionState =
  'connecting' | 'connected' | 'credentialsRefused' | 'unreachable' | 'notService' | 'insecureHttp' | 'signedOut';

/** The outcome of asking an environment for a token (no 'connecting' or 'signedOut'). */
export type CheckOutcome = 'ok' | 'credentialsRefused' | 'unreachable' | 'notService' | 'insecureHttp';

/** Why an environment cannot be used: the three things a user can do something about. */
export type FailureState = Exclude<CheckOutcome, 'ok'>;

/**
 * The answer of the sign-in check. Not an Outcome: a refused or unreachable environment is the
 * verdict the check exists to give, not a failure of the request; the client words it with the
 * buttons that fit (Re-enter Credentials, Change URL, Try Again). `detail` is a short plain cause.
 */
export interface CheckResult {
  outcome: CheckOutcome;
  detail?: string;
  /** Unreachable for a reason that is not the service's: the proxy, or its certificate (the detail names which). */
  cause?: 'proxy' | 'certificate';
}
