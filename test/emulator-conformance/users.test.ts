import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { Table } from '../emulator/store';
import { expectStatus, useEmulator } from './harness';

// Users: anyone signed in reads; only ADMIN creates, changes roles and deletes (403 otherwise);
// deleting hands everything the user owned to newUser (DECISIONS.md, "Users").

interface UserRecord {
  id: number;
  email: string;
  role: string;
  createdAt: string;
}

const BASE = '/api/v2/users';
const USER_FIELDS = ['createdAt', 'email', 'id', 'role'];
const TEMP_PASSWORD = 'Temp-Pa55word-xyz';

void describe('users', () => {
  const fx = useEmulator();

  void test('GET /users: any signed-in user reads the list, by id', async () => {
    const list = await expectStatus<UserRecord[]>(fx.tester.get(BASE), 200);
    for (const u of list) assert.deepEqual(Object.keys(u).sort(), USER_FIELDS);
    assert.deepEqual(
      list.map((u) => [u.id, u.email, u.role]),
      [
        [1, 'admin@example.com', 'ADMIN'],
        [2, 'tester@example.com', 'TESTER'],
        [3, 'qa.lead@example.com', 'ADMIN'],
      ],
    );
  });

  void test('GET /users/me answers the caller', async () => {
    const me = await expectStatus<UserRecord>(fx.tester.get(`${BASE}/me`), 200);
    assert.deepEqual(Object.keys(me).sort(), USER_FIELDS);
    assert.equal(me.id, 2);
    assert.equal(me.email, 'tester@example.com');
    assert.equal(me.role, 'TESTER');
    assert.equal((await expectStatus<UserRecord>(fx.admin.get(`${BASE}/me`), 200)).id, 1);
  });

  void test('GET /users/{id}: the record; unknown 404; non-integer 400', async () => {
    const u = await expectStatus<UserRecord>(fx.tester.get(`${BASE}/3`), 200);
    assert.equal(u.email, 'qa.lead@example.com');
    assert.equal((await fx.tester.get(`${BASE}/999`)).status, 404);
    assert.equal((await fx.tester.get(`${BASE}/me2`)).status, 400);
  });

  void test('POST /users by an ADMIN: 201 {id}; the temp password is in no response and not stored', async () => {
    const res = await fx.admin.post(BASE, {
      email: 'new.tester@example.com',
      role: 'TESTER',
      tempPassword: TEMP_PASSWORD,
    });
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body as object), ['id']);
    const id = (res.body as { id: number }).id;
    const read = await fx.admin.get(`${BASE}/${id}`);
    const u = read.body as UserRecord;
    assert.equal(u.email, 'new.tester@example.com');
    assert.equal(u.role, 'TESTER');
    assert.ok(Math.abs(Date.parse(u.createdAt) - fx.emu.now()) < 5000);
    for (const r of [res, read, await fx.admin.get(BASE), await fx.tester.get(BASE)]) {
      assert.ok(!r.text.includes(TEMP_PASSWORD));
      assert.ok(!r.text.includes('tempPassword'));
    }
    assert.ok(!JSON.stringify(fx.emu.store.snapshot()).includes(TEMP_PASSWORD));
  });

  void test('POST /users by a TESTER is a 403 and creates nothing', async () => {
    const res = await fx.tester.post(BASE, { email: 'sneaky@example.com', role: 'ADMIN', tempPassword: TEMP_PASSWORD });
    assert.equal(res.status, 403);
    assert.ok(!(await fx.admin.get(BASE)).text.includes('sneaky@example.com'));
  });

  void test('POST /users: a bad role, email or temp password is a 400', async () => {
    const ok = { email: 'valid@example.com', role: 'TESTER', tempPassword: TEMP_PASSWORD };
    for (const bad of [
      { ...ok, role: 'OWNER' },
      { ...ok, role: 'admin' },
      { ...ok, role: undefined },
      { ...ok, email: 'not-an-email' },
      { ...ok, email: undefined },
      { ...ok, tempPassword: 'short' },
      { ...ok, tempPassword: undefined },
      { ...ok, tempPassword: 12345678 },
    ]) {
      assert.equal((await fx.admin.post(BASE, bad)).status, 400, JSON.stringify(bad));
    }
  });

  void test('POST /users: an email already in use (any case) is a 409 with the {id} of its user', async () => {
    const res = await fx.admin.post(BASE, { email: 'Tester@Example.com', role: 'TESTER', tempPassword: TEMP_PASSWORD });
    assert.equal(res.status, 409);
    assert.deepEqual(res.body, { id: 2 });
  });

  void test('PUT /users/{id} by an ADMIN changes the role: 200 with the record', async () => {
    const id = (
      await expectStatus<{ id: number }>(
        fx.admin.post(BASE, { email: 'promote.me@example.com', role: 'TESTER', tempPassword: TEMP_PASSWORD }),
        201,
      )
    ).id;
    const u = await expectStatus<UserRecord>(fx.admin.put(`${BASE}/${id}`, { role: 'ADMIN' }), 200);
    assert.deepEqual(Object.keys(u).sort(), USER_FIELDS);
    assert.equal(u.role, 'ADMIN');
    assert.equal((await expectStatus<UserRecord>(fx.tester.get(`${BASE}/${id}`), 200)).role, 'ADMIN');
    await expectStatus(fx.admin.put(`${BASE}/${id}`, { role: 'TESTER' }), 200);
  });

  void test('PUT /users/{id}: TESTER 403; bad role 400; unknown user 404', async () => {
    assert.equal((await fx.tester.put(`${BASE}/2`, { role: 'ADMIN' })).status, 403);
    assert.equal((await expectStatus<UserRecord>(fx.admin.get(`${BASE}/2`), 200)).role, 'TESTER');
    assert.equal((await fx.admin.put(`${BASE}/2`, { role: 'ROOT' })).status, 400);
    assert.equal((await fx.admin.put(`${BASE}/2`, {})).status, 400);
    assert.equal((await fx.admin.put(`${BASE}/999`, { role: 'TESTER' })).status, 404);
  });

  void test('PUT /users/{id}: the last ADMIN cannot lose the role (409)', async () => {
    await expectStatus(fx.admin.put(`${BASE}/3`, { role: 'TESTER' }), 200);
    const res = await fx.admin.put(`${BASE}/1`, { role: 'TESTER' });
    assert.equal(res.status, 409);
    assert.equal((await expectStatus<UserRecord>(fx.admin.get(`${BASE}/me`), 200)).role, 'ADMIN');
    await expectStatus(fx.admin.put(`${BASE}/3`, { role: 'ADMIN' }), 200);
  });

  void test('POST /users/{id}/delete: TESTER 403; self 409; missing or same newUser 400; unknown 404', async () => {
    assert.equal((await fx.tester.post(`${BASE}/3/delete`, { newUser: 2 })).status, 403);
    assert.equal((await fx.admin.post(`${BASE}/1/delete`, { newUser: 3 })).status, 409);
    assert.equal((await fx.admin.post(`${BASE}/3/delete`, {})).status, 400);
    assert.equal((await fx.admin.post(`${BASE}/3/delete`, { newUser: '1' })).status, 400);
    assert.equal((await fx.admin.post(`${BASE}/3/delete`, { newUser: 3 })).status, 400);
    assert.equal((await fx.admin.post(`${BASE}/3/delete`, { newUser: 999 })).status, 404);
    assert.equal((await fx.admin.post(`${BASE}/999/delete`, { newUser: 1 })).status, 404);
    assert.equal((await expectStatus<UserRecord[]>(fx.admin.get(BASE), 200)).filter((u) => u.id <= 3).length, 3);
  });

  void test('DELETE /users/{id} is not an endpoint of the document: 405', async () => {
    assert.equal((await fx.admin.delete(`${BASE}/3`)).status, 405);
  });
});

void describe('POST /users/{id}/delete', () => {
  const fx = useEmulator();

  void test('deletes the user and gives everything they owned, in every table, to newUser', async () => {
    const owned = (userId: number) => {
      const counts: Record<string, number> = {};
      for (const [name, table] of Object.entries(fx.emu.store)) {
        if (!(table instanceof Table)) continue;
        const n = (table as Table<{ id: number; ownerId?: number }>).all().filter((r) => r.ownerId === userId).length;
        if (n > 0) counts[name] = n;
      }
      return counts;
    };
    const before = owned(2);
    const heirBefore = owned(3);
    assert.ok(Object.keys(before).length >= 5, JSON.stringify(before));
    assert.deepEqual(heirBefore, {});
    const res = await expectStatus(fx.admin.post(`${BASE}/2/delete`, { newUser: 3 }), 200);
    assert.deepEqual(res, { id: 2, newUser: 3, transferred: before });
    assert.deepEqual(owned(2), {});
    assert.deepEqual(owned(3), before);
    assert.equal((await fx.admin.get(`${BASE}/2`)).status, 404);
  });

  void test("the deleted user's access token and client credentials stop working (401)", async () => {
    assert.equal((await fx.tester.get(`${BASE}/me`)).status, 401);
    assert.equal((await fx.raw.post('/api/v2/connect/token', DEMO_CREDENTIALS.tester)).status, 401);
  });
});
