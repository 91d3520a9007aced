import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, useEmulator } from './harness';
import { CASE_KEYS, createCase, keys, message, page, read, unique, type Exported } from './testCaseShapes';

// Test cases over raw HTTP: import and export batches (DECISIONS.md, "Test cases").

void describe('test case import and export', () => {
  const fx = useEmulator();
  const importIds = async (items: unknown[]) =>
    (await expectStatus<{ ids: number[] }>(fx.admin.post(`/api/v2/testcases/import`, items), 200)).ids;

  void it('creates, updates by id and updates by name, answering ids in request order', async () => {
    const existing = await createCase(fx.admin, { description: 'before' });
    const byNameName = unique('by name');
    const byName = await createCase(fx.admin, { name: byNameName });
    const newName = unique('imported');
    const res = await fx.admin.post(`/api/v2/testcases/import`, [
      { name: newName, testStepList: [{ function: 'WAIT' }] },
      { id: existing, description: 'after' },
      { name: byNameName, notes: 'matched by name' },
      { id: 999_999, name: unique('unknown id creates') },
      { name: newName, tags: 'second item updates the first' },
    ]);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(keys(res.body), ['ids']);
    const [created, updated, named, fresh, again] = (res.body as { ids: number[] }).ids;
    assert.equal(updated, existing);
    assert.equal(named, byName);
    assert.equal(again, created);
    assert.ok(created! > byName && fresh! > created!);
    const got = await read(fx.admin, created!);
    assert.equal(got.tags, 'second item updates the first');
    assert.deepEqual(got.testStepList, [{ function: 'WAIT' }]);
    assert.deepEqual(got.projects, []);
    assert.equal((await read(fx.admin, existing)).description, 'after');
    assert.equal((await read(fx.admin, byName)).notes, 'matched by name');
  });

  void it('validates every item first: 400 naming the index and field, nothing changed', async () => {
    const before = fx.emu.store.testCases.size;
    const name = unique('never');
    const cases: [unknown, RegExp][] = [
      [
        [{ name }, { name: unique('x'), traceFilters: [{ mobileDeviceId: 1, traceFilterId: 'a' }] }],
        /item 1.*traceFilters\[0\].*traceFilterId/,
      ],
      [[{ name }, { description: 'no name, no id' }], /item 1.*'name' is required/],
      [[{ name }, 7], /item 1/],
      [[{ name }, { name: unique('y'), id: 'seven' }], /item 1.*'id'/],
      [[{ name }, { name: unique('z'), projects: [] }], /item 1 field 'projects' is response-only/],
      [{ name }, /array/],
    ];
    for (const [body, pattern] of cases) {
      const res = await fx.admin.post(`/api/v2/testcases/import`, body);
      assert.equal(res.status, 400);
      assert.match(message(res), pattern);
    }
    assert.equal(fx.emu.store.testCases.size, before);
    assert.equal((await page(fx.admin, `filterValue=${encodeURIComponent(name)}`)).totalElements, 0);
  });

  void it('answers 409 {id} when an item would rename a case to a name another case holds', async () => {
    const a = await createCase(fx.admin);
    const bName = unique('held');
    const b = await createCase(fx.admin, { name: bName });
    const res = await fx.admin.post(`/api/v2/testcases/import`, [{ id: a, name: bName }]);
    assert.equal(res.status, 409);
    assert.deepEqual(res.body, { id: b });
    const swapped = await importIds([
      { id: b, name: unique('freed') },
      { id: a, name: bName },
    ]);
    assert.deepEqual(swapped, [b, a], 'a name freed earlier in the batch may be taken later');
  });

  void it('answers 413 for more items than the maximum batch size', async () => {
    const saved = fx.emu.settings.maxBatchSize;
    fx.emu.settings.maxBatchSize = 2;
    try {
      const items = [1, 2, 3].map(() => ({ name: unique('too many') }));
      assert.equal((await fx.admin.post(`/api/v2/testcases/import`, items)).status, 413);
      assert.equal((await fx.admin.post(`/api/v2/testcases/export`, { ids: [1, 2, 3] })).status, 413);
      assert.equal((await fx.admin.post(`/api/v2/testcases/export`, { ids: [1, 2] })).status, 200);
    } finally {
      fx.emu.settings.maxBatchSize = saved;
    }
  });

  void it('exports test cases with the devices and API clients they refer to', async () => {
    // Demo case 7 is a "Billing notification": an HTTP_REQUEST step calling API client 1.
    const res = await expectStatus<Exported[]>(fx.admin.post(`/api/v2/testcases/export`, { ids: [7, 2, 7] }), 200);
    assert.deepEqual(
      res.map((t) => t.id),
      [7, 2],
    );
    const [seven, two] = res as [Exported, Exported];
    assert.deepEqual(keys(seven), [...CASE_KEYS, 'apiClients', 'devices'].sort());
    const record = Object.fromEntries(Object.entries(seven).filter(([k]) => k !== 'devices' && k !== 'apiClients'));
    assert.deepEqual(await read(fx.admin, 7), record);
    const tc = fx.emu.store.testCases.get(7)!;
    const deviceIds = new Set<number>([...tc.traceFilters, ...tc.sipTraceFilters].map((f) => f.mobileDeviceId));
    for (const s of tc.testStepList) if (typeof s['mobileDeviceId'] === 'number') deviceIds.add(s['mobileDeviceId']);
    assert.deepEqual(
      seven.devices.map((d) => d.id),
      [...deviceIds].sort((a, b) => a - b),
    );
    const device = seven.devices[0]!;
    assert.equal(device.testNodeName, fx.emu.store.testNodes.get(device.testNodeId)!.name);
    assert.ok(Array.isArray(device.projects));
    assert.deepEqual(
      seven.apiClients.map((a) => a['id']),
      [1],
    );
    assert.equal(seven.apiClients[0]!['name'], 'Billing REST');
    assert.equal('password' in seven.apiClients[0]!, false);
    assert.deepEqual(two.apiClients, []);
  });

  void it('answers 404 for an unknown id and 400 without ids', async () => {
    const res = await fx.admin.post(`/api/v2/testcases/export`, { ids: [1, 424242] });
    assert.equal(res.status, 404);
    assert.match(message(res), /424242/);
    assert.equal((await fx.admin.post(`/api/v2/testcases/export`, {})).status, 400);
    assert.equal((await fx.admin.post(`/api/v2/testcases/export`, { ids: ['1'] })).status, 400);
  });

  void it('round-trips: an export imported back updates the same cases and changes nothing', async () => {
    const exported = await expectStatus<Exported[]>(fx.admin.post(`/api/v2/testcases/export`, { ids: [3, 4, 5] }), 200);
    // What an export adds (devices, apiClients, projects, device names in trace items) is response-only.
    const importable = exported.map(({ devices: _d, apiClients: _a, projects: _p, ...tc }) => ({
      ...tc,
      traceFilters: tc.traceFilters.map(({ mobileDeviceName: _n, msisdn: _m, ...item }) => item),
      sipTraceFilters: (tc.sipTraceFilters as Record<string, unknown>[]).map(
        ({ mobileDeviceName: _n, msisdn: _m, ...item }) => item,
      ),
    }));
    assert.deepEqual(await importIds(importable), [3, 4, 5]);
    assert.deepEqual(await expectStatus(fx.admin.post(`/api/v2/testcases/export`, { ids: [3, 4, 5] }), 200), exported);
  });
});
