import { readFileSync } from 'node:fs';

// The core modules under mutation testing (npm run test:mutation), each with the unit tests that
// judge it: only those run against its mutants, one process at a time (the machines are small).
// `mutate`: source files (a `:from-to` line range keeps a large file to the rule that matters);
// `tests`: test/unit files, by name without `.test.ts`.

/**
 * `file:from-to`, from the line holding `first` to the one before the line holding `next`: found
 * anew on every run, so code added above or a new layout cannot move the range off its rule.
 */
function span(file, first, next) {
  const lines = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8').split('\n');
  const from = lines.findIndex((l) => l.includes(first));
  const to = lines.findIndex((l, i) => i > from && l.includes(next));
  if (from < 0 || to < 0) throw new Error(`${file} no longer holds "${first}" followed by "${next}": fix mutation/modules.mjs.`);
  return `${file}:${from + 1}-${to}`;
}

export const MODULES = {
  'sync-decisions': {
    what: 'sync decisions: how a linked case stands (classify) and the two-pass import report',
    mutate: ['server/src/core/sync/classify.ts', 'server/src/core/sync/decisions.ts'],
    tests: ['sync'],
  },
  secrets: {
    what: 'secrets: the one rule, placeholders, masking, scrubbing',
    mutate: ['server/src/core/secrets/rule.ts', 'server/src/core/secrets/secrets.ts', 'server/src/core/secrets/redact.ts', 'server/src/core/secrets/scrub.ts'],
    tests: ['secrets', 'redact', 'scrub', 'scrubValue', 'secretRules'],
  },
  'read-lists': {
    what: 'the lenient reader of answers, lists read whole, paging',
    mutate: ['server/src/core/base/read.ts', 'server/src/core/api/lists.ts', 'server/src/core/api/paging.ts'],
    tests: ['read', 'readers', 'lists', 'paging'],
  },
  retry: {
    what: "the API client's retry and timeout rules",
    // The session's attempts, retries and pauses (run, mayRetry, pause).
    mutate: ['server/src/core/api/retry.ts', span('server/src/core/api/session.ts', 'private async run(', 'private parse(')],
    tests: ['retryRules'],
  },
  validation: {
    what: 'validation: local rules, SIP codes, schema messages',
    mutate: ['server/src/core/validation/localChecks.ts', 'server/src/core/validation/sipCodes.ts', 'server/src/core/validation/schemaMessages.ts'],
    tests: ['localChecks', 'schemas', 'sipCodes', 'schemaMessages'],
  },
  'reference-checks': {
    what: 'live reference checks: devices, trace filters and the case identity against the service',
    mutate: ['server/src/core/liveChecks/referenceChecks.ts'],
    tests: ['references', 'referenceDevices', 'referenceBundles'],
  },
  follower: {
    what: 'the follower: executions and its topics followed on one timer',
    mutate: ['server/src/core/executions/follower.ts'],
    tests: ['follower', 'followerRaces', 'executionFollow'],
  },
};
