import { strict as assert } from 'node:assert';
import { after, describe, test } from 'node:test';
import { ApiError } from '../../server/src/core/api/errors';
import { executionIdsOf } from '../../server/src/core/api/resources/executions';
import { onDeployment, useTarget, writesAllowed } from './target';

// Every operation that changes something, through the typed client. Against a deployment these
// run only with TAS_CONTRACT_WRITE=1, and everything created is deleted again. Operations that
// cannot be undone (a test node has no delete; device and agent commands act on real hardware;
// a direct run starts a real test) run on the emulator only.

const t = useTarget();
const cleanups: (() => Promise<unknown>)[] = [];
after(async () => {
  for (const undo of cleanups.reverse()) await undo().catch(() => undefined);
});

const isKind = (kind: ApiError['kind']) => (e: unknown) => e instanceof ApiError && e.kind === kind;

if (!writesAllowed) {
  test('writes are off against a deployment (set TAS_CONTRACT_WRITE=1 to check them)', () => {
    assert.equal(process.env['TAS_CONTRACT_WRITE'], undefined);
  });
} else {
  describe('projects', () => {
    test('create (201 {id}), rename, assign with replace semantics, clear, delete', async () => {
      const tcId = await t.client.testCases.create({ name: `${t.prefix} project target` });
      cleanups.push(() => t.client.testCases.delete(tcId));
      const id = await t.client.projects.create({ name: `${t.prefix} A`, entityType: 'TEST_CASE', entityIds: [tcId] });
      cleanups.push(() => t.client.projects.delete(id));
      assert.deepEqual(await t.client.projects.rename(id, `${t.prefix} A2`), { id, name: `${t.prefix} A2` });
      await assert.rejects(
        t.client.projects.create({ name: `${t.prefix} A2`, entityType: 'TEST_CASE', entityIds: [] }),
        isKind('conflict'),
      );
      await t.client.projects.assign('TEST_CASE', [tcId], [`${t.prefix} B`]);
      const listed = await t.client.projects.listAssignments('TEST_CASE', [tcId]);
      const names = listed.assignments[String(tcId)]!.map((p) => p.name);
      assert.deepEqual(names, [`${t.prefix} B`]);
      const createdB = listed.assignments[String(tcId)]![0]!.id;
      cleanups.push(() => t.client.projects.delete(createdB));
      await t.client.projects.assign('TEST_CASE', [tcId], []);
      assert.deepEqual((await t.client.projects.listAssignments('TEST_CASE', [tcId])).assignments[String(tcId)], []);
      await t.client.projects.delete(id);
      await assert.rejects(t.client.projects.get(id), isKind('notFound'));
    });
  });

  describe('test cases', () => {
    test('create, read, update keeping unknown fields of the answer, suites, delete', async () => {
      const id = await t.client.testCases.create({
        name: `${t.prefix} case`,
        description: 'made by the contract suite',
        testStepList: [{ function: 'WAIT', params: { seconds: 1 } }],
        tags: 'contract',
        disabled: false,
        traceFilters: [],
        sipTraceFilters: [],
      });
      cleanups.push(() => t.client.testCases.delete(id));
      const read = await t.client.testCases.get(id);
      assert.equal(read.name, `${t.prefix} case`);
      const updated = await t.client.testCases.update(id, { ...read, description: 'changed' });
      assert.equal(updated.description, 'changed');
      assert.equal((await t.client.testCases.get(id)).description, 'changed');
      assert.deepEqual(await t.client.testCases.suites(id), []);
      await assert.rejects(t.client.testCases.create({ name: `${t.prefix} case` }), isKind('conflict'));
      await t.client.testCases.delete(id);
      await assert.rejects(t.client.testCases.get(id), isKind('notFound'));
    });

    test('import returns ids in order; export returns them with devices and apiClients', async () => {
      const ids = await t.client.testCases.importBatch([
        { name: `${t.prefix} import 1` },
        { name: `${t.prefix} import 2` },
      ]);
      for (const id of ids) cleanups.push(() => t.client.testCases.delete(id));
      assert.equal(ids.length, 2);
      const exported = await t.client.testCases.exportBatch(ids);
      assert.deepEqual(
        exported.map((e) => e.name),
        [`${t.prefix} import 1`, `${t.prefix} import 2`],
      );
    });
  });

  describe('suites and executions', () => {
    test('suite create, read, update, execute, cancel, delete', async () => {
      const tcId = await t.client.testCases.create({
        name: `${t.prefix} suite member`,
        testStepList: [{ function: 'WAIT', params: { seconds: 1 } }],
      });
      cleanups.push(() => t.client.testCases.delete(tcId));
      const id = await t.client.testSuites.create({
        name: `${t.prefix} suite`,
        testCaseIds: [tcId],
        testCaseWeights: [1],
      });
      cleanups.push(() => t.client.testSuites.delete(id));
      const suite = await t.client.testSuites.get(id);
      assert.equal(suite.name, `${t.prefix} suite`);
      await t.client.testSuites.update(id, {
        description: 'changed',
        testCaseIds: [{ id: tcId, name: `${t.prefix} suite member` }],
      });
      assert.equal((await t.client.testSuites.get(id)).description, 'changed');
      if (!onDeployment) {
        const started = await t.client.testSuites.execute(id);
        assert.equal(executionIdsOf(started).length, 1);
        assert.ok((await t.client.testSuites.cancel(id)) !== undefined);
      }
      await t.client.testSuites.delete(id);
      await assert.rejects(t.client.testSuites.get(id), isKind('notFound'));
    });

    if (!onDeployment) {
      test('run a test case, read the execution, rerun it, delete it', async () => {
        const run = await t.client.testCases.run(1);
        assert.equal(run.testCaseId, 1);
        assert.equal(typeof run.source, 'string');
        const execution = await t.client.executions.get(run.executionId);
        assert.equal(execution.id, run.executionId);
        t.emulator!.advanceClock(60_000);
        const rerun = await t.client.executions.rerun(run.executionId);
        const [rerunId] = executionIdsOf(rerun);
        assert.equal(typeof rerunId, 'number');
        assert.notEqual(rerunId, run.executionId);
        await t.client.executions.delete(run.executionId);
        await assert.rejects(t.client.executions.get(run.executionId), isKind('notFound'));
        await assert.rejects(t.client.testCases.run(13), isKind('conflict'), 'a disabled test case cannot be started');
      });
    }
  });

  describe('devices, trace filters, API clients, tokens, users', () => {
    test('mobile device create, update, delete; status and test cases of it', async () => {
      const node = (await t.client.testNodes.list())[0]!;
      const model = (await t.client.catalog.deviceModels())[0]!;
      const id = await t.client.devices.create({
        name: `${t.prefix} device`,
        msisdn: '4915100000001',
        testNodeId: node.id!,
        deviceModelId: model['id'] as number,
      });
      assert.equal(typeof id, 'number');
      cleanups.push(() => t.client.devices.delete(id!));
      await t.client.devices.update(id!, { ...(await t.client.devices.get(id!)), ecid: 'ABCDEF0123456789' });
      assert.equal((await t.client.devices.get(id!)).ecid, 'ABCDEF0123456789');
      assert.deepEqual(await t.client.devices.testCases(id!), []);
      if (!onDeployment)
        assert.ok((await t.client.devices.action(id!, { command: 'PREPARE', params: '' })) !== undefined);
      await t.client.devices.delete(id!);
      await assert.rejects(t.client.devices.get(id!), isKind('notFound'));
    });

    if (!onDeployment) {
      test('test node create, rename, RESTART_AGENT', async () => {
        const id = await t.client.testNodes.create(`${t.prefix} node`);
        assert.equal(typeof id, 'number');
        await t.client.testNodes.rename(id!, `${t.prefix} node 2`);
        assert.equal((await t.client.testNodes.get(id!)).name, `${t.prefix} node 2`);
        assert.ok((await t.client.testNodes.action(id!, { command: 'RESTART_AGENT', params: '' })) !== undefined);
      });
    }

    test('trace filter create, update, delete', async () => {
      const id = await t.client.traceFilters.create({ name: `${t.prefix} filter`, filter: 'sip' });
      cleanups.push(() => t.client.traceFilters.delete(id!));
      await t.client.traceFilters.update(id!, { name: `${t.prefix} filter`, filter: 'sip || dns' });
      assert.equal((await t.client.traceFilters.get(id!)).filter, 'sip || dns');
      await t.client.traceFilters.delete(id!);
      await assert.rejects(t.client.traceFilters.get(id!), isKind('notFound'));
    });

    test('API client create, update, delete; the password is never read back', async () => {
      const id = await t.client.apiClients.create({
        name: `${t.prefix} client`,
        apiClientAuthType: 'NONE',
        httpMethod: 'GET',
        serverURL: 'https://example.invalid/',
        password: 'contract-password',
      });
      cleanups.push(() => t.client.apiClients.delete(id!));
      const read = await t.client.apiClients.get(id!);
      assert.ok(!read.password);
      await t.client.apiClients.update(id!, { ...read, payload: '{}' });
      assert.equal((await t.client.apiClients.get(id!)).payload, '{}');
      await t.client.apiClients.delete(id!);
    });

    test('device token create, validate, delete', async () => {
      const device = (await t.client.devices.list())[0]!;
      const created = await t.client.deviceTokens.create({ mobileId: device.id!, fullControl: false, expiryHours: 1 });
      const tokenId = created['id'] as number;
      cleanups.push(() => t.client.deviceTokens.delete(tokenId));
      const value = created['token'];
      assert.equal(typeof value, 'string');
      assert.ok((await t.client.deviceTokens.validate(value as string)) !== undefined);
      await t.client.deviceTokens.delete(tokenId);
    });

    test('user create, role change, delete handing ownership to me', async () => {
      const me = await t.client.users.me();
      const id = await t.client.users.create({
        email: `${t.prefix}@example.com`,
        role: 'TESTER',
        tempPassword: 'Temp-Pass-123',
      });
      assert.equal(typeof id, 'number');
      cleanups.push(() => t.client.users.delete(id!, me.id!));
      await t.client.users.setRole(id!, 'ADMIN');
      assert.equal((await t.client.users.get(id!)).role, 'ADMIN');
      await t.client.users.delete(id!, me.id!);
      await assert.rejects(t.client.users.get(id!), isKind('notFound'));
    });
  });
}
