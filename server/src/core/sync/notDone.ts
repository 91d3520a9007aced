import { failureOf } from '../failures/classify';
import type { NotDoneReason } from '../model/sync';

// The account of an import or export: why an item asked for was not done, as a kind (which
// `tas` turns into its exit code) and in words, for what the service's answers could not give.

/** The kind of a failed call about one item, as the account names it. */
export function notDoneReason(err: unknown): NotDoneReason {
  switch (failureOf(err).kind) {
    case 'notFound':
      return 'notOnService';
    case 'invalidResponse':
      return 'unusableRecord';
    case 'invalidRequest':
    case 'conflict':
    case 'tooLarge':
      return 'refusedByService';
    case 'unauthorized':
    case 'forbidden':
    case 'notOwner':
    case 'signedOut':
      return 'notAllowed';
    case 'internal':
      // Not the service's: a file that could not be read or written, say.
      return 'fileProblem';
    default:
      return 'serviceFailed';
  }
}

/** An id the service's export answer did not hold: `listed` when it came from the service's own list. */
export const notHeldWords = (listed: boolean): string =>
  `${listed ? 'The service listed it, but its export answer did not hold it' : "The service's export answer did not hold it"}, so it was not written. Export it again; if it is still left out, ask the service's administrators why.`;

/** A record the export answer held in a form that cannot be written (`why`: readItem's, "has the name 7, not text"). */
export const unusableWords = (why: string): string =>
  `The record the service's export answer holds for it ${why}, so it was not written. Correct the test case on the service (or ask its administrators), then export again.`;

/** A linked test case whose record the service's export answer holds in a form that cannot be compared (import, copy). */
export const unusableServiceWords = (id: number, why: string): string =>
  `the service's version of test case ${id} cannot be used: the record its export answer holds for it ${why}. Correct the test case on the service (or ask its administrators), then try again.`;
