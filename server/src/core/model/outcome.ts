// The one answer shape of every request that can fail in an expected way, and the kinds of failure.

/**
 * The answer of a view request: expected failures (409, 404, unreachable) come back as values, so
 * the extension says them in its own words instead of the language client's "Request failed".
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ActionError };

/** How a call to the service failed (api/errors.ts: ApiError and when each happens). */
export type ApiErrorKind =
  /** Credentials wrong or token refused even after a fresh one: sign in again. */
  | 'unauthorized'
  /** 401 from a project assignment: the user may assign only entities they own. */
  | 'notOwner'
  /** 403: the user's role does not allow it. */
  | 'forbidden'
  | 'notFound'
  /** 409: a name is taken, the resource cannot be deleted, or the test cannot be started. */
  | 'conflict'
  /** 400 or 422: the request was not acceptable; the message says why. */
  | 'invalidRequest'
  /** 413: a batch too large for the service. */
  | 'tooLarge'
  | 'rateLimited'
  /** 5xx: the service had a problem. */
  | 'unavailable'
  | 'timeout'
  /** The connection failed or broke: the outcome of a call that changes something is unknown. */
  | 'network'
  /** The proxy requests go through refused the connection, was not found or did not answer. */
  | 'proxyUnreachable'
  /** The proxy refused the proxy credentials (407): never repeated, only new credentials help. */
  | 'proxyRefused'
  /** The server's certificate is not trusted or not valid here: never repeated, nothing was sent. */
  | 'certificate'
  /** The answer was not what the interface document shows. */
  | 'invalidResponse'
  | 'cancelled'
  /** Refused before connecting: plain http to another machine, and the user did not opt in (baseUrl.ts). */
  | 'insecureHttp';

/**
 * What went wrong, in terms a user can act on (core/failures/classify.ts sorts errors into them;
 * core/failures/failures.ts words each). The service's own kinds keep the API error's names.
 */
export type FailureKind =
  /** A failed call to the service (core/api/errors.ts says when each happens). */
  | ApiErrorKind
  /** No credentials are set: sign in. */
  | 'signedOut'
  /** The base URL answers, but not as the service (the token request's 404 or other 4xx). */
  | 'notService'
  /** The answer to a call that starts executions was lost: they may have started. */
  | 'mayHaveStarted'
  /** The answer to a call that changes something was lost: it may have changed. */
  | 'mayHaveChanged'
  /** Not the service's failure: a fault of ours or of the machine. */
  | 'internal';

export interface ActionError {
  /** A FailureKind, or the kind of a failure a domain step words itself (a run's `notLinked`, `importFailed`, ...). */
  kind: FailureKind | (string & {});
  /** Plain words with the next step; never a secret, never protocol words. */
  message: string;
}
