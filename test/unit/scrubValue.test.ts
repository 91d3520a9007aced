import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { REDACTED, redactJsonText } from '../../server/src/core/secrets/redact';
import { SecretScrubber } from '../../server/src/core/secrets/scrub';
import { SECRET_PLACEHOLDER } from '../../server/src/core/secrets/secrets';

// A value handed over as data (an assistant's tool answer, `tas mcp`): every member the one rule
// calls secret is replaced whatever it holds, known secret values are scrubbed from every string,
// and the rest keeps its shape, so the answer is still the value it was.

describe('SecretScrubber.scrubValue', () => {
  test('secret members masked at any depth, by the one rule; the rest kept as it was', () => {
    const s = new SecretScrubber();
    const value = {
      id: 3,
      name: 'billing',
      enabled: true,
      password: 'pw-1',
      authParams: { client_secret: 'auth-1', audience: 'billing' },
      headerParams: { Authorization: 'Bearer t-1', Accept: 'application/json' },
      steps: [{ params: { apiClientId: 3, password: 'pw-2', apiKey: 'k-2' } }],
      nothing: null,
    };
    assert.deepEqual(s.scrubValue(value), {
      id: 3,
      name: 'billing',
      enabled: true,
      password: REDACTED,
      authParams: { client_secret: REDACTED, audience: 'billing' },
      headerParams: { Authorization: REDACTED, Accept: 'application/json' },
      steps: [{ params: { apiClientId: 3, password: REDACTED, apiKey: REDACTED } }],
      nothing: null,
    });
    assert.equal(value.password, 'pw-1', 'the value given is not changed');
  });

  test('a number where a secret belongs is masked; empty strings and the placeholder are kept', () => {
    const s = new SecretScrubber();
    assert.deepEqual(s.scrubValue({ pin: 1234, password: 5678, count: 9 }).password, REDACTED);
    assert.deepEqual(s.scrubValue({ password: '', token: SECRET_PLACEHOLDER }), {
      password: '',
      token: SECRET_PLACEHOLDER,
    });
    assert.deepEqual(s.scrubValue(['a', 1, false, null]), ['a', 1, false, null]);
    // Only text and numbers can hold a secret: a flag or a null in a secret's place says nothing.
    assert.deepEqual(s.scrubValue({ password: null, token: false }), { password: null, token: false });
    assert.equal(s.scrubValue('plain'), 'plain');
  });

  test('everything under a secret member is masked, arrays and objects too', () => {
    const s = new SecretScrubber();
    assert.deepEqual(s.scrubValue({ authParams: { signingKey: ['k1', { inner: 'k2' }] } }), {
      authParams: { signingKey: [REDACTED, { inner: REDACTED }] },
    });
  });

  test('known secret values are scrubbed from every string, whatever its member', () => {
    const s = new SecretScrubber();
    s.addCredentials('demo-admin', 'abc12-secret');
    assert.deepEqual(s.scrubValue({ description: 'the service said abc12-secret', list: ['x abc12-secret y'] }), {
      description: `the service said ${REDACTED}`,
      list: [`x ${REDACTED} y`],
    });
  });

  test('the text masker keeps the placeholder in a secret member (a file shown still imports), masks any other value', () => {
    const text = JSON.stringify({ params: { password: SECRET_PLACEHOLDER, apiKey: 'k' } });
    assert.deepEqual(JSON.parse(redactJsonText(text)), { params: { password: SECRET_PLACEHOLDER, apiKey: REDACTED } });
  });
});
