import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, useEmulator } from './harness';
import {
  CASE_KEYS,
  createCase,
  keys,
  LIST_ITEM_KEYS,
  message,
  page,
  pageIds,
  read,
  unique,
  type Page,
  type TestCaseRecord,
} from './testCaseShapes';

// Test cases over raw HTTP: paging and filters, create/read/update/delete with the document's
// 201/404/409 statuses, the suite listing and the direct run (DECISIONS.md, "Test cases").
// Import and export batches: testCaseImportExport.test.ts.

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
    assert.deepEqual(
      names,
      [...names].sort((a, b) => b.localeCompare(a)),
    );
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
    await expect(
      'filterName=tags&filterValue=Regression',
      all.filter((t) => t.tags.includes('regression')).map((t) => t.id),
    );
    await expect(
      'filterName=description&filterValue=between',
      all.map((t) => t.id),
    );
    const device = fx.emu.store.devices.get(3)!;
    const withDevice = all.filter((t) =>
      [...t.traceFilters, ...t.sipTraceFilters, ...t.testStepList].some((x) => x['mobileDeviceId'] === 3),
    );
    await expect(
      `filterName=device&filterValue=${encodeURIComponent(device.name.toUpperCase())}`,
      withDevice.map((t) => t.id),
    );
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
      sipTraceFilters: [
        { mobileDeviceId: 2, sipMessageCodes: '180,200', mobileDeviceName: d2!.name, msisdn: d2!.msisdn },
      ],
      projects: [],
    });
    const [item] = (await page(fx.tester, `filterValue=${encodeURIComponent(name)}`)).content;
    assert.deepEqual(item!.deviceList, [d1!.name, d2!.name, d3!.name]);
    assert.equal(item!.testStepCount, 1);
    assert.equal(item!.created, item!.updated);
  });

  void it('refuses response-only fields on create and update with a 400 naming each', async () => {
    const name = unique('response-only');
    const created = await fx.admin.post('/api/v2/testcases', {
      id: 5,
      name,
      projects: [],
      devices: [],
      apiClients: [],
    });
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
    const id = (
      await expectStatus<{ id: number }>(
        fx.admin.post('/api/v2/testcases', { name, priority: 'HIGH', labels: { team: 'voice' } }),
        201,
      )
    ).id;
    const extra = (r: unknown) => {
      const { priority, labels } = r as Record<string, unknown>;
      return { priority, labels };
    };
    assert.deepEqual(extra(await read(fx.admin, id)), { priority: 'HIGH', labels: { team: 'voice' } });
    await expectStatus(fx.admin.put(`/api/v2/testcases/${id}`, { description: 'd' }), 200);
    assert.deepEqual(extra(await read(fx.admin, id)), { priority: 'HIGH', labels: { team: 'voice' } });
    await expectStatus(fx.admin.post('/api/v2/testcases/import', [{ id, name, priority: 'LOW' }]), 200);
    const [exported] = await expectStatus<Record<string, unknown>[]>(
      fx.admin.post('/api/v2/testcases/export', { ids: [id] }),
      200,
    );
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
      [
        { name: 'x', sipTraceFilters: [{ mobileDeviceId: 1, sipMessageCodes: 180 }] },
        /sipTraceFilters\[0\].*sipMessageCodes/,
      ],
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
    const after = await expectStatus<TestCaseRecord>(
      fx.admin.put(`/api/v2/testcases/${id}`, { description: 'new', disabled: true }),
      200,
    );
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
    const exec = await expectStatus<Record<string, unknown>>(
      fx.tester.get(`/api/v2/testexecutions/${res.executionId}`),
      200,
    );
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
