import { ApiError } from '../api/errors';
import { OPERATIONS } from '../api/operations';
import type { ActionError, FailureKind } from '../model/outcome';

// The one classification of failures: any error becomes a FailureKind and a short plain cause.
// failures.ts words the kinds; nothing else looks at an error's status or path to word it.

/** A failed call, sorted: what went wrong and a short plain cause. */
export interface Failure {
  /** Never mayHaveStarted or mayHaveChanged: those need the action (failures.ts). */
  kind: FailureKind;
  /** A short plain cause, without paths or secrets, e.g. "HTTP 404" or "connection refused". */
  detail: string;
  /** The message the service sent, when it sent one (already scrubbed). */
  serviceMessage?: string;
  status?: number;
}

/** Thrown where credentials are needed and none are set; its words come from the table. */
export class NotSignedInError extends Error {
  constructor() {
    super('no service credentials are set');
    this.name = 'NotSignedInError';
  }
}

/** A failure already in the user's words (one step of a run, say): it is passed on as it is. */
export class WordedFailure extends Error {
  constructor(readonly error: ActionError) {
    super(error.message);
    this.name = 'WordedFailure';
  }
}

const TOKEN_PATH = OPERATIONS.requestToken.path;

export function failureOf(err: unknown): Failure {
  if (err instanceof NotSignedInError) return { kind: 'signedOut', detail: 'no credentials' };
  if (!(err instanceof ApiError)) return { kind: 'internal', detail: err instanceof Error ? err.message : String(err) };
  const http = err.status !== undefined ? `HTTP ${err.status}` : '';
  const of = (kind: FailureKind, detail: string): Failure => ({
    kind,
    detail,
    ...(err.serviceMessage !== undefined && { serviceMessage: err.serviceMessage }),
    ...(err.status !== undefined && { status: err.status }),
  });
  // The token request is plain: a 400 or 422 to it means the service did not like the
  // credentials; a 404 or any other 4xx there means something else is listening at that URL.
  const onToken = err.path === TOKEN_PATH;
  switch (err.kind) {
    case 'unauthorized':
    case 'forbidden':
    case 'notOwner':
      return of(err.kind, http || 'refused');
    case 'invalidRequest':
      if (onToken) return of(err.status === 400 || err.status === 422 ? 'unauthorized' : 'notService', http);
      return of('invalidRequest', http || 'the service rejected a request');
    case 'notFound':
      return of(onToken ? 'notService' : 'notFound', http || 'not found');
    case 'invalidResponse':
      return of('invalidResponse', plainShape(err.serviceMessage));
    case 'timeout':
      return of('timeout', err.serviceMessage ?? 'no answer in time');
    case 'network':
      return of('network', firstClause(err.serviceMessage) ?? 'the connection failed');
    case 'proxyUnreachable':
    case 'proxyRefused':
    case 'certificate':
      // Already plain words naming the proxy or the host and the authority (api/connectFailure.ts).
      return of(err.kind, err.serviceMessage ?? 'the connection failed');
    case 'unavailable':
      return of('unavailable', `${http}, the service had a problem`);
    case 'rateLimited':
      return of('rateLimited', `${http}, the service is limiting requests`);
    case 'insecureHttp':
      return of('insecureHttp', 'plain http to another machine');
    default:
      return of(err.kind, http || err.kind);
  }
}

function plainShape(serviceMessage: string | undefined): string {
  if (serviceMessage === 'the body is not JSON') return 'the answer is not JSON';
  if (serviceMessage?.includes('accessToken')) return 'the answer holds no access token';
  // The caps on answers are said as they are: what was too large or too deep, and how to change it.
  if (serviceMessage?.startsWith('the answer is larger than') || serviceMessage?.startsWith('the answer nests'))
    return serviceMessage;
  return 'the answer has an unexpected shape';
}

/** "connection refused: is the base URL right ...?" -> "connection refused". */
function firstClause(message: string | undefined): string | undefined {
  return message?.split(':')[0];
}
