import { strict as assert } from 'node:assert';
import { after, before, beforeEach, describe, test } from 'node:test';
import {
  DeleteTestCasesRequest,
  ListSuitesRequest,
  ListTestCasesRequest,
  RunTestCaseRequest,
  SetSuiteTestCasesRequest,
  TestCaseSuitesRequest,
} from '../../server/src/protocol';
import type { TestCaseListQuery, TestCaseSummary } from '../../server/src/core/model/testCases';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { LspHarness } from './lspHarness';
import { value } from './outcomes';

// The Test Cases view's requests at the LSP boundary, the built server against the emulator:
// the paged list with each filter and sort, suites containing a case, adding one to a suite,
// delete (a 409 in words) and a run by id.

describe('the Test Cases view at the LSP boundary', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let lsp: LspHarness;
  const list = async (q: TestCaseListQuery) => value(await lsp.connection.sendRequest(ListTestCasesRequest, q));
  const listCalls = () => emu.requests.filter((r) => r.method === 'GET' && r.path === '/api/v2/testcases');
  const suitesHolding = (id: number) => emu.store.testSuites.all().filter((s) => s.testCaseIds.includes(id));

  before(async () => {
    emu = await startEmulator({ scale: { extraTestCases: 150 } });
    lsp = await LspHarness.signedIn(emu.url, DEMO_CREDENTIALS.admin);
  });
  after(async () => {
    await lsp.stop();
    await emu.close();
  });
  beforeEach(() => emu.faults.reset());

  test('pages of 50 by default, sorted by name, each with steps, devices, projects and an entity', async () => {
    const total = emu.store.testCases.all().length;
    const first = await list({ page: 0 });
    assert.equal(first.items.length, 50);
    assert.equal(first.hasMore, true);
    assert.equal(first.total, total);
    const names = first.items.map((t) => t.name);
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.localeCompare(b)),
    );
    const tc = emu.store.testCases.get(first.items[0]!.id)!;
    const item = first.items[0]!;
    assert.equal(item.stepCount, tc.testStepList.length);
    assert.ok(Array.isArray(item.devices));
    assert.deepEqual(item.entity, { entityType: 'TEST_CASE', id: tc.id, label: tc.name });
    // Every page through the last: each case once, and the last says no more.
    const seen = new Set<number>();
    let page = 0;
    for (let more = true; more; page += 1) {
      const p = await list({ page });
      for (const t of p.items) seen.add(t.id);
      more = p.hasMore;
    }
    assert.equal(seen.size, total);
    assert.equal(page, Math.ceil(total / 50));
    const q = new URLSearchParams(listCalls().at(-1)!.query);
    assert.equal(q.get('size'), '50');
    assert.deepEqual(q.getAll('sort'), ['name,asc', 'id,asc']);
  });

  test('sorted by last update: the last changed first', async () => {
    const p = await list({ page: 0, size: 20, sort: 'updated' });
    const times = p.items.map((t) => t.updated ?? '');
    assert.deepEqual(times, [...times].sort().reverse());
    assert.equal(new URLSearchParams(listCalls().at(-1)!.query).getAll('sort')[0], 'updated,desc');
  });

  test('filtered by project: only its test cases, with the project named on each', async () => {
    const voice = emu.store.projects.all().find((p) => p.name === 'Voice')!;
    const expected = emu.store.testCases.all().filter((t) => emu.store.projectIdsOf('TEST_CASE', t.id).has(voice.id));
    assert.ok(expected.length > 0);
    const p = await list({ page: 0, size: 200, projectIds: [voice.id] });
    assert.deepEqual(
      p.items.map((t) => t.id).sort((a, b) => a - b),
      expected.map((t) => t.id).sort((a, b) => a - b),
    );
    assert.ok(p.items.every((t) => t.projects.some((x) => x.name === 'Voice')));
    assert.equal(new URLSearchParams(listCalls().at(-1)!.query).get('prj'), String(voice.id));
  });

  test('filtered by name, description, tags or device', async () => {
    const sample = emu.store.testCases.all()[3]!;
    const byName = await list({ page: 0, size: 200, filter: { field: 'name', value: sample.name } });
    assert.ok(byName.items.some((t) => t.id === sample.id));
    assert.ok(byName.items.every((t) => t.name.toLowerCase().includes(sample.name.toLowerCase())));

    const tagged = emu.store.testCases.all().filter((t) => t.tags.includes('sms'));
    const byTag = await list({ page: 0, size: 200, filter: { field: 'tags', value: 'sms' } });
    assert.ok(tagged.every((t) => byTag.items.some((i) => i.id === t.id)));

    const withDevice = (await list({ page: 0, size: 200 })).items.find((t) => t.devices.length > 0)!;
    const device = withDevice.devices[0]!;
    const byDevice = await list({ page: 0, size: 200, filter: { field: 'device', value: device } });
    assert.ok(byDevice.items.length > 0);
    assert.ok(
      byDevice.items.every((t: TestCaseSummary) =>
        t.devices.some((d) => d.toLowerCase().includes(device.toLowerCase())),
      ),
    );
    const q = new URLSearchParams(listCalls().at(-1)!.query);
    assert.equal(q.get('filterName'), 'device');
    assert.equal(q.get('filterValue'), device);

    const byDescription = await list({
      page: 0,
      size: 200,
      filter: { field: 'description', value: 'no description has this text' },
    });
    assert.deepEqual(byDescription.items, []);
    assert.equal(byDescription.hasMore, false);

    // An empty value is no filter at all.
    await list({ page: 0, filter: { field: 'name', value: '  ' } });
    assert.equal(new URLSearchParams(listCalls().at(-1)!.query).get('filterName'), null);
  });

  test('the suites containing a test case, with their ids', async () => {
    const suite = emu.store.testSuites.all()[0]!;
    const id = suite.testCaseIds[0]!;
    const suites = value(await lsp.connection.sendRequest(TestCaseSuitesRequest, { id }));
    assert.deepEqual(
      suites.map((s) => s.name).sort(),
      suitesHolding(id)
        .map((s) => s.name)
        .sort(),
    );
    assert.equal(suites.find((s) => s.name === suite.name)?.id, suite.id);
  });

  test('add to a suite keeps its other test cases', async () => {
    const suite = value(await lsp.connection.sendRequest(ListSuitesRequest)).find((s) => s.testCases.length > 0)!;
    const outside = emu.store.testCases.all().find((t) => !suite.testCases.some((c) => c.id === t.id))!;
    value(
      await lsp.connection.sendRequest(SetSuiteTestCasesRequest, {
        id: suite.id,
        testCaseIds: [...suite.testCases.map((c) => c.id), outside.id],
      }),
    );
    assert.deepEqual(emu.store.testSuites.get(suite.id)!.testCaseIds, [
      ...suite.testCases.map((c) => c.id),
      outside.id,
    ]);
    const suites = value(await lsp.connection.sendRequest(TestCaseSuitesRequest, { id: outside.id }));
    assert.ok(suites.some((s) => s.id === suite.id));
  });

  test('delete: refused while suites hold it, said with their names and the next step', async () => {
    const suite = emu.store.testSuites.all().find((s) => s.testCaseIds.length > 0)!;
    const tc = emu.store.testCases.get(suite.testCaseIds[0]!)!;
    const r = value(
      await lsp.connection.sendRequest(DeleteTestCasesRequest, { ids: [tc.id], names: { [tc.id]: tc.name } }),
    );
    assert.deepEqual(r.deleted, []);
    const message = r.failed[0]!.message;
    assert.match(
      message,
      new RegExp(`refused to delete test case "${tc.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`),
    );
    for (const s of suitesHolding(tc.id)) assert.ok(message.includes(`"${s.name}"`), message);
    assert.match(message, /Remove it from (that suite|those suites)/);
    assert.doesNotMatch(message, /409|conflict|HTTP/i);
    assert.ok(emu.store.testCases.get(tc.id));
  });

  test('run by id, then delete: refused while its execution runs, naming it; deleted once it ended', async () => {
    const tc = emu.store.testCases
      .all()
      .find((t) => !t.disabled && t.testStepList.length > 0 && suitesHolding(t.id).length === 0)!;
    // A minute per step: the execution is still running when the delete comes, however slow the machine.
    const stepMs = emu.settings.executionStepMs;
    emu.settings.executionStepMs = 60_000;
    const run = value(await lsp.connection.sendRequest(RunTestCaseRequest, { id: tc.id }));
    emu.settings.executionStepMs = stepMs;
    assert.equal(run.kind, 'started');
    const executionId = run.kind === 'started' ? run.execution.id : -1;
    assert.equal(
      emu.requests.filter((q) => q.method === 'POST' && q.path === `/api/v2/testcases/${tc.id}/run`).length,
      1,
    );

    const refused = value(await lsp.connection.sendRequest(DeleteTestCasesRequest, { ids: [tc.id] }));
    assert.equal(refused.failed.length, 1);
    assert.match(refused.failed[0]!.message, new RegExp(`execution ${executionId} of it is still queued or running`));
    assert.match(refused.failed[0]!.message, /cancel it in Executions/);

    emu.advanceClock(24 * 3600 * 1000);
    const other = emu.store.testCases.all().find((t) => t.id !== tc.id && suitesHolding(t.id).length === 0)!;
    const done = value(await lsp.connection.sendRequest(DeleteTestCasesRequest, { ids: [tc.id, other.id, 999_999] }));
    assert.deepEqual(done.deleted, [tc.id, other.id]);
    assert.equal(done.failed[0]?.id, 999_999);
    assert.equal(done.failed[0]?.message, 'Test case 999999 was deleted on the service; it has left the views.');
    assert.equal(emu.store.testCases.get(tc.id), undefined);
  });
});
