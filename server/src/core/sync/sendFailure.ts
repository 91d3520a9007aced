import type { ApiError } from '../api/errors';
import { describeFailure, type HostWords } from '../failures/failures';

// What became of a test case the service did not take (import and copy alike): a name held by
// another case, a lost or unusable answer (never sent again: it may have been created), or the
// failure in words.

export type SendFailure =
  | { outcome: 'skipped'; message: string }
  | { outcome: 'nameTaken'; takenById: number; message: string }
  | { outcome: 'refused'; message: string };

/** `what`: the case as the user knows it (a file and its name, or a test case of another environment). */
export function sendFailure(
  what: string,
  error: ApiError | undefined,
  words: HostWords,
  how: 'import' | 'copy' = 'import',
): SendFailure {
  if (error?.kind === 'cancelled')
    return { outcome: 'skipped', message: `${what} was not sent: the ${how} was cancelled.` };
  const body = error?.body;
  const takenById =
    typeof body === 'object' && body !== null && typeof (body as { id?: unknown }).id === 'number'
      ? (body as { id: number }).id
      : undefined;
  if (error?.kind === 'conflict' && takenById !== undefined) {
    return {
      outcome: 'nameTaken',
      takenById,
      message:
        how === 'import'
          ? `${what}: test case ${takenById} on the service already has this name. Link the file to it, rename the test case, or skip it.`
          : `${what}: test case ${takenById} there already has this name. Rename one of them, then copy again.`,
    };
  }
  if (error?.kind === 'network' || error?.kind === 'timeout') {
    return {
      outcome: 'refused',
      message:
        how === 'import'
          ? `${what}: the answer to the import was lost, so it may have been imported. It was not sent again: compare the file with the service before importing it again.`
          : `${what}: the answer to the copy was lost, so it may have been created there. It was not sent again: look for it there before copying it again.`,
    };
  }
  if (error?.kind === 'invalidResponse') {
    // The service took the request and answered in a form that names no test case: it may have acted on it.
    const why = error.serviceMessage !== undefined ? ` (${error.serviceMessage})` : '';
    return {
      outcome: 'refused',
      message:
        how === 'import'
          ? `${what}: the service's answer to the import cannot be used${why}, so it may have been imported and the file was not linked. It was not sent again: compare the file with the service before importing it again.`
          : `${what}: the answer to the copy cannot be used${why}, so it may have been created there. It was not sent again: look for it there before copying it again.`,
    };
  }
  const said = error
    ? describeFailure(error, { action: `${how} ${what}` }, words).message
    : `Could not ${how} ${what}.`;
  return { outcome: 'refused', message: said };
}
