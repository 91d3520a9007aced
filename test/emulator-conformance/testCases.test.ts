import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, useEmulator, type RawClient, type RawResponse } from './harness';

// Test cases over raw HTTP: paging and filters, create/read/update/delete with the document's
// 201/404/409 statuses, import/export batches, the suite listing and the direct run
// (DECISIONS.md, "Test cases").

interface Ref {
  id: number;
  name: string;
}
interface ListItem {
  projects: Ref[];
  id: number;
  name: string;
  description: string;
  testStepCount: number;
  deviceList: string[];
  created: string;
  updated: string;
}
interface SortInfo {
  sorted: boolean;
  unsorted: boolean;
  empty: boolean;
}
interface Page {
  content: ListItem[];
  totalElements: number;
  numberOfElements: number;
  first: boolean;
  last: boolean;
  sort: SortInfo;
  pageable: { offset: number };
}
interface TraceItem {
  mobileDeviceId: number;
  traceFilterId: number;
  mobileDeviceName: string | null;
  msisdn: string | null;
}
interface TestCaseRecord {
  id: number;
  name: string;
  description: string;
  testStepList: Record<string, unknown>[];
  tags: string;
  disableReason: string;
  notes: string;
  disabled: boolean;
  traceFilters: TraceItem[];
  sipTraceFilters: unknown[];
  projects: Ref[];
}
interface Exported extends TestCaseRecord {
  devices: { id: number; testNodeId: number; testNodeName: string; projects: Ref[] }[];
  apiClients: Record<string, unknown>[];
}

const LIST_ITEM_KEYS = ['created', 'description', 'deviceList', 'id', 'name', 'projects', 'testStepCount', 'updated'];
const CASE_KEYS = [
  'description',
  'disableReason',
  'disabled',
  'id',
  'name',
  'notes',
  'projects',
  'sipTraceFilters',
  'tags',
  'testStepList',
  'traceFilters',
];

let seq = 0;
const unique = (prefix: string) => `${prefix} ${++seq}`;
const message = (r: RawResponse) => r.headers.get('x-emulator-message') ?? '';
const keys = (o: unknown) => Object.keys(o as object).sort();
const page = (client: RawClient, query: string) => expectStatus<Page>(client.get(`/api/v2/testcases?${query}`), 200);
const pageIds = async (client: RawClient, query: string) => (await page(client, query)).content.map((i) => i.id);
const read = (client: RawClient, id: number) => expectStatus<TestCaseRecord>(client.get(`/api/v2/testcases/${id}`), 200);

async function createCase(client: RawClient, fields: Record<string, unknown> = {}): Promise<number> {
  const body = { name: unique('case'), testStepList: [{ function: 'WAIT', params: { seconds: 1 } }], ...fields };
  return (await expectStatus<{ id: number }>(client.post('/api/v2/testcases', body), 201)).id;
}

void describe('test case list (demo data, unchanged)', () => {
  const fx = useEmulator();

  void it('answers the page wrapper with every field, page 0 size 20 by default', async () => {
    const { content, ...wrapper } = await expectStatus<Page>(fx.admin.get('/api/v2/testcases'), 200);
    const sort = { sorted: false, unsorted: true, empty: true };
    assert.deepEqual(wrapper, {
      totalElements: 50,
      totalPages: 3,
      number: 0,
      size: 20,
      first: true,
      last: false,
      numberOfElements: 20,
      empty: false,
      sort,
      pageable: { sort, offset: 0, paged: true, unpaged: false, pageNumber: 0, pageSize: 20 },
    });
    assert.equal(content.length, 20);
    for (const item of content) assert.deepEqual(keys(item), LIST_ITEM_KEYS);
  });

  void it('answers the last page partly filled', async () => {
    const res = await page(fx.admin, 'page=2&size=20');
    assert.equal(res.numberOfElements, 10);
    assert.equal(res.first, false);
    assert.equal(res.last, true);
    assert.equal(res.pageable.offset, 40);
    assert.deepEqual(
      res.content.map((i) => i.id),
      Array.from({ length: 10 }, (_, i) => 41 + i),
    );
  });

  void it('sorts by name descending and rejects unknown sort fields', async () => {
    const res = await page(fx.admin, 'size=100&sort=name,desc');
    const names = res.content.map((i) => i.name);
    assert.deepEqual(names, [...names].sort((a, b) => b.localeCompare(a)));
    assert.equal(res.sort.sorted, true);
    assert.equal((await fx.admin.get(`/api/v2/testcases?sort=tags`)).status, 400);
  });

  void it('filters by project ids (any of them) and rejects a non-integer', async () => {
    const inProject = (pids: number[]) =>
      fx.emu.store.testCases
        .all()
        .filter((t) => pids.some((p) => fx.emu.store.projectIdsOf('TEST_CASE', t.id).has(p)))
        .map((t) => t.id);
    const one = await page(fx.admin, 'size=100&prj=2');
    assert.deepEqual(
      one.content.map((i) => i.id),
      inProject([2]),
    );
    assert.ok(one.content.length > 0);
    for (const item of one.content) assert.ok(item.projects.some((p) => p.id === 2));
    const two = await pageIds(fx.admin, 'size=100&prj=2,3');
    assert.deepEqual(two, inProject([2, 3]));
    assert.ok(two.length > one.content.length);
    assert.deepEqual(await pageIds(fx.admin, 'size=100&prj=2&prj=3'), two, 'repeated prj works too');
    const bad = await fx.admin.get(`/api/v2/testcases?prj=2,x`);
    assert.equal(bad.status, 400);
    assert.match(message(bad), /prj/);
  });

  void it('filters by name, description, tags and device, case-insensitively', async () => {
    const all = fx.emu.store.testCases.all();
    const expect = async (query: string, want: number[]) => {
      assert.ok(want.length > 0, query);
      assert.deepEqual(await pageIds(fx.admin, `size=100&${query}`), want, query);
    };
    const voice = all.filter((t) => /voice call/i.test(t.name)).map((t) => t.id);
    await expect('filterName=name&filterValue=VOICE%20CALL', voice);
    await expect('filterValue=voice%20call', voice);
    await expect('filterName=tags&filterValue=Regression', all.filter((t) => t.tags.includes('regression')).map((t) => t.id));
    await expect('filterName=description&filterValue=between', all.map((t) => t.id));
    const device = fx.emu.store.devices.get(3)!;
    const withDevice = all.filter((t) =>
      [...t.traceFilters, ...t.sipTraceFilters, ...t.testStepList].some((x) => x['mobileDeviceId'] === 3),
    );
    await expect(`filterName=device&filterValue=${encodeURIComponent(device.name.toUpperCase())}`, withDevice.map((t) => t.id));
    const bad = await fx.admin.get(`/api/v2/testcases?filterName=owner&filterValue=x`);
    assert.equal(bad.status, 400);
    assert.match(message(bad), /filterName/);
  });

  void it('refuses a request without a bearer token', async () => {
    assert.equal((await fx.raw.get('/api/v2/testcases')).status, 401);
    assert.equal((await fx.raw.post('/api/v2/testcases', { name: 'x' })).status, 401);
    assert.equal((await fx.raw.get(`/api/v2/testcases/1`)).status, 401);
    assert.equal((await fx.raw.put(`/api/v2/testcases/1`, { name: 'x' })).status, 401);
    assert.equal((await fx.raw.delete(`/api/v2/testcases/1`)).status, 401);
    assert.equal((await fx.raw.get(`/api/v2/testcases/1/testsuites`)).status, 401);
    assert.equal((await fx.raw.post(`/api/v2/testcases/1/run`)).status, 401);
    assert.equal((await fx.raw.post(`/api/v2/testcases/import`, [])).status, 401);
    assert.equal((await fx.raw.post(`/api/v2/testcases/export`, { ids: [1] })).status, 401);
  });
});

void describe('test case create, read, update, delete', () => {
  const fx = useEmulator({ settings: { executionStepMs: 60_000 } });

  void it('creates with 201 {id} and reads it back with device names, msisdn and projects', async () => {
    const name = unique('create');
    const res = await fx.tester.post('/api/v2/testcases', {
      name,
      description: 'd',
      testStepList: [{ function: 'CALL', mobileDeviceId: 3, params: { target: '+49' } }],
      tags: 'voice',
      notes: 'n',
      disabled: false,
      traceFilters: [{ mobileDeviceId: 1, traceFilterId: 2 }],
      sipTraceFilters: [{ mobileDeviceId: 2, sipMessageCodes: '180,200' }],
    });
    assert.equal(res.status, 201);
    assert.deepEqual(keys(res.body), ['id']);
    const id = (res.body as { id: number }).id;
    const got = await read(fx.tester, id);
    assert.deepEqual(keys(got), CASE_KEYS);
    const [d1, d2, d3] = [1, 2, 3].map((i) => fx.emu.store.devices.get(i)!);
    assert.deepEqual(got, {
      id,
      name,
      description: 'd',
      testStepList: [{ function: 'CALL', mobileDeviceId: 3, params: { target: '+49' } }],
      tags: 'voice',
      disableReason: '',
      notes: 'n',
      disabled: false,
      traceFilters: [{ mobileDeviceId: 1, traceFilterId: 2, mobileDeviceName: d1!.name, msisdn: d1!.msisdn }],
      sipTraceFilters: [{ mobileDeviceId: 2, sipMessageCodes: '180,200', mobileDeviceName: d2!.name, msisdn: d2!.msisdn }],
      projects: [],
    });
    const [item] = (await page(fx.tester, `filterValue=${encodeURIComponent(name)}`)).content;
    assert.deepEqual(item!.deviceList, [d1!.name, d2!.name, d3!.name]);
    assert.equal(item!.testStepCount, 1);
    assert.equal(item!.created, item!.updated);
  });

  void it('refuses response-only fields on create and update with a 400 naming each', async () => {
    const name = unique('response-only');
    const created = await fx.admin.post('/api/v2/testcases', { id: 5, name, projects: [], devices: [], apiClients: [] });
    const updated = await fx.admin.put('/api/v2/testcases/1', {
      traceFilters: [{ mobileDeviceId: 1, traceFilterId: 2, mobileDeviceName: 'A' }],
      sipTraceFilters: [{ mobileDeviceId: 2, sipMessageCodes: '200', msisdn: '49' }],
    });
    for (const [res, fields] of [
      [created, ['id', 'projects', 'devices', 'apiClients']],
      [updated, ['traceFilters\\[0\\]\\.mobileDeviceName', 'sipTraceFilters\\[0\\]\\.msisdn']],
    ] as const) {
      assert.equal(res.status, 400);
      for (const field of fields) assert.match(String(res.body?.message), new RegExp(`'${field}' is response-only`));
    }
  });

  void it('keeps fields the document does not describe: stored as sent, shown on read and export, changed only when given', async () => {
    const demo = await read(fx.admin, 3);
    assert.deepEqual((demo as unknown as Record<string, unknown>)['retryPolicy'], { maxRetries: 1, delaySeconds: 30 });
    const name = unique('extra');
    const id = (await expectStatus<{ id: number }>(fx.admin.post('/api/v2/testcases', { name, priority: 'HIGH', labels: { team: 'voice' } }), 201)).id;
    const extra = (r: unknown) => {
      const { priority, labels } = r as Record<string, unknown>;
      return { priority, labels };
    };
    assert.deepEqual(extra(await read(fx.admin, id)), { priority: 'HIGH', labels: { team: 'voice' } });
    await expectStatus(fx.admin.put(`/api/v2/testcases/${id}`, { description: 'd' }), 200);
    assert.deepEqual(extra(await read(fx.admin, id)), { priority: 'HIGH', labels: { team: 'voice' } });
    await expectStatus(fx.admin.post('/api/v2/testcases/import', [{ id, name, priority: 'LOW' }]), 200);
    const [exported] = await expectStatus<Record<string, unknown>[]>(fx.admin.post('/api/v2/testcases/export', { ids: [id] }), 200);
    assert.deepEqual(extra(exported), { priority: 'LOW', labels: { team: 'voice' } });
  });

  void it('answers 409 {id} for a duplicate name', async () => {
    const name = unique('dup');
    const id = await createCase(fx.admin, { name });
    const res = await fx.admin.post('/api/v2/testcases', { name });
    assert.equal(res.status, 409);
    assert.deepEqual(res.body, { id });
  });

  void it('answers 400 naming the field for a missing name or a wrong type', async () => {
    const cases: [unknown, RegExp][] = [
      [{ description: 'x' }, /'name' is required/],
      [{ name: '  ' }, /'name' must not be empty/],
      [{ name: 'x', testStepList: {} }, /testStepList/],
      [{ name: 'x', testStepList: [1] }, /testStepList/],
      [{ name: 'x', disabled: 'no' }, /disabled/],
      [{ name: 'x', tags: ['a'] }, /tags/],
      [{ name: 'x', traceFilters: [{ mobileDeviceId: '1', traceFilterId: 1 }] }, /traceFilters\[0\].*mobileDeviceId/],
      [{ name: 'x', traceFilters: [{ mobileDeviceId: 1 }] }, /traceFilters\[0\].*traceFilterId/],
      [{ name: 'x', sipTraceFilters: [{ mobileDeviceId: 1, sipMessageCodes: 180 }] }, /sipTraceFilters\[0\].*sipMessageCodes/],
      [[], /JSON object/],
    ];
    for (const [body, pattern] of cases) {
      const res = await fx.admin.post('/api/v2/testcases', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(message(res), pattern);
    }
  });

  void it('accepts device and trace filter ids that do not exist', async () => {
    const id = await createCase(fx.admin, { traceFilters: [{ mobileDeviceId: 9999, traceFilterId: 8888 }] });
    assert.deepEqual((await read(fx.admin, id)).traceFilters, [
      { mobileDeviceId: 9999, traceFilterId: 8888, mobileDeviceName: null, msisdn: null },
    ]);
  });

  void it('answers 404 with a body of the test case shape', async () => {
    const shape = {
      id: 987654,
      name: null,
      description: null,
      testStepList: null,
      tags: null,
      disableReason: null,
      notes: null,
      disabled: null,
      traceFilters: null,
      sipTraceFilters: null,
      projects: null,
    };
    for (const res of [
      await fx.admin.get(`/api/v2/testcases/987654`),
      await fx.admin.put(`/api/v2/testcases/987654`, { name: 'x' }),
      await fx.admin.delete(`/api/v2/testcases/987654`),
      await fx.admin.get(`/api/v2/testcases/987654/testsuites`),
      await fx.admin.post(`/api/v2/testcases/987654/run`),
    ]) {
      assert.equal(res.status, 404);
      assert.deepEqual(res.body, shape);
    }
    assert.equal((await fx.admin.get(`/api/v2/testcases/abc`)).status, 400);
  });

  void it('updates the given fields with PUT and answers the test case', async () => {
    const id = await createCase(fx.admin, { description: 'old', tags: 'a' });
    const before = await read(fx.admin, id);
    const after = await expectStatus<TestCaseRecord>(fx.admin.put(`/api/v2/testcases/${id}`, { description: 'new', disabled: true }), 200);
    assert.deepEqual(after, { ...before, description: 'new', disabled: true });
    const { id: _id, projects: _projects, ...fields } = after;
    const back = await expectStatus(fx.admin.put(`/api/v2/testcases/${id}`, fields), 200);
    assert.deepEqual(back, after, 'a read record PUT back (without response-only fields) changes nothing');
    const bad = await fx.admin.put(`/api/v2/testcases/${id}`, { notes: 5 });
    assert.equal(bad.status, 400);
    assert.match(message(bad), /notes/);
  });

  void it('answers 409 {id} when PUT renames to a taken name', async () => {
    const a = await createCase(fx.admin);
    const bName = unique('taken');
    const b = await createCase(fx.admin, { name: bName });
    const res = await fx.admin.put(`/api/v2/testcases/${a}`, { name: bName });
    assert.equal(res.status, 409);
    assert.deepEqual(res.body, { id: b });
    assert.equal((await fx.admin.put(`/api/v2/testcases/${b}`, { name: bName })).status, 200, 'its own name is fine');
  });

  void it('deletes with 200 and no body, dropping project assignments', async () => {
    const id = await createCase(fx.admin);
    const assignment = { entityType: 'TEST_CASE', entityIds: [id], projectNames: ['Voice'] };
    await expectStatus(fx.admin.post('/api/v2/projects/assignments', assignment), 200);
    const res = await fx.admin.delete(`/api/v2/testcases/${id}`);
    assert.equal(res.status, 200);
    assert.equal(res.text, '');
    assert.equal((await fx.admin.get(`/api/v2/testcases/${id}`)).status, 404);
    assert.equal(fx.emu.store.projectIdsOf('TEST_CASE', id).size, 0);
  });

  void it('answers 409 on delete while the case is in a suite', async () => {
    const res = await fx.admin.delete(`/api/v2/testcases/1`);
    assert.equal(res.status, 409);
    assert.match(message(res), /test suite/);
    assert.equal((await fx.admin.get(`/api/v2/testcases/1`)).status, 200);
  });

  void it('answers 409 on delete while an execution is queued or running, 200 once it finished', async () => {
    const id = await createCase(fx.admin);
    const run = await expectStatus<{ executionId: number }>(fx.admin.post(`/api/v2/testcases/${id}/run`), 200);
    const res = await fx.admin.delete(`/api/v2/testcases/${id}`);
    assert.equal(res.status, 409);
    assert.match(message(res), new RegExp(`execution.*${run.executionId}`));
    fx.emu.advanceClock(2 * 60_000);
    assert.equal((await fx.admin.delete(`/api/v2/testcases/${id}`)).status, 200);
  });

  void it('lists the suites containing a case as {name}', async () => {
    const want = fx.emu.store.testSuites
      .all()
      .filter((s) => s.testCaseIds.includes(1))
      .map((s) => ({ name: s.name }));
    assert.ok(want.some((s) => s.name === 'Nightly regression'));
    assert.deepEqual(await expectStatus(fx.admin.get(`/api/v2/testcases/1/testsuites`), 200), want);
    const lonely = await createCase(fx.admin);
    assert.deepEqual(await expectStatus(fx.admin.get(`/api/v2/testcases/${lonely}/testsuites`), 200), []);
  });
});

void describe('test case run', () => {
  const fx = useEmulator({ settings: { executionStepMs: 60_000 } });

  void it('starts a direct run: 200 {executionId, testCaseId, source}', async () => {
    const id = await createCase(fx.tester);
    const res = await expectStatus<{ executionId: number; testCaseId: number; source: string }>(
      fx.tester.post(`/api/v2/testcases/${id}/run`),
      200,
    );
    assert.deepEqual(res, { executionId: res.executionId, testCaseId: id, source: 'DIRECT_RUN' });
    assert.ok(Number.isInteger(res.executionId));
    const exec = await expectStatus<Record<string, unknown>>(fx.tester.get(`/api/v2/testexecutions/${res.executionId}`), 200);
    assert.equal(exec['status'], 'QUEUED');
    assert.equal(exec['testCaseId'], id);
    assert.equal(exec['triggeredBy'], 'tester@example.com');
  });

  void it('answers 409 when the case cannot be started: disabled, no steps, missing device', async () => {
    const disabled = await createCase(fx.admin, { disabled: true, disableReason: 'broken SIM' });
    const empty = await createCase(fx.admin, { testStepList: [] });
    const ghost = await createCase(fx.admin, { testStepList: [{ function: 'HANGUP', mobileDeviceId: 4242 }] });
    const expected: [number, RegExp][] = [
      [disabled, /disabled: broken SIM/],
      [empty, /no test steps/],
      [ghost, /mobile devices that do not exist: 4242/],
    ];
    for (const [id, pattern] of expected) {
      const res = await fx.admin.post(`/api/v2/testcases/${id}/run`);
      assert.equal(res.status, 409);
      assert.match(message(res), pattern);
    }
  });
});

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
      [[{ name }, { name: unique('x'), traceFilters: [{ mobileDeviceId: 1, traceFilterId: 'a' }] }], /item 1.*traceFilters\[0\].*traceFilterId/],
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
      sipTraceFilters: (tc.sipTraceFilters as Record<string, unknown>[]).map(({ mobileDeviceName: _n, msisdn: _m, ...item }) => item),
    }));
    assert.deepEqual(await importIds(importable), [3, 4, 5]);
    assert.deepEqual(await expectStatus(fx.admin.post(`/api/v2/testcases/export`, { ids: [3, 4, 5] }), 200), exported);
  });
});
