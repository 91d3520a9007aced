import { type CheckOutcome, type CheckResult, type ConnectionState, userLabel } from '../../server/src/core';

// What the user reads about the connection: the status bar, the outcome of a sign-in check and
// the next step for it, and errors of requests to the server. Imports nothing from 'vscode' so
// that unit tests can cover every case.

export interface StatusLook {
  text: string;
  tooltip: string;
  warning: boolean;
  /** What a click does: a command id (prefix included) and its arguments. */
  command: { id: string; args: unknown[] };
}

/** The status bar item for a state; `message` is the server's explanation, when it sent one. */
export function statusLook(state: ConnectionState, environment?: string, message?: string): StatusLook {
  const env = environment ?? 'the service';
  const explain = (fallback: string) => `Test Automation Service: ${message ?? fallback}`;
  switch (state) {
    case 'signedOut':
      return {
        text: '$(account) TAS: signed out',
        tooltip: 'Test Automation Service: not signed in. Click to sign in.',
        warning: false,
        command: { id: 'tas.signIn', args: [] },
      };
    case 'connecting':
      return {
        text: `$(sync~spin) TAS: ${env}`,
        tooltip: `Test Automation Service: connecting to ${env}. Click to choose another environment.`,
        warning: false,
        command: { id: 'tas.selectEnvironment', args: [] },
      };
    case 'connected':
      return {
        text: `$(beaker) TAS: ${env}`,
        tooltip: `Test Automation Service: connected to ${env}. Click to choose another environment.`,
        warning: false,
        command: { id: 'tas.selectEnvironment', args: [] },
      };
    case 'credentialsRefused':
      return {
        text: `$(key) TAS: ${env} credentials refused`,
        tooltip: `${explain(`${env} refused the client ID or secret.`)}\nClick to enter them again.`,
        warning: true,
        command: { id: 'tas.signIn', args: environment ? [environment] : [] },
      };
    case 'notService':
      return {
        text: `$(warning) TAS: ${env} is not a Test Automation Service`,
        tooltip: `${explain(`the URL of ${env} does not lead to a Test Automation Service.`)}\nClick to change the URL.`,
        warning: true,
        command: { id: 'tas.manageEnvironments', args: [] },
      };
    case 'insecureHttp':
      return {
        text: `$(shield) TAS: ${env} not asked (plain http)`,
        tooltip: `${explain(`${env} uses plain http to another machine; nothing was sent.`)}\nClick to change the URL.`,
        warning: true,
        command: { id: 'tas.manageEnvironments', args: [] },
      };
    case 'unreachable':
      return {
        text: `$(warning) TAS: ${env} unreachable`,
        tooltip: `${explain(`${env} cannot be reached.`)}\nClick to try again.`,
        warning: true,
        command: { id: 'tas.refresh', args: [] },
      };
  }
}

/** The tooltip's line for who is signed in (GET /users/me): the email, else the id, and the role. */
export function signedInLine(user: { id: number; email?: string; role?: string }): string {
  return `Signed in as ${userLabel(user)}${user.role ? `, role ${user.role}` : ' (the service did not say the role)'}.`;
}

/** What the user can do after a failed sign-in check. */
export type NextStep = 'reenterCredentials' | 'changeUrl' | 'retry';

export const NEXT_STEP_LABEL: Record<NextStep, string> = {
  reenterCredentials: 'Re-enter Credentials',
  changeUrl: 'Change URL',
  retry: 'Try Again',
};

/** The message after a failed sign-in check, and the buttons it offers, most likely first. */
export function checkAdvice(
  outcome: Exclude<CheckOutcome, 'ok'>,
  environment: string,
  baseUrl: string,
  detail?: string,
  /** The proxy or the certificate stood in the way: the detail names it, and the step is theirs, not the URL. */
  cause?: CheckResult['cause'],
): { message: string; steps: NextStep[] } {
  const why = detail ? ` (${detail})` : '';
  if (outcome === 'unreachable' && cause === 'proxy')
    return {
      message: `Not signed in to ${environment}: ${detail ?? 'the proxy failed'}. Check the proxy settings (http.proxy, http.proxyAuthorization) or HTTPS_PROXY, then try again.`,
      steps: ['retry'],
    };
  if (outcome === 'unreachable' && cause === 'certificate')
    return {
      message: `Not signed in to ${environment}: ${detail ?? 'its certificate is not trusted'}. Add that authority to the system's trust store (with http.systemCertificates on), or name a PEM file holding it in NODE_EXTRA_CA_CERTS where the editor starts, then try again.`,
      steps: ['retry', 'changeUrl'],
    };
  switch (outcome) {
    case 'credentialsRefused':
      return {
        message: `Not signed in to ${environment}: the service at ${baseUrl} refused the client ID or secret${why}. Re-enter them, or check that the URL is the right environment.`,
        steps: ['reenterCredentials', 'changeUrl'],
      };
    case 'notService':
      return {
        message: `Not signed in to ${environment}: ${baseUrl} does not answer like a Test Automation Service${why}. Check the URL: it is the part before /api/v2.`,
        steps: ['changeUrl'],
      };
    case 'insecureHttp':
      return {
        message: `Not signed in to ${environment}: ${baseUrl} is plain http to another machine, so the client secret would cross the network unencrypted; nothing was sent. Use an https URL, or, on a network you trust, add "allowInsecureHttp": true to ${environment} in the tas.environments setting.`,
        steps: ['changeUrl'],
      };
    case 'unreachable':
      return {
        message: `Not signed in to ${environment}: cannot reach ${baseUrl}${why}. Check the URL and the network, then try again.`,
        steps: ['retry', 'changeUrl'],
      };
  }
}

/** Changing an environment's URL: what the check of the new URL with the stored credentials found. */
export function urlCheckMessage(
  outcome: Exclude<CheckOutcome, 'ok'>,
  environment: string,
  baseUrl: string,
  detail?: string,
): string {
  const why = detail ? ` (${detail})` : '';
  const found = {
    credentialsRefused: `the service there refused ${environment}'s stored client ID or secret${why}`,
    notService: `it does not answer like a Test Automation Service${why}`,
    unreachable: `it cannot be reached${why}`,
    insecureHttp:
      'it is plain http to another machine, so it was not asked (the client secret would cross the network unencrypted)',
  }[outcome];
  return `${baseUrl} was checked with ${environment}'s stored credentials: ${found}. Use this URL for ${environment} anyway?`;
}

export const USE_URL_ANYWAY = 'Use This URL Anyway';

/** The step a clicked button stands for. */
export function stepOf(label: string | undefined): NextStep | undefined {
  return (Object.keys(NEXT_STEP_LABEL) as NextStep[]).find((s) => NEXT_STEP_LABEL[s] === label);
}

/**
 * An error as a user should read it. Expected failures come as Outcomes, already in the failure
 * table's words (server/src/core/failures); only a fault of the server reaches here wrapped by the
 * JSON-RPC library as "Request tas/x failed with message: ...", and those words are dropped.
 */
export function plainMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message
    .replace(/^Request \S+ failed with message: /, '')
    .replace(
      /^Request \S+ failed unexpectedly without providing any details\.$/,
      'The language server failed; see Test Automation: Show Log.',
    );
}
