import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { expectStatus, useEmulator } from './harness';

// API clients: start/end/search listing with X-Total-Count, CRUD, and the write-only password
// (DECISIONS.md, "API clients").

interface Client {
  id: number;
  name: string;
  apiClientAuthType: string;
  httpMethod: string;
  serverURL: string;
  username: string;
  headerParams: Record<string, string>;
  authParams: Record<string, string>;
  basicAuthViaSecrets: boolean;
  projects: { id: number; name: string }[];
  [field: string]: unknown;
}

const CLIENT_FIELDS = [
  'id',
  'basicAuthViaSecrets',
  'name',
  'apiClientAuthType',
  'headerParams',
  'authParams',
  'serverURL',
  'payload',
  'httpMethod',
  'failureRegexBody',
  'username',
  'tokenEndpointForOAuth2',
  'oauth2Scopes',
  'projects',
].sort();

const BASE = '/api/v2/apiclients';
const DEMO_PASSWORD = 'demo-api-password';
const fx = useEmulator();

const ids = (list: Client[]) => list.map((c) => c.id);

void describe('GET /api/v2/apiclients', () => {
  void test('without parameters: every client as a plain array by id, X-Total-Count the total', async () => {
    const res = await fx.tester.get(BASE);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-total-count'), '5');
    const list = res.body as Client[];
    assert.deepEqual(ids(list), [1, 2, 3, 4, 5]);
    for (const c of list) assert.deepEqual(Object.keys(c).sort(), CLIENT_FIELDS);
    assert.deepEqual(list[1]!.projects, [{ id: 3, name: 'Messaging' }]);
  });

  void test('start and end are zero-based offsets, end exclusive; the total stays the whole list', async () => {
    const res = await fx.admin.get(`${BASE}?start=1&end=3`);
    assert.equal(res.status, 200);
    assert.deepEqual(ids(res.body as Client[]), [2, 3]);
    assert.equal(res.headers.get('x-total-count'), '5');
    assert.deepEqual(ids(await expectStatus<Client[]>(fx.admin.get(`${BASE}?start=3`), 200)), [4, 5]);
    assert.deepEqual(ids(await expectStatus<Client[]>(fx.admin.get(`${BASE}?end=2`), 200)), [1, 2]);
    assert.deepEqual(ids(await expectStatus<Client[]>(fx.admin.get(`${BASE}?start=2&end=2`), 200)), []);
    assert.deepEqual(ids(await expectStatus<Client[]>(fx.admin.get(`${BASE}?start=50`), 200)), []);
  });

  void test('search is a case-insensitive substring of name, serverURL or httpMethod; the total counts matches', async () => {
    const byName = await fx.admin.get(`${BASE}?search=BILLING`);
    assert.deepEqual(ids(byName.body as Client[]), [1]);
    assert.equal(byName.headers.get('x-total-count'), '1');
    assert.deepEqual(ids(await expectStatus<Client[]>(fx.admin.get(`${BASE}?search=crm.example`), 200)), [5]);
    const byMethod = await fx.admin.get(`${BASE}?search=get`);
    assert.deepEqual(ids(byMethod.body as Client[]), [4, 5]);
    assert.equal(byMethod.headers.get('x-total-count'), '2');
    const paged = await fx.admin.get(`${BASE}?search=example.com&start=4&end=10`);
    assert.deepEqual(ids(paged.body as Client[]), [5]);
    assert.equal(paged.headers.get('x-total-count'), '5');
    assert.deepEqual(await expectStatus(fx.admin.get(`${BASE}?search=nothing-matches`), 200), []);
  });

  void test('a malformed start or end, or end before start, is a 400', async () => {
    assert.equal((await fx.admin.get(`${BASE}?start=-1`)).status, 400);
    assert.equal((await fx.admin.get(`${BASE}?end=x`)).status, 400);
    assert.equal((await fx.admin.get(`${BASE}?start=3&end=1`)).status, 400);
  });

  void test('never carries a password', async () => {
    const res = await fx.admin.get(BASE);
    assert.ok(!res.text.includes(DEMO_PASSWORD));
    assert.ok(!res.text.includes('"password"'));
  });
});

void describe('POST /api/v2/apiclients', () => {
  void test('creates: 201 {id}; defaults for absent fields; the password is stored, never returned', async () => {
    const res = await fx.tester.post(BASE, {
      name: 'Provisioning v2',
      apiClientAuthType: 'BASIC',
      serverURL: 'https://prov2.example.com/api',
      httpMethod: 'POST',
      headerParams: { 'X-Env': 'staging' },
      username: 'svc',
      password: 'create-secret-1',
    });
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body as object), ['id']);
    const id = (res.body as { id: number }).id;
    const read = await fx.admin.get(`${BASE}/${id}`);
    assert.equal(read.status, 200);
    assert.ok(!read.text.includes('create-secret-1'));
    const c = read.body as Client;
    assert.deepEqual(Object.keys(c).sort(), CLIENT_FIELDS);
    assert.equal(c.name, 'Provisioning v2');
    assert.equal(c.username, 'svc');
    assert.deepEqual(c.headerParams, { 'X-Env': 'staging' });
    assert.deepEqual(c.authParams, {});
    assert.equal(c.basicAuthViaSecrets, false);
    assert.equal(fx.emu.store.apiClients.get(id)!.password, 'create-secret-1');
    assert.equal(fx.emu.store.apiClients.get(id)!.ownerId, 2);
    assert.ok(!(await fx.admin.get(BASE)).text.includes('create-secret-1'));
  });

  void test('only a name is needed: auth type NONE and method GET by default', async () => {
    const id = (await expectStatus<{ id: number }>(fx.admin.post(BASE, { name: 'Bare client' }), 201)).id;
    const c = await expectStatus<Client>(fx.admin.get(`${BASE}/${id}`), 200);
    assert.equal(c.apiClientAuthType, 'NONE');
    assert.equal(c.httpMethod, 'GET');
    assert.equal(c.serverURL, '');
  });

  void test('a missing or empty name, a wrong type or an unknown HTTP method is a 400', async () => {
    assert.equal((await fx.admin.post(BASE, { serverURL: 'https://x.example.com' })).status, 400);
    assert.equal((await fx.admin.post(BASE, { name: '' })).status, 400);
    assert.equal((await fx.admin.post(BASE, { name: 'bad headers', headerParams: { a: 1 } })).status, 400);
    assert.equal((await fx.admin.post(BASE, { name: 'bad flag', basicAuthViaSecrets: 'yes' })).status, 400);
    assert.equal((await fx.admin.post(BASE, { name: 'bad method', httpMethod: 'FETCH' })).status, 400);
    assert.equal((await fx.admin.post(BASE, { name: 'bad auth type', apiClientAuthType: '' })).status, 400);
    assert.equal((await fx.admin.post(BASE, { name: 'bad password', password: 1234 })).status, 400);
  });

  void test('a duplicate name is a 409 with the {id} of the client holding it', async () => {
    const res = await fx.admin.post(BASE, { name: 'SMS gateway' });
    assert.equal(res.status, 409);
    assert.deepEqual(res.body, { id: 2 });
  });
});

void describe('GET /api/v2/apiclients/{id}', () => {
  void test('answers the record without the password', async () => {
    const res = await fx.tester.get(`${BASE}/1`);
    assert.equal(res.status, 200);
    assert.equal((res.body as Client).name, 'Billing REST');
    assert.ok(!('password' in (res.body as object)));
    assert.ok(!res.text.includes(DEMO_PASSWORD));
  });

  void test('an unknown id is a 404, a non-integer id a 400', async () => {
    assert.equal((await fx.admin.get(`${BASE}/999`)).status, 404);
    assert.equal((await fx.admin.get(`${BASE}/1.5`)).status, 400);
  });
});

void describe('PUT /api/v2/apiclients/{id}', () => {
  void test('merges; without a password the stored one is kept, with one it is replaced', async () => {
    const res = await fx.admin.put(`${BASE}/5`, {
      serverURL: 'https://crm2.example.com/customers',
      httpMethod: 'POST',
    });
    assert.equal(res.status, 200);
    const c = res.body as Client;
    assert.deepEqual(Object.keys(c).sort(), CLIENT_FIELDS);
    assert.equal(c.serverURL, 'https://crm2.example.com/customers');
    assert.equal(c.httpMethod, 'POST');
    assert.equal(c.name, 'CRM lookup');
    assert.equal(c.username, 'svc-tests');
    assert.equal(fx.emu.store.apiClients.get(5)!.password, DEMO_PASSWORD);
    const changed = await fx.admin.put(`${BASE}/5`, { password: 'rotated-secret' });
    assert.equal(changed.status, 200);
    assert.ok(!changed.text.includes('rotated-secret'));
    assert.equal(fx.emu.store.apiClients.get(5)!.password, 'rotated-secret');
  });

  void test('a record read and PUT back without its response-only fields changes nothing, the password included', async () => {
    const before = await expectStatus<Client>(fx.admin.get(`${BASE}/1`), 200);
    const { id: _id, projects: _projects, ...fields } = before;
    assert.deepEqual(await expectStatus(fx.admin.put(`${BASE}/1`, fields), 200), before);
    assert.equal(fx.emu.store.apiClients.get(1)!.password, DEMO_PASSWORD);
  });

  void test('refuses the response-only id and projects with a 400 naming the field', async () => {
    const before = await expectStatus<Client>(fx.admin.get(`${BASE}/1`), 200);
    const res = await fx.admin.put(`${BASE}/1`, before);
    assert.equal(res.status, 400);
    assert.match(String(res.body?.message), /'id' is response-only.*'projects' is response-only/);
  });

  void test("another client's name is a 409 {id}; bad types 400; unknown client 404", async () => {
    const dup = await fx.admin.put(`${BASE}/1`, { name: 'CRM lookup' });
    assert.equal(dup.status, 409);
    assert.deepEqual(dup.body, { id: 5 });
    assert.equal((await fx.admin.put(`${BASE}/1`, { authParams: 'x' })).status, 400);
    assert.equal((await fx.admin.put(`${BASE}/1`, { httpMethod: 'get' })).status, 400);
    assert.equal((await fx.admin.put(`${BASE}/999`, { name: 'nobody' })).status, 404);
  });
});

void describe('DELETE /api/v2/apiclients/{id}', () => {
  void test('deletes (200, no body); its project assignments go; then 404', async () => {
    assert.equal(fx.emu.store.projectIdsOf('API_CLIENT', 2).size, 1);
    const res = await fx.admin.delete(`${BASE}/2`);
    assert.equal(res.status, 200);
    assert.equal(res.text, '');
    assert.equal(fx.emu.store.projectIdsOf('API_CLIENT', 2).size, 0);
    assert.equal((await fx.admin.get(`${BASE}/2`)).status, 404);
    assert.equal((await fx.admin.delete(`${BASE}/2`)).status, 404);
  });
});
