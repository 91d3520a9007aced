import { Body } from './body';
import { badRequest } from './errors';
import { validateRule, type FaultRates } from './faults';
import { DEFAULT_READINGS, readReadings } from './readings';
import { NO_LAB, readLab } from './lab';
import { Reply, type Router } from './router';
import { welcomePage } from './welcome';

/**
 * Control routes for tests and scripts, outside /api/v2 and without auth (the emulator binds to
 * loopback). Each is listed in test/emulator/README.md.
 */
export function registerControl(r: Router): void {
  r.add('GET', '/', (c) => new Reply(200, welcomePage(c.emu.url), { 'Content-Type': 'text/html; charset=utf-8' }));
  r.add('GET', '/_emulator/health', (c) => ({ ok: true, now: c.emu.nowIso() }));

  r.add('GET', '/_emulator/settings', (c) => c.emu.settings);
  r.add('PUT', '/_emulator/settings', (c) => {
    const b = Body.object(c.body, 'settings');
    const s = c.emu.settings;
    c.emu.settings = {
      executionStepMs: b.int('executionStepMs') ?? s.executionStepMs,
      tokenLifetimeSeconds: b.int('tokenLifetimeSeconds') ?? s.tokenLifetimeSeconds,
      maxBatchSize: b.int('maxBatchSize') ?? s.maxBatchSize,
    };
    return c.emu.settings;
  });

  // Other readings of the document (readings.ts): PUT changes the keys given, DELETE restores the decisions.
  r.add('GET', '/_emulator/readings', (c) => c.emu.readings);
  r.add('PUT', '/_emulator/readings', (c) => {
    c.emu.readings = readReadings(c.body ?? {}, c.emu.readings);
    return c.emu.readings;
  });
  r.add('DELETE', '/_emulator/readings', (c) => {
    c.emu.readings = { ...DEFAULT_READINGS };
    return c.emu.readings;
  });

  // The failure model (lab.ts): PUT changes the keys given, DELETE turns it off; kept across reset.
  r.add('GET', '/_emulator/lab', (c) => c.emu.lab);
  r.add('PUT', '/_emulator/lab', (c) => {
    c.emu.lab = readLab(c.body ?? {}, c.emu.lab);
    return c.emu.lab;
  });
  r.add('DELETE', '/_emulator/lab', (c) => {
    c.emu.lab = readLab({}, NO_LAB);
    return c.emu.lab;
  });

  r.add('GET', '/_emulator/faults', (c) => ({ rates: c.emu.faults.rates, rules: c.emu.faults.rules }));
  r.add('PUT', '/_emulator/faults', (c) => {
    const b = Body.object(c.body, 'faults');
    const rates: Partial<FaultRates> = {};
    for (const key of ['latencyMs', 'errorStatus', 'retryAfterSeconds'] as const) {
      const v = b.int(key);
      if (v !== undefined) rates[key] = v;
    }
    for (const key of ['errorRate', 'rateLimitRate', 'dropRate'] as const) {
      const v = b.raw[key];
      if (v === undefined) continue;
      if (typeof v !== 'number' || v < 0 || v > 1) throw badRequest(`'${key}' must be a number from 0 to 1`);
      rates[key] = v;
    }
    c.emu.faults.rates = { ...c.emu.faults.rates, ...rates };
    return { rates: c.emu.faults.rates, rules: c.emu.faults.rules };
  });
  r.add('POST', '/_emulator/faults/rules', (c) => {
    const list = Array.isArray(c.body) ? (c.body as unknown[]) : [c.body];
    try {
      c.emu.faults.rules.push(...list.map(validateRule));
    } catch (err) {
      throw badRequest((err as Error).message);
    }
    return { rates: c.emu.faults.rates, rules: c.emu.faults.rules };
  });
  r.add('DELETE', '/_emulator/faults', (c) => {
    c.emu.faults.reset();
    return { rates: c.emu.faults.rates, rules: c.emu.faults.rules };
  });

  r.add('GET', '/_emulator/requests', (c) => c.emu.requests);
  r.add('DELETE', '/_emulator/requests', (c) => {
    c.emu.requests.length = 0;
    return new Reply(200);
  });

  r.add('GET', '/_emulator/clock', (c) => ({ now: c.emu.nowIso() }));
  r.add('POST', '/_emulator/clock', (c) => {
    const ms = Body.object(c.body, 'clock').int('advanceMs', true);
    if (ms < 0) throw badRequest('advanceMs must not be negative: the clock only moves forward');
    c.emu.advanceClock(ms);
    return { now: c.emu.nowIso() };
  });

  r.add('POST', '/_emulator/tokens/revoke', (c) => {
    c.emu.revokeTokens();
    return new Reply(200);
  });

  r.add('POST', '/_emulator/reset', (c) => {
    c.emu.resetState();
    c.emu.requests.length = 0;
    c.emu.faults.reset();
    return new Reply(200);
  });

  r.add('GET', '/_emulator/snapshot', (c) => c.emu.store.snapshot());
  r.add('PUT', '/_emulator/snapshot', (c) => {
    try {
      c.emu.store.restore(c.body);
    } catch (err) {
      throw badRequest((err as Error).message);
    }
    return new Reply(200);
  });
  r.add('POST', '/_emulator/snapshot/save', (c) => {
    const path = Body.optionalObject(c.body, 'save').str('path');
    try {
      return { path: c.emu.saveSnapshot(path) };
    } catch (err) {
      throw badRequest((err as Error).message);
    }
  });
}
