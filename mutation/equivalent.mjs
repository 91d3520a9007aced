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
};
