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
  'server/src/core/executions/watcher.ts:333 ObjectLiteral': 'equivalent: an id reported gone is a due id, whose entry exists while the generation holds, so the fallback is never used.',
  'server/src/core/executions/watcher.ts:333 OptionalChaining': 'equivalent: as above, the entry exists.',
  'server/src/core/executions/watcher.ts:353 EqualityOperator': 'equivalent: a Retry-After of 0 and none both leave the interval as the pause (max(0, interval)).',
  'server/src/core/executions/watcher.ts:49 ArrowFunction': 'not killed by unit tests: the default option is the hosts\' (the unit tests pass their own); the server layer uses it.',
  'server/src/core/executions/watcher.ts:49 ArrayDeclaration': 'not killed by unit tests: as above.',
  'server/src/core/executions/watcher.ts:53 ArrowFunction': 'not killed by unit tests: the real clock is the hosts\'; the unit tests inject a fake one by design.',
  'server/src/core/executions/watcher.ts:54 ArrowFunction': 'not killed by unit tests: the real timers are the hosts\'; the unit tests inject fake ones by design.',
  'server/src/core/executions/watcher.ts:55 ArrowFunction': 'not killed by unit tests: as above.',
};
