import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { CURRENT_AGENT_VERSION, RESTART_AGENT_MS } from '../emulator/resources/testNodes';
import { expectStatus, useEmulator } from './harness';

// Test nodes: list, create, info, read, rename, RESTART_AGENT and status
// (DECISIONS.md, "Test nodes"). The document lists no DELETE.

interface Node {
  id: number;
  name: string;
  label: string;
  ipAddress: string;
  agentVersion: string;
  status: string;
  lastSeen: string;
  deviceCount: number;
  projects: { id: number; name: string }[];
}
interface NodeStatus {
  id: number;
  name: string;
  status: string;
  agentVersion: string;
  lastSeen: string;
  restartingUntil: string | null;
  deviceIds: number[];
}
interface Info {
  total: number;
  online: number;
  offline: number;
  restarting: number;
  agentVersions: Record<string, number>;
  devices: number;
}

const NODE_FIELDS = [
  'agentVersion',
  'deviceCount',
  'id',
  'ipAddress',
  'label',
  'lastSeen',
  'name',
  'projects',
  'status',
];
const BASE = '/api/v2/testnodes';
const OFFLINE_NODE = 4;

const fx = useEmulator();

const nearNow = (iso: string) => Math.abs(Date.parse(iso) - fx.emu.now()) < 5000;

void describe('GET /api/v2/testnodes', () => {
  void test('answers a plain array of node records, ONLINE and OFFLINE ones', async () => {
    const list = await expectStatus<Node[]>(fx.tester.get(BASE), 200);
    assert.equal(list.length, 4);
    for (const n of list) assert.deepEqual(Object.keys(n).sort(), NODE_FIELDS);
    assert.deepEqual(
      list.map((n) => [n.id, n.name, n.status]),
      [
        [1, 'node-berlin-01', 'ONLINE'],
        [2, 'node-berlin-02', 'ONLINE'],
        [3, 'node-munich-01', 'ONLINE'],
        [4, 'node-lab-spare', 'OFFLINE'],
      ],
    );
    const first = list[0]!;
    assert.equal(first.label, 'berlin');
    assert.equal(first.deviceCount, 5);
    assert.ok(nearNow(first.lastSeen), 'an ONLINE node was seen now');
    assert.deepEqual(first.projects, [{ id: 4, name: 'Lab infrastructure' }]);
    assert.equal(list[3]!.lastSeen, fx.emu.store.testNodes.get(OFFLINE_NODE)!.lastSeen);
  });
});

void describe('GET /api/v2/testnodes/info', () => {
  void test('counts nodes by status and agent version, and devices', async () => {
    const info = await expectStatus<Info>(fx.tester.get(`${BASE}/info`), 200);
    assert.deepEqual(info, {
      total: 4,
      online: 3,
      offline: 1,
      restarting: 0,
      agentVersions: { '5.14.2': 3, '5.12.0': 1 },
      devices: 20,
    });
  });
});

void describe('POST /api/v2/testnodes', () => {
  void test('creates an ONLINE node with the current agent: 201 {id}, owned by the caller', async () => {
    const res = await fx.tester.post(BASE, { name: '  node-hamburg-01 ' });
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body as object), ['id']);
    const id = (res.body as { id: number }).id;
    const n = await expectStatus<Node>(fx.admin.get(`${BASE}/${id}`), 200);
    assert.equal(n.name, 'node-hamburg-01');
    assert.equal(n.status, 'ONLINE');
    assert.equal(n.agentVersion, CURRENT_AGENT_VERSION);
    assert.equal(n.label, '');
    assert.equal(n.deviceCount, 0);
    assert.equal(fx.emu.store.testNodes.get(id)!.ownerId, 2);
  });

  void test('a missing, empty or non-string name is a 400', async () => {
    assert.equal((await fx.admin.post(BASE, {})).status, 400);
    assert.equal((await fx.admin.post(BASE, { name: ' ' })).status, 400);
    assert.equal((await fx.admin.post(BASE, { name: 42 })).status, 400);
    assert.equal((await fx.admin.post(BASE)).status, 400);
  });

  void test('a duplicate name is a 409 with the {id} of the node holding it', async () => {
    const res = await fx.admin.post(BASE, { name: 'node-berlin-02' });
    assert.equal(res.status, 409);
    assert.deepEqual(res.body, { id: 2 });
  });
});

void describe('GET /api/v2/testnodes/{id}', () => {
  void test('answers the node record', async () => {
    const n = await expectStatus<Node>(fx.tester.get(`${BASE}/3`), 200);
    assert.deepEqual(Object.keys(n).sort(), NODE_FIELDS);
    assert.equal(n.name, 'node-munich-01');
  });

  void test('an unknown id is a 404, a non-integer id a 400', async () => {
    assert.equal((await fx.admin.get(`${BASE}/999`)).status, 404);
    assert.equal((await fx.admin.get(`${BASE}/x1`)).status, 400);
  });
});

void describe('PUT /api/v2/testnodes/{id}', () => {
  void test('renames: 200 with the record', async () => {
    const id = (await expectStatus<{ id: number }>(fx.admin.post(BASE, { name: 'node-to-rename' }), 201)).id;
    const n = await expectStatus<Node>(fx.admin.put(`${BASE}/${id}`, { name: 'node-renamed' }), 200);
    assert.equal(n.name, 'node-renamed');
    assert.equal((await expectStatus<Node>(fx.admin.get(`${BASE}/${id}`), 200)).name, 'node-renamed');
  });

  void test("name is required (400); another node's name is a 409 {id}; unknown node 404", async () => {
    assert.equal((await fx.admin.put(`${BASE}/1`, {})).status, 400);
    const dup = await fx.admin.put(`${BASE}/1`, { name: 'node-munich-01' });
    assert.equal(dup.status, 409);
    assert.deepEqual(dup.body, { id: 3 });
    assert.equal((await fx.admin.put(`${BASE}/1`, { name: 'node-berlin-01' })).status, 200);
    assert.equal((await fx.admin.put(`${BASE}/999`, { name: 'nobody' })).status, 404);
  });
});

void describe('DELETE /api/v2/testnodes/{id}', () => {
  void test('is not an endpoint of the document: 405', async () => {
    assert.equal((await fx.admin.delete(`${BASE}/1`)).status, 405);
    assert.ok(fx.emu.store.testNodes.get(1));
  });
});

void describe('POST /api/v2/testnodes/{id}/action', () => {
  void test('RESTART_AGENT: 200 with the status; RESTARTING until the window ends, then ONLINE', async () => {
    const s = await expectStatus<NodeStatus>(
      fx.admin.post(`${BASE}/2/action`, { command: 'RESTART_AGENT', params: '' }),
      200,
    );
    assert.equal(s.id, 2);
    assert.equal(s.status, 'RESTARTING');
    assert.ok(s.restartingUntil !== null && Date.parse(s.restartingUntil) - fx.emu.now() <= RESTART_AGENT_MS);
    const info = await expectStatus<Info>(fx.admin.get(`${BASE}/info`), 200);
    assert.equal(info.restarting, 1);
    assert.equal((await expectStatus<Node>(fx.admin.get(`${BASE}/2`), 200)).status, 'RESTARTING');
    fx.emu.advanceClock(RESTART_AGENT_MS - 1000);
    assert.equal((await expectStatus<NodeStatus>(fx.admin.get(`${BASE}/2/status`), 200)).status, 'RESTARTING');
    fx.emu.advanceClock(1000);
    const after = await expectStatus<NodeStatus>(fx.admin.get(`${BASE}/2/status`), 200);
    assert.equal(after.status, 'ONLINE');
    assert.equal(after.restartingUntil, null);
    assert.ok(nearNow(after.lastSeen));
  });

  void test('an unknown or missing command, or non-string params, is a 400', async () => {
    assert.equal((await fx.admin.post(`${BASE}/1/action`, { command: 'REBOOT' })).status, 400);
    assert.equal((await fx.admin.post(`${BASE}/1/action`, { command: 'restart_agent' })).status, 400);
    assert.equal((await fx.admin.post(`${BASE}/1/action`, {})).status, 400);
    assert.equal((await fx.admin.post(`${BASE}/1/action`, { command: 'RESTART_AGENT', params: 3 })).status, 400);
    assert.equal((await expectStatus<Node>(fx.admin.get(`${BASE}/1`), 200)).status, 'ONLINE');
  });

  void test('an OFFLINE node has no agent to restart: 409, and it stays OFFLINE', async () => {
    assert.equal((await fx.admin.post(`${BASE}/${OFFLINE_NODE}/action`, { command: 'RESTART_AGENT' })).status, 409);
    assert.equal((await expectStatus<Node>(fx.admin.get(`${BASE}/${OFFLINE_NODE}`), 200)).status, 'OFFLINE');
  });

  void test('an unknown node is a 404', async () => {
    assert.equal((await fx.admin.post(`${BASE}/999/action`, { command: 'RESTART_AGENT' })).status, 404);
  });
});

void describe('GET /api/v2/testnodes/{id}/status', () => {
  void test("answers status, agent version, last seen and the ids of the node's devices", async () => {
    const s = await expectStatus<NodeStatus>(fx.tester.get(`${BASE}/1/status`), 200);
    assert.deepEqual(Object.keys(s).sort(), [
      'agentVersion',
      'deviceIds',
      'id',
      'lastSeen',
      'name',
      'restartingUntil',
      'status',
    ]);
    assert.equal(s.status, 'ONLINE');
    assert.equal(s.restartingUntil, null);
    const expected = [...fx.emu.store.devices.rows.values()].filter((d) => d.testNodeId === 1).map((d) => d.id);
    assert.deepEqual(s.deviceIds, expected);
    const offline = await expectStatus<NodeStatus>(fx.tester.get(`${BASE}/${OFFLINE_NODE}/status`), 200);
    assert.equal(offline.status, 'OFFLINE');
    assert.equal(offline.agentVersion, '5.12.0');
  });

  void test('an unknown node is a 404', async () => {
    assert.equal((await fx.admin.get(`${BASE}/999/status`)).status, 404);
  });
});
