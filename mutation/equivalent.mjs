// Survivors of mutation testing left on purpose, keyed `file:line Mutator` as docs/mutation.md
// lists them, with the reason no test can (or should) tell the mutant from the original.
export const EQUIVALENT = {
  'server/src/core/sync/classify.ts:17 ConditionalExpression':
    'equivalent: with no base and local differing from service (the line before), both sides count as changed against an undefined base, which is the same conflict.',
};
