import { describeFailure, failureOf, TERMINAL_WORDS } from '../../server/src/core';

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
  /** The service answered and refused what was asked (not an outage): its reason is in the message. */
  refused: 7,
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

/** The exit code for a failed call to the service, by the failure's kind. */
export function exitCodeOf(err: unknown): ExitCode {
  if (err instanceof CliError) return err.code;
  switch (failureOf(err).kind) {
    case 'signedOut':
    case 'unauthorized':
    case 'forbidden':
    case 'notOwner':
      return Exit.auth;
    case 'notFound':
      // An id or name the user gave that names nothing: their mistake, not an outage a CI job
      // should retry. (A 404 to the token request is 'notService': the URL is wrong.)
      return Exit.usage;
    case 'insecureHttp':
      // Refused before connecting: the URL or the opt-in is the user's to change.
      return Exit.usage;
    case 'internal':
      // A fault of ours or of the machine (a file that cannot be written, say), not of the service.
      return Exit.failed;
    default:
      return Exit.service;
  }
}

/** A failed call in plain words for a terminal, with the next step: the failure table's, with a terminal's steps. */
export function failureText(err: unknown, action: string): string {
  return err instanceof CliError ? err.message : describeFailure(err, { action }, TERMINAL_WORDS).message;
}
