import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { Trace } from 'vscode-languageserver-protocol';
import { scrubText } from '../../server/src/core';
import type { Outcome } from '../../server/src/core/model/outcome';
import {
  AgentConfigRequest,
  ChangeUserRoleRequest,
  CurrentUserRequest,
  DeleteUserRequest,
  InviteUserRequest,
  ListUsersRequest,
  SetApiClientPasswordRequest,
  ValidateDeviceTokenRequest,
} from '../../server/src/protocol';
import { ADMIN_USER_ID, DEMO_CREDENTIALS, TESTER_USER_ID } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { LspHarness } from './lspHarness';
import { value } from './outcomes';

// Users, the lab tools and Set API Client Password at the LSP boundary (issue 29), signed in as
// the demo admin and the demo tester. Every secret typed into a box (temporary password, API
// client password, device token, agent configuration) is looked for in everything the server
// said, logged or wrote to stderr, and in the LSP trace as the extension writes it (traceChannel.ts
// scrubs with the core's rule and the client secret, the only secret the extension knows it sent).

function failure<T>(o: Outcome<T>): { kind: string; message: string } {
  if (o.ok) assert.fail(`expected a failure, got ${JSON.stringify(o.value)}`);
  return o.error;
}

const TEMP_PASSWORD = 'Temp-Pass-4-Invite-7Q2';
const API_PASSWORD = 'Api-Client-Pass-9XK';
const AGENT_MARKER = 'agent-enrollment-key-5TR';

describe('users, lab tools and passwords at the LSP boundary', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let admin: LspHarness;
  let tester: LspHarness;
  const trace: string[] = [];
  const bodies = (method: string, path: string) =>
    emu.requests.filter((r) => r.method === method && r.path === path).map((r) => r.body);

  before(async () => {
    emu = await startEmulator({ keepBodies: true });
    admin = await LspHarness.start({}, { environmentFromClient: true });
    tester = await LspHarness.start({}, { environmentFromClient: true });
    // The trace the extension writes with tas.trace.server "verbose", before its scrub.
    await admin.connection.trace(Trace.Verbose, {
      log: (message: string, data?: string) => void trace.push(data ? `${message}\n${data}` : message),
    });
    await Promise.all([admin.signIn(emu.url, DEMO_CREDENTIALS.admin), tester.signIn(emu.url, DEMO_CREDENTIALS.tester)]);
  });
  after(async () => {
    await Promise.all([admin.stop(), tester.stop()]);
    await emu.close();
  });

  test('who is signed in, with which role', async () => {
    assert.deepEqual(value(await admin.connection.sendRequest(CurrentUserRequest)), {
      id: ADMIN_USER_ID,
      email: 'admin@example.com',
      role: 'ADMIN',
      createdAt: emu.store.users.get(ADMIN_USER_ID)!.createdAt,
    });
    const me = value(await tester.connection.sendRequest(CurrentUserRequest));
    assert.equal(me.id, TESTER_USER_ID);
    assert.equal(me.role, 'TESTER');
  });

  test('the list is every user of the service, by id', async () => {
    const list = value(await admin.connection.sendRequest(ListUsersRequest));
    assert.deepEqual(
      list.map((u) => [u.id, u.email, u.role]),
      emu.store.users.all().map((u) => [u.id, u.email, u.role]),
    );
  });

  test('invite, change role, delete with reassignment: each request carries only what the interface allows', async () => {
    const invited = value(
      await admin.connection.sendRequest(InviteUserRequest, {
        email: ' new.tester@example.com ',
        role: 'TESTER',
        tempPassword: TEMP_PASSWORD,
      }),
    );
    assert.ok(invited.id !== undefined);
    assert.deepEqual(bodies('POST', '/api/v2/users').at(-1), {
      email: 'new.tester@example.com',
      role: 'TESTER',
      tempPassword: TEMP_PASSWORD,
    });
    assert.equal(emu.store.users.get(invited.id)!.role, 'TESTER');

    value(
      await admin.connection.sendRequest(ChangeUserRoleRequest, {
        id: invited.id,
        role: 'ADMIN',
        shown: 'new.tester@example.com',
      }),
    );
    assert.deepEqual(bodies('PUT', `/api/v2/users/${invited.id}`).at(-1), { role: 'ADMIN' });
    assert.equal(emu.store.users.get(invited.id)!.role, 'ADMIN');

    // A record the new user owns goes to the one named in the delete.
    const filter = emu.store.traceFilters.all()[0]!;
    filter.ownerId = invited.id;
    const deleted = value(
      await admin.connection.sendRequest(DeleteUserRequest, {
        id: invited.id,
        newUser: TESTER_USER_ID,
        shown: 'new.tester@example.com',
      }),
    );
    assert.deepEqual(bodies('POST', `/api/v2/users/${invited.id}/delete`).at(-1), { newUser: TESTER_USER_ID });
    assert.equal(emu.store.users.get(invited.id), undefined);
    assert.equal(filter.ownerId, TESTER_USER_ID);
    assert.match(deleted.transferred ?? '', /1 traceFilters/);
  });

  test('refusals in words: a taken email, the last ADMIN, yourself, the same user as heir, a tester', async () => {
    const before = emu.requests.length;
    const self = failure(await admin.connection.sendRequest(DeleteUserRequest, { id: 5, newUser: 5 }));
    assert.match(self.message, /^Could not delete user 5: the records must go to another user/);
    const bad = failure(
      await admin.connection.sendRequest(InviteUserRequest, {
        email: 'not an address',
        role: 'TESTER',
        tempPassword: TEMP_PASSWORD,
      }),
    );
    assert.match(bad.message, /is not an email address/);
    assert.equal(emu.requests.length, before, 'refused before any request');

    const taken = failure(
      await admin.connection.sendRequest(InviteUserRequest, {
        email: 'ADMIN@example.com',
        role: 'TESTER',
        tempPassword: TEMP_PASSWORD,
      }),
    );
    assert.equal(taken.kind, 'conflict');
    assert.match(taken.message, /a user with this email already exists/);
    const me = failure(
      await admin.connection.sendRequest(DeleteUserRequest, {
        id: ADMIN_USER_ID,
        newUser: TESTER_USER_ID,
        shown: 'admin@example.com',
      }),
    );
    assert.equal(me.kind, 'conflict');
    assert.match(me.message, /^The service refused to delete user admin@example.com: this user cannot be deleted now/);

    const forbidden = failure(
      await tester.connection.sendRequest(ChangeUserRoleRequest, {
        id: TESTER_USER_ID,
        role: 'ADMIN',
        shown: 'tester@example.com',
      }),
    );
    assert.equal(forbidden.kind, 'forbidden');
    assert.match(
      forbidden.message,
      /^Could not give user tester@example.com the role ADMIN: your role on the service does not allow it/,
    );
    assert.equal(emu.store.users.get(TESTER_USER_ID)!.role, 'TESTER');
  });

  test('Show Agent Configuration: the configuration of a label as text; an unknown label in words', async () => {
    emu.store.agentConfigs['lab']!['enrollmentKey'] = AGENT_MARKER;
    const { agentConfig } = value(
      await admin.connection.sendRequest(AgentConfigRequest, { label: 'lab', shown: 'Lab node' }),
    );
    assert.deepEqual(JSON.parse(agentConfig), emu.store.agentConfigs['lab']);
    assert.ok(
      emu.requests.some((r) => r.method === 'GET' && r.path === '/api/v2/agentconfig' && r.query === '?label=lab'),
    );
    const unknown = failure(await admin.connection.sendRequest(AgentConfigRequest, { label: 'nowhere' }));
    assert.match(unknown.message, /the service has no agent configuration for the label "nowhere"/);
  });

  test('Validate Device Token: valid, unknown and expired tokens in words, never the token', async () => {
    const token = emu.store.tokens.all().find((t) => t.expiresMs > emu.now())!;
    const ok = value(await admin.connection.sendRequest(ValidateDeviceTokenRequest, { token: ` ${token.token} ` }));
    assert.equal(ok.valid, true);
    assert.equal(ok.words, 'The service says the token is valid.');
    assert.ok(
      ok.facts.includes(`Token: ${token.id}`) && ok.facts.includes(`Device: ${token.mobileId}`),
      ok.facts.join(),
    );
    assert.deepEqual(bodies('POST', '/api/v2/tokens/validate').at(-1), { token: token.token });
    const unknown = value(await admin.connection.sendRequest(ValidateDeviceTokenRequest, { token: 'not-a-token-3LQ' }));
    assert.deepEqual(unknown, {
      valid: false,
      words: 'The service says the token is not valid: the service does not know this token.',
      facts: [],
    });
    assert.ok(!JSON.stringify([ok, unknown]).includes(token.token));
  });

  test('Set API Client Password: PUT of the record as read with the new password, nothing response-only', async () => {
    const basic = emu.store.apiClients.all().find((c) => c.apiClientAuthType === 'BASIC')!;
    value(
      await admin.connection.sendRequest(SetApiClientPasswordRequest, {
        id: basic.id,
        password: API_PASSWORD,
        shown: basic.name,
      }),
    );
    assert.equal(emu.store.apiClients.get(basic.id)!.password, API_PASSWORD);
    const sent = bodies('PUT', `/api/v2/apiclients/${basic.id}`).at(-1) as Record<string, unknown>;
    assert.equal(sent['password'], API_PASSWORD);
    assert.equal(sent['name'], basic.name);
    assert.ok(!('id' in sent) && !('projects' in sent), Object.keys(sent).join());
    const empty = failure(
      await admin.connection.sendRequest(SetApiClientPasswordRequest, { id: basic.id, password: '' }),
    );
    assert.match(empty.message, /the password is empty; nothing was sent/);
  });

  test('no secret typed into a box is in any answer, log line, stderr or the scrubbed LSP trace', () => {
    const tokenValues = emu.store.tokens.all().map((t) => t.token);
    const secrets = [TEMP_PASSWORD, API_PASSWORD, AGENT_MARKER, ...tokenValues];
    const traced = scrubText(trace.join('\n'), [DEMO_CREDENTIALS.admin.clientSecret]);
    assert.ok(
      traced.includes('tas/users/invite') && traced.includes('tas/testNodes/agentConfig'),
      'the trace saw the requests',
    );
    const seen = [traced, ...admin.logs, admin.stderr, ...tester.logs, tester.stderr].join('\n');
    for (const s of secrets) assert.ok(!seen.includes(s), `${s.slice(0, 6)}... leaked`);
    // Before the scrub the trace held them: the test can fail.
    assert.ok(trace.join('\n').includes(TEMP_PASSWORD));
  });
});
