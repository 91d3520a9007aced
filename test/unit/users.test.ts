import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { signedInLine } from '../../client/src/connectionText';
import { deleteUserQuestion, notOwnerQuestion, tempPasswordQuestion } from '../../client/src/questions';
import { heirsOf, notAdminMessage, roleChoices, userRow } from '../../client/src/views/userFormat';
import { ApiError } from '../../server/src/core/api/errors';
import { tokenVerdict } from '../../server/src/core/devices/labTools';
import { redactJsonText } from '../../server/src/core/secrets/redact';
import { keepingSecret } from '../../server/src/core/api/sentSecret';
import { generateTempPassword, TEMP_PASSWORD_LENGTH } from '../../server/src/core/users/tempPassword';
import { summarizeUser } from '../../server/src/core/users/users';

// Users and the lab tools (issue 29) in pure functions: how users are read and shown, the
// questions' words, the token verdict, the generated temporary password, and the secrets rule
// for what these commands carry.

const admin = { id: 1, email: 'admin@example.com', role: 'ADMIN' };
const tester = { id: 2, email: 'tester@example.com', role: 'TESTER' };

describe('users', () => {
  test('a user is read leniently: an id is needed, email and role when given', () => {
    assert.deepEqual(
      summarizeUser({ id: 3, email: 'a@b.c', role: 'ADMIN', createdAt: '2026-01-01T00:00:00Z', extra: 1 }),
      { id: 3, email: 'a@b.c', role: 'ADMIN', createdAt: '2026-01-01T00:00:00Z' },
    );
    assert.deepEqual(summarizeUser({ id: '4', username: 'someone' }), { id: 4, email: 'someone' });
    assert.equal(summarizeUser({ email: 'x@y.z' }), undefined);
    assert.equal(summarizeUser('user'), undefined);
  });

  test('the status bar tooltip says who is signed in, with the role', () => {
    assert.equal(signedInLine(admin), 'Signed in as admin@example.com, role ADMIN.');
    assert.equal(signedInLine({ id: 9 }), 'Signed in as user 9 (the service did not say the role).');
  });

  test('a row names the user, the role and "you"; the signed-in user cannot be deleted from the menu', () => {
    assert.deepEqual(userRow(tester, admin), {
      label: 'tester@example.com',
      description: 'TESTER',
      tooltip: 'tester@example.com (id 2)\nRole: TESTER',
      contextValue: 'user',
    });
    assert.equal(userRow(admin, admin).description, 'ADMIN · you');
    assert.equal(userRow(admin, admin).contextValue, 'user.self');
    assert.equal(
      notAdminMessage(tester),
      'Only users with the ADMIN role manage users. You are signed in as tester@example.com with the role TESTER.',
    );
  });

  test('roles offered: ADMIN and those the list shows, without the current one; heirs are everyone else', () => {
    assert.deepEqual(roleChoices([admin, tester, { id: 3, role: 'VIEWER' }]), ['ADMIN', 'TESTER', 'VIEWER']);
    assert.deepEqual(roleChoices([admin, tester], 'TESTER'), ['ADMIN']);
    assert.deepEqual(heirsOf([admin, tester], 1), [tester]);
  });

  test('Delete User names the heir in the question and in the action button', () => {
    const q = deleteUserQuestion('tester@example.com', 'admin@example.com');
    assert.match(q.detail ?? '', /Everything tester@example.com owns on the service goes to admin@example.com/);
    assert.deepEqual(
      q.choices.map((c) => [c.title, c.loses]),
      [
        ['Keep the User', false],
        ['Delete and Give to admin@example.com', true],
      ],
    );
  });

  test('rule 7: a non-ADMIN user is told, before sending, which records the service refuses unless theirs', () => {
    const q = notOwnerQuestion('tester@example.com', 'TESTER', ['Filter A', 'Filter B']);
    assert.match(q.message, /signed in as tester@example.com with the role TESTER, not ADMIN/);
    assert.match(q.detail ?? '', /if any of these is not yours: Filter A, Filter B\./);
    assert.equal(q.choices[0]!.title, 'Do Not Assign');
    const many = notOwnerQuestion(
      't',
      undefined,
      Array.from({ length: 12 }, (_, i) => `R${i}`),
    );
    assert.match(many.detail ?? '', /R9, and 2 more\./);
  });

  test('a generated temporary password: long, letters and digits, new each time, shown once with Copy', () => {
    const a = generateTempPassword();
    assert.equal(a.length, TEMP_PASSWORD_LENGTH);
    assert.match(a, /^[A-Za-z2-9]+$/);
    assert.doesNotMatch(a, /[lIO01]/);
    assert.notEqual(generateTempPassword(), a);
    const q = tempPasswordQuestion('ann@example.com', a);
    assert.equal(q.detail, a);
    assert.deepEqual(
      q.choices.map((c) => c.title),
      ['Copy'],
    );
  });
});

describe('lab tools', () => {
  test("a token verdict in words, with the record's facts and never a token value", () => {
    assert.deepEqual(
      tokenVerdict({
        valid: true,
        id: 4,
        mobileId: 7,
        fullControl: false,
        expiresAt: '2026-12-01T00:00:00Z',
        token: 'dt-abc',
      }),
      {
        valid: true,
        words: 'The service says the token is valid.',
        facts: ['Token: 4', 'Device: 7', 'Full control: no', 'Expires: 2026-12-01T00:00:00Z'],
      },
    );
    assert.equal(
      tokenVerdict({ valid: false, reason: 'EXPIRED', id: 4 }).words,
      'The service says the token is not valid: the token has expired.',
    );
    assert.equal(
      tokenVerdict({ valid: false, reason: 'BLOCKED' }).words,
      'The service says the token is not valid: the service says BLOCKED.',
    );
    assert.equal(tokenVerdict({}).valid, undefined);
    assert.equal(tokenVerdict(undefined).valid, undefined);
  });

  test('the members these commands carry are secret to the one rule: masked in any traced JSON', () => {
    const traced = JSON.stringify({
      tempPassword: 'tp-1',
      password: 'pw-2',
      token: 'tk-3',
      agentConfig: '{"key":"ak-4"}',
    });
    const masked = redactJsonText(traced);
    for (const s of ['tp-1', 'pw-2', 'tk-3', 'ak-4']) assert.ok(!masked.includes(s), masked);
  });

  test('a service that echoes the sent secret in its error: the failure loses it, and keeps the rest', async () => {
    const echo = new ApiError({
      kind: 'invalidRequest',
      method: 'POST',
      path: '/api/v2/tokens/validate',
      status: 400,
      serviceMessage: 'token dt-echoed-9 is malformed',
      body: { token: 'dt-echoed-9' },
    });
    const err = await keepingSecret('dt-echoed-9', () => Promise.reject(echo)).catch((e: unknown) => e);
    assert.ok(err instanceof ApiError);
    assert.equal(err.serviceMessage, 'token [redacted] is malformed');
    assert.ok(!err.message.includes('dt-echoed-9') && err.body === undefined);
    assert.equal(err.status, 400);
    assert.equal(await keepingSecret('x', () => Promise.resolve(5)), 5);
  });
});
