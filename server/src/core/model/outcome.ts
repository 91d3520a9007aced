// The one answer shape of every request that can fail in an expected way, and the kinds of failure.
import type { ApiErrorKind } from '../api/errors';

/**
 * The answer of a view request: expected failures (409, 404, unreachable) come back as values, so
 * the extension says them in its own words instead of the language client's "Request failed".
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ActionError };

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
