import { randomBytes } from 'node:crypto';
import { mustGet } from '../access';
import { Body } from '../body';
import { badRequest } from '../errors';
import type { DeviceToken } from '../model';
import { Reply, emptyOk, intParam, type RequestContext, type Router } from '../router';
import type { Store } from '../store';
import { listReply } from '../readings';

// Device tokens (DECISIONS.md, "Device tokens"). The secret value is in the create
// response only; lists show the record without it. Validation is a question, so an unknown or
// expired token is a 200 with valid: false, not an error.

/** expiryHours is 1 to this (one year). */
export const MAX_EXPIRY_HOURS = 8760;

const iso = (ms: number) => new Date(ms).toISOString();

function view(store: Store, t: DeviceToken, now: number): Record<string, unknown> {
  return {
    id: t.id,
    mobileId: t.mobileId,
    mobileDeviceName: store.devices.get(t.mobileId)?.name ?? null,
    fullControl: t.fullControl,
    createdAt: t.createdAt,
    expiresAt: iso(t.expiresMs),
    expired: t.expiresMs <= now,
    projects: store.projectRefs('TOKEN', t.id),
  };
}

function createToken(c: RequestContext) {
  const store = c.emu.store;
  const b = Body.object(c.body, 'token');
  const mobileId = b.int('mobileId', true);
  const fullControl = b.bool('fullControl') ?? false;
  const expiryHours = b.int('expiryHours', true);
  if (expiryHours < 1 || expiryHours > MAX_EXPIRY_HOURS) {
    throw badRequest(`token: 'expiryHours' must be 1 to ${MAX_EXPIRY_HOURS}, got ${expiryHours}`);
  }
  mustGet(store.devices, mobileId, 'Mobile device');
  const now = c.emu.now();
  const row = store.tokens.insert((id) => ({
    id,
    ownerId: c.user.id,
    mobileId,
    fullControl,
    token: `tasdt_${randomBytes(24).toString('base64url')}`,
    createdAt: iso(now),
    expiresMs: now + expiryHours * 3_600_000,
  }));
  // The one response that carries the secret value.
  return new Reply(201, {
    id: row.id,
    token: row.token,
    mobileId,
    fullControl,
    createdAt: row.createdAt,
    expiresAt: iso(row.expiresMs),
  });
}

function validate(c: RequestContext) {
  const value = Body.object(c.body, 'token validation').str('token', true);
  const now = c.emu.now();
  const t = c.emu.store.tokens.all().find((row) => row.token === value);
  if (!t) return { valid: false, reason: 'UNKNOWN' };
  if (t.expiresMs <= now) return { valid: false, reason: 'EXPIRED', id: t.id, expiresAt: iso(t.expiresMs) };
  return { valid: true, id: t.id, mobileId: t.mobileId, fullControl: t.fullControl, expiresAt: iso(t.expiresMs) };
}

function deleteToken(c: RequestContext) {
  const t = mustGet(c.emu.store.tokens, intParam(c), 'Token');
  c.emu.store.tokens.delete(t.id);
  c.emu.store.forgetEntity('TOKEN', t.id);
  return emptyOk();
}

export function registerTokens(r: Router): void {
  r.add('GET', '/api/v2/tokens', (c) => {
    const now = c.emu.now();
    return listReply(
      c,
      c.emu.store.tokens
        .all()
        .sort((a, b) => a.id - b.id)
        .map((t) => view(c.emu.store, t, now)),
    );
  });
  r.add('POST', '/api/v2/tokens', createToken);
  r.add('POST', '/api/v2/tokens/validate', validate);
  r.add('DELETE', '/api/v2/tokens/{id}', deleteToken);
}
