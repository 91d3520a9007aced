import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { isSecretKey, isSecretMember } from '../../server/src/core/secrets/rule';
import { REDACTED, redactJsonText } from '../../server/src/core/secrets/redact';
import { basicAuthForms, scrubText, SecretScrubber, secretForms } from '../../server/src/core/secrets/scrub';
import {
  comparePaths,
  formatPath,
  isPlainSecretValue,
  maskSecrets,
  placeholderPaths,
  restorePlaceholders,
  SECRET_PLACEHOLDER,
  secretPaths,
  valueAt,
} from '../../server/src/core/secrets/secrets';

// The secret rule name by name, and the edges of masking, scrubbing and placeholders: each case
// here is one a weaker rule would let through.

describe('the secret rule, name by name', () => {
  const SECRET = [
    'password',
    'passwd',
    'pwd',
    'secret',
    'clientsecret',
    'apikey',
    'xapikey',
    'apitoken',
    'token',
    'accesstoken',
    'authtoken',
    'refreshtoken',
    'bearertoken',
    'authorization',
    'proxyauthorization',
    'cookie',
    'privatekey',
  ];
  test('every name of the list, in any spelling, is a secret', () => {
    for (const name of SECRET) {
      assert.equal(isSecretKey(name), true, name);
      assert.equal(isSecretKey(name.toUpperCase()), true, name);
    }
    for (const name of [
      'X-Api-Key',
      'api_key',
      'Proxy-Authorization',
      'Refresh Token',
      'x-api-token'.replace('token', 'key'),
    ])
      assert.equal(isSecretKey(name), true, name);
  });
  test('names ending in a secret word are secrets; near misses are not', () => {
    for (const name of [
      'dbPassword',
      'mySecret',
      'partnerApiKey',
      'githubAccessToken',
      'userAuthToken',
      'sshPrivateKey',
      'deviceTokenValue',
    ])
      assert.equal(isSecretKey(name), true, name);
    for (const name of [
      '',
      'passwordHint',
      'tokens',
      'tokenType',
      'cookies',
      'keyboard',
      'name',
      'apikeys',
      'pw',
      'authorizationUrl',
      'secretName',
      'bearer',
      'refresh',
    ])
      assert.equal(isSecretKey(name), false, name);
  });
  test('auth parameters are secrets but the public OAuth ones; positions in arrays never are', () => {
    for (const name of ['grant_type', 'scope', 'scopes', 'audience', 'resource', 'token-type', 'client_id', 'username'])
      assert.equal(isSecretMember(name, 'authParams'), false, name);
    for (const name of ['code', 'assertion', 'realm']) assert.equal(isSecretMember(name, 'authParams'), true, name);
    assert.equal(isSecretMember('code', 'params'), false);
    assert.equal(isSecretMember(0, 'password'), false);
    assert.equal(isSecretMember('password', undefined), true);
  });
});

describe('placeholders and plaintext secrets', () => {
  test('the placeholder text is fixed: files written before must still be read as placeholders', () => {
    assert.equal(SECRET_PLACEHOLDER, '<secret: kept on the service>');
  });
  test('a plaintext secret: a non-empty string that is no placeholder and no ${variable}', () => {
    assert.equal(isPlainSecretValue('hunter2'), true);
    for (const v of ['', SECRET_PLACEHOLDER, '${TOKEN}', 'pre${X}post', 7, null, undefined, {}])
      assert.equal(isPlainSecretValue(v), false, JSON.stringify(v));
  });
  test('secret paths: nested secrets, objects under secret names, arrays, in reading order; numbers and nulls skipped', () => {
    const doc = {
      z: { password: 'a' },
      a: [{ token: 'b' }, null, 3, { password: { old: 'c', list: ['d', 5, null] } }],
      apiClients: [{ authParams: { scope: 'read', code: 'e' } }],
      password: null,
      secret: 12,
      b: [[{ password: 'f' }], [{ password: 'g' }]],
    };
    assert.deepEqual(secretPaths(doc), [
      ['a', 0, 'token'],
      ['a', 3, 'password', 'list', 0],
      ['a', 3, 'password', 'old'],
      ['apiClients', 0, 'authParams', 'code'],
      ['b', 0, 0, 'password'],
      ['b', 1, 0, 'password'],
      ['z', 'password'],
    ]);
    assert.deepEqual(secretPaths('password'), []);
    assert.deepEqual(secretPaths(null), []);
  });
  test('masking copies only when there is something to mask, and counts', () => {
    const clean = { name: 'x', params: { password: '' } };
    const same = maskSecrets(clean);
    assert.equal(same.value, clean, 'nothing to mask: the value itself');
    assert.equal(same.replaced, 0);
    const doc = { params: { password: 'p', apiKey: 'k' }, list: [{ token: 't' }] };
    const masked = maskSecrets(doc);
    assert.notEqual(masked.value, doc);
    assert.equal(masked.replaced, 3);
    assert.deepEqual(masked.value, {
      params: { password: SECRET_PLACEHOLDER, apiKey: SECRET_PLACEHOLDER },
      list: [{ token: SECRET_PLACEHOLDER }],
    });
    assert.equal(doc.params.password, 'p', 'the original is left alone');
  });
  test('restoring placeholders: the service value at the same place, else unresolved; no placeholder, the value itself', () => {
    const plain = { a: 1 };
    assert.equal(restorePlaceholders(plain, {}).value, plain);
    const local = {
      params: {
        password: SECRET_PLACEHOLDER,
        pin: SECRET_PLACEHOLDER,
        other: SECRET_PLACEHOLDER,
        deep: SECRET_PLACEHOLDER,
      },
    };
    const r = restorePlaceholders(local, {
      params: { password: 'real', pin: SECRET_PLACEHOLDER, other: 5, deep: 'x' },
    });
    assert.deepEqual(r.value, {
      params: { password: 'real', pin: SECRET_PLACEHOLDER, other: SECRET_PLACEHOLDER, deep: 'x' },
    });
    assert.deepEqual(r.unresolved, [
      ['params', 'other'],
      ['params', 'pin'],
    ]);
    assert.equal(local.params.password, SECRET_PLACEHOLDER, 'the original is left alone');
    assert.deepEqual(restorePlaceholders(local, undefined).unresolved.length, 4);
    assert.deepEqual(restorePlaceholders({ a: [SECRET_PLACEHOLDER] }, { a: 'not a list' }).unresolved, [['a', 0]]);
    assert.deepEqual(placeholderPaths([SECRET_PLACEHOLDER, { x: SECRET_PLACEHOLDER }]), [[0], [1, 'x']]);
  });
  test('paths: read at, formatted, ordered', () => {
    assert.equal(valueAt({ a: [{ b: 2 }] }, ['a', 0, 'b']), 2);
    assert.equal(valueAt({ a: null }, ['a', 'b']), undefined);
    assert.equal(valueAt({ a: 'text' }, ['a', 'length', 'x']), undefined);
    assert.equal(valueAt(5, []), 5);
    assert.equal(formatPath(['testStepList', 2, 'params', 'password']), 'testStepList[2].params.password');
    assert.equal(formatPath([0, 'a']), '[0].a');
    assert.ok(comparePaths([2], [10]) < 0, 'indexes by number');
    assert.ok(comparePaths([10], [2]) > 0);
    assert.ok(comparePaths(['b'], ['a']) > 0);
    assert.ok(comparePaths(['a'], ['b']) < 0);
    assert.ok(comparePaths([1], ['a']) < 0, 'mixed: by text');
    assert.ok(comparePaths(['a'], ['a', 0]) < 0, 'a parent first');
    assert.equal(comparePaths(['a', 1], ['a', 1]), 0);
    assert.ok(comparePaths(['a', 3, 'x'], ['a', 3, 'y']) < 0, 'past the shared part');
  });
});

describe('masking JSON text and scrubbing known values', () => {
  const R = `"${REDACTED}"`;
  test('secret members masked in text with JSON in it, layout kept', () => {
    assert.equal(redactJsonText('sent {"user": "u", "password": "p1"} ok'), `sent {"user": "u", "password": ${R}} ok`);
    assert.equal(redactJsonText('{"password" : "p"}'), `{"password" : ${R}}`, 'space before the colon');
    assert.equal(
      redactJsonText('"token": "t", "name": "n"'),
      `"token": ${R}, "name": "n"`,
      'loose members at the root',
    );
    assert.equal(redactJsonText('{"a": ["x", "y"], "b": "z"}'), '{"a": ["x", "y"], "b": "z"}');
    assert.equal(redactJsonText('{"password": ["x", "y"], "n": "z"}'), `{"password": [${R}, ${R}], "n": "z"}`);
    assert.equal(
      redactJsonText('{"authorization": {"scheme": "s"}, "n": "z"}'),
      `{"authorization": {"scheme": ${R}}, "n": "z"}`,
    );
    assert.equal(
      redactJsonText('{"password": "p", "x": {"a": "b"}} ] } "tail"'),
      `{"password": ${R}, "x": {"a": "b"}} ] } "tail"`,
      'stray closers',
    );
    assert.equal(
      redactJsonText('{"authParams": {"scope": "s", "code": "c"}}'),
      `{"authParams": {"scope": "s", "code": ${R}}}`,
    );
    // After a comma, the next value has no key until one is read: a string in an object's value position is not taken for the old key.
    assert.equal(redactJsonText('{"password": 1, "x"}'), '{"password": 1, "x"}');
    assert.equal(redactJsonText('["password", "p"]'), '["password", "p"]', 'strings in arrays are values, not keys');
  });
  test('a string holding JSON is masked inside, escapes kept', () => {
    const inner = JSON.stringify({ password: 'p', n: 'x' });
    assert.equal(
      redactJsonText(`{"text": ${JSON.stringify(inner)}}`),
      `{"text": ${JSON.stringify(JSON.stringify({ password: REDACTED, n: 'x' }))}}`,
    );
    const harmless = JSON.stringify(JSON.stringify({ n: 'x' }));
    assert.equal(redactJsonText(`{"text": ${harmless}}`), `{"text": ${harmless}}`);
    assert.equal(redactJsonText('{"text": "say \\"hi\\""}'), '{"text": "say \\"hi\\""}');
    assert.equal(
      redactJsonText('{"text": "bad \\"\\u12"}'),
      '{"text": "bad \\"\\u12"}',
      'an unreadable string is kept',
    );
  });
  test('every form of a known value is scrubbed; an unpadded base64 too', () => {
    const secret = 'ü/a';
    const forms = secretForms(secret);
    assert.deepEqual(forms, [
      'ü/a',
      'ü/a',
      '\\u00fc/a',
      '%C3%BC%2Fa',
      '%c3%bc%2fa',
      '%C3%BC%2Fa',
      'w7wvYQ==',
      'w7wvYQ',
      'w7wvYQ',
    ]);
    assert.equal(scrubText('a=YQ', ['a']).includes('YQ'), false, 'base64 of "a" without its padding');
    assert.deepEqual(basicAuthForms('id', 'pw'), ['aWQ6cHc=', 'aWQ6cHc', 'aWQ6cHc']);
    assert.equal(
      scrubText('long secret12 and secret1', ['secret1', 'secret12', '']),
      `long ${REDACTED} and ${REDACTED}`,
      'the longer form first',
    );
    assert.equal(scrubText('nothing known', []), 'nothing known');
    assert.equal(scrubText('nothing known', ['']), 'nothing known');
  });
  test('the scrubber learns secrets and credential pairs; an empty secret adds nothing', () => {
    const s = new SecretScrubber();
    assert.equal(s.scrub('abc "password": "p"'), `abc "password": ${R}`);
    s.add(undefined);
    s.add('');
    assert.equal(s.scrub('a b'), 'a b');
    s.addCredentials('id', '');
    assert.equal(s.scrub('aWQ6'), 'aWQ6');
    s.add('tok1');
    assert.equal(s.scrub('Bearer tok1'), `Bearer ${REDACTED}`);
    s.addCredentials('id', 'pw');
    assert.equal(s.scrub('Basic aWQ6cHc= and pw and tok1'), `Basic ${REDACTED} and ${REDACTED} and ${REDACTED}`);
    s.add('tok1');
    assert.equal(s.scrub('tok1'), REDACTED);
  });
});
