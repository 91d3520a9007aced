import type { ImportItemResult, SyncDecision } from '../model/sync';
import { caseKey } from './local';

// Import in two passes: what the first pass left undecided is sent again with the user's
// decisions. The editor and `tas import --link-existing` report the two passes the same way.

/**
 * The results after a second pass: decided items take their new outcome, everything else keeps
 * what the first pass reported (a second pass sees items it already pushed as unchanged).
 */
export function mergeImportResults(
  first: ImportItemResult[],
  second: ImportItemResult[],
  decisions: Readonly<Record<string, SyncDecision>>,
): ImportItemResult[] {
  const again = new Map(
    second.filter((r) => Object.hasOwn(decisions, caseKey(r.uri, r.index))).map((r) => [caseKey(r.uri, r.index), r]),
  );
  return first.map((r) => again.get(caseKey(r.uri, r.index)) ?? r);
}
