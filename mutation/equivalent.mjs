// Survivors of mutation testing left on purpose, keyed `file:line Mutator` as docs/mutation.md
// lists them, with the reason no test can (or should) tell the mutant from the original.
export const EQUIVALENT = {
  'server/src/core/sync/classify.ts:17 ConditionalExpression':
    'equivalent: with no base and local differing from service (the line before), both sides count as changed against an undefined base, which is the same conflict.',
  'server/src/core/api/retry.ts:26 MethodExpression': 'equivalent: Number() ignores white space around digits, so the second trim() changes nothing (the first one is tested).',
  'server/src/core/api/retry.ts:43 ObjectLiteral': 'equivalent: a signal aborts at most once, and the listener is removed when the timer fires first, so { once: true } changes nothing observable.',
  'server/src/core/api/retry.ts:43 BooleanLiteral': 'equivalent: as above, once: false leaves a listener that can never fire twice.',
  'server/src/core/api/session.ts:213 ConditionalExpression': 'equivalent: undici hands over no final status below 200 (1xx answers are interim), so status >= 200 always holds here.',
  'server/src/core/api/session.ts:222 ConditionalExpression': 'equivalent where it survives: !ok made true, since a 404 is never ok.',
  'server/src/core/api/session.ts:225 ObjectLiteral': 'equivalent: call() gives its caller the body only; the status and headers of this made-up answer are read by nobody.',
  'server/src/core/executions/watcher.ts:105 AssignmentOperator': 'equivalent: the generation is only compared for equality; counting down changes it as surely as counting up.',
  'server/src/core/executions/watcher.ts:138 ConditionalExpression': 'equivalent: observing no readings changes nothing and sets the same timer again.',
  'server/src/core/executions/watcher.ts:138 EqualityOperator': 'equivalent: as above, observe([]) is a no-op.',
  'server/src/core/executions/watcher.ts:141 ConditionalExpression': 'equivalent: an entry whose reading is final is pruned as soon as it is read, so none is left to skip.',
  'server/src/core/executions/watcher.ts:141 OptionalChaining': 'equivalent: as above; and an entry without a reading is never final.',
  'server/src/core/executions/watcher.ts:205 ConditionalExpression': 'equivalent: clearing a timer that is not there does nothing.',
  'server/src/core/executions/watcher.ts:227 ConditionalExpression': 'equivalent: clearing a timer that is not there does nothing.',
  'server/src/core/executions/watcher.ts:333 ObjectLiteral': 'equivalent: the fallback (for an execution dropped while its read waited) holds only the id, which the same literal sets again right after it.',
  'server/src/core/executions/watcher.ts:353 EqualityOperator': 'equivalent: a Retry-After of 0 and none both leave the interval as the pause (max(0, interval)).',
  'server/src/core/executions/watcher.ts:49 ArrowFunction': 'equivalent: summarizeExecution() reads an undefined list of extra final states as none, the same as [].',
  'server/src/core/executions/watcher.ts:49 ArrayDeclaration': 'not killed by unit tests: only a state named "Stryker was here" would tell it apart; the hosts pass the setting\'s list, the unit tests their own.',
  'server/src/core/executions/watcher.ts:242 ConditionalExpression': 'equivalent: the timer that starts a poll is only set while a source is set, and unsetting the source clears it, so a poll never starts without one.',
  'server/src/core/executions/watcher.ts:262 ConditionalExpression': 'equivalent: reschedule() sets the timer from the current due times only, so an old poll calling it once more sets the same timer (or none while the new poll runs).',
  'server/src/core/executions/watcher.ts:268 ConditionalExpression': 'equivalent: poll() checked the same field just before, with no await between.',
  'server/src/core/executions/watcher.ts:270 ConditionalExpression': 'equivalent: with nothing due, nothing is read and apply() of empty lists changes nothing.',
  'server/src/core/executions/watcher.ts:271 ArrayDeclaration': 'equivalent: a reading without an id matches no followed entry, and apply() passes over readings without one.',
  'server/src/core/executions/watcher.ts:328 ArithmeticOperator': 'equivalent: a next time in the past is set again to now + interval by the due-but-not-read rule of line 340 (whose mutants the tests kill), so the result is the same.',
  'server/src/core/executions/watcher.ts:348 ConditionalExpression':
    'equivalent: anything thrown but an object whose kind is notFound ends in the failed-poll path either way; the mutants only turn a thrown non-object into a TypeError thrown to the same place, which carries no Retry-After either.',
  'server/src/core/executions/watcher.ts:348 LogicalOperator': 'equivalent: as above.',
  'server/src/core/executions/watcher.ts:352 ConditionalExpression':
    "equivalent where it survives ('retryAfterMs' in err made true): a missing field reads as undefined, the same as no Retry-After (the null case is killed).",
  'server/src/core/executions/watcher.ts:353 ConditionalExpression': 'equivalent: v > 0 made true passes a Retry-After of 0 or less on, and every pause (executions and topics) is the larger of it and the interval.',
  'server/src/core/executions/watcher.ts:53 ArrowFunction': 'not killed by unit tests: the real clock is the hosts\'; the unit tests inject a fake one by design.',
  'server/src/core/executions/watcher.ts:54 ArrowFunction': 'not killed by unit tests: the real timers are the hosts\'; the unit tests inject fake ones by design.',
  'server/src/core/executions/watcher.ts:55 ArrowFunction': 'not killed by unit tests: as above.',
};
