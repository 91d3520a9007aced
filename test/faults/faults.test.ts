import { strict as assert } from 'node:assert';
import { after, before, beforeEach, describe, test } from 'node:test';
import { TasClient } from '../../server/src/core/api/client';
import { ApiError } from '../../server/src/core/api/errors';
import type { RequestLogEntry, SessionOptions } from '../../server/src/core/api/session';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import type { FaultRule } from '../emulator/faults';

// The client on a bad network, made bad on purpose by the emulator's fault knobs. The client's
// waits are recorded instead of slept, so nothing here depends on wall-clock time.

let emu: Emulator;
const clients: TasClient[] = [];

before(async () => {
  emu = await startEmulator({ settings: { executionStepMs: 50 } });
});
after(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await emu.close();
});
beforeEach(() => {
  emu.faults.reset();
  emu.requests.length = 0;
});

interface Harness {
  client: TasClient;
  waits: number[];
  log: RequestLogEntry[];
}

function makeClient(options: SessionOptions = {}): Harness {
  const waits: number[] = [];
  const log: RequestLogEntry[] = [];
  const client = new TasClient(
    { baseUrl: emu.url, ...DEMO_CREDENTIALS.admin },
    {
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      onRequest: (e) => log.push(e),
      random: () => 0.5,
      ...options,
    },
  );
  clients.push(client);
  return { client, waits, log };
}

const fault = (rule: Omit<FaultRule, 'times'> & { times?: number }) => emu.faults.rules.push({ times: 1, ...rule });
const served = (method: string, path: string) => emu.requests.filter((r) => r.method === method && r.path === path);

async function rejectsWith(promise: Promise<unknown>, kind: ApiError['kind']): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ApiError, `expected an ApiError, got ${String(err)}`);
    assert.equal(err.kind, kind, err.message);
    return err;
  }
  assert.fail(`expected a ${kind} error`);
}

describe('tokens', () => {
  test('concurrent first calls share one token request', async () => {
    const { client } = makeClient();
    await Promise.all(Array.from({ length: 10 }, () => client.projects.list()));
    assert.equal(served('POST', '/api/v2/connect/token').length, 1);
    assert.equal(served('GET', '/api/v2/projects').length, 10);
  });

  test('a token the service expired mid-session is fetched again once and the call repeated', async () => {
    const { client } = makeClient();
    await client.projects.list();
    emu.advanceClock(3_600_000 + 1000);
    const page = await client.projects.list();
    assert.equal(page.totalElements, 4);
    assert.deepEqual(
      emu.requests.map((r) => `${r.method} ${r.path} ${r.status}`),
      [
        'POST /api/v2/connect/token 200',
        'GET /api/v2/projects 200',
        'GET /api/v2/projects 401',
        'POST /api/v2/connect/token 200',
        'GET /api/v2/projects 200',
      ],
    );
  });

  test('the token is refreshed before expiresIn runs out, without a 401', async () => {
    let now = Date.now();
    const { client } = makeClient({ now: () => now });
    await client.projects.list();
    now += 3_600_000 - 30_000; // inside the refresh margin
    await client.projects.list();
    assert.equal(served('POST', '/api/v2/connect/token').length, 2);
    assert.ok(!emu.requests.some((r) => r.status === 401));
  });

  test('a second 401 after a fresh token is reported as unauthorized, not retried further', async () => {
    const { client } = makeClient();
    fault({ path: '/api/v2/projects', action: { kind: 'status', status: 401 }, times: 2 });
    await rejectsWith(client.projects.list(), 'unauthorized');
    assert.equal(served('GET', '/api/v2/projects').length, 2);
  });

  test('wrong credentials are unauthorized and the message holds no secret', async () => {
    const client = new TasClient({ baseUrl: emu.url, clientId: 'demo-admin', clientSecret: 'wrong-secret-value' });
    clients.push(client);
    const err = await rejectsWith(client.projects.list(), 'unauthorized');
    assert.ok(!err.message.includes('wrong-secret-value'));
    assert.equal(served('GET', '/api/v2/projects').length, 0);
  });

  test('a run refused with 401 (revoked token) is sent once more with a fresh token, and runs once', async () => {
    const { client } = makeClient();
    await client.projects.list();
    emu.revokeTokens();
    const before = emu.store.executions.size;
    const run = await client.testCases.run(1);
    assert.equal(typeof run.executionId, 'number');
    assert.equal(emu.store.executions.size, before + 1);
    assert.deepEqual(
      served('POST', '/api/v2/testcases/1/run').map((r) => r.status),
      [401, 200],
    );
  });
});

describe('retries of calls that may be repeated', () => {
  test('429 with Retry-After is honoured', async () => {
    const { client, waits } = makeClient();
    fault({ path: '/api/v2/projects', action: { kind: 'status', status: 429, retryAfterSeconds: 2 } });
    const page = await client.projects.list();
    assert.equal(page.totalElements, 4);
    assert.deepEqual(waits, [2000]);
  });

  test('a burst of 502, 503 and 504 is ridden out with growing backoff', async () => {
    const { client, waits } = makeClient();
    fault({ path: '/api/v2/mobiledevices', action: { kind: 'status', status: 502 } });
    fault({ path: '/api/v2/mobiledevices', action: { kind: 'status', status: 503 } });
    fault({ path: '/api/v2/mobiledevices', action: { kind: 'status', status: 504 } });
    const devices = await client.devices.list();
    assert.equal(devices.length, 20);
    assert.equal(waits.length, 3);
    assert.ok(waits[0]! < waits[1]! && waits[1]! < waits[2]!, `backoff grows: ${waits.join(', ')}`);
  });

  test('retries are bounded in count: the fourth 503 is the error', async () => {
    const { client } = makeClient();
    fault({ path: '/api/v2/tracefilters', action: { kind: 'status', status: 503 }, times: 10 });
    const err = await rejectsWith(client.traceFilters.list(), 'unavailable');
    assert.equal(err.attempts, 4);
    assert.equal(served('GET', '/api/v2/tracefilters').length, 4);
  });

  test('retries are bounded in time: a Retry-After beyond the budget is not waited for', async () => {
    const { client, waits } = makeClient({ retry: { maxTotalMs: 5000 } });
    fault({ path: '/api/v2/projects', action: { kind: 'status', status: 429, retryAfterSeconds: 60 } });
    const err = await rejectsWith(client.projects.list(), 'rateLimited');
    assert.equal(err.retryAfterMs, 60_000);
    assert.deepEqual(waits, []);
  });

  test('a dropped connection on a read is retried', async () => {
    const { client } = makeClient();
    fault({ path: '/api/v2/testnodes', action: { kind: 'drop' } });
    const nodes = await client.testNodes.list();
    assert.equal(nodes.length, 4);
    assert.equal(served('GET', '/api/v2/testnodes').length, 2);
  });

  test('a read slower than the timeout is retried and the next attempt answers', async () => {
    // The slow answer is held far beyond the timeout (until the client gives up), and the token is
    // fetched first, so the retry has the whole timeout for one quick GET even on a loaded machine.
    const { client, log } = makeClient({ timeoutMs: 2000 });
    await client.projects.list();
    fault({ path: '/api/v2/devicemodels', action: { kind: 'delay', delayMs: 60_000 } });
    const models = await client.catalog.deviceModels();
    assert.equal(models.length, 8);
    const attempts = log.filter((e) => e.path.startsWith('/api/v2/devicemodels'));
    assert.deepEqual(
      attempts.map((e) => [e.attempt, e.errorKind, e.retrying, e.status]),
      [
        [1, 'timeout', true, undefined],
        [2, undefined, false, 200],
      ],
    );
    assert.ok(
      attempts[0]!.durationMs >= 2000 && attempts[0]!.durationMs < 60_000,
      `the first attempt ended at the timeout, not the answer: ${attempts[0]!.durationMs} ms`,
    );
  });

  test('PUT and DELETE are retried; a DELETE whose first answer was lost reports success', async () => {
    const { client } = makeClient();
    const id = await client.projects.create({ name: 'To delete', entityType: 'TEST_CASE', entityIds: [] });
    fault({ method: 'PUT', path: `/api/v2/projects/${id}`, action: { kind: 'status', status: 503 } });
    assert.deepEqual(await client.projects.rename(id, 'Still to delete'), { id, name: 'Still to delete' });
    fault({ method: 'DELETE', path: `/api/v2/projects/${id}`, action: { kind: 'dropAfter' } });
    await client.projects.delete(id);
    assert.deepEqual(
      served('DELETE', `/api/v2/projects/${id}`).map((r) => r.status),
      [0, 404],
    );
    await rejectsWith(client.projects.get(id), 'notFound');
  });
});

describe('calls that start or create something are never retried', () => {
  const startsOrCreates: [string, string, (c: TasClient) => Promise<unknown>][] = [
    ['POST', '/api/v2/testcases/2/run', (c) => c.testCases.run(2)],
    ['POST', '/api/v2/testsuites/2/execute', (c) => c.testSuites.execute(2)],
    ['POST', '/api/v2/testexecutions/1/rerun', (c) => c.executions.rerun(1)],
    ['POST', '/api/v2/testcases', (c) => c.testCases.create({ name: 'Never twice' })],
    ['POST', '/api/v2/testcases/import', (c) => c.testCases.importBatch([{ name: 'Imported never twice' }])],
    [
      'POST',
      '/api/v2/projects',
      (c) => c.projects.create({ name: 'Never twice', entityType: 'TEST_CASE', entityIds: [] }),
    ],
    ['POST', '/api/v2/tokens', (c) => c.deviceTokens.create({ mobileId: 1, fullControl: false, expiryHours: 1 })],
    ['POST', '/api/v2/mobiledevices/1/action', (c) => c.devices.action(1, { command: 'PREPARE', params: '' })],
    ['POST', '/api/v2/testnodes/1/action', (c) => c.testNodes.action(1, { command: 'RESTART_AGENT', params: '' })],
  ];

  for (const [method, path, call] of startsOrCreates) {
    test(`${method} ${path}: a dropped connection is an error after exactly one request`, async () => {
      const { client } = makeClient();
      fault({ method, path, action: { kind: 'drop' } });
      await rejectsWith(call(client), 'network');
      assert.equal(served(method, path).length, 1);
    });

    test(`${method} ${path}: 503 is an error after exactly one request`, async () => {
      const { client, waits } = makeClient();
      fault({ method, path, action: { kind: 'status', status: 503 } });
      await rejectsWith(call(client), 'unavailable');
      assert.equal(served(method, path).length, 1);
      assert.deepEqual(waits, []);
    });
  }

  test('a run whose answer is lost ran exactly once on the service', async () => {
    const { client } = makeClient();
    const before = emu.store.executions.all().filter((e) => e.testCaseId === 3).length;
    fault({ method: 'POST', path: '/api/v2/testcases/3/run', action: { kind: 'dropAfter' } });
    await rejectsWith(client.testCases.run(3), 'network');
    assert.equal(emu.store.executions.all().filter((e) => e.testCaseId === 3).length, before + 1);
  });

  test('a run slower than the timeout is a timeout error after one request', async () => {
    // Token first, and the run held until the client gives up: no race with a loaded machine.
    const { client, log } = makeClient({ timeoutMs: 1000 });
    await client.projects.list();
    fault({ method: 'POST', path: '/api/v2/testcases/4/run', action: { kind: 'delay', delayMs: 60_000 } });
    await rejectsWith(client.testCases.run(4), 'timeout');
    assert.equal(served('POST', '/api/v2/testcases/4/run').length, 1);
    assert.deepEqual(
      log.filter((e) => e.path.endsWith('/run')).map((e) => [e.errorKind, e.retrying]),
      [['timeout', false]],
    );
  });

  test('429 on a run is reported with its Retry-After, not waited for', async () => {
    const { client, waits } = makeClient();
    fault({
      method: 'POST',
      path: '/api/v2/testcases/5/run',
      action: { kind: 'status', status: 429, retryAfterSeconds: 9 },
    });
    const err = await rejectsWith(client.testCases.run(5), 'rateLimited');
    assert.equal(err.retryAfterMs, 9000);
    assert.deepEqual(waits, []);
  });

  test('random faults at high rates never run a test twice', async () => {
    const { client } = makeClient();
    emu.faults.rates = { ...emu.faults.rates, dropRate: 0.3, errorRate: 0.3, errorStatus: 503 };
    let answered = 0;
    for (let i = 0; i < 20; i++) {
      try {
        await client.testCases.run(6);
        answered += 1;
      } catch (err) {
        assert.ok(err instanceof ApiError);
      }
    }
    emu.faults.reset();
    const runRequests = served('POST', '/api/v2/testcases/6/run');
    assert.equal(runRequests.filter((r) => r.fault === null && r.status === 200).length, answered);
    // Token requests may repeat; run requests never exceed one per call.
    assert.ok(runRequests.length <= 20 + runRequests.filter((r) => r.status === 401).length);
  });
});

describe('cancellation and the request log', () => {
  test('an aborted signal cancels a slow request', async () => {
    const { client } = makeClient();
    fault({ path: '/api/v2/users', action: { kind: 'delay', delayMs: 1000 } });
    const controller = new AbortController();
    const pending = client.users.list(controller.signal);
    setImmediate(() => controller.abort());
    await rejectsWith(pending, 'cancelled');
  });

  test('an already aborted signal sends nothing', async () => {
    const { client } = makeClient();
    await client.projects.list();
    emu.requests.length = 0;
    await rejectsWith(client.projects.list({}, AbortSignal.abort()), 'cancelled');
    assert.equal(emu.requests.length, 0);
  });

  test('the request log has method, path, status and duration, and no secrets', async () => {
    const { client, log } = makeClient();
    await client.projects.list();
    await client.deviceTokens.create({ mobileId: 2, fullControl: true, expiryHours: 2 });
    assert.deepEqual(
      log.map((e) => `${e.method} ${e.path}`),
      ['POST /api/v2/connect/token', 'GET /api/v2/projects', 'POST /api/v2/tokens'],
    );
    for (const e of log) assert.ok(e.status! >= 200 && e.status! < 300, `${e.path} ${e.status}`);
    for (const e of log) assert.equal(typeof e.durationMs, 'number');
    const text = JSON.stringify(log);
    assert.ok(!text.includes(DEMO_CREDENTIALS.admin.clientSecret));
    assert.ok(!/Bearer|accessToken|demo-device-token/i.test(text));
  });
});
