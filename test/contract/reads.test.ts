import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { ApiError } from '../../server/src/core/api/errors';
import { first, take, useTarget } from './target';
import { infoText, readStatus } from '../../server/src/core/devices/model';

// Every read operation of the interface document, through the typed client, against the target.
// Assertions hold for any deployment: documented shapes exactly, unspecified ones loosely.

const t = useTarget();
const idOf = (x: { id?: unknown }) => {
  assert.equal(typeof x.id, 'number', `record has a numeric id: ${JSON.stringify(x).slice(0, 200)}`);
  return x.id as number;
};

describe('projects', () => {
  test('list returns the paged wrapper; iterate walks every page', async () => {
    const page = await t.client.projects.list({ page: 0, size: 2 });
    assert.equal(page.number, 0);
    assert.equal(page.size, 2);
    assert.ok(page.content.length <= 2);
    assert.equal(typeof page.totalElements, 'number');
    const all = await take(t.client.projects.iterate({ size: 2 }), 1000);
    assert.equal(all.length, page.totalElements);
    assert.equal(new Set(all.map((p) => p.id)).size, all.length, 'no project twice');
  });

  test('get reads {id, name}; listAssignments is keyed by the requested ids', async () => {
    const p = first((await t.client.projects.list()).content, 'projects');
    const read = await t.client.projects.get(p.id);
    assert.equal(read.id, p.id);
    assert.equal(read.name, p.name);
    const tc = first((await t.client.testCases.list({ size: 1 })).content, 'test cases');
    const list = await t.client.projects.listAssignments('TEST_CASE', [tc.id]);
    assert.deepEqual(Object.keys(list.assignments), [String(tc.id)]);
    assert.ok(Array.isArray(list.assignments[String(tc.id)]));
  });

  test('a project that does not exist is notFound', async () => {
    await assert.rejects(
      t.client.projects.get(2_000_000_000),
      (e: unknown) => e instanceof ApiError && e.kind === 'notFound',
    );
  });
});

describe('test cases', () => {
  test('list items carry the documented fields; filters and sort are accepted', async () => {
    const page = await t.client.testCases.list({ size: 5, sort: 'name,asc' });
    const item = first(page.content, 'test cases');
    for (const key of ['id', 'name']) assert.ok(key in item, key);
    const names = page.content.map((i) => i.name);
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.localeCompare(b)),
    );
    const filtered = await t.client.testCases.list({ filterName: 'name', filterValue: item.name });
    assert.ok(filtered.content.some((i) => i.id === item.id));
  });

  test('iterate pages through the list without repeats', async () => {
    const items = await take(t.client.testCases.iterate({ size: 7 }), 30);
    assert.equal(new Set(items.map((i) => i.id)).size, items.length);
  });

  test('get returns the test case with trace filter names and projects; suites lists {name}', async () => {
    const item = first((await t.client.testCases.list({ size: 1 })).content, 'test cases');
    const tc = await t.client.testCases.get(item.id);
    assert.equal(tc.id, item.id);
    assert.equal(tc.name, item.name);
    for (const f of tc.traceFilters ?? []) {
      assert.equal(typeof f.mobileDeviceId, 'number');
      assert.equal(typeof f.traceFilterId, 'number');
    }
    assert.ok(Array.isArray(tc.projects ?? []));
    const suites = await t.client.testCases.suites(item.id);
    for (const s of suites) assert.equal(typeof s.name, 'string');
  });

  test('export returns test cases with devices and apiClients', async () => {
    const item = first((await t.client.testCases.list({ size: 1 })).content, 'test cases');
    const exported = await t.client.testCases.exportBatch([item.id]);
    assert.equal(exported.length, 1);
    assert.equal(exported[0]!.name, item.name);
    assert.ok(Array.isArray(exported[0]!.devices));
    assert.ok(Array.isArray(exported[0]!.apiClients));
  });
});

describe('executions and suites', () => {
  test('executions list pages by start/end and search narrows it', async () => {
    const firstPage = await t.client.executions.list({ start: 0, end: 5 });
    assert.ok(firstPage.length <= 5);
    const walked = await take(t.client.executions.iterate({ pageSize: 4 }), 12);
    assert.equal(new Set(walked.map(idOf)).size, walked.length);
    const one = await t.client.executions.get(idOf(first(firstPage, 'executions')));
    assert.equal(one.id, firstPage[0]!.id);
  });

  test('suites list and get', async () => {
    const suites = await t.client.testSuites.list();
    const suite = await t.client.testSuites.get(idOf(first(suites, 'test suites')));
    assert.equal(suite.id, suites[0]!.id);
  });
});

describe('devices, nodes, tokens, catalog', () => {
  test('mobile devices: list, get, status, test cases', async () => {
    const devices = await t.client.devices.list();
    const device = first(devices, 'mobile devices');
    const id = idOf(device);
    const read = await t.client.devices.get(id);
    assert.equal(read.id, id);
    assert.equal(read.msisdn, device.msisdn);
    // The answer's shape is the service's to choose: what matters is that the product reads a state
    // from it (an unreadable answer shows as UNKNOWN in hovers and the Devices view).
    const status = readStatus('device', id, await t.client.devices.status(id));
    assert.notEqual(status.kind, 'unknown', `no device state could be read: ${status.status}`);
    const cases = await t.client.devices.testCases(id);
    assert.ok(
      Array.isArray(cases) && cases.every((c) => typeof c === 'object' && c !== null && Number.isInteger(c['id'])),
      "a device's test cases are records with ids",
    );
  });

  test('test nodes: list, info, get, status', async () => {
    const node = first(await t.client.testNodes.list(), 'test nodes');
    const id = idOf(node);
    assert.equal((await t.client.testNodes.get(id)).id, id);
    assert.ok(infoText(await t.client.testNodes.info()), 'the overview of nodes says something in words');
    const status = readStatus('node', id, await t.client.testNodes.status(id));
    assert.notEqual(status.kind, 'unknown', `no node state could be read: ${status.status}`);
  });

  test('device tokens list holds no token values', async () => {
    const tokens = await t.client.deviceTokens.list();
    for (const tok of tokens)
      assert.ok(!('token' in tok) || tok['token'] === null || tok['token'] === '', 'no secret in a list');
  });

  test('trace filters: list and get', async () => {
    const filter = first(await t.client.traceFilters.list(), 'trace filters');
    const read = await t.client.traceFilters.get(idOf(filter));
    assert.equal(read.name, filter.name);
  });

  test('API clients: list by range, iterate, get; no password in answers', async () => {
    const list = await t.client.apiClients.list({ start: 0, end: 3 });
    assert.ok(list.length <= 3);
    const all = await take(t.client.apiClients.iterate({ pageSize: 2 }), 100);
    assert.ok(all.length >= list.length);
    const read = await t.client.apiClients.get(idOf(first(list, 'API clients')));
    assert.ok(!read.password, 'the password is not sent back');
  });

  test('users: me, list, get', async () => {
    const me = await t.client.users.me();
    const id = idOf(me);
    const users = await t.client.users.list();
    assert.ok(users.some((u) => u.id === id));
    assert.equal((await t.client.users.get(id)).id, id);
  });

  test('device models, function params and agent config', async () => {
    const models = await t.client.catalog.deviceModels();
    assert.ok(Array.isArray(models));
    if (t.emulator) {
      assert.ok((await t.client.catalog.functionParams('CALL')) !== undefined);
      assert.ok((await t.client.catalog.agentConfig('berlin')) !== undefined);
    } else {
      // Names differ per deployment: an unknown one must be a clean notFound or an answer.
      for (const call of [
        () => t.client.catalog.functionParams('CALL'),
        () => t.client.catalog.agentConfig('default'),
      ]) {
        await call().catch((e: unknown) => assert.ok(e instanceof ApiError && e.kind === 'notFound'));
      }
    }
  });
});
