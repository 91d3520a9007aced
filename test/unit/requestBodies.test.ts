import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { TasClient } from '../../server/src/core/api/client';
import { OPERATIONS, type OperationId } from '../../server/src/core/api/operations';
import type { ApiClient, MobileDevice, TestCase } from '../../server/src/core/api/types';
import { HTTP_METHODS, OPENAPI, checkRequest, type OpenApiOperation } from '../emulator/openapiCheck';

// Every client method that sends a body, fed records as they are read (every response-only
// field and fields the document does not know): each body must match the request shape of
// schemas/openapi.json, which refuses response-only fields, and keep the unknown fields.

interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

const received: Received[] = [];
let server: Server;
let url = '';

before(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', (): void => {
      const u = new URL(req.url!, 'http://127.0.0.1');
      received.push({
        method: req.method!,
        path: u.pathname,
        query: u.searchParams,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      });
      res.setHeader('content-type', 'application/json');
      if (u.pathname === '/api/v2/connect/token') {
        res.end(JSON.stringify({ accessToken: 'shape-token', tokenType: 'Bearer', expiresIn: 3600 }));
      } else if (u.pathname === '/api/v2/testcases/export') {
        res.end('[]');
      } else {
        // One answer that every reader of these operations accepts.
        res.end(JSON.stringify({ id: 1, name: 'answer', ids: [1], assignments: {} }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const projects = [{ id: 4, name: 'Lab' }];

/** A test case as read or exported: response-only fields everywhere, and fields nobody documents. */
const testCase = (): TestCase & Record<string, unknown> => ({
  id: 7,
  name: 'Call and hang up',
  testStepList: [{ function: 'CALL', vendorStepField: 1 }],
  traceFilters: [{ mobileDeviceId: 1, traceFilterId: 2, mobileDeviceName: 'A', msisdn: '49', captureMode: 'FULL' }],
  sipTraceFilters: [
    { mobileDeviceId: 1, sipMessageCodes: '200', mobileDeviceName: 'A', msisdn: '49', direction: 'IN' },
  ],
  projects,
  devices: [{ id: 1, name: 'A' }],
  apiClients: [{ id: 2, name: 'B' }],
  vendorField: 'kept',
});

const device = (): MobileDevice => ({
  id: 3,
  name: 'Pixel',
  testNodeId: 1,
  deviceModelId: 2,
  ecid: '00AA',
  testNodeName: 'node',
  deviceModelName: 'Pixel 8',
  projects,
  vendorField: 'kept',
});

const apiClient = (): ApiClient => ({ id: 5, name: 'CRM', httpMethod: 'GET', projects, vendorField: 'kept' });

interface Drive {
  call: (c: TasClient) => Promise<unknown>;
  /** The record fed in, when the call is fed one as read (response-only fields included). */
  record?: unknown;
}

const plain = (call: Drive['call']): Drive => ({ call });
const fed = <T>(record: T, call: (c: TasClient, r: T) => Promise<unknown>): Drive => ({
  record,
  call: (c) => call(c, structuredClone(record)),
});

const suite = { name: 'S', testCaseWeights: [1], projects, vendorField: 'kept' };

/** One call per operation that has a request body. */
const CALLS: Partial<Record<OperationId, Drive>> = {
  createApiClient: fed(apiClient(), (c, r) => c.apiClients.create(r)),
  updateApiClient: fed(apiClient(), (c, r) => c.apiClients.update(5, r)),
  createMobileDevice: fed(device(), (c, r) => c.devices.create(r)),
  updateMobileDevice: fed(device(), (c, r) => c.devices.update(3, r)),
  mobileDeviceAction: plain((c) => c.devices.action(3, { command: 'PREPARE', params: '' })),
  createProject: plain((c) => c.projects.create({ name: 'P', entityType: 'TEST_CASE', entityIds: [1] })),
  updateProject: plain((c) => c.projects.rename(1, 'Q')),
  listProjectAssignments: plain((c) => c.projects.listAssignments('TEST_CASE', [1])),
  assignProjects: plain((c) => c.projects.assign('TEST_CASE', [1], ['P'])),
  createTestCase: fed(testCase(), (c, r) => c.testCases.create(r)),
  updateTestCase: fed(testCase(), (c, r) => c.testCases.update(7, r)),
  importTestCases: fed([testCase()], (c, r) => c.testCases.importBatch(r)),
  exportTestCases: plain((c) => c.testCases.exportBatch([7])),
  createTestNode: plain((c) => c.testNodes.create('node')),
  updateTestNode: plain((c) => c.testNodes.rename(1, 'node')),
  testNodeAction: plain((c) => c.testNodes.action(1, { command: 'RESTART_AGENT', params: '' })),
  createTestSuite: fed({ ...suite, testCaseIds: [7] }, (c, r) => c.testSuites.create(r)),
  updateTestSuite: fed({ ...suite, testCaseIds: [{ id: 7, name: 'T' }] }, (c, r) => c.testSuites.update(1, r)),
  createDeviceToken: plain((c) => c.deviceTokens.create({ mobileId: 3, fullControl: false, expiryHours: 1 })),
  validateDeviceToken: plain((c) => c.deviceTokens.validate('t')),
  createTraceFilter: plain((c) => c.traceFilters.create({ name: 'F', filter: 'udp' })),
  updateTraceFilter: plain((c) => c.traceFilters.update(1, { name: 'F', filter: 'udp' })),
  createUser: plain((c) => c.users.create({ email: 'a@example.com', role: 'ADMIN', tempPassword: 'temporary' })),
  updateUser: plain((c) => c.users.setRole(1, 'ADMIN')),
  deleteUser: plain((c) => c.users.delete(1, 2)),
};

/** The operation ids of schemas/openapi.json that take a request body. */
function operationsWithBody(): string[] {
  const ids: string[] = [];
  for (const item of Object.values(OPENAPI.paths)) {
    for (const m of HTTP_METHODS) {
      const op = item[m] as OpenApiOperation | undefined;
      if (op?.requestBody !== undefined) ids.push(op.operationId);
    }
  }
  return ids.sort();
}

/** The operation a request was sent to, with its path parameters. */
function matchOperation(r: Received): { id: OperationId; pattern: string; params: Record<string, string> } {
  for (const [id, op] of Object.entries(OPERATIONS)) {
    if (op.method !== r.method) continue;
    const re = new RegExp(`^${op.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);
    const m = re.exec(r.path);
    if (m) return { id: id as OperationId, pattern: op.path, params: { ...m.groups } };
  }
  throw new Error(`no operation for ${r.method} ${r.path}`);
}

const unknownKept = (body: unknown): boolean => {
  const items = Array.isArray(body) ? (body as Record<string, unknown>[]) : [body as Record<string, unknown>];
  return items.every((b) => b['vendorField'] === 'kept');
};

describe('request bodies', () => {
  test('every operation with a body is driven here (requestToken by the session itself)', () => {
    assert.deepEqual([...Object.keys(CALLS), 'requestToken'].sort(), operationsWithBody());
  });

  test('the records fed in carry response-only fields: as they are, the request shapes refuse them', () => {
    for (const [id, { record }] of Object.entries(CALLS)) {
      if (record === undefined) continue;
      const op = OPERATIONS[id as OperationId];
      assert.ok(
        checkRequest(op.method, op.path, { id: '1' }, new URLSearchParams(), record),
        `${id}: the record as read is refused`,
      );
    }
  });

  for (const [id, { call, record }] of Object.entries(CALLS)) {
    test(`${id} sends a body of the document's request shape${record ? ', unknown fields kept' : ''}`, async () => {
      const client = new TasClient({ baseUrl: url, clientId: 'id', clientSecret: 'shape-secret' });
      try {
        received.length = 0;
        await call(client);
      } finally {
        await client.close();
      }
      const sent = received.filter((r) => r.path !== '/api/v2/connect/token');
      assert.equal(sent.length, 1, `${id}: one request`);
      const r = sent[0]!;
      const match = matchOperation(r);
      assert.equal(match.id, id);
      const problem = checkRequest(r.method, match.pattern, match.params, r.query, r.body);
      assert.equal(problem, undefined, `${id}: ${problem}`);
      if (record !== undefined) assert.ok(unknownKept(r.body), `${id}: fields the document does not know are kept`);
    });
  }

  test('import keeps the id of each item (it names the test case to update) and trace items keep unknown fields', async () => {
    const client = new TasClient({ baseUrl: url, clientId: 'id', clientSecret: 'shape-secret' });
    try {
      received.length = 0;
      await client.testCases.importBatch([testCase()]);
    } finally {
      await client.close();
    }
    const [item] = received.find((r) => r.path === '/api/v2/testcases/import')!.body as Record<string, unknown>[];
    assert.equal(item!['id'], 7);
    assert.deepEqual(item!['traceFilters'], [{ mobileDeviceId: 1, traceFilterId: 2, captureMode: 'FULL' }]);
    assert.deepEqual(item!['sipTraceFilters'], [{ mobileDeviceId: 1, sipMessageCodes: '200', direction: 'IN' }]);
    assert.deepEqual(item!['testStepList'], [{ function: 'CALL', vendorStepField: 1 }]);
  });
});
