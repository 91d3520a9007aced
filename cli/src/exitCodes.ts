import { describeFailure, failureOf, type HostWords } from '../../server/src/core';
import { TERMINAL_WORDS } from './words';

// One exit-code contract for every command. EXIT_MEANINGS words it for `tas --help`; the "Exit
// codes" table of docs/cli.md is held to it by test/cli/exitCodeTable.test.ts.

export const Exit = {
  ok: 0,
  /** Validation errors, or a test that did not pass. */
  failed: 1,
  usage: 2,
  /** The service or the proxy refused the credentials, or there are none. */
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

/** Each code in a few words: `tas --help` lists them, docs/cli.md's table says the same (a Record, so no code goes unsaid). */
export const EXIT_MEANINGS: Record<ExitCode, string> = {
  0: 'success',
  1: 'a problem in your files, a test that did not pass, or work not done for another reason',
  2: 'usage error: an option or argument that is wrong, or a path, glob, id or name that names nothing',
  3: 'no credentials, or the service (or the proxy) refused them',
  4: 'the service or the network failed (5xx, no answer, time-outs, after the retries a read may make)',
  5: 'a conflict waits for a decision (import or export refused to overwrite)',
  6: '--wait ran out of time (--timeout)',
  7: 'the service refused what was asked, and it is not an outage; the message says why',
};

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
  const kind = failureOf(err).kind;
  switch (kind) {
    case 'signedOut':
    case 'unauthorized':
    case 'forbidden':
    case 'notOwner':
    case 'proxyRefused':
      // The proxy refused its credentials: like refused service credentials, new ones are the fix.
      return Exit.auth;
    case 'notFound':
      // An id or name the user gave that names nothing: their mistake, not an outage a CI job
      // should retry. (A 404 to the token request is 'notService': the URL is wrong.)
      return Exit.usage;
    case 'insecureHttp':
      // Refused before connecting: the URL or the opt-in is the user's to change.
      return Exit.usage;
    case 'conflict':
    case 'invalidRequest':
    case 'tooLarge':
      // The service answered and said no (a 409 "cannot be started", a 400 or 422, a batch too
      // large): trying again later gives the same answer, so a CI job must not read it as an outage.
      return Exit.refused;
    case 'internal':
      // A fault of ours or of the machine (a file that cannot be written, say), not of the service.
      return Exit.failed;
    case 'unavailable':
    case 'timeout':
    case 'network':
    case 'proxyUnreachable':
    case 'certificate':
    case 'rateLimited':
    case 'invalidResponse':
    case 'notService':
    case 'cancelled':
    case 'mayHaveStarted':
    case 'mayHaveChanged':
      // Outages, limits and answers that are not the service's (429 included: it passes).
      return Exit.service;
  }
}

/** A failed call in plain words for a terminal, with the next step: the failure table's, with a terminal's steps (`words`: naming where the credentials came from). */
export function failureText(err: unknown, action: string, words: HostWords = TERMINAL_WORDS): string {
  return err instanceof CliError ? err.message : describeFailure(err, { action }, words).message;
}
