import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { RawClient, expectStatus, useEmulator } from './harness';

// The token flow of the Authentication section: client credentials in, a one-hour bearer token
// out; every other endpoint needs it. Wrong credentials and expired tokens get 401 (our decision).

const TOKEN = '/api/v2/connect/token';

/** One endpoint of each resource group of the document, all readable by any signed-in user. */
const ONE_PER_GROUP = [
  '/api/v2/agentconfig?label=berlin',
  '/api/v2/apiclients',
  '/api/v2/devicemodels',
  '/api/v2/functionparams?function=CALL',
  '/api/v2/mobiledevices',
  '/api/v2/projects',
  '/api/v2/testcases',
  '/api/v2/testexecutions',
  '/api/v2/testnodes',
  '/api/v2/testsuites',
  '/api/v2/tokens',
  '/api/v2/tracefilters',
  '/api/v2/users/me',
];

void describe('POST /api/v2/connect/token', () => {
  const fx = useEmulator();

  void test('answers 200 {accessToken, tokenType: Bearer, expiresIn: 3600} without a bearer header', async () => {
    const res = await fx.raw.post(TOKEN, DEMO_CREDENTIALS.admin);
    assert.equal(res.status, 200);
    const body = res.body as { accessToken: string; tokenType: string; expiresIn: number };
    assert.deepEqual(Object.keys(body).sort(), ['accessToken', 'expiresIn', 'tokenType']);
    assert.equal(body.tokenType, 'Bearer');
    assert.equal(body.expiresIn, 3600);
    assert.equal(typeof body.accessToken, 'string');
    assert.ok(body.accessToken.length >= 16);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  });

  void test('every request gets a new token, and both work', async () => {
    const a = await expectStatus<{ accessToken: string }>(fx.raw.post(TOKEN, DEMO_CREDENTIALS.tester), 200);
    const b = await expectStatus<{ accessToken: string }>(fx.raw.post(TOKEN, DEMO_CREDENTIALS.tester), 200);
    assert.notEqual(a.accessToken, b.accessToken);
    for (const t of [a.accessToken, b.accessToken]) {
      const me = await expectStatus<{ id: number }>(new RawClient(fx.emu.url, t).get('/api/v2/users/me'), 200);
      assert.equal(me.id, 2);
    }
  });

  void test('a wrong secret or an unknown client id is a 401 with no token', async () => {
    const wrongSecret = await fx.raw.post(TOKEN, { clientId: DEMO_CREDENTIALS.admin.clientId, clientSecret: 'nope' });
    assert.equal(wrongSecret.status, 401);
    assert.ok(!wrongSecret.text.includes('accessToken'));
    const unknown = await fx.raw.post(TOKEN, { clientId: 'nobody', clientSecret: DEMO_CREDENTIALS.admin.clientSecret });
    assert.equal(unknown.status, 401);
    // One user's id with another's secret is no better.
    const crossed = await fx.raw.post(TOKEN, {
      clientId: DEMO_CREDENTIALS.tester.clientId,
      clientSecret: DEMO_CREDENTIALS.admin.clientSecret,
    });
    assert.equal(crossed.status, 401);
  });

  void test('a 401 never echoes the secret that was sent', async () => {
    const res = await fx.raw.post(TOKEN, { clientId: 'demo-admin', clientSecret: 'guessed-secret-123' });
    assert.equal(res.status, 401);
    assert.ok(!res.text.includes('guessed-secret-123'));
    assert.ok(!(res.headers.get('x-emulator-message') ?? '').includes('guessed-secret-123'));
  });

  void test('missing or mistyped credentials are a 400', async () => {
    assert.equal((await fx.raw.post(TOKEN, { clientId: 'demo-admin' })).status, 400);
    assert.equal((await fx.raw.post(TOKEN, { clientSecret: 'x' })).status, 400);
    assert.equal((await fx.raw.post(TOKEN, { clientId: 1, clientSecret: 'x' })).status, 400);
    assert.equal((await fx.raw.post(TOKEN)).status, 400);
  });
});

void describe('bearer header', () => {
  const fx = useEmulator();

  void test('a signed-in user reaches one endpoint of every resource group', async () => {
    for (const path of ONE_PER_GROUP) assert.equal((await fx.tester.get(path)).status, 200, path);
  });

  void test('no Authorization header is a 401 on every resource group', async () => {
    for (const path of ONE_PER_GROUP) assert.equal((await fx.raw.get(path)).status, 401, path);
  });

  void test('a garbage bearer token is a 401 on every resource group', async () => {
    const garbage = new RawClient(fx.emu.url, 'not-a-real-token');
    for (const path of ONE_PER_GROUP) assert.equal((await garbage.get(path)).status, 401, path);
  });

  void test('another scheme or an empty bearer is a 401', async () => {
    const admin = await expectStatus<{ accessToken: string }>(fx.raw.post(TOKEN, DEMO_CREDENTIALS.admin), 200);
    for (const authorization of [`Basic ${admin.accessToken}`, 'Bearer', 'Bearer ', admin.accessToken]) {
      const res = await fx.raw.send('GET', '/api/v2/testnodes', undefined, { Authorization: authorization });
      assert.equal(res.status, 401, authorization.slice(0, 7));
    }
  });

  void test('a write without a token is a 401 and changes nothing', async () => {
    const before = fx.emu.store.devices.size;
    const res = await fx.raw.post('/api/v2/mobiledevices', { name: 'intruder', testNodeId: 1, deviceModelId: 1 });
    assert.equal(res.status, 401);
    assert.equal(fx.emu.store.devices.size, before);
    assert.equal((await fx.raw.post('/api/v2/tokens', { mobileId: 1, expiryHours: 1 })).status, 401);
  });
});

void describe('access token expiry', () => {
  const fx = useEmulator();

  void test('a token works until 3600 s have passed, then is a 401; a fresh token works again', async () => {
    fx.emu.advanceClock(3_590_000);
    assert.equal((await fx.admin.get('/api/v2/mobiledevices')).status, 200);
    fx.emu.advanceClock(11_000);
    for (const path of ['/api/v2/mobiledevices', '/api/v2/users/me', '/api/v2/tokens']) {
      assert.equal((await fx.admin.get(path)).status, 401, path);
    }
    assert.equal((await fx.tester.get('/api/v2/testnodes')).status, 401);
    const fresh = await fx.raw.as('admin');
    assert.equal((await fresh.get('/api/v2/mobiledevices')).status, 200);
    assert.equal((await expectStatus<{ id: number }>(fresh.get('/api/v2/users/me'), 200)).id, 1);
  });

  void test('advancing the clock by 3601 s expires a token issued now', async () => {
    const client = await fx.raw.as('tester');
    assert.equal((await client.get('/api/v2/tracefilters')).status, 200);
    fx.emu.advanceClock(3601_000);
    assert.equal((await client.get('/api/v2/tracefilters')).status, 401);
    const again = await fx.raw.as('tester');
    assert.equal((await again.get('/api/v2/tracefilters')).status, 200);
  });
});
