import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import {
  checkAdvice,
  NEXT_STEP_LABEL,
  plainMessage,
  statusLook,
  stepOf,
  urlCheckMessage,
} from '../../client/src/connectionText';
import {
  activeAfter,
  addEnvironment,
  changeBaseUrl,
  EnvironmentEditError,
  nameProblem,
  normalizeBaseUrl,
  parseEnvironments,
  pickerItems,
  removeEnvironment,
  renameEnvironment,
} from '../../client/src/environmentList';
import { EnvironmentSync } from '../../client/src/environmentSync';
import type { ConnectionState } from '../../server/src/core/model/environment';

// The decisions behind Sign In, Select and Manage Environments and the status bar, as plain
// functions: the extension's VS Code parts only show what these return.

const list = [
  { name: 'staging', baseUrl: 'https://staging.example.com' },
  { name: 'prod', baseUrl: 'https://tas.example.com' },
];

/** A send that records what it was given. */
const record =
  <T>(sent: T[]) =>
  (v: T): Promise<void> => {
    sent.push(v);
    return Promise.resolve();
  };

describe('environment sync', () => {
  test('four change events in a row send the environment once', async () => {
    const sent: unknown[] = [];
    const env = { name: 'staging', baseUrl: 'https://staging.example.com', clientId: 'id', clientSecret: 's' };
    const sync = new EnvironmentSync(() => Promise.resolve(env), record(sent));
    await Promise.all([sync.sync(), sync.sync(), sync.sync(), sync.sync()]);
    assert.deepEqual(sent, [env]);
  });

  test('a real change is sent, in order; after a reset (new server) the same value is sent again', async () => {
    const sent: (string | null)[] = [];
    let current: string | null = 'a';
    const sync = new EnvironmentSync(() => Promise.resolve(current), record(sent));
    await sync.sync();
    current = 'b';
    await sync.sync();
    current = null;
    await Promise.all([sync.sync(), sync.sync()]);
    sync.reset();
    await sync.sync();
    assert.deepEqual(sent, ['a', 'b', null, null]);
  });

  test('`always` sends an unchanged value again (a sign-in that changed no setting)', async () => {
    const sent: string[] = [];
    const sync = new EnvironmentSync(() => Promise.resolve('a'), record(sent));
    await sync.sync();
    await sync.sync(true);
    assert.deepEqual(sent, ['a', 'a']);
  });

  test('a failed send is tried again by the next change event', async () => {
    let fail = true;
    const sent: string[] = [];
    const sync = new EnvironmentSync(
      () => Promise.resolve('a'),
      (v) => {
        if (fail) return Promise.reject(new Error('the server is not running'));
        sent.push(v);
        return Promise.resolve();
      },
    );
    await assert.rejects(sync.sync(), /not running/);
    fail = false;
    await sync.sync();
    assert.deepEqual(sent, ['a']);
  });
});

describe('the status bar', () => {
  test('each state looks different, and a click does what the tooltip says', () => {
    const looks = (
      [
        'signedOut',
        'connecting',
        'connected',
        'credentialsRefused',
        'unreachable',
        'notService',
        'insecureHttp',
      ] as ConnectionState[]
    ).map((s) => statusLook(s, 'staging'));
    assert.equal(new Set(looks.map((l) => l.text)).size, looks.length);
    const [signedOut, connecting, connected, refused, unreachable, notService, insecure] = looks;
    assert.deepEqual(signedOut!.command, { id: 'tas.signIn', args: [] });
    assert.match(signedOut!.tooltip, /Click to sign in/);
    assert.equal(connecting!.text, '$(sync~spin) TAS: staging');
    assert.equal(connected!.text, '$(beaker) TAS: staging');
    assert.match(connected!.tooltip, /Click to choose another environment/);
    assert.deepEqual(refused!.command, { id: 'tas.signIn', args: ['staging'] });
    assert.match(refused!.text, /credentials refused/);
    assert.match(refused!.tooltip, /Click to enter them again/);
    assert.deepEqual(unreachable!.command, { id: 'tas.refresh', args: [] });
    assert.match(unreachable!.text, /unreachable/);
    assert.deepEqual(notService!.command, { id: 'tas.manageEnvironments', args: [] });
    assert.match(notService!.text, /not a Test Automation Service/);
    assert.deepEqual(insecure!.command, { id: 'tas.manageEnvironments', args: [] });
    assert.match(insecure!.text, /plain http/);
    assert.deepEqual(
      looks.map((l) => l.warning),
      [false, false, false, true, true, true, true],
    );
  });

  test("the server's explanation goes into the tooltip", () => {
    const look = statusLook('unreachable', 'staging', 'Cannot reach the service at https://x (connection refused).');
    assert.equal(
      look.tooltip,
      'Test Automation Service: Cannot reach the service at https://x (connection refused).\nClick to try again.',
    );
  });
});

describe('sign-in check advice', () => {
  test('the proxy stood in the way: the proxy named and its settings the step, not the URL', () => {
    const detail = 'the proxy http://proxy.example:3128 refused the proxy credentials (HTTP 407)';
    const a = checkAdvice('unreachable', 'lab', 'https://tas.lab.example', detail, 'proxy');
    assert.equal(
      a.message,
      `Not signed in to lab: ${detail}. Check the proxy settings (http.proxy, http.proxyAuthorization) or HTTPS_PROXY, then try again.`,
    );
    assert.deepEqual(a.steps, ['retry']);
  });

  test('a certificate not trusted: the host and authority as the server said them, and how to trust it', () => {
    const detail =
      'the certificate of tas.lab.example is not trusted (UNABLE_TO_GET_ISSUER_CERT_LOCALLY): its authority "CN=Lab Root" is not among the authorities this machine trusts';
    const a = checkAdvice('unreachable', 'lab', 'https://tas.lab.example', detail, 'certificate');
    assert.match(
      a.message,
      /^Not signed in to lab: the certificate of tas\.lab\.example is not trusted .*"CN=Lab Root".*system's trust store/,
    );
    assert.ok(!a.message.includes('Check the URL'));
  });

  test('refused credentials: re-enter them first', () => {
    const a = checkAdvice('credentialsRefused', 'staging', 'https://staging.example.com', 'HTTP 401');
    assert.equal(
      a.message,
      'Not signed in to staging: the service at https://staging.example.com refused the client ID or secret (HTTP 401). Re-enter them, or check that the URL is the right environment.',
    );
    assert.deepEqual(a.steps, ['reenterCredentials', 'changeUrl']);
  });

  test('not a service: change the URL', () => {
    const a = checkAdvice('notService', 'staging', 'https://www.example.com', 'HTTP 404');
    assert.match(
      a.message,
      /^Not signed in to staging: https:\/\/www\.example\.com does not answer like a Test Automation Service \(HTTP 404\)\. Check the URL/,
    );
    assert.deepEqual(a.steps, ['changeUrl']);
  });

  test('unreachable: try again, or change the URL', () => {
    const a = checkAdvice('unreachable', 'staging', 'https://staging.example.com', 'connection refused');
    assert.match(
      a.message,
      /cannot reach https:\/\/staging\.example\.com \(connection refused\)\. Check the URL and the network/,
    );
    assert.deepEqual(a.steps, ['retry', 'changeUrl']);
  });

  test('a changed URL that does not work with the stored credentials: what was found, and a question', () => {
    assert.equal(
      urlCheckMessage('unreachable', 'Lab', 'http://127.0.0.1:9', 'connection refused'),
      "http://127.0.0.1:9 was checked with Lab's stored credentials: it cannot be reached (connection refused). Use this URL for Lab anyway?",
    );
    assert.match(
      urlCheckMessage('credentialsRefused', 'Lab', 'https://prod.example.com', 'HTTP 401'),
      /refused Lab's stored client ID or secret \(HTTP 401\)\. Use this URL/,
    );
    assert.match(
      urlCheckMessage('notService', 'Lab', 'https://www.example.com'),
      /does not answer like a Test Automation Service\. Use this URL/,
    );
  });

  test('buttons map back to their steps; dismissing is no step', () => {
    for (const [step, label] of Object.entries(NEXT_STEP_LABEL)) assert.equal(stepOf(label), step);
    assert.equal(stepOf(undefined), undefined);
  });
});

describe('messages to users', () => {
  test('the JSON-RPC wrapper words are removed', () => {
    assert.equal(
      plainMessage(new Error('Request tas/refresh failed with message: Cannot reach the service.')),
      'Cannot reach the service.',
    );
    assert.equal(
      plainMessage(new Error('Sign in first: Test Automation: Sign In.')),
      'Sign in first: Test Automation: Sign In.',
    );
    assert.doesNotMatch(
      plainMessage(new Error('Request tas/refresh failed unexpectedly without providing any details.')),
      /tas\//,
    );
  });
});

describe('environment list edits', () => {
  test('settings entries that are not environments are ignored', () => {
    assert.deepEqual(parseEnvironments([...list, { name: 3 }, 'x', null]), list);
    assert.deepEqual(parseEnvironments(undefined), []);
  });

  test('add: the URL is stored without a trailing slash or /api/v2; names are unique', () => {
    assert.deepEqual(addEnvironment(list, { name: ' dev ', baseUrl: 'http://127.0.0.1:8080/api/v2/' })[2], {
      name: 'dev',
      baseUrl: 'http://127.0.0.1:8080',
    });
    assert.throws(
      () => addEnvironment(list, { name: 'prod', baseUrl: 'https://x.example.com' }),
      new EnvironmentEditError('That name is taken.'),
    );
    assert.throws(() => addEnvironment(list, { name: 'dev', baseUrl: 'ftp://x' }), /Use an http or https URL/);
    assert.equal(normalizeBaseUrl('https://a.example.com/API/V2'), 'https://a.example.com');
  });

  test('rename keeps the URL and the order; the active name follows', () => {
    assert.deepEqual(renameEnvironment(list, 'staging', 'stage'), [
      { name: 'stage', baseUrl: 'https://staging.example.com' },
      list[1],
    ]);
    assert.throws(() => renameEnvironment(list, 'staging', 'prod'), /That name is taken/);
    assert.throws(() => renameEnvironment(list, 'nope', 'x'), /no environment named nope/);
    assert.equal(nameProblem('staging', list, 'staging'), undefined);
    assert.equal(activeAfter('staging', { renamed: 'staging', to: 'stage' }), 'stage');
    assert.equal(activeAfter('prod', { renamed: 'staging', to: 'stage' }), 'prod');
  });

  test('change URL touches one entry', () => {
    assert.deepEqual(changeBaseUrl(list, 'prod', 'https://new.example.com/'), [
      list[0],
      { name: 'prod', baseUrl: 'https://new.example.com' },
    ]);
    assert.throws(() => changeBaseUrl(list, 'prod', 'not a url'), /Enter a full URL/);
  });

  test('remove drops the entry; removing the active one clears the active setting', () => {
    assert.deepEqual(removeEnvironment(list, 'staging'), [list[1]]);
    assert.equal(activeAfter('staging', { removed: 'staging' }), '');
    assert.equal(activeAfter('prod', { removed: 'staging' }), 'prod');
  });

  test('the edits leave the original list alone', () => {
    const copy = JSON.parse(JSON.stringify(list)) as typeof list;
    renameEnvironment(list, 'staging', 'x');
    changeBaseUrl(list, 'prod', 'https://y.example.com');
    removeEnvironment(list, 'prod');
    assert.deepEqual(list, copy);
  });

  test('the picker shows which environments have credentials and which is active', () => {
    assert.deepEqual(pickerItems(list, 'prod', new Set(['prod'])), [
      {
        label: 'staging',
        description: 'https://staging.example.com',
        detail: '$(circle-slash) no credentials: picking it asks for them',
      },
      { label: 'prod', description: 'https://tas.example.com', detail: '$(key) credentials stored · active' },
    ]);
  });
});
