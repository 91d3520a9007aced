import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { isSecretKey } from '../../server/src/core/secrets/rule';
import {
  SECRET_PLACEHOLDER,
  formatPath,
  maskSecrets,
  placeholderPaths,
  restorePlaceholders,
  secretPaths,
} from '../../server/src/core/secrets/secrets';

const bundleItem = () => ({
  name: 'Call the billing API',
  testStepList: [
    { function: 'HTTP_CALL', params: { apiClientId: 4, password: 'hunter2', textRegex: '^ok', token: '${env.TOKEN}' } },
  ],
  apiClients: [
    {
      id: 4,
      name: 'Billing',
      username: 'svc-billing',
      password: 's3cret',
      authParams: { client_secret: 'abc', audience: 'billing', signingKey: 'k' },
      headerParams: { 'X-Api-Key': 'k-123', Accept: 'application/json' },
      tokenEndpointForOAuth2: 'https://auth.example/token',
    },
  ],
});

describe('secrets in local files', () => {
  test('secret names, whatever their case and separators', () => {
    for (const k of [
      'password',
      'Password',
      'X-Api-Key',
      'api_key',
      'apiKey',
      'Authorization',
      'client_secret',
      'dbPassword',
      'accessToken',
      'deviceTokenValue',
    ]) {
      assert.ok(isSecretKey(k), k);
    }
    for (const k of ['username', 'tokenEndpointForOAuth2', 'textRegex', 'target', 'audience', 'passwordPolicy'])
      assert.ok(!isSecretKey(k), k);
  });

  test('finds passwords, every auth parameter and secret headers; not variables or empty values', () => {
    const paths = secretPaths(bundleItem()).map(formatPath);
    assert.deepEqual(paths, [
      'apiClients[0].authParams.client_secret',
      'apiClients[0].authParams.signingKey',
      'apiClients[0].headerParams.X-Api-Key',
      'apiClients[0].password',
      'testStepList[0].params.password',
    ]);
    assert.deepEqual(secretPaths({ password: '' }), []);
  });

  test('masking replaces each secret by the placeholder and leaves the input alone', () => {
    const item = bundleItem();
    const { value, replaced } = maskSecrets(item);
    assert.equal(replaced, 5);
    assert.equal(value.apiClients[0]!.password, SECRET_PLACEHOLDER);
    assert.equal(value.apiClients[0]!.headerParams.Accept, 'application/json');
    assert.equal(value.apiClients[0]!.username, 'svc-billing');
    assert.equal(item.apiClients[0]!.password, 's3cret');
    assert.deepEqual(secretPaths(value), []);
    assert.equal(placeholderPaths(value).length, 5);
  });

  test('placeholders take the service value back, or are reported unresolved', () => {
    const local = { testStepList: [{ params: { password: SECRET_PLACEHOLDER, pin: SECRET_PLACEHOLDER } }] };
    const service = { testStepList: [{ params: { password: 'hunter2' } }] };
    const r = restorePlaceholders(local, service);
    assert.equal(r.value.testStepList[0]!.params.password, 'hunter2');
    assert.deepEqual(r.unresolved.map(formatPath), ['testStepList[0].params.pin']);
    assert.equal(local.testStepList[0]!.params.password, SECRET_PLACEHOLDER);
  });

  test('a nesting deeper than the stack is walked', () => {
    let deep: unknown = { password: 'x' };
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    assert.equal(secretPaths(deep).length, 1);
  });

  test('a document that is no object (null, a text, a number) has no secrets and no placeholders', () => {
    for (const v of [null, 'password', 7]) {
      assert.deepEqual(secretPaths(v), []);
      assert.deepEqual(placeholderPaths(v), []);
      assert.deepEqual(maskSecrets(v), { value: v, replaced: 0 });
    }
  });

  test('a file without placeholders is sent as it is: nothing unresolved', () => {
    const local = { name: 'Call', testStepList: [] };
    assert.deepEqual(restorePlaceholders(local, undefined), { value: local, unresolved: [] });
  });

  test('secrets are listed in reading order: names by text, indexes by number', () => {
    const v = {
      b: { password: 'x' },
      a: { list: [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, { token: 'y' }, { token: 'z' }] },
    };
    (v.a.list[2] as Record<string, string>)['token'] = 'w';
    assert.deepEqual(secretPaths(v).map(formatPath), [
      'a.list[2].token',
      'a.list[10].token',
      'a.list[11].token',
      'b.password',
    ]);
  });
});
