// Survivors of mutation testing left on purpose, keyed `file:line Mutator` as docs/mutation.md
// lists them, with the reason no test can (or should) tell the mutant from the original.
export const EQUIVALENT = {
  'server/src/core/sync/classify.ts:17 ConditionalExpression':
    'equivalent: with no base and local differing from service (the line before), both sides count as changed against an undefined base, which is the same conflict.',
  'server/src/core/api/retry.ts:26 MethodExpression': 'equivalent: Number() ignores white space around digits, so the second trim() changes nothing (the first one is tested).',
  'server/src/core/api/retry.ts:43 ObjectLiteral': 'equivalent: a signal aborts at most once, and the listener is removed when the timer fires first, so { once: true } changes nothing observable.',
  'server/src/core/api/retry.ts:43 BooleanLiteral': 'equivalent: as above, once: false leaves a listener that can never fire twice.',
  'server/src/core/api/session.ts:238 ConditionalExpression': 'equivalent: undici hands over no final status below 200 (1xx answers are interim), so status >= 200 always holds here.',
  'server/src/core/api/session.ts:250 ObjectLiteral': 'equivalent: call() gives its caller the body only; the status and headers of this made-up answer are read by nobody.',
  'server/src/core/executions/follower.ts:109 AssignmentOperator': 'equivalent: the generation is only compared for equality; counting down changes it as surely as counting up.',
  'server/src/core/executions/follower.ts:150 ConditionalExpression': 'equivalent: observing no readings changes nothing and sets the same timer again.',
  'server/src/core/executions/follower.ts:150 EqualityOperator': 'equivalent: as above, observe([]) is a no-op.',
  'server/src/core/executions/follower.ts:153 ConditionalExpression': 'equivalent: an entry whose reading is final is pruned as soon as it is read, so none is left to skip.',
  'server/src/core/executions/follower.ts:153 OptionalChaining': 'equivalent: as above; and an entry without a reading is never final.',
  'server/src/core/executions/follower.ts:219 ConditionalExpression': 'equivalent: clearing a timer that is not there does nothing.',
  'server/src/core/executions/follower.ts:241 ConditionalExpression': 'equivalent: clearing a timer that is not there does nothing.',
  'server/src/core/executions/follower.ts:352 ObjectLiteral': 'equivalent: the fallback (for an execution dropped while its read waited) holds only the id, which the same literal sets again right after it.',
  'server/src/core/executions/follower.ts:373 EqualityOperator': 'equivalent: a Retry-After of 0 and none both leave the interval as the pause (max(0, interval)).',
  'server/src/core/executions/follower.ts:49 ArrowFunction': 'equivalent: summarizeExecution() reads an undefined list of extra final states as none, the same as [].',
  'server/src/core/executions/follower.ts:49 ArrayDeclaration': 'not killed by unit tests: only a state named "Stryker was here" would tell it apart; the hosts pass the setting\'s list, the unit tests their own.',
  'server/src/core/executions/follower.ts:256 ConditionalExpression': 'equivalent: the timer that starts a poll is only set while a source is set, and unsetting the source clears it, so a poll never starts without one.',
  'server/src/core/executions/follower.ts:276 ConditionalExpression': 'equivalent: reschedule() sets the timer from the current due times only, so an old poll calling it once more sets the same timer (or none while the new poll runs).',
  'server/src/core/executions/follower.ts:282 ConditionalExpression': 'equivalent: poll() checked the same field just before, with no await between.',
  'server/src/core/executions/follower.ts:284 ConditionalExpression': 'equivalent: with nothing due, nothing is read and apply() of empty lists changes nothing.',
  'server/src/core/executions/follower.ts:285 ArrayDeclaration': 'equivalent: a reading without an id matches no followed entry, and apply() passes over readings without one.',
  'server/src/core/executions/follower.ts:347 ArithmeticOperator': 'equivalent: a next time in the past is set again to now + interval by the due-but-not-read rule of line 342 (whose mutants the tests kill), so the result is the same.',
  'server/src/core/executions/follower.ts:368 ConditionalExpression':
    'equivalent: anything thrown but an object whose kind is notFound ends in the failed-poll path either way; the mutants only turn a thrown non-object into a TypeError thrown to the same place, which carries no Retry-After either.',
  'server/src/core/executions/follower.ts:368 LogicalOperator': 'equivalent: as above.',
  'server/src/core/executions/follower.ts:373 ConditionalExpression': 'equivalent: v > 0 made true passes a Retry-After of 0 or less on, and every pause (executions and topics) is the larger of it and the interval.',
  'server/src/core/executions/follower.ts:53 ArrowFunction': 'not killed by unit tests: the real clock is the hosts\'; the unit tests inject a fake one by design.',
  'server/src/core/executions/follower.ts:54 ArrowFunction': 'not killed by unit tests: the real timers are the hosts\'; the unit tests inject fake ones by design.',
  'server/src/core/executions/follower.ts:55 ArrowFunction': 'not killed by unit tests: as above.',
  'server/src/core/secrets/redact.ts:23 ObjectLiteral':
    'equivalent: every field of the root frame is read as false or undefined, which an empty object gives too (its index is used only in arrays).',
  'server/src/core/secrets/redact.ts:41 ConditionalExpression':
    'equivalent where it survives (key !== undefined made true): isSecretMember() of an undefined key is false.',
  'server/src/core/secrets/redact.ts:43 ConditionalExpression': 'equivalent: splicing in a replacement equal to the literal writes the same text.',
  'server/src/core/secrets/redact.ts:49 ConditionalExpression': 'equivalent: as line 41, isSecretMember() of an undefined key is false.',
  'server/src/core/secrets/redact.ts:50 ConditionalExpression':
    'equivalent: an array read as an object keys its elements by nothing instead of their index, and no element is a secret by its position (isSecretMember of a number is false); in JSON text no key stands in an array.',
  'server/src/core/secrets/redact.ts:50 StringLiteral': "equivalent: as above (c === '' is never true, so arrays are read as objects).",
  'server/src/core/secrets/redact.ts:53 ConditionalExpression':
    "equivalent: an array element's index only feeds isSecretMember(), which is false for every number, as for undefined.",
  'server/src/core/secrets/redact.ts:53 UpdateOperator': "equivalent: as above, the index is never a secret's key whatever its value.",
  'server/src/core/secrets/redact.ts:69 ConditionalExpression':
    'equivalent: the fast path only; a string without an escaped quote holds no JSON string, so masking its content finds nothing and the literal is kept.',
  'server/src/core/secrets/redact.ts:69 StringLiteral':
    "equivalent: as above (includes('') is always true, so every string takes the slow path with the same result).",
  'server/src/core/secrets/scrub.ts:10 StringLiteral':
    "equivalent where it survives ('utf8' emptied): Buffer.from() reads an empty encoding name as utf8, its default.",
  'server/src/core/secrets/scrub.ts:11 StringLiteral': 'equivalent: as above.',
  'server/src/core/secrets/scrub.ts:12 Regex': "equivalent: base64 has '=' only as padding at its end, so the first run of '=' is the last.",
  'server/src/core/secrets/scrub.ts:41 MethodExpression':
    'equivalent: no form of a non-empty secret is empty, and empty secrets are skipped where forms are made (scrubText, SecretScrubber.add and addCredentials).',
  'server/src/core/secrets/scrub.ts:41 ConditionalExpression': 'equivalent: as above.',
  'server/src/core/secrets/scrub.ts:41 StringLiteral': 'equivalent: as above.',
  'server/src/core/secrets/scrub.ts:50 ArrayDeclaration':
    "not killed: only a text holding the words 'Stryker was here' tells it apart (they would be scrubbed as a secret).",
  'server/src/core/secrets/scrub.ts:51 ConditionalExpression': 'equivalent: the forms of an empty secret are all empty, and formsPattern() drops empty forms.',
  'server/src/core/secrets/scrub.ts:91 ConditionalExpression':
    'equivalent where it survives (key !== undefined made true): isSecretMember() of an undefined key is false, as in redact.ts.',
  'server/src/core/secrets/scrub.ts:104 ConditionalExpression':
    'equivalent: the pattern is only a cache of the forms; building it again from the same forms gives the same pattern.',
  'server/src/core/secrets/secrets.ts:53 ConditionalExpression':
    'equivalent: a child that is not an object (or null) is pushed and dropped when popped (line 46), having yielded nothing.',
  'server/src/core/secrets/secrets.ts:53 LogicalOperator': 'equivalent: as above, null is dropped when popped.',
  'server/src/core/secrets/secrets.ts:109 ConditionalExpression':
    'equivalent where it survives (one operand made true): the paths compared share their prefix, so the keys at the first difference sit in the same container and are both numbers or both text.',
  'server/src/core/secrets/secrets.ts:110 EqualityOperator':
    'equivalent: the keys compared differ (equal ones were skipped) and are of one type, so their texts are never equal.',
  'server/src/core/secrets/secrets.ts:126 ConditionalExpression': 'equivalent: valueAt() of an undefined service is undefined too.',
  'server/src/core/api/lists.ts:96 ConditionalExpression':
    'equivalent where it survives (size !== undefined made true): undefined > 0 is false, so an absent size is still not declared.',
  'server/src/core/api/lists.ts:108 ConditionalExpression':
    'equivalent: with no totalElements, count < undefined is false, the same as the return false after it.',
  'server/src/core/api/lists.ts:135 MethodExpression':
    'equivalent: ids are looked up only when defined (the filter of the next pages), so an undefined in the set is never asked for.',
  'server/src/core/api/lists.ts:135 ConditionalExpression': 'equivalent: as above.',
  'server/src/core/api/lists.ts:227 ConditionalExpression':
    'equivalent where it survives (cut.total !== undefined made true): undefined > n is false, so no total is said, as before.',
  'server/src/core/base/read.ts:35 ConditionalExpression':
    "equivalent where it survives (typeof v === 'number' made true): Number.isInteger() is false for anything but a number, so the text branch reads the rest as before.",
  'server/src/core/base/read.ts:39 ConditionalExpression': 'equivalent where it survives: Number.isFinite() is false for anything but a number (no coercion).',
  'server/src/core/base/read.ts:43 ConditionalExpression': 'equivalent where it survives: as above.',
  'server/src/core/base/read.ts:54 ConditionalExpression': 'equivalent where it survives: as above, a text goes on to the Date.parse branch.',
  'server/src/core/base/read.ts:91 LogicalOperator':
    'equivalent: a record read from JSON holds no NaN or Infinity, and Number.isFinite() is false for anything but a number.',
  'server/src/core/base/read.ts:91 ConditionalExpression': 'equivalent: as above.',
  'server/src/core/base/read.ts:131 ConditionalExpression':
    "equivalent: an item whose id already is that whole number is copied with the same members; no reader compares a record with the answer's item or changes either (mendText copies before it mends).",
  'server/src/core/base/read.ts:131 StringLiteral':
    "not killed: item[''] is not the id, so the copy is made as above, unless an item holds a member named \"\" equal to its id's number (then a digit-string id would stay text); no record of the interface has one.",
  'server/src/core/api/paging.ts:22 ConditionalExpression':
    "equivalent where it survives (typeof item === 'object' made true): a primitive has no id property, and null is still caught by item !== null.",
  'server/src/core/api/paging.ts:24 ConditionalExpression':
    'equivalent where it survives (page > 0, or id !== undefined, made true): on page 0 nothing has been seen, so no page of items is all seen; undefined is never added to the seen ids.',
  'server/src/core/api/paging.ts:24 EqualityOperator': 'equivalent: as above, on page 0 the seen set is empty.',
  'server/src/core/api/paging.ts:33 ConditionalExpression': 'equivalent: undefined in the seen set is never asked for (ids are checked defined first).',
  'server/src/core/api/paging.ts:37 ConditionalExpression': 'equivalent: without maxPages, page + 1 >= undefined is false.',
  'server/src/core/validation/localChecks.ts:38 EqualityOperator':
    'equivalent: one step past the end reads undefined, which is no text, record or list, so nothing is counted or walked.',
  'server/src/core/validation/localChecks.ts:43 ArrayDeclaration': 'equivalent: outside a test case no secret is recorded, and the path only places secrets.',
  'server/src/core/validation/localChecks.ts:58 EqualityOperator': 'equivalent: filters[length] is undefined, no record, so it has no codes to check.',
  'server/src/core/validation/localChecks.ts:110 ConditionalExpression':
    'equivalent: nameInfo() caches an answer that depends on the name only; computing it again gives the same.',
  'server/src/core/validation/localChecks.ts:111 ConditionalExpression':
    "not killed: the bound only limits the cache's memory (a file of 50,000 unknown keys); clearing it sooner, later or never gives every answer the same.",
  'server/src/core/validation/localChecks.ts:111 EqualityOperator': 'not killed: as above, when the cache is cleared changes no answer.',
  'server/src/core/validation/localChecks.ts:125 ArrayDeclaration': 'equivalent: every walk sets the path before it is read.',
  'server/src/core/validation/localChecks.ts:126 ArrayDeclaration': 'equivalent: each test case sets the secrets list before it is read.',
  'server/src/core/validation/localChecks.ts:151 EqualityOperator': 'equivalent: one step past the end reads undefined, which is no text or container.',
  'server/src/core/validation/sipCodes.ts:56 ConditionalExpression':
    "equivalent: for an empty entry indexOf('') and indexOf(part) are both 0 (a blank part starts where it is).",
  'server/src/core/validation/sipCodes.ts:56 StringLiteral':
    'equivalent: as above, the code is never that text, so indexOf(code) runs, which is the same for an empty code.',
  'server/src/core/validation/schemaMessages.ts:78 BooleanLiteral':
    'equivalent: closest() caches the answer of a pure function; taking the cache or not gives the same answer.',
  'server/src/core/validation/schemaMessages.ts:78 ConditionalExpression': 'equivalent: as above.',
  'server/src/core/validation/schemaMessages.ts:80 ConditionalExpression': 'equivalent: as above, computing the answer again gives the same.',
  'server/src/core/validation/schemaMessages.ts:81 ConditionalExpression': 'equivalent: as above, a fresh cache only computes again.',
  'server/src/core/validation/schemaMessages.ts:82 ConditionalExpression':
    "not killed: the bound only limits the cache's memory; when it is cleared changes no answer.",
  'server/src/core/validation/schemaMessages.ts:82 EqualityOperator': 'not killed: as above.',
  'server/src/core/validation/schemaMessages.ts:98 ConditionalExpression':
    'equivalent: best is undefined only when there are no candidates, and then bestD is Infinity, which no limit reaches.',
  'server/src/core/validation/localChecks.ts:47 ConditionalExpression': 'equivalent: visiting a number, boolean or null at the root walks no keys and finds nothing.',
  'server/src/core/validation/localChecks.ts:48 ArrayDeclaration': 'equivalent: outside a test case no secret is recorded, and the path only places secrets.',
  'server/src/core/liveChecks/referenceChecks.ts:31 ConditionalExpression': "equivalent: path[0] is a number for a bundle's items and absent for a single test case, so the guard changes no index passed.",
  'server/src/core/liveChecks/referenceChecks.ts:85 ConditionalExpression': 'equivalent: the choices are a cache of a pure answer per device list and hint; a fresh cache computes the same.',
  'server/src/core/liveChecks/referenceChecks.ts:88 ConditionalExpression': 'equivalent: as above, computing the choices again gives the same.',
  'server/src/core/liveChecks/referenceChecks.ts:121 ConditionalExpression': 'equivalent where it survives (id !== undefined made true): a hint kept under no id is never asked for (steps are looked up by their id).',
  'server/src/core/liveChecks/referenceChecks.ts:162 ConditionalExpression': 'equivalent: byName.get(undefined) is undefined, the same as the return after it.',
  'server/src/core/liveChecks/referenceChecks.ts:233 ConditionalExpression': 'equivalent where it survives (name !== undefined made true): no test case is listed under an undefined name.',
  'server/src/core/liveChecks/referenceChecks.ts:256 ConditionalExpression': 'equivalent: the name index is a cache per test case list; building it again gives the same index.',
  'server/src/core/liveChecks/referenceChecks.ts:351 ConditionalExpression': 'equivalent: as line 31, the guard changes no index passed.',
  'server/src/core/secrets/secrets.ts:46 ConditionalExpression':
    "equivalent where it survives (typeof value !== 'object' made false; null is still skipped): only the root can be no object, and a text or number root yields only its characters keyed by position, none a secret member or a placeholder.",
  'server/src/core/validation/schemaMessages.ts:20 StringLiteral': "equivalent where it survives (includes(',') made includes('')): one type split at commas is itself, so both branches give the same words.",
};
