import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { HttpError, errorBody, unauthorized } from './errors';
import { Faults, type FaultRates } from './faults';
import { Reply, Router, type RequestContext } from './router';
import { Store } from './store';
import type { User } from './model';
import { seedDemoData, type DemoScale } from './demoData';
import { registerApi } from './resources';
import { registerControl } from './control';
import { checkRequest } from './openapiCheck';
import { DEFAULT_READINGS, readReadings, type Readings } from './readings';
import { type LabModel, NO_LAB, readLab } from './lab';

export interface EmulatorSettings {
  /** Milliseconds per step of an execution (queued for one step, then one per test step). */
  executionStepMs: number;
  /** Lifetime of access tokens; the document says 3600. */
  tokenLifetimeSeconds: number;
  /** Import and export reject larger batches with 413 (the document shows no maximum). */
  maxBatchSize: number;
}

export interface EmulatorOptions {
  host?: string;
  port?: number;
  /** Load the demo data set (default true). */
  demoData?: boolean;
  scale?: DemoScale;
  /** Load state from a snapshot file instead of demo data. */
  loadPath?: string;
  /** Write a snapshot here on close (and on POST /_emulator/snapshot/save). */
  savePath?: string;
  settings?: Partial<EmulatorSettings>;
  faults?: Partial<FaultRates>;
  seed?: number;
  /** Called with one line per request (no bodies, no headers: nothing secret). */
  log?: (line: string) => void;
  /** Check /api/v2 requests against schemas/openapi.json, 400 when they do not conform (default true). */
  checkRequests?: boolean;
  /** Keep each /api/v2 request body in `requests` (in-process tests that check what was sent). */
  keepBodies?: boolean;
  /** Answer as a service that reads the document otherwise would (readings.ts, DECISIONS.md "Readings"). */
  readings?: Partial<Readings>;
  /** The failure model (lab.ts, DECISIONS.md "Failure model"); none: executions pass unless `expect-fail`. */
  lab?: Partial<LabModel>;
}

export interface LoggedRequest {
  seq: number;
  method: string;
  path: string;
  query: string;
  /** 0 while the request is being answered, and for a dropped connection. */
  status: number;
  durationMs: number;
  userId: number | null;
  fault: string | null;
  /** The parsed body, with the `keepBodies` option only. */
  body?: unknown;
}

interface AccessToken {
  userId: number;
  expiresMs: number;
}

export const DEFAULT_SETTINGS: EmulatorSettings = {
  executionStepMs: 1500,
  tokenLifetimeSeconds: 3600,
  maxBatchSize: 1000,
};

const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** The Test Automation Service emulator: the whole /api/v2 interface over HTTP, state in memory. */
export class Emulator {
  store = new Store();
  readonly faults: Faults;
  settings: EmulatorSettings;
  /** The readings in force; PUT /_emulator/readings changes them. */
  readings: Readings;
  /** The failure model in force; PUT /_emulator/lab changes it. */
  lab: LabModel;
  /** Clock ms when the state was last seeded: the creation time of records that keep none. */
  seededMs = 0;
  readonly requests: LoggedRequest[] = [];
  private readonly router = new Router();
  private readonly control = new Router();
  private readonly accessTokens = new Map<string, AccessToken>();
  private clockOffsetMs = 0;
  private seq = 0;
  private server: Server | undefined;
  private baseUrl = '';

  constructor(readonly options: EmulatorOptions = {}) {
    this.faults = new Faults(options.seed ?? 42);
    this.faults.rates = { ...this.faults.rates, ...options.faults };
    this.settings = { ...DEFAULT_SETTINGS, ...options.settings };
    this.readings = readReadings(options.readings ?? {}, DEFAULT_READINGS);
    this.lab = readLab(options.lab ?? {}, NO_LAB);
    registerApi(this.router);
    registerControl(this.control);
    this.resetState();
  }

  /** Clock in ms; tests move it forward with `advanceClock` (or POST /_emulator/clock). */
  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  nowIso(): string {
    return new Date(this.now()).toISOString();
  }

  advanceClock(ms: number): void {
    this.clockOffsetMs += ms;
  }

  private held = new AbortController();
  /**
   * Answers every request that has arrived and is (or would be) held by a delay fault now, as if its
   * delay had ended; later requests are held as usual. A test holds answers
   * with a long delay while it asks, then releases them when it is ready, instead of racing a clock.
   */
  releaseDelays(): void {
    this.held.abort();
    this.held = new AbortController();
  }

  get url(): string {
    return this.baseUrl;
  }

  routes(): ReadonlyArray<{ method: string; pattern: string }> {
    return this.router.list();
  }

  /** Back to the start state: the snapshot file if one was given, else demo data (or empty). */
  resetState(): void {
    this.store = new Store();
    this.accessTokens.clear();
    this.seededMs = this.now();
    if (this.options.loadPath) {
      this.store.restore(JSON.parse(readFileSync(this.options.loadPath, 'utf8')));
    } else {
      seedDemoData(this.store, {
        now: this.now(),
        demo: this.options.demoData ?? true,
        scale: this.options.scale,
        seed: this.options.seed ?? 42,
        lab: this.lab,
      });
    }
  }

  saveSnapshot(path = this.options.savePath): string {
    if (!path) throw new Error('no snapshot path: give --save or a path');
    writeFileSync(path, JSON.stringify(this.store.snapshot(), null, 1));
    return path;
  }

  /** Issues an access token for client credentials, or undefined when they are wrong. */
  issueToken(clientId: string, clientSecret: string): { accessToken: string; expiresIn: number } | undefined {
    const cred = this.store.credentials.find((c) => c.clientId === clientId && c.clientSecret === clientSecret);
    if (!cred) return undefined;
    const accessToken = randomBytes(24).toString('base64url');
    const expiresIn = this.settings.tokenLifetimeSeconds;
    this.accessTokens.set(accessToken, { userId: cred.userId, expiresMs: this.now() + expiresIn * 1000 });
    return { accessToken, expiresIn };
  }

  /** Revokes every access token (control route), as if the service restarted its sessions. */
  revokeTokens(): void {
    this.accessTokens.clear();
  }

  async start(): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.keepAliveTimeout = 5000;
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => resolve());
    });
    const addr = server.address() as AddressInfo;
    const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
    this.baseUrl = `http://${host}:${addr.port}`;
    return this.baseUrl;
  }

  async close(): Promise<void> {
    if (this.options.savePath) this.saveSnapshot();
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private authenticate(req: IncomingMessage): User {
    const header = req.headers.authorization ?? '';
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    if (!m) throw unauthorized('Missing bearer token: send Authorization: Bearer <accessToken>');
    const token = this.accessTokens.get(m[1]!);
    if (!token) throw unauthorized('Invalid access token');
    if (token.expiresMs <= this.now()) {
      this.accessTokens.delete(m[1]!);
      throw unauthorized('Access token expired');
    }
    const user = this.store.users.get(token.userId);
    if (!user) throw unauthorized('The user of this access token no longer exists');
    return user;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = (req.method ?? 'GET').toUpperCase();
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const entry: LoggedRequest = {
      seq: ++this.seq,
      method,
      path,
      query: url.search,
      status: 0,
      durationMs: 0,
      userId: null,
      fault: null,
    };
    // The `/` page (welcome.ts) is served like a control route: no auth, no faults, not logged.
    const isControl = path.startsWith('/_emulator') || path === '/';
    // Logged on arrival, so a test can count requests still being answered (status 0 until then).
    if (!isControl) this.logRequest(entry);
    let dropAfter = false;
    // Taken on arrival: releaseDelays() also lets through a request that had arrived but was not yet held.
    const held = this.held.signal;
    try {
      const raw = await readBody(req);
      if (!isControl) {
        const fault = this.faults.pick(method, path);
        if (fault) entry.fault = fault.kind;
        if (this.faults.rates.latencyMs > 0) await delay(this.faults.rates.latencyMs);
        if (fault?.kind === 'delay') {
          // Held until the delay ends, the test releases it or the client gives up (a timed-out
          // request leaves no timer behind).
          const gaveUp = new AbortController();
          res.once('close', () => gaveUp.abort());
          await delay(fault.delayMs, AbortSignal.any([gaveUp.signal, held]));
          if (gaveUp.signal.aborted) {
            this.finish(entry, started, 0);
            return;
          }
        }
        if (fault?.kind === 'drop') {
          this.finish(entry, started, 0);
          req.socket.destroy();
          return;
        }
        if (fault?.kind === 'dropAfter') dropAfter = true;
        if (fault?.kind === 'status') {
          const headers: Record<string, string> =
            fault.retryAfterSeconds !== undefined ? { 'Retry-After': String(fault.retryAfterSeconds) } : {};
          throw new HttpError(fault.status, `Injected fault: ${fault.status}`, undefined, headers);
        }
      }
      const router = isControl ? this.control : this.router;
      const { route, params } = router.match(method, path);
      const body = parseJson(raw);
      if (this.options.keepBodies && !isControl) entry.body = body;
      const user = route.public || isControl ? anonymous : this.authenticate(req);
      entry.userId = user.id || null;
      if (!isControl && this.options.checkRequests !== false) {
        const problem = checkRequest(method, route.pattern, params, url.searchParams, body);
        if (problem !== undefined) throw new HttpError(400, problem);
      }
      const ctx: RequestContext = { emu: this, req, method, path, params, query: url.searchParams, body, user };
      const result = route.handler(ctx);
      const reply = result instanceof Reply ? result : new Reply(200, result);
      if (dropAfter) {
        this.finish(entry, started, 0);
        req.socket.destroy();
        return;
      }
      this.send(res, reply.status, reply.body, reply.headers);
      this.finish(entry, started, reply.status);
    } catch (err) {
      const e =
        err instanceof HttpError
          ? err
          : new HttpError(500, `Emulator error: ${err instanceof Error ? err.message : String(err)}`);
      const body = e.body !== undefined ? e.body : errorBody(e.status, e.message, path, new Date(this.now()));
      this.send(res, e.status, body, { ...e.headers, 'X-Emulator-Message': headerSafe(e.message) });
      this.finish(entry, started, e.status);
    }
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
    // A reply that names its own Content-Type (the `/` page) carries its text as is; all else is JSON.
    const raw = typeof body === 'string' && headers['Content-Type'] !== undefined;
    const text = body === undefined ? '' : raw ? body : JSON.stringify(body);
    res.writeHead(status, {
      ...(text ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(text);
  }

  private logRequest(entry: LoggedRequest): void {
    this.requests.push(entry);
    if (this.requests.length > 100_000) this.requests.splice(0, 50_000);
    this.arrivals = this.arrivals.filter((w) => (w.test(entry) ? (w.resolve(entry), false) : true));
  }

  private arrivals: { test: (r: LoggedRequest) => boolean; resolve: (r: LoggedRequest) => void }[] = [];
  /** The first request (logged already, or still to come) that passes `test`: a test waits for a request to arrive, not for time. */
  arrived(test: (r: LoggedRequest) => boolean): Promise<LoggedRequest> {
    const past = this.requests.find(test);
    if (past) return Promise.resolve(past);
    return new Promise((resolve) => this.arrivals.push({ test, resolve }));
  }

  private finish(entry: LoggedRequest, started: number, status: number): void {
    entry.status = status;
    entry.durationMs = Math.round((performance.now() - started) * 100) / 100;
    this.options.log?.(`${entry.method} ${entry.path}${entry.query} ${status || 'dropped'} ${entry.durationMs}ms`);
  }
}

const anonymous: User = { id: 0, email: '', role: 'TESTER', createdAt: '' };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, `Request body over ${MAX_BODY_BYTES} bytes`));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(raw: string): unknown {
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch (err) {
    throw new HttpError(400, `Malformed JSON body: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 300);
}

/** Waits `ms`, or less when `signal` aborts first (then no timer is left behind). */
function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/** Starts an emulator and returns it once it listens. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const emu = new Emulator(options);
  await emu.start();
  return emu;
}
