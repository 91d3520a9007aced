import { ApiError, OPERATIONS } from '../../server/src/core';

// One exit-code contract for every command (documented in README.md "The command line", tested in test/cli).

export const Exit = {
  ok: 0,
  /** Validation errors, or a test that did not pass. */
  failed: 1,
  usage: 2,
  /** The service refused the credentials, or there are none. */
  auth: 3,
  /** The service or the network failed (after the retries a read may make). */
  service: 4,
  /** Import or export refused to overwrite, or a conflict waits for a decision. */
  conflict: 5,
  /** `--wait` ran out of time. */
  timeout: 6,
} as const;
export type ExitCode = (typeof Exit)[keyof typeof Exit];

/** An error that ends the command with its own exit code; the message is for a person. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly code: ExitCode,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CliError';
  }
}

export class UsageError extends CliError {
  constructor(message: string) {
    super(message, Exit.usage);
    this.name = 'UsageError';
  }
}

/** The exit code for a failed call to the service. */
export function exitCodeOf(err: unknown): ExitCode {
  if (err instanceof CliError) return err.code;
  if (err instanceof ApiError) {
    switch (err.kind) {
      case 'unauthorized':
      case 'forbidden':
      case 'notOwner':
        return Exit.auth;
      case 'notFound':
        // An id or name the user gave that names nothing: their mistake, not an outage a CI job
        // should retry. (A 404 to the token request means the URL is wrong: a service failure.)
        return err.path === OPERATIONS.requestToken.path ? Exit.service : Exit.usage;
      default:
        return Exit.service;
    }
  }
  // A fault of ours or of the machine (a file that cannot be written, say), not of the service.
  return Exit.failed;
}

/** A failed call in plain words for a terminal, with the next step; no method or path. */
export function failureText(err: unknown, action: string): string {
  if (err instanceof CliError) return err.message;
  if (!(err instanceof ApiError)) return `Could not ${action}: ${err instanceof Error ? err.message : String(err)}`;
  const said = err.serviceMessage ? ` The service said: ${err.serviceMessage}` : '';
  switch (err.kind) {
    case 'unauthorized':
      return `Could not ${action}: the service refused the client ID or secret. Check TAS_CLIENT_ID and TAS_CLIENT_SECRET, or run tas login again.`;
    case 'forbidden':
    case 'notOwner':
      return `Could not ${action}: your role on the service does not allow it.${said}`;
    case 'network':
    case 'timeout':
      return `Could not ${action}: the service did not answer (${err.serviceMessage ?? err.kind}). Check TAS_BASE_URL and the network, then try again.`;
    case 'notFound':
      return `Could not ${action}: it does not exist on the service.${said}`;
    case 'conflict':
      return `The service refused to ${action} in its current state.${said}`;
    case 'invalidRequest':
    case 'tooLarge':
      return `The service rejected the request to ${action}.${said}`;
    case 'rateLimited':
      return `Could not ${action}: the service is limiting requests. Try again in a minute.`;
    case 'unavailable':
      return `Could not ${action}: the service had a problem (HTTP ${err.status ?? '5xx'}). Try again later.${said}`;
    case 'cancelled':
      return `Cancelled: ${action}.`;
    default:
      return `Could not ${action}: the service answered in an unexpected way.${said}`;
  }
}
