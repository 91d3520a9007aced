import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { REDACTED } from '../../server/src/core/secrets/redact';
import { SecretScrubber, scrubText, secretForms } from '../../server/src/core/secrets/scrub';

// Known secret values leave no trace in text, in any form a service may echo them.

describe('scrubbing known secret values', () => {
  test('a five-character secret is scrubbed, and so is a one-character one', () => {
    assert.equal(scrubText('secret abc12 was wrong', ['abc12']), `secret ${REDACTED} was wrong`);
    assert.equal(scrubText('x=1', ['1']), `x=${REDACTED}`);
    assert.equal(scrubText('nothing here', ['']), 'nothing here');
  });

  test('JSON-escaped, URL-encoded (either hex case, form style) and base64 forms', () => {
    const secret = 'p"w/ \u00e9+9';
    const echoes = [
      JSON.stringify(secret),
      JSON.stringify(secret).replace('\u00e9', '\\u00e9'),
      encodeURIComponent(secret),
      encodeURIComponent(secret).toLowerCase(),
      new URLSearchParams({ s: secret }).toString(),
      Buffer.from(secret).toString('base64'),
      Buffer.from(secret).toString('base64url'),
    ];
    for (const echo of echoes) {
      const out = scrubText(`got ${echo} back`, [secret]);
      assert.ok(!out.includes(echo.replace(/^s=|^"|"$/g, '')), `${echo} -> ${out}`);
      assert.match(out, /\[redacted\]/, echo);
    }
    for (const form of secretForms(secret)) assert.ok(form.length > 0);
  });

  test('the Basic auth header of the client ID and secret', () => {
    const s = new SecretScrubber();
    s.addCredentials('demo-admin', 'abc12');
    const basic = Buffer.from('demo-admin:abc12').toString('base64');
    assert.equal(s.scrub(`Authorization: Basic ${basic}`), `Authorization: Basic ${REDACTED}`);
  });

  test('one pass: a secret that is part of the marker or of a longer form does not mangle the output', () => {
    assert.equal(scrubText('token redact and redacted', ['redact', 'redacted']), `token ${REDACTED} and ${REDACTED}`);
  });

  test('secret members are masked by the one rule, known values anywhere', () => {
    const s = new SecretScrubber();
    s.add('tok-1');
    assert.equal(
      s.scrub('{"password": "hunter22", "echo": "Bearer tok-1"}'),
      `{"password": "${REDACTED}", "echo": "Bearer ${REDACTED}"}`,
    );
  });

  test('base64 without its padding, as URLs and tokens carry it; Basic auth in every base64 form', () => {
    assert.equal(Buffer.from('abc12').toString('base64'), 'YWJjMTI=', 'a secret whose base64 is padded');
    assert.equal(scrubText('next=YWJjMTI&page=2', ['abc12']), `next=${REDACTED}&page=2`);
    const s = new SecretScrubber();
    s.addCredentials('id', 'p?>');
    for (const form of [
      Buffer.from('id:p?>').toString('base64'),
      Buffer.from('id:p?>').toString('base64url'),
      Buffer.from('id:p?>').toString('base64').replace(/=+$/, ''),
    ]) {
      assert.equal(s.scrub(`Basic ${form};`), `Basic ${REDACTED};`, form);
    }
  });
});

describe('masking secret members in JSON text', () => {
  test('a string holding JSON without secrets is left exactly as written, escapes included', () => {
    const text = '{"text": "{\\"name\\": \\"caf\\u00e9\\"}", "n": [1, "a"]}';
    assert.equal(scrubText(text, []), text);
  });

  test('a string holding JSON with a secret member is masked inside', () => {
    const text = JSON.stringify({ text: JSON.stringify({ password: 'hunter22' }) });
    assert.ok(!scrubText(text, []).includes('hunter22'));
  });
});
