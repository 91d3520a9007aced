// How long after a keystroke a document is validated again. A fixed debounce made every edit wait
// 200 ms, while a file of some hundred KB validates in well under a millisecond. So the delay
// follows what the document's last validation cost: none while that is cheap, and about that cost
// once it is not, so that fast typing in a large file does not queue one validation per key. The
// user's setting stays the upper bound.

/** A validation cheaper than this (ms) runs at once after each edit. */
export const CHEAP_VALIDATION_MS = 30;

/**
 * The delay in ms before validating after an edit, given what the last validation of the
 * document cost (undefined: never validated) and the setting `tas.validation.debounceMs`.
 */
export function validationDelay(lastCostMs: number | undefined, maxDelayMs: number): number {
  if (lastCostMs === undefined || lastCostMs < CHEAP_VALIDATION_MS) return 0;
  return Math.max(0, Math.min(maxDelayMs, Math.ceil(lastCostMs)));
}
