import { mustGet } from '../access';
import { Body } from '../body';
import { badRequest, conflict } from '../errors';
import type { NodeStatus, TestNode } from '../model';
import { created, intParam, type RequestContext, type Router } from '../router';
import type { Store } from '../store';
import { listReply } from '../readings';

// Test nodes (DECISIONS.md, "Test nodes"). The document shows only {name} in bodies and
// no record, so the record, status values and RESTART_AGENT's effect are ours. No DELETE: the
// document lists none, so the router answers 405.

/** How long RESTART_AGENT keeps a node RESTARTING, in clock ms. */
export const RESTART_AGENT_MS = 15_000;
/** The agent version a node created through the interface reports. */
export const CURRENT_AGENT_VERSION = '5.14.2';

/** OFFLINE nodes stay offline; an online node is RESTARTING until `restartUntil`, then ONLINE. */
export function nodeStatus(node: TestNode, now: number): NodeStatus {
  if (!node.online) return 'OFFLINE';
  return now < node.restartUntil ? 'RESTARTING' : 'ONLINE';
}

/** An ONLINE node sends heartbeats all the time, so it was last seen now. */
function lastSeen(node: TestNode, now: number): string {
  return nodeStatus(node, now) === 'ONLINE' ? new Date(now).toISOString() : node.lastSeen;
}

const devicesOn = (store: Store, nodeId: number) => store.devices.all().filter((d) => d.testNodeId === nodeId);

function view(store: Store, n: TestNode, now: number): Record<string, unknown> {
  return {
    id: n.id,
    name: n.name,
    label: n.label,
    ipAddress: n.ipAddress,
    agentVersion: n.agentVersion,
    status: nodeStatus(n, now),
    lastSeen: lastSeen(n, now),
    deviceCount: devicesOn(store, n.id).length,
    projects: store.projectRefs('TEST_NODE', n.id),
  };
}

function statusView(store: Store, n: TestNode, now: number): Record<string, unknown> {
  const status = nodeStatus(n, now);
  return {
    id: n.id,
    name: n.name,
    status,
    agentVersion: n.agentVersion,
    lastSeen: lastSeen(n, now),
    restartingUntil: status === 'RESTARTING' ? new Date(n.restartUntil).toISOString() : null,
    deviceIds: devicesOn(store, n.id).map((d) => d.id),
  };
}

/** A non-empty trimmed name, unique among test nodes (409 with {id} of the holder, as for projects). */
function readName(store: Store, b: Body, selfId: number | null): string {
  const name = b.str('name', true).trim();
  if (name === '') throw badRequest("test node: 'name' must not be empty");
  const other = store.testNodes.all().find((n) => n.name === name && n.id !== selfId);
  if (other) throw conflict(`A test node named '${name}' already exists`, { id: other.id });
  return name;
}

function createNode(c: RequestContext) {
  const b = Body.object(c.body, 'test node');
  const name = readName(c.emu.store, b, null);
  const label = b.str('label') ?? '';
  const ipAddress = b.str('ipAddress') ?? '';
  // There is no agent to wait for: a node created here is ONLINE at once with the current agent.
  const node = c.emu.store.testNodes.insert((id) => ({
    id,
    ownerId: c.user.id,
    name,
    label,
    ipAddress,
    agentVersion: CURRENT_AGENT_VERSION,
    online: true,
    restartUntil: 0,
    lastSeen: c.emu.nowIso(),
  }));
  return created(node.id);
}

function updateNode(c: RequestContext) {
  const node = mustGet(c.emu.store.testNodes, intParam(c), 'Test node');
  const b = Body.object(c.body, 'test node');
  const name = readName(c.emu.store, b, node.id);
  const label = b.str('label');
  const ipAddress = b.str('ipAddress');
  node.name = name;
  if (label !== undefined) node.label = label;
  if (ipAddress !== undefined) node.ipAddress = ipAddress;
  return view(c.emu.store, node, c.emu.now());
}

function info(c: RequestContext) {
  const now = c.emu.now();
  const nodes = c.emu.store.testNodes.all();
  const count = (s: NodeStatus) => nodes.filter((n) => nodeStatus(n, now) === s).length;
  const agentVersions: Record<string, number> = {};
  for (const n of nodes) agentVersions[n.agentVersion] = (agentVersions[n.agentVersion] ?? 0) + 1;
  return {
    total: nodes.length,
    online: count('ONLINE'),
    offline: count('OFFLINE'),
    restarting: count('RESTARTING'),
    agentVersions,
    devices: c.emu.store.devices.size,
  };
}

function action(c: RequestContext) {
  const node = mustGet(c.emu.store.testNodes, intParam(c), 'Test node');
  const b = Body.object(c.body, 'test node action');
  const command = b.str('command', true);
  b.str('params'); // type check only: RESTART_AGENT takes no parameters
  if (command !== 'RESTART_AGENT') throw badRequest(`Unknown test node command '${command}'; known: RESTART_AGENT`);
  const now = c.emu.now();
  if (nodeStatus(node, now) === 'OFFLINE') {
    throw conflict(`Test node ${node.id} is OFFLINE: there is no agent to restart`);
  }
  // A second RESTART_AGENT while restarting starts the restart window again.
  node.restartUntil = now + RESTART_AGENT_MS;
  node.lastSeen = new Date(now).toISOString();
  return statusView(c.emu.store, node, now);
}

export function registerTestNodes(r: Router): void {
  r.add('GET', '/api/v2/testnodes', (c) => {
    const now = c.emu.now();
    return listReply(
      c,
      c.emu.store.testNodes
        .all()
        .sort((a, b) => a.id - b.id)
        .map((n) => view(c.emu.store, n, now)),
    );
  });
  r.add('POST', '/api/v2/testnodes', createNode);
  r.add('GET', '/api/v2/testnodes/info', info);
  r.add('GET', '/api/v2/testnodes/{id}', (c) =>
    view(c.emu.store, mustGet(c.emu.store.testNodes, intParam(c), 'Test node'), c.emu.now()),
  );
  r.add('PUT', '/api/v2/testnodes/{id}', updateNode);
  r.add('POST', '/api/v2/testnodes/{id}/action', action);
  r.add('GET', '/api/v2/testnodes/{id}/status', (c) =>
    statusView(c.emu.store, mustGet(c.emu.store.testNodes, intParam(c), 'Test node'), c.emu.now()),
  );
}
