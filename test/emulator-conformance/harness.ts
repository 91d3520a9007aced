import { after, before } from 'node:test';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator, type EmulatorOptions } from '../emulator/emulator';

// Raw HTTP against an in-process emulator on an ephemeral loopback port. These tests use only
// fetch, never the project's API client, so the two cannot agree on a mistake.

export interface RawResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined for an empty body. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

export class RawClient {
  constructor(
    readonly baseUrl: string,
    private token?: string,
  ) {}

  async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as unknown) : undefined, text };
  }

  get = (path: string) => this.send('GET', path);
  post = (path: string, body?: unknown) => this.send('POST', path, body);
  put = (path: string, body?: unknown) => this.send('PUT', path, body);
  delete = (path: string) => this.send('DELETE', path);

  /** A client whose requests carry a bearer token for these credentials. */
  async as(who: keyof typeof DEMO_CREDENTIALS): Promise<RawClient> {
    const res = await this.post('/api/v2/connect/token', DEMO_CREDENTIALS[who]);
    if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${res.text}`);
    return new RawClient(this.baseUrl, (res.body as { accessToken: string }).accessToken);
  }

  anonymous(): RawClient {
    return new RawClient(this.baseUrl);
  }
}

export interface Fixture {
  emu: Emulator;
  /** Control routes and anonymous calls. */
  raw: RawClient;
  admin: RawClient;
  tester: RawClient;
}

/**
 * Starts a fresh emulator for the enclosing `describe` (or file) and signs in both demo users.
 * Fields are filled in `before`; read them inside tests.
 */
export function useEmulator(options: EmulatorOptions = {}): Fixture {
  const fx = {} as Fixture;
  before(async () => {
    fx.emu = await startEmulator({ ...options, settings: { executionStepMs: 20, ...options.settings } });
    fx.raw = new RawClient(fx.emu.url);
    fx.admin = await fx.raw.as('admin');
    fx.tester = await fx.raw.as('tester');
  });
  after(async () => {
    await fx.emu.close();
  });
  return fx;
}

/** Polls `read` until `done` holds, without fixed sleeps: each poll waits for the next macrotask. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  limitMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Awaits a response, asserts its status (the body text is the failure message) and returns the body, typed. */
export async function expectStatus<T = Record<string, unknown>>(res: Promise<RawResponse>, status: number): Promise<T> {
  const r = await res;
  if (r.status !== status) throw new Error(`expected status ${status}, got ${r.status}: ${r.text}`);
  return r.body as T;
}
