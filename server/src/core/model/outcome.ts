// The one answer shape of every request that can fail in an expected way.

/**
 * The answer of a view request: expected failures (409, 404, unreachable) come back as values, so
 * the extension says them in its own words instead of the language client's "Request failed".
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ActionError };

export interface ActionError {
  /** The API error kind (`conflict`, `notFound`, `network`, ...) or `mayHaveStarted`/`signedOut`. */
  kind: string;
  /** Plain words with the next step; never a secret, never protocol words. */
  message: string;
}
