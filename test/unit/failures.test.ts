import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { ApiError, type ApiErrorKind } from '../../server/src/core/api/errors';
import { OPERATIONS } from '../../server/src/core/api/operations';
import { failureOf, NotSignedInError, WordedFailure } from '../../server/src/core/failures/classify';
import { listWords, projectHeldWords, suiteHeldWords, traceFilterHeldWords } from '../../server/src/core/failures/held';
import { describeFailure, recordWords, serviceFailure, signedOut } from '../../server/src/core/failures/failures';
import { EDITOR_WORDS } from '../../server/src/host/words';
import { TERMINAL_WORDS } from '../../cli/src/words';

// The one failure classification and the one table that words it: the token request's rules,
// lost answers, and that the editor and a terminal differ only in their next steps.

const TOKEN = OPERATIONS.requestToken.path;
const api = (kind: ApiErrorKind, status?: number, path = '/api/v2/mobiledevices/5', serviceMessage?: string) =>
  new ApiError({
    kind,
    method: 'GET',
    path,
    ...(status !== undefined && { status }),
    ...(serviceMessage !== undefined && { serviceMessage }),
  });

describe('failureOf', () => {
  test('the token request: 400/422 are refused credentials, a 404 or another 4xx is not the service', () => {
    assert.equal(failureOf(api('invalidRequest', 400, TOKEN)).kind, 'unauthorized');
    assert.equal(failureOf(api('invalidRequest', 422, TOKEN)).kind, 'unauthorized');
    assert.equal(failureOf(api('invalidRequest', 405, TOKEN)).kind, 'notService');
    assert.equal(failureOf(api('notFound', 404, TOKEN)).kind, 'notService');
    assert.equal(failureOf(api('notFound', 404)).kind, 'notFound');
    assert.equal(failureOf(api('invalidRequest', 400)).kind, 'invalidRequest');
  });

  test("a short plain cause, and what is not the service's failure", () => {
    assert.equal(
      failureOf(api('network', undefined, '/x', 'connection refused: is the base URL right?')).detail,
      'connection refused',
    );
    assert.equal(failureOf(api('unavailable', 503)).detail, 'HTTP 503, the service had a problem');
    assert.deepEqual(failureOf(new Error('disk full')), { kind: 'internal', detail: 'disk full' });
    assert.equal(failureOf(new NotSignedInError()).kind, 'signedOut');
  });
});

describe('describeFailure', () => {
  test('a lost answer: may have started, may have changed, or did not answer', () => {
    const lost = api('network', undefined, '/x', 'connection refused');
    assert.equal(
      describeFailure(lost, { action: 'run test case 3', starts: true }, EDITOR_WORDS).kind,
      'mayHaveStarted',
    );
    assert.equal(
      describeFailure(lost, { action: 'create project "A"', lost: 'it may have been created.' }, EDITOR_WORDS).kind,
      'mayHaveChanged',
    );
    assert.deepEqual(describeFailure(lost, { action: 'read the executions' }, EDITOR_WORDS), {
      kind: 'network',
      message:
        'Could not read the executions: the service did not answer (connection refused). Check the URL and the network, then try again.',
    });
  });

  test('the editor and a terminal differ in the next steps only', () => {
    const refused = api('unauthorized', 401);
    assert.equal(
      describeFailure(refused, { action: 'list devices' }, EDITOR_WORDS).message,
      'Could not list devices: the service refused the client ID or secret. Enter them again: Test Automation: Sign In.',
    );
    assert.equal(
      describeFailure(refused, { action: 'list devices' }, TERMINAL_WORDS).message,
      'Could not list devices: the service refused the client ID or secret. Check TAS_CLIENT_ID and TAS_CLIENT_SECRET, or run tas login again.',
    );
    const started = api('timeout', undefined, '/x', 'no answer within 30000 ms');
    assert.match(
      describeFailure(started, { action: 'execute test suite 1', starts: true }, EDITOR_WORDS).message,
      /Check Executions before trying again\.$/,
    );
    assert.match(
      describeFailure(started, { action: 'execute test suite 1', starts: true }, TERMINAL_WORDS).message,
      /Check tas executions before trying again\.$/,
    );
  });

  test('a failure already in words is kept; an action may word its own 409 and 404', () => {
    const worded = { kind: 'notLinked', message: 'Not on the service yet.' };
    assert.equal(describeFailure(new WordedFailure(worded), { action: 'x' }, EDITOR_WORDS), worded);
    assert.equal(
      describeFailure(api('conflict', 409), { action: 'delete suite 1', conflict: 'it is running.' }, EDITOR_WORDS)
        .message,
      'The service refused to delete suite 1: it is running.',
    );
    assert.equal(
      describeFailure(
        api('notFound', 404),
        { action: 'open test case 9', notFound: 'it does not exist on the service at http://x.' },
        EDITOR_WORDS,
      ).message,
      'Could not open test case 9: it does not exist on the service at http://x.',
    );
  });

  test('a record shown and gone (404) is said by its name, with what became of it; no "Refresh the view" is left to do', () => {
    const record = { kind: 'traceFilter' as const, id: 7, name: 'Ghost filter' };
    assert.deepEqual(
      describeFailure(api('notFound', 404), { action: 'delete trace filter "Ghost filter"', record }, EDITOR_WORDS),
      {
        kind: 'notFound',
        message: 'Trace filter "Ghost filter" was deleted on the service; it has left the views.',
      },
    );
    assert.equal(
      describeFailure(api('notFound', 404), { action: 'x', record: { kind: 'execution', id: 12 } }, EDITOR_WORDS)
        .message,
      'Execution 12 was deleted on the service; it has left the views.',
    );
    assert.equal(
      describeFailure(api('notFound', 404), { action: 'x', record }, TERMINAL_WORDS).message,
      'Trace filter "Ghost filter" was deleted on the service; it is no longer there.',
    );
    assert.equal(
      recordWords({ kind: 'deviceToken', id: 4, name: '  Token 4 of Pixel ' }),
      'device token "Token 4 of Pixel"',
    );
    assert.equal(recordWords({ kind: 'project', id: 3, name: ' ' }), 'project 3');
    assert.doesNotMatch(
      describeFailure(api('notFound', 404), { action: 'rename project 3' }, EDITOR_WORDS).message,
      /Refresh/,
    );
    // Its own words for a 404 win: the record is then not what was missing.
    assert.match(
      describeFailure(
        api('notFound', 404),
        { action: 'x', record, notFound: 'the device it names is gone.' },
        EDITOR_WORDS,
      ).message,
      /^Could not x: the device it names is gone\.$/,
    );
  });

  test('one wording of "not signed in" per host', () => {
    assert.deepEqual(signedOut(EDITOR_WORDS), {
      kind: 'signedOut',
      message: 'No service credentials are set. Run Test Automation: Sign In.',
    });
    assert.match(signedOut(TERMINAL_WORDS).message, /^No service credentials are set\. Run tas login .*TAS_BASE_URL/);
    assert.deepEqual(
      describeFailure(new NotSignedInError(), { action: 'import the files' }, EDITOR_WORDS),
      signedOut(EDITOR_WORDS),
    );
  });
});

describe('serviceFailure', () => {
  test('three states a user can act on, each with its next step', () => {
    const url = 'https://tas.example.com';
    assert.deepEqual(serviceFailure(api('unauthorized', 401, TOKEN), url, EDITOR_WORDS), {
      state: 'credentialsRefused',
      detail: 'HTTP 401',
      message:
        'The service at https://tas.example.com refused the client ID or secret (HTTP 401). Enter them again: Test Automation: Sign In.',
    });
    assert.equal(serviceFailure(api('notFound', 404), url, EDITOR_WORDS).state, 'notService');
    assert.equal(
      serviceFailure(api('invalidResponse', 200, '/x', 'the body is not JSON'), url, EDITOR_WORDS).detail,
      'the answer is not JSON',
    );
    assert.equal(
      serviceFailure(api('rateLimited', 429), url, TERMINAL_WORDS).message,
      'Cannot reach the service at https://tas.example.com (HTTP 429, the service is limiting requests). Check TAS_BASE_URL and the network, then try again.',
    );
  });
});

describe('refused deletes name what holds the record', () => {
  test('a trace filter, a suite, a project: the holders by name, at most five, and the next step', () => {
    assert.equal(
      traceFilterHeldWords('trace filter "SIP"', ['Call'], ''),
      'The service refused to delete trace filter "SIP": test case "Call" still uses it (traceFilters). Remove it from that test case, then delete it again.',
    );
    assert.match(
      traceFilterHeldWords('trace filter "SIP"', ['A', 'B', 'C', 'D', 'E', 'F', 'G'], ''),
      /test cases "A", "B", "C", "D", "E" and 2 more still use it/,
    );
    assert.equal(
      suiteHeldWords('test suite "Nightly"', [12]),
      'The service refused to delete test suite "Nightly": execution 12 of it is still queued or running. Cancel it (Cancel Test Suite) or wait for it to end, then delete it again.',
    );
    assert.equal(
      projectHeldWords('project "Voice"', ['test case "Call"', 'device "Pixel"']),
      'The service refused to delete project "Voice": test case "Call" and device "Pixel" are still assigned to it. Remove them with Assign to Projects..., then delete the project.',
    );
    assert.equal(listWords(['a', 'b', 'c']), 'a, b and c');
  });
});
