import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { expectStatus, useEmulator } from './harness';

// The other readings the emulator serves (readings.ts, DECISIONS.md "Readings"): each is a way a
// service may read what the document leaves open, checked here with raw HTTP, and switched by the
// option or by PUT /_emulator/readings.

type Wrapper = {
  content: { id: number }[];
  totalPages: number;
  totalElements: number;
  number: number;
  size: number;
  last: boolean;
};

describe('readings: the decisions by default, others on request', () => {
  const fx = useEmulator({ scale: { extraDevices: 40, extraTraceFilters: 30, extraSuites: 20 } });

  test('by default: plain arrays, offsets, newest first, whole records', async () => {
    assert.deepEqual(await expectStatus(fx.raw.get('/_emulator/readings'), 200), {
      pagedLists: 0,
      maxPageSize: 0,
      startEnd: 'offsets',
      executionsOldestFirst: false,
      summaryItems: false,
    });
    const devices = await expectStatus<Record<string, unknown>[]>(fx.admin.get('/api/v2/mobiledevices'), 200);
    assert.equal(devices.length, 60, 'the lab adds devices 21 to 60');
    assert.equal(devices[59]!['id'], 60);
    assert.equal(typeof devices[0]!['msisdn'], 'string');
    assert.equal((await expectStatus<unknown[]>(fx.admin.get('/api/v2/tracefilters'), 200)).length, 36);
    assert.equal((await expectStatus<unknown[]>(fx.admin.get('/api/v2/testsuites'), 200)).length, 26);
  });

  test('pagedLists: the page wrapper with the default size, page and size followed', async () => {
    await expectStatus(fx.raw.put('/_emulator/readings', { pagedLists: 20 }), 200);
    try {
      const first = await expectStatus<Wrapper>(fx.admin.get('/api/v2/mobiledevices'), 200);
      assert.deepEqual(
        [first.content.length, first.totalPages, first.totalElements, first.number, first.size, first.last],
        [20, 3, 60, 0, 20, false],
      );
      const last = await expectStatus<Wrapper>(fx.admin.get('/api/v2/mobiledevices?page=2&size=20'), 200);
      assert.deepEqual([last.content[0]!.id, last.content.length, last.last], [41, 20, true]);
      for (const path of [
        '/api/v2/tracefilters',
        '/api/v2/testsuites',
        '/api/v2/testnodes',
        '/api/v2/tokens',
        '/api/v2/users',
        '/api/v2/devicemodels',
        '/api/v2/mobiledevices/1/testcases',
      ]) {
        const page = await expectStatus<Wrapper>(fx.admin.get(path), 200);
        assert.ok(Array.isArray(page.content), path);
        assert.equal(typeof page.totalPages, 'number', path);
      }
      const executions = await expectStatus<Wrapper>(fx.admin.get('/api/v2/testexecutions?start=0&end=50'), 200);
      assert.deepEqual(
        [executions.content.length, executions.totalElements, executions.totalPages],
        [20, 50, 3],
        'the window, paged',
      );
    } finally {
      await expectStatus(fx.raw.delete('/_emulator/readings'), 200);
    }
  });

  test('maxPageSize: a larger size of a paged list is served as the maximum', async () => {
    await expectStatus(fx.raw.put('/_emulator/readings', { maxPageSize: 7 }), 200);
    try {
      const page = await expectStatus<Wrapper>(fx.admin.get('/api/v2/testcases?page=1&size=1000'), 200);
      assert.deepEqual([page.content.length, page.size, page.number, page.totalPages], [7, 7, 1, Math.ceil(50 / 7)]);
      assert.equal(page.content[0]!.id, 8);
    } finally {
      await expectStatus(fx.raw.delete('/_emulator/readings'), 200);
    }
  });

  test('startEnd time: bounds on the creation time, epoch ms or ISO; offsets find nothing', async () => {
    await expectStatus(fx.raw.put('/_emulator/readings', { startEnd: 'time' }), 200);
    try {
      assert.deepEqual(await expectStatus(fx.admin.get('/api/v2/testexecutions?start=0&end=5'), 200), []);
      assert.deepEqual(await expectStatus(fx.admin.get('/api/v2/apiclients?start=0&end=200'), 200), []);
      const all = fx.emu.store.executions
        .all()
        .map((e) => e.createdMs)
        .sort((a, b) => b - a);
      const since = all[9]!;
      const recent = await expectStatus<{ id: number }[]>(fx.admin.get(`/api/v2/testexecutions?start=${since}`), 200);
      assert.equal(recent.length, 10);
      assert.equal(
        (await expectStatus<unknown[]>(fx.admin.get('/api/v2/apiclients'), 200)).length,
        5,
        'no bounds: the whole list',
      );
    } finally {
      await expectStatus(fx.raw.delete('/_emulator/readings'), 200);
    }
  });

  test('startEnd ignored: the whole list whatever the range', async () => {
    await expectStatus(fx.raw.put('/_emulator/readings', { startEnd: 'ignored' }), 200);
    try {
      assert.equal(
        (await expectStatus<unknown[]>(fx.admin.get('/api/v2/testexecutions?start=0&end=5'), 200)).length,
        200,
      );
    } finally {
      await expectStatus(fx.raw.delete('/_emulator/readings'), 200);
    }
  });

  test('executionsOldestFirst: execution 1 first', async () => {
    await expectStatus(fx.raw.put('/_emulator/readings', { executionsOldestFirst: true }), 200);
    try {
      const list = await expectStatus<{ id: number }[]>(fx.admin.get('/api/v2/testexecutions?start=0&end=3'), 200);
      assert.deepEqual(
        list.map((e) => e.id),
        [1, 2, 3],
      );
    } finally {
      await expectStatus(fx.raw.delete('/_emulator/readings'), 200);
    }
  });

  test('summaryItems: {id, name} in the device, trace filter and API client lists; records whole', async () => {
    await expectStatus(fx.raw.put('/_emulator/readings', { summaryItems: true }), 200);
    try {
      for (const path of ['/api/v2/mobiledevices', '/api/v2/tracefilters', '/api/v2/apiclients']) {
        const list = await expectStatus<Record<string, unknown>[]>(fx.admin.get(path), 200);
        assert.deepEqual(Object.keys(list[0]!).sort(), ['id', 'name'], path);
      }
      assert.equal(typeof (await expectStatus(fx.admin.get('/api/v2/mobiledevices/50'), 200))['msisdn'], 'string');
    } finally {
      await expectStatus(fx.raw.delete('/_emulator/readings'), 200);
    }
  });

  test('the control route refuses unknown readings and wrong values, and changes nothing then', async () => {
    assert.equal((await fx.raw.put('/_emulator/readings', { pagedList: 20 })).status, 400);
    assert.equal((await fx.raw.put('/_emulator/readings', { startEnd: 'days' })).status, 400);
    assert.equal((await fx.raw.put('/_emulator/readings', { pagedLists: -1 })).status, 400);
    assert.equal((await expectStatus(fx.raw.get('/_emulator/readings'), 200))['pagedLists'], 0);
  });
});

describe('readings given as an option', () => {
  const fx = useEmulator({ readings: { pagedLists: 5, summaryItems: true } });

  test('start that way', async () => {
    const page = await expectStatus<Wrapper & { content: Record<string, unknown>[] }>(
      fx.admin.get('/api/v2/mobiledevices'),
      200,
    );
    assert.deepEqual([page.content.length, page.totalPages], [5, 4]);
    assert.deepEqual(Object.keys(page.content[0]!).sort(), ['id', 'name']);
  });
});
