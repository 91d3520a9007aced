import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { FUNCTIONS } from '../emulator/functions';
import { expectStatus, useEmulator } from './harness';

// Device models, step function parameters and agent configuration
// (DECISIONS.md, "Catalog").

const fx = useEmulator();

void describe('GET /api/v2/devicemodels', () => {
  void test('answers a plain array of {id, name, manufacturer, platformName}, by id', async () => {
    const list = await expectStatus<{ id: number; name: string }[]>(fx.tester.get('/api/v2/devicemodels'), 200);
    assert.equal(list.length, 8);
    for (const m of list) assert.deepEqual(Object.keys(m).sort(), ['id', 'manufacturer', 'name', 'platformName']);
    assert.deepEqual(list[0], { id: 1, name: 'Galaxy S24', manufacturer: 'Samsung', platformName: 'Android' });
    assert.deepEqual(list[2], { id: 3, name: 'iPhone 15', manufacturer: 'Apple', platformName: 'iOS' });
    assert.deepEqual(
      list.map((m) => m.id),
      [1, 2, 3, 4, 5, 6, 7, 8],
    );
  });
});

void describe('GET /api/v2/functionparams', () => {
  void test('answers the function: name, description and its parameters', async () => {
    const fn = await expectStatus(fx.tester.get('/api/v2/functionparams?function=CALL'), 200);
    assert.deepEqual(
      fn,
      FUNCTIONS.find((f) => f.name === 'CALL'),
    );
    assert.deepEqual(Object.keys(fn).sort(), ['description', 'name', 'params']);
    const hangup = await expectStatus(fx.tester.get('/api/v2/functionparams?function=HANGUP'), 200);
    assert.deepEqual(hangup['params'], []);
  });

  void test('every known function can be read', async () => {
    for (const f of FUNCTIONS) {
      const res = await fx.admin.get(`/api/v2/functionparams?function=${encodeURIComponent(f.name)}`);
      assert.equal(res.status, 200, f.name);
      assert.deepEqual(res.body, f);
    }
  });

  void test('a missing or empty function parameter is a 400', async () => {
    assert.equal((await fx.admin.get('/api/v2/functionparams')).status, 400);
    assert.equal((await fx.admin.get('/api/v2/functionparams?function=')).status, 400);
  });

  void test('an unknown function is a 404; names match exactly, case included', async () => {
    assert.equal((await fx.admin.get('/api/v2/functionparams?function=TELEPORT')).status, 404);
    assert.equal((await fx.admin.get('/api/v2/functionparams?function=call')).status, 404);
  });
});

void describe('GET /api/v2/agentconfig', () => {
  void test('answers the configuration of a node label', async () => {
    const cfg = await expectStatus(fx.tester.get('/api/v2/agentconfig?label=berlin'), 200);
    assert.deepEqual(cfg, fx.emu.store.agentConfigs['berlin']);
    assert.equal(cfg['label'], 'berlin');
    assert.equal(cfg['maxParallelTests'], 4);
    const lab = await expectStatus(fx.tester.get('/api/v2/agentconfig?label=lab'), 200);
    assert.equal(lab['logLevel'], 'DEBUG');
  });

  void test('a missing or empty label is a 400', async () => {
    assert.equal((await fx.admin.get('/api/v2/agentconfig')).status, 400);
    assert.equal((await fx.admin.get('/api/v2/agentconfig?label=')).status, 400);
  });

  void test('an unknown label is a 404, inherited object keys included', async () => {
    assert.equal((await fx.admin.get('/api/v2/agentconfig?label=paris')).status, 404);
    assert.equal((await fx.admin.get('/api/v2/agentconfig?label=Berlin')).status, 404);
    assert.equal((await fx.admin.get('/api/v2/agentconfig?label=constructor')).status, 404);
    assert.equal((await fx.admin.get('/api/v2/agentconfig?label=__proto__')).status, 404);
  });
});

void describe('catalog writes', () => {
  void test('the catalog is read-only: other methods are 405', async () => {
    assert.equal((await fx.admin.post('/api/v2/devicemodels', { name: 'x' })).status, 405);
    assert.equal((await fx.admin.put('/api/v2/agentconfig?label=berlin', {})).status, 405);
  });
});
