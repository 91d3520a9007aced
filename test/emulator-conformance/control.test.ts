import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { startEmulator } from '../emulator/emulator';
import { RawClient, useEmulator } from './harness';

// The emulator's own controls: fault knobs, request log, clock, settings, snapshots, reset;
// and the behaviour every endpoint shares (unknown paths, methods, malformed bodies).

describe('shared HTTP behaviour', () => {
  const fx = useEmulator();

  test('an unknown path is a 404 and a known path with another method a 405', async () => {
    assert.equal((await fx.admin.get('/api/v2/nothing-here')).status, 404);
    assert.equal((await fx.admin.send('PATCH', '/api/v2/projects/1')).status, 405);
  });

  test('a malformed JSON body is a 400 with a message', async () => {
    const res = await fx.admin.send('POST', '/api/v2/projects', '{"name": ');
    assert.equal(res.status, 400);
    assert.match(res.body.message, /Malformed JSON/);
    assert.equal(res.body.status, 400);
    assert.equal(res.body.path, '/api/v2/projects');
  });

  test('a non-integer {id} is a 400', async () => {
    assert.equal((await fx.admin.get('/api/v2/projects/abc')).status, 400);
  });

  test('responses are application/json', async () => {
    const res = await fx.admin.get('/api/v2/projects');
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  });
});

describe('fault knobs', () => {
  const fx = useEmulator();

  test('a scripted status rule answers the next matching requests, then stops', async () => {
    const rule = await fx.raw.post('/_emulator/faults/rules', {
      method: 'GET',
      path: '/api/v2/projects/*',
      action: { kind: 'status', status: 503 },
      times: 2,
    });
    assert.equal(rule.status, 200);
    assert.equal((await fx.admin.get('/api/v2/projects')).status, 200, 'the list does not match /projects/*');
    assert.equal((await fx.admin.get('/api/v2/projects/1')).status, 503);
    assert.equal((await fx.admin.get('/api/v2/projects/2')).status, 503);
    assert.equal((await fx.admin.get('/api/v2/projects/1')).status, 200);
  });

  test('a 429 rule carries Retry-After', async () => {
    await fx.raw.post('/_emulator/faults/rules', {
      path: '/api/v2/projects',
      action: { kind: 'status', status: 429, retryAfterSeconds: 7 },
    });
    const res = await fx.admin.get('/api/v2/projects');
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('retry-after'), '7');
  });

  test('a drop rule closes the connection without an answer, and nothing happens', async () => {
    await fx.raw.post('/_emulator/faults/rules', {
      method: 'POST',
      path: '/api/v2/projects',
      action: { kind: 'drop' },
    });
    await assert.rejects(
      fx.admin.post('/api/v2/projects', { name: 'Dropped', entityType: 'TEST_CASE', entityIds: [] }),
    );
    const all = await fx.admin.get('/api/v2/projects?size=100');
    assert.ok(!all.body.content.some((p: { name: string }) => p.name === 'Dropped'));
  });

  test('a dropAfter rule makes the change, then closes the connection unanswered', async () => {
    await fx.raw.post('/_emulator/faults/rules', {
      method: 'POST',
      path: '/api/v2/projects',
      action: { kind: 'dropAfter' },
    });
    await assert.rejects(
      fx.admin.post('/api/v2/projects', { name: 'Half-seen', entityType: 'TEST_CASE', entityIds: [] }),
    );
    const all = await fx.admin.get('/api/v2/projects?size=100');
    assert.ok(all.body.content.some((p: { name: string }) => p.name === 'Half-seen'));
  });

  test('a delay rule is recorded in the request log', async () => {
    await fx.raw.post('/_emulator/faults/rules', {
      path: '/api/v2/projects/3',
      action: { kind: 'delay', delayMs: 30 },
    });
    assert.equal((await fx.admin.get('/api/v2/projects/3')).status, 200);
    const log = (await fx.raw.get('/_emulator/requests')).body as { path: string; fault: string | null }[];
    assert.equal(log.filter((e) => e.path === '/api/v2/projects/3').at(-1)?.fault, 'delay');
  });

  test('random rates: errorRate 1 answers every request with errorStatus; DELETE resets', async () => {
    const set = await fx.raw.put('/_emulator/faults', { errorRate: 1, errorStatus: 502 });
    assert.equal(set.body.rates.errorRate, 1);
    assert.equal((await fx.admin.get('/api/v2/projects')).status, 502);
    await fx.raw.delete('/_emulator/faults');
    assert.equal((await fx.admin.get('/api/v2/projects')).status, 200);
  });

  test('random rates: rateLimitRate 1 answers 429 with the configured Retry-After', async () => {
    await fx.raw.put('/_emulator/faults', { rateLimitRate: 1, retryAfterSeconds: 3 });
    const res = await fx.admin.get('/api/v2/projects');
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('retry-after'), '3');
    await fx.raw.delete('/_emulator/faults');
  });

  test('rates out of range and malformed rules are 400s', async () => {
    assert.equal((await fx.raw.put('/_emulator/faults', { dropRate: 2 })).status, 400);
    assert.equal((await fx.raw.post('/_emulator/faults/rules', { action: { kind: 'explode' } })).status, 400);
  });

  test('control routes are never hit by faults', async () => {
    await fx.raw.put('/_emulator/faults', { errorRate: 1 });
    assert.equal((await fx.raw.get('/_emulator/health')).status, 200);
    await fx.raw.delete('/_emulator/faults');
  });
});

describe('request log, clock and settings', () => {
  const fx = useEmulator();

  test('the request log counts API requests with method, path and status, and can be cleared', async () => {
    await fx.raw.delete('/_emulator/requests');
    await fx.admin.get('/api/v2/projects?page=0');
    await fx.admin.get('/api/v2/projects/999');
    const log = (await fx.raw.get('/_emulator/requests')).body as {
      method: string;
      path: string;
      query: string;
      status: number;
    }[];
    assert.deepEqual(
      log.map((e) => [e.method, e.path, e.query, e.status]),
      [
        ['GET', '/api/v2/projects', '?page=0', 200],
        ['GET', '/api/v2/projects/999', '', 404],
      ],
    );
  });

  test('the request log holds no secrets', async () => {
    await fx.raw.as('admin');
    const text = (await fx.raw.get('/_emulator/requests')).text;
    assert.ok(!text.includes('demo-admin-secret'));
    assert.ok(!/Bearer/i.test(text));
  });

  test('advancing the clock past the token lifetime expires tokens', async () => {
    const client = await fx.raw.as('tester');
    assert.equal((await client.get('/api/v2/projects')).status, 200);
    const res = await fx.raw.post('/_emulator/clock', { advanceMs: 3_600_000 + 1000 });
    assert.equal(res.status, 200);
    assert.equal((await client.get('/api/v2/projects')).status, 401);
    assert.equal((await fx.raw.post('/_emulator/clock', { advanceMs: -5 })).status, 400);
  });

  test('a shorter token lifetime set through settings is what the token endpoint reports', async () => {
    const res = await fx.raw.put('/_emulator/settings', { tokenLifetimeSeconds: 5 });
    assert.equal(res.body.tokenLifetimeSeconds, 5);
    const token = await fx.raw.post('/api/v2/connect/token', {
      clientId: 'demo-admin',
      clientSecret: 'demo-admin-secret',
    });
    assert.equal(token.body.expiresIn, 5);
    const client = new RawClient(fx.raw.baseUrl, token.body.accessToken);
    assert.equal((await client.get('/api/v2/projects')).status, 200);
    fx.emu.advanceClock(5000);
    assert.equal((await client.get('/api/v2/projects')).status, 401);
    await fx.raw.put('/_emulator/settings', { tokenLifetimeSeconds: 3600 });
  });

  test('revoking tokens makes every issued token a 401', async () => {
    const client = await fx.raw.as('admin');
    await fx.raw.post('/_emulator/tokens/revoke');
    assert.equal((await client.get('/api/v2/projects')).status, 401);
  });
});

describe('snapshots and reset', () => {
  const fx = useEmulator();

  test('a snapshot saved to a file starts another emulator with the same state', async (t) => {
    await fx.admin.post('/api/v2/projects', { name: 'Saved project', entityType: 'TEST_CASE', entityIds: [7] });
    const folder = mkdtempSync(join(tmpdir(), 'tas-emu-'));
    t.after(() => rmSync(folder, { recursive: true, force: true }));
    const path = join(folder, 'state.json');
    const saved = await fx.raw.post('/_emulator/snapshot/save', { path });
    assert.equal(saved.status, 200);
    assert.equal(JSON.parse(readFileSync(path, 'utf8')).version, 1);
    const second = await startEmulator({ loadPath: path });
    try {
      const admin = await new RawClient(second.url).as('admin');
      const projects = await admin.get('/api/v2/projects?size=100');
      const made = projects.body.content.find((p: { name: string }) => p.name === 'Saved project');
      assert.ok(made);
      const listed = await admin.post('/api/v2/projects/listAssignments', { entityType: 'TEST_CASE', entityIds: [7] });
      assert.ok(listed.body.assignments['7'].some((p: { id: number }) => p.id === made.id));
      const next = await admin.post('/api/v2/projects', { name: 'After load', entityType: 'TEST_CASE', entityIds: [] });
      assert.equal(next.body.id, made.id + 1, 'id sequences continue after a load');
    } finally {
      await second.close();
    }
  });

  test('GET and PUT /_emulator/snapshot move state between emulators', async () => {
    const snap = await fx.raw.get('/_emulator/snapshot');
    const other = await startEmulator({ demoData: false });
    try {
      const raw = new RawClient(other.url);
      assert.equal((await raw.put('/_emulator/snapshot', snap.body)).status, 200);
      const admin = await raw.as('admin');
      const projects = await admin.get('/api/v2/projects?size=100');
      assert.ok(projects.body.content.some((p: { name: string }) => p.name === 'Saved project'));
      assert.equal((await raw.put('/_emulator/snapshot', { hello: 'world' })).status, 400);
    } finally {
      await other.close();
    }
  });

  test('reset returns to the demo data', async () => {
    assert.equal((await fx.raw.post('/_emulator/reset')).status, 200);
    const admin = await fx.raw.as('admin');
    const projects = await admin.get('/api/v2/projects');
    assert.equal(projects.body.totalElements, 4);
  });

  test('an emulator without demo data has the demo users but no records', async () => {
    const empty = await startEmulator({ demoData: false });
    try {
      const admin = await new RawClient(empty.url).as('admin');
      const projects = await admin.get('/api/v2/projects');
      assert.equal(projects.body.totalElements, 0);
    } finally {
      await empty.close();
    }
  });
});
