import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { REDACTED, redactJsonText } from '../../server/src/core/secrets/redact';
import { SecretScrubber } from '../../server/src/core/secrets/scrub';
import { backoffMs, parseRetryAfter, DEFAULT_RETRY } from '../../server/src/core/api/retry';

/** A value through the text masker (what is printed, logged and traced is text). */
const redact = (value: unknown): unknown => JSON.parse(redactJsonText(JSON.stringify(value, null, 2)));

describe('redaction', () => {
  test('secret-named keys are masked at any depth; other values stay', () => {
    const value = {
      clientId: 'demo-admin',
      clientSecret: 'demo-admin-secret',
      nested: [{ accessToken: 'abc', token: 'device-token', tempPassword: 'pw', password: 'x', name: 'kept' }],
      headers: { Authorization: 'Bearer abc' },
    };
    assert.deepEqual(redact(value), {
      clientId: 'demo-admin',
      clientSecret: REDACTED,
      nested: [{ accessToken: REDACTED, token: REDACTED, tempPassword: REDACTED, password: REDACTED, name: 'kept' }],
      headers: { Authorization: REDACTED },
    });
  });

  test('by the one rule: auth parameters but the public ones, device token values', () => {
    const value = {
      apiClients: [{ authParams: { signingKey: 'k', audience: 'billing' } }],
      deviceTokenValue: 'tasdt_x',
      authParamsList: ['kept'],
    };
    assert.deepEqual(redact(value), {
      apiClients: [{ authParams: { signingKey: REDACTED, audience: 'billing' } }],
      deviceTokenValue: REDACTED,
      authParamsList: ['kept'],
    });
  });

  test('everything inside a secret member is masked, whatever its shape', () => {
    const value = {
      headers: { Authorization: ['Bearer abc', { scheme: 'Basic', value: 'eDp5' }] },
      password: { old: 'a', new: 'b' },
      name: 'kept',
    };
    assert.deepEqual(redact(value), {
      headers: { Authorization: [REDACTED, { scheme: REDACTED, value: REDACTED }] },
      password: { old: REDACTED, new: REDACTED },
      name: 'kept',
    });
  });

  test('error text: secret JSON members it echoes are masked too', () => {
    const s = new SecretScrubber();
    assert.equal(
      s.scrub('invalid body {"name": "a", "password": "hunter22"}'),
      `invalid body {"name": "a", "password": "${REDACTED}"}`,
    );
  });

  test('known secret values are scrubbed from text, whatever their length', () => {
    const s = new SecretScrubber();
    s.add('demo-admin-secret');
    s.add('abc');
    assert.equal(s.scrub('bad secret demo-admin-secret in abc'), `bad secret ${REDACTED} in ${REDACTED}`);
  });
});

describe('retry timing', () => {
  test('backoff grows exponentially with jitter and is capped', () => {
    const p = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
    assert.equal(
      backoffMs(p, 1, () => 0),
      50,
    );
    assert.equal(
      backoffMs(p, 1, () => 1),
      100,
    );
    assert.equal(
      backoffMs(p, 3, () => 1),
      400,
    );
    assert.equal(
      backoffMs(p, 10, () => 1),
      1000,
    );
  });

  test('Retry-After reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    assert.equal(parseRetryAfter('7', now), 7000);
    assert.equal(parseRetryAfter('Sun, 22 Nov 2026 00:00:30 GMT', now), 30_000);
    assert.equal(parseRetryAfter(undefined, now), undefined);
    assert.equal(parseRetryAfter('soon', now), undefined);
  });
});
