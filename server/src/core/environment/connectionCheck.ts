import { TasClient } from '../api/client';
import { ApiError } from '../api/errors';
import { OPERATIONS } from '../api/operations';
import type { SessionOptions } from '../api/session';
import type { CheckOutcome, EnvironmentInfo } from '../model/environment';

// Why an environment cannot be used, in words a user can act on: the credentials were refused,
// the URL answers but not as the service, or nothing answers. Transport-free.

export type FailureState = Exclude<CheckOutcome, 'ok'>;

export interface Failure {
  state: FailureState;
  /** A short plain cause, without paths or secrets, e.g. "HTTP 404" or "connection refused". */
  detail: string;
}

const TOKEN_PATH = OPERATIONS.requestToken.path;

/** Sorts an error of a call to the service into the three things a user can do something about. */
export function classifyFailure(err: unknown): Failure {
  if (!(err instanceof ApiError)) return { state: 'unreachable', detail: err instanceof Error ? err.message : String(err) };
  const http = err.status !== undefined ? `HTTP ${err.status}` : '';
  const onToken = err.path === TOKEN_PATH;
  switch (err.kind) {
    case 'unauthorized':
    case 'forbidden':
    case 'notOwner':
      return { state: 'credentialsRefused', detail: http || 'refused' };
    case 'invalidRequest':
      // The token request is plain: a 400 or 422 to it means the service did not like the
      // credentials; any other 4xx there means something else is listening at that URL.
      if (onToken) return err.status === 400 || err.status === 422 ? { state: 'credentialsRefused', detail: http } : { state: 'notService', detail: http };
      return { state: 'unreachable', detail: http || 'the service rejected a request' };
    case 'notFound':
      return { state: 'notService', detail: http || 'not found' };
    case 'invalidResponse':
      return { state: 'notService', detail: plainShape(err.serviceMessage) };
    case 'timeout':
      return { state: 'unreachable', detail: err.serviceMessage ?? 'no answer in time' };
    case 'network':
      return { state: 'unreachable', detail: firstClause(err.serviceMessage) ?? 'the connection failed' };
    case 'unavailable':
      return { state: 'unreachable', detail: `${http}, the service had a problem` };
    case 'rateLimited':
      return { state: 'unreachable', detail: `${http}, the service is limiting requests` };
    default:
      return { state: 'unreachable', detail: http || err.kind };
  }
}

function plainShape(serviceMessage: string | undefined): string {
  if (serviceMessage === 'the body is not JSON') return 'the answer is not JSON';
  if (serviceMessage?.includes('accessToken')) return 'the answer holds no access token';
  return 'the answer has an unexpected shape';
}

/** "connection refused: is the base URL right ...?" -> "connection refused". */
function firstClause(message: string | undefined): string | undefined {
  return message?.split(':')[0];
}

/** One sentence for the status bar and for failed commands: what happened and what to do. */
export function failureMessage(f: Failure, baseUrl: string): string {
  switch (f.state) {
    case 'credentialsRefused':
      return `The service at ${baseUrl} refused the client ID or secret (${f.detail}). Enter them again: Test Automation: Sign In.`;
    case 'notService':
      return `${baseUrl} does not answer like a Test Automation Service (${f.detail}). Check the URL: Test Automation: Manage Environments.`;
    case 'unreachable':
      return `Cannot reach the service at ${baseUrl} (${f.detail}). Check the URL and the network, then run Test Automation: Refresh.`;
  }
}

/**
 * Asks a token with candidate credentials on a client of its own (the active environment is
 * untouched), with one attempt: the user is waiting and can try again.
 */
export async function checkEnvironment(
  info: EnvironmentInfo & { clientSecret: string },
  options: SessionOptions,
): Promise<{ outcome: CheckOutcome; detail?: string }> {
  const client = new TasClient(
    { baseUrl: info.baseUrl, clientId: info.clientId, clientSecret: info.clientSecret },
    { ...options, retry: { maxAttempts: 1 } },
  );
  try {
    await client.session.authenticate();
    return { outcome: 'ok' };
  } catch (err) {
    const f = classifyFailure(err);
    return { outcome: f.state, detail: f.detail };
  } finally {
    await client.close();
  }
}
