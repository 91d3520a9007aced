// The core modules under mutation testing (npm run test:mutation), each with the unit tests that
// judge it: only those run against its mutants, one process at a time (the machines are small).
// `mutate`: source files (a `:from-to` line range keeps a large file to the rule that matters);
// `tests`: test/unit files, by name without `.test.ts`.
export const MODULES = {
  'sync-decisions': {
    what: 'sync decisions: how a linked case stands (classify) and the two-pass import report',
    mutate: ['server/src/core/sync/classify.ts', 'server/src/core/sync/decisions.ts'],
    tests: ['sync'],
  },
  secrets: {
    what: 'secrets: the one rule, placeholders, masking, scrubbing',
    mutate: ['server/src/core/secrets/rule.ts', 'server/src/core/secrets/secrets.ts', 'server/src/core/secrets/redact.ts', 'server/src/core/secrets/scrub.ts'],
    tests: ['secrets', 'redact', 'scrub', 'secretRules'],
  },
  'read-lists': {
    what: 'the lenient reader of answers, lists read whole, paging',
    mutate: ['server/src/core/base/read.ts', 'server/src/core/api/lists.ts', 'server/src/core/api/paging.ts'],
    tests: ['read', 'readers', 'lists', 'paging'],
  },
  retry: {
    what: "the API client's retry and timeout rules",
    mutate: ['server/src/core/api/retry.ts', 'server/src/core/api/session.ts:176-252'],
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
