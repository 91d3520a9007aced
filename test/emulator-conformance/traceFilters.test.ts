import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { expectStatus, useEmulator } from './harness';

// Trace filters: CRUD with unique names (DECISIONS.md, "Trace filters").

interface Filter {
  id: number;
  name: string;
  filter: string;
  projects: { id: number; name: string }[];
}

const BASE = '/api/v2/tracefilters';
const fx = useEmulator();

void describe('GET /api/v2/tracefilters', () => {
  void test('answers a plain array of {id, name, filter, projects}, by id', async () => {
    const list = await expectStatus<Filter[]>(fx.tester.get(BASE), 200);
    assert.equal(list.length, 6);
    for (const f of list) assert.deepEqual(Object.keys(f).sort(), ['filter', 'id', 'name', 'projects']);
    assert.deepEqual(list[0], { id: 1, name: 'SIP signalling', filter: 'sip', projects: [{ id: 2, name: 'Voice' }] });
    assert.deepEqual(
      list.map((f) => f.id),
      [1, 2, 3, 4, 5, 6],
    );
  });
});

void describe('POST /api/v2/tracefilters', () => {
  void test('creates: 201 {id}, owned by the caller', async () => {
    const res = await fx.tester.post(BASE, { name: ' ICMP ', filter: 'icmp' });
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body as object), ['id']);
    const id = (res.body as { id: number }).id;
    assert.deepEqual(await expectStatus(fx.admin.get(`${BASE}/${id}`), 200), {
      id,
      name: 'ICMP',
      filter: 'icmp',
      projects: [],
    });
    assert.equal(fx.emu.store.traceFilters.get(id)!.ownerId, 2);
  });

  void test('name and filter are required strings; an empty name is a 400', async () => {
    assert.equal((await fx.admin.post(BASE, { filter: 'tcp' })).status, 400);
    assert.equal((await fx.admin.post(BASE, { name: 'TCP only' })).status, 400);
    assert.equal((await fx.admin.post(BASE, { name: '', filter: 'tcp' })).status, 400);
    assert.equal((await fx.admin.post(BASE, { name: 'TCP only', filter: ['tcp'] })).status, 400);
    assert.equal((await fx.admin.post(BASE, 'not an object')).status, 400);
  });

  void test('a duplicate name is a 409 with the {id} of the filter holding it', async () => {
    const res = await fx.admin.post(BASE, { name: 'DNS lookups', filter: 'udp.port == 53' });
    assert.equal(res.status, 409);
    assert.deepEqual(res.body, { id: 3 });
  });
});

void describe('GET /api/v2/tracefilters/{id}', () => {
  void test('answers the record; unknown id 404, non-integer id 400', async () => {
    const f = await expectStatus<Filter>(fx.tester.get(`${BASE}/2`), 200);
    assert.equal(f.name, 'Diameter Gx');
    assert.equal((await fx.admin.get(`${BASE}/999`)).status, 404);
    assert.equal((await fx.admin.get(`${BASE}/two`)).status, 400);
  });
});

void describe('PUT /api/v2/tracefilters/{id}', () => {
  void test('merges the fields sent: 200 with the record', async () => {
    const id = (await expectStatus<{ id: number }>(fx.admin.post(BASE, { name: 'SCTP', filter: 'sctp' }), 201)).id;
    assert.deepEqual(await expectStatus(fx.admin.put(`${BASE}/${id}`, { filter: 'sctp || s1ap' }), 200), {
      id,
      name: 'SCTP',
      filter: 'sctp || s1ap',
      projects: [],
    });
    const both = await expectStatus<Filter>(fx.admin.put(`${BASE}/${id}`, { name: 'S1AP', filter: 's1ap' }), 200);
    assert.equal(both.name, 'S1AP');
    assert.deepEqual(await expectStatus(fx.admin.get(`${BASE}/${id}`), 200), both);
  });

  void test("another filter's name is a 409 {id}; bad types 400; unknown filter 404", async () => {
    const dup = await fx.admin.put(`${BASE}/1`, { name: 'RTP media' });
    assert.equal(dup.status, 409);
    assert.deepEqual(dup.body, { id: 6 });
    assert.equal((await fx.admin.put(`${BASE}/1`, { filter: 1 })).status, 400);
    assert.equal((await fx.admin.put(`${BASE}/1`, { name: '  ' })).status, 400);
    assert.equal((await fx.admin.put(`${BASE}/999`, { name: 'x', filter: 'y' })).status, 404);
    assert.equal((await expectStatus<Filter>(fx.admin.get(`${BASE}/1`), 200)).name, 'SIP signalling');
  });
});

void describe('DELETE /api/v2/tracefilters/{id}', () => {
  void test('deletes (200, no body) even when test cases use it; references dangle, assignments go', async () => {
    const id = 1;
    const users = fx.emu.store.testCases.all().filter((t) => t.traceFilters.some((f) => f.traceFilterId === id));
    assert.ok(users.length > 0);
    assert.equal(fx.emu.store.projectIdsOf('TRACE_FILTER', id).size, 1);
    const res = await fx.admin.delete(`${BASE}/${id}`);
    assert.equal(res.status, 200);
    assert.equal(res.text, '');
    assert.equal((await fx.admin.get(`${BASE}/${id}`)).status, 404);
    assert.equal(fx.emu.store.projectIdsOf('TRACE_FILTER', id).size, 0);
    for (const t of users) {
      assert.ok(fx.emu.store.testCases.get(t.id)!.traceFilters.some((f) => f.traceFilterId === id));
    }
  });

  void test('an unknown id is a 404', async () => {
    assert.equal((await fx.admin.delete(`${BASE}/999`)).status, 404);
  });
});
