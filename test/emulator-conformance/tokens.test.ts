import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { MAX_EXPIRY_HOURS } from '../emulator/resources/tokens';
import { expectStatus, useEmulator } from './harness';

// Device tokens: the secret value appears once, in the create response; validation is a 200
// question with valid true or false (DECISIONS.md, "Device tokens").

interface TokenRecord {
  id: number;
  mobileId: number;
  mobileDeviceName: string | null;
  fullControl: boolean;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  projects: { id: number; name: string }[];
}
interface Created {
  id: number;
  token: string;
  mobileId: number;
  fullControl: boolean;
  createdAt: string;
  expiresAt: string;
}

const BASE = '/api/v2/tokens';
const HOUR = 3_600_000;

void describe('device tokens', () => {
  const fx = useEmulator();

  void test('GET lists the records by id, without any secret value', async () => {
    const res = await fx.tester.get(BASE);
    assert.equal(res.status, 200);
    const list = res.body as TokenRecord[];
    assert.deepEqual(
      list.map((t) => [t.id, t.mobileId, t.fullControl, t.expired]),
      [
        [1, 1, true, false],
        [2, 2, false, false],
        [3, 3, false, false],
      ],
    );
    for (const t of list) {
      assert.deepEqual(Object.keys(t).sort(), [
        'createdAt',
        'expired',
        'expiresAt',
        'fullControl',
        'id',
        'mobileDeviceName',
        'mobileId',
        'projects',
      ]);
    }
    assert.equal(list[0]!.mobileDeviceName, fx.emu.store.devices.get(1)!.name);
    for (const t of fx.emu.store.tokens.all()) assert.ok(!res.text.includes(t.token));
    assert.ok(!res.text.includes('"token"'));
  });

  void test('POST creates: 201 with the secret value, the only response that carries it', async () => {
    const before = fx.emu.now();
    const res = await fx.tester.post(BASE, { mobileId: 7, fullControl: true, expiryHours: 24 });
    assert.equal(res.status, 201);
    const c = res.body as Created;
    assert.deepEqual(Object.keys(c).sort(), ['createdAt', 'expiresAt', 'fullControl', 'id', 'mobileId', 'token']);
    assert.equal(c.mobileId, 7);
    assert.equal(c.fullControl, true);
    assert.match(c.token, /^\S{24,}$/);
    const lifetime = Date.parse(c.expiresAt) - Date.parse(c.createdAt);
    assert.equal(lifetime, 24 * HOUR);
    assert.ok(Date.parse(c.createdAt) >= before - 1000);
    assert.equal(fx.emu.store.tokens.get(c.id)!.ownerId, 2);
    const list = await fx.admin.get(BASE);
    assert.ok(!list.text.includes(c.token));
    const row = (list.body as TokenRecord[]).find((t) => t.id === c.id)!;
    assert.deepEqual(row, {
      id: c.id,
      mobileId: 7,
      mobileDeviceName: fx.emu.store.devices.get(7)!.name,
      fullControl: true,
      createdAt: c.createdAt,
      expiresAt: c.expiresAt,
      expired: false,
      projects: [],
    });
  });

  void test('fullControl defaults to false; two tokens never share a value', async () => {
    const a = await expectStatus<Created>(fx.admin.post(BASE, { mobileId: 8, expiryHours: 1 }), 201);
    const b = await expectStatus<Created>(fx.admin.post(BASE, { mobileId: 8, expiryHours: 1 }), 201);
    assert.equal(a.fullControl, false);
    assert.notEqual(a.token, b.token);
  });

  void test('an unknown mobileId is a 404', async () => {
    assert.equal((await fx.admin.post(BASE, { mobileId: 9999, fullControl: false, expiryHours: 1 })).status, 404);
  });

  void test(`expiryHours must be 1 to ${MAX_EXPIRY_HOURS}; missing or mistyped fields are a 400`, async () => {
    assert.equal((await fx.admin.post(BASE, { mobileId: 1, expiryHours: 0 })).status, 400);
    assert.equal((await fx.admin.post(BASE, { mobileId: 1, expiryHours: -5 })).status, 400);
    assert.equal((await fx.admin.post(BASE, { mobileId: 1, expiryHours: MAX_EXPIRY_HOURS + 1 })).status, 400);
    assert.equal((await fx.admin.post(BASE, { mobileId: 1, expiryHours: 1.5 })).status, 400);
    assert.equal((await fx.admin.post(BASE, { mobileId: 1 })).status, 400);
    assert.equal((await fx.admin.post(BASE, { expiryHours: 1 })).status, 400);
    assert.equal((await fx.admin.post(BASE, { mobileId: '1', expiryHours: 1 })).status, 400);
    assert.equal((await fx.admin.post(BASE, { mobileId: 1, expiryHours: 1, fullControl: 'yes' })).status, 400);
    await expectStatus(fx.admin.post(BASE, { mobileId: 1, expiryHours: MAX_EXPIRY_HOURS }), 201);
  });

  void test('POST /validate: a live token is valid, with its id, device, rights and expiry', async () => {
    const c = await expectStatus<Created>(fx.admin.post(BASE, { mobileId: 9, fullControl: true, expiryHours: 2 }), 201);
    assert.deepEqual(await expectStatus(fx.tester.post(`${BASE}/validate`, { token: c.token }), 200), {
      valid: true,
      id: c.id,
      mobileId: 9,
      fullControl: true,
      expiresAt: c.expiresAt,
    });
  });

  void test('POST /validate: an unknown value is 200 {valid: false, reason: UNKNOWN}', async () => {
    assert.deepEqual(await expectStatus(fx.admin.post(`${BASE}/validate`, { token: 'no-such-token' }), 200), {
      valid: false,
      reason: 'UNKNOWN',
    });
  });

  void test('POST /validate: a missing or non-string token is a 400', async () => {
    assert.equal((await fx.admin.post(`${BASE}/validate`, {})).status, 400);
    assert.equal((await fx.admin.post(`${BASE}/validate`, { token: 5 })).status, 400);
  });

  void test('DELETE: 200 with no body; the value stops validating; then 404', async () => {
    const c = await expectStatus<Created>(fx.admin.post(BASE, { mobileId: 10, expiryHours: 1 }), 201);
    const res = await fx.admin.delete(`${BASE}/${c.id}`);
    assert.equal(res.status, 200);
    assert.equal(res.text, '');
    const check = await expectStatus(fx.admin.post(`${BASE}/validate`, { token: c.token }), 200);
    assert.equal(check['valid'], false);
    assert.equal(check['reason'], 'UNKNOWN');
    assert.equal((await fx.admin.delete(`${BASE}/${c.id}`)).status, 404);
    assert.equal((await fx.admin.delete(`${BASE}/abc`)).status, 400);
  });

  void test('GET /validate and GET /{id} are not endpoints: 405', async () => {
    assert.equal((await fx.admin.get(`${BASE}/validate`)).status, 405);
    assert.equal((await fx.admin.get(`${BASE}/1`)).status, 405);
  });
});

void describe('device token expiry', () => {
  // Access tokens must outlive the clock jumps of this block.
  const fx = useEmulator({ settings: { tokenLifetimeSeconds: 30 * 86_400 } });

  void test('after expiryHours the token is listed as expired and validates as EXPIRED', async () => {
    const c = await expectStatus<Created>(fx.admin.post(BASE, { mobileId: 11, expiryHours: 1 }), 201);
    fx.emu.advanceClock(HOUR - 1000);
    assert.equal((await expectStatus(fx.admin.post(`${BASE}/validate`, { token: c.token }), 200))['valid'], true);
    fx.emu.advanceClock(1000);
    assert.deepEqual(await expectStatus(fx.admin.post(`${BASE}/validate`, { token: c.token }), 200), {
      valid: false,
      reason: 'EXPIRED',
      id: c.id,
      expiresAt: c.expiresAt,
    });
    const row = (await expectStatus<TokenRecord[]>(fx.admin.get(BASE), 200)).find((t) => t.id === c.id)!;
    assert.equal(row.expired, true);
  });
});
