import type { Dispatcher } from 'undici';
import { refusesPlainHttp } from './baseUrl';
import { deeperThan, MAX_DEPTH } from '../jsonText';
import { shallowItems } from './shallowItems';
import { ApiError, kindForStatus } from './errors';
import { sessionNetwork, type NetworkOptions } from './network';
import { OPERATIONS, type Operation } from './operations';
import { SecretScrubber } from '../secrets/scrub';
import { requestBody } from './requestBodies';
import { fillPath, toQuery, type QueryValue } from './requestUrl';
import { DEFAULT_RETRY, RETRY_STATUSES, backoffMs, mayHeal, parseRetryAfter, sleep, type RetryPolicy } from './retry';
import { TokenManager } from './tokenManager';
import { Transport, type AttemptResponse } from './transport';
import type { StartEndSetting } from '../model/environment';

/** An environment: where the service is and the client credentials for it. */
export interface Environment {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The user opted in to plain http to a host that is not this machine (else nothing is sent there). */
  allowInsecureHttp?: boolean;
}

/** One line of the request log: never a header, a body or a query string. */
export interface RequestLogEntry {
  method: string;
  path: string;
  status?: number;
  durationMs: number;
  attempt: number;
  /** Set when the attempt failed; `retrying` tells whether another attempt follows. */
  errorKind?: string;
  retrying: boolean;
}

/** Something about the service the user should know once per session (a cut list, a reading learnt). */
export interface Notice {
  /** The same key is told once per session. */
  key: string;
  message: string;
  /** 'warning': something is missing from what is shown (a list was cut); 'info': how the service is read. */
  level: 'info' | 'warning';
}

export interface SessionOptions {
  /** Per-attempt timeout (default 30 s). */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  network?: NetworkOptions;
  /** A ready dispatcher (tests); otherwise one is made from `network`. */
  dispatcher?: Dispatcher;
  onRequest?: (entry: RequestLogEntry) => void;
  userAgent?: string;
  /** Learns the secrets of this session (the client secret, each token), to scrub them from what the host prints too. */
  scrubber?: SecretScrubber;
  /** Told each notice once (the language server's log, `tas` on stderr). */
  onNotice?: (notice: Notice) => void;
  /** At most this many pages of one list are read (default MAX_LIST_PAGES in lists.ts); then the list is cut and says so. */
  maxListPages?: number;
  /** Answers longer than this many bytes are cut off with an error (default 128 MB, TAS_MAX_BODY_MB). */
  maxBodyBytes?: number;
  /** How start/end of executions and API clients are read (rangeLists.ts); default 'auto': learnt from the answers. */
  startEnd?: StartEndSetting;
  /** What pins a reading where the user gives it, for the notice of the reading learnt (default: the setting startEnd). */
  startEndPin?: string;
  /** Injected for tests: randomness of the jitter, the clock, the wait. */
  random?: () => number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface CallOptions {
  params?: Record<string, number | string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** A parsed answer with its status and headers (the token request reads the status). */
export interface ApiResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/**
 * The one owner of the network for an environment: token handling, retries of calls that may be
 * repeated, the request log and error mapping. Every typed method goes through `call`.
 */
export class ApiSession {
  private readonly transport: Transport;
  private readonly tokens: TokenManager;
  private readonly scrubber: SecretScrubber;
  private readonly policy: RetryPolicy;
  private readonly timeoutMs: number;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly wait: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly ownsDispatcher: boolean;
  private readonly dispatcher: Dispatcher;
  private readonly noticed = new Set<string>();
  /** Plain http to another machine without the opt-in: every call is refused before it connects. */
  private readonly refusedHttp: boolean;
  /** A proxy named in a way nobody can connect to: every call is refused with these words. */
  private readonly unusableProxy: string | undefined;

  constructor(
    readonly environment: Environment,
    private readonly options: SessionOptions = {},
  ) {
    const network = sessionNetwork(options.dispatcher, options.network);
    this.dispatcher = network.dispatcher;
    this.ownsDispatcher = !options.dispatcher;
    this.transport = new Transport(
      environment.baseUrl,
      this.dispatcher,
      options.userAgent ?? 'tas-vscode/0.1',
      options.maxBodyBytes,
      network.routeFor,
    );
    this.policy = { ...DEFAULT_RETRY, ...options.retry };
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.wait = options.sleep ?? sleep;
    this.refusedHttp = refusesPlainHttp(environment.baseUrl, environment.allowInsecureHttp);
    this.unusableProxy = network.unusable;
    this.scrubber = options.scrubber ?? new SecretScrubber();
    this.scrubber.addCredentials(environment.clientId, environment.clientSecret);
    // The proxy's password and authorization are secrets too: nothing printed or logged holds them.
    for (const secret of network.secrets) this.scrubber.add(secret);
    this.tokens = new TokenManager(() => this.requestToken(), this.now);
  }

  /**
   * Calls an operation and returns the parsed JSON body (undefined when empty). The body is sent
   * as the operation's request may carry it (requestBodies.ts).
   */
  async call(op: Operation, options: CallOptions = {}): Promise<unknown> {
    return (await this.run(op, { ...options, body: requestBody(op, options.body) }, true)).body;
  }

  /** Tells a notice once per session (the key decides what counts as the same). */
  notice(key: string, message: string, level: Notice['level'] = 'info'): void {
    if (this.noticed.has(key)) return;
    this.noticed.add(key);
    this.options.onNotice?.({ key, message, level });
  }

  get maxListPages(): number | undefined {
    return this.options.maxListPages;
  }

  get startEnd(): StartEndSetting {
    return this.options.startEnd ?? 'auto';
  }

  get startEndPin(): string {
    return this.options.startEndPin ?? 'The setting startEnd';
  }

  /** Text with this session's secrets (and secret JSON members) replaced: for anything shown or logged. */
  scrub(text: string): string {
    return this.scrubber.scrub(text);
  }

  /** Makes sure a token can be had (asks one unless a fresh one is held): checks the credentials. */
  async authenticate(): Promise<void> {
    await this.tokens.get();
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  private async requestToken(): Promise<{ accessToken: string; expiresIn: number }> {
    const { clientId, clientSecret } = this.environment;
    const res = await this.run(OPERATIONS.requestToken, { body: { clientId, clientSecret } }, false);
    const body = res.body as { accessToken?: unknown; expiresIn?: unknown } | undefined;
    if (typeof body?.accessToken !== 'string' || body.accessToken === '') {
      throw new ApiError({
        kind: 'invalidResponse',
        method: 'POST',
        path: OPERATIONS.requestToken.path,
        status: res.status,
        serviceMessage: 'the token response has no accessToken',
      });
    }
    this.scrubber.add(body.accessToken);
    // The document fixes 3600 s; a missing or odd value falls back to it.
    const expiresIn = typeof body.expiresIn === 'number' && body.expiresIn > 0 ? body.expiresIn : 3600;
    return { accessToken: body.accessToken, expiresIn };
  }

  private async run(op: Operation, options: CallOptions, authenticated: boolean): Promise<ApiResponse> {
    const path = fillPath(op.path, options.params);
    // Before any lookup or connection: the secret and the token would travel in plain text.
    if (this.refusedHttp) throw new ApiError({ kind: 'insecureHttp', method: op.method, path });
    if (this.unusableProxy)
      throw new ApiError({ kind: 'proxyUnreachable', method: op.method, path, serviceMessage: this.unusableProxy });
    const query = toQuery(options.query);
    const started = this.now();
    let attempt = 0;
    let reauthenticated = false;
    // True once an attempt failed without an answer: it may have taken effect.
    let outcomeUnknown = false;
    for (;;) {
      attempt += 1;
      const token = authenticated ? await this.tokens.get() : undefined;
      const attemptStart = this.now();
      let res: AttemptResponse;
      try {
        res = await this.transport.send(
          {
            method: op.method,
            path,
            query,
            body: options.body,
            headers: token ? { authorization: `Bearer ${token}` } : {},
            timeoutMs: options.timeoutMs ?? this.timeoutMs,
            signal: options.signal,
          },
          path,
        );
      } catch (err) {
        const e = err as ApiError;
        // A refused proxy credential or certificate does not heal by asking again; a stopped proxy may.
        const retrying = op.retry && mayHeal(e.kind) && this.mayRetry(attempt, started);
        this.log(op, path, undefined, attemptStart, attempt, e.kind, retrying);
        if (!retrying) throw this.withAttempts(e, attempt);
        // A proxy that refused the connection passed nothing on.
        outcomeUnknown ||= e.kind !== 'proxyUnreachable';
        await this.pause(backoffMs(this.policy, attempt, this.random), options.signal, op, path);
        continue;
      }
      const ok = res.status >= 200 && res.status < 300;
      if (res.status === 401 && token && !reauthenticated) {
        // The token may have expired or been revoked: one fresh token, one repeat. A 401 means
        // the service did nothing, so even a call that starts something may be sent again.
        this.log(op, path, res.status, attemptStart, attempt, 'unauthorized', true);
        this.tokens.invalidate(token);
        reauthenticated = true;
        continue;
      }
      if (!ok && res.status === 404 && op.method === 'DELETE' && outcomeUnknown) {
        // An earlier attempt whose answer was lost did the delete.
        this.log(op, path, res.status, attemptStart, attempt, undefined, false);
        return { status: 200, headers: res.headers, body: undefined };
      }
      const retryable = !ok && op.retry && RETRY_STATUSES.has(res.status);
      if (retryable) {
        const retryAfter = parseRetryAfter(header(res, 'retry-after'), this.now());
        const waitMs = retryAfter ?? backoffMs(this.policy, attempt, this.random);
        const fits = this.mayRetry(attempt, started) && this.now() - started + waitMs <= this.policy.maxTotalMs;
        this.log(op, path, res.status, attemptStart, attempt, ok ? undefined : 'http', fits);
        if (fits) {
          await this.pause(waitMs, options.signal, op, path);
          continue;
        }
      } else {
        this.log(op, path, res.status, attemptStart, attempt, ok ? undefined : 'http', false);
      }
      if (ok) return { status: res.status, headers: res.headers, body: this.parse(res, op, path) };
      throw this.httpError(res, op, path, attempt);
    }
  }

  private mayRetry(attempt: number, started: number): boolean {
    return attempt < this.policy.maxAttempts && this.now() - started < this.policy.maxTotalMs;
  }

  private async pause(ms: number, signal: AbortSignal | undefined, op: Operation, path: string): Promise<void> {
    try {
      await this.wait(ms, signal);
    } catch (err) {
      throw new ApiError({ kind: 'cancelled', method: op.method, path, cause: err });
    }
  }

  private parse(res: AttemptResponse, op: Operation, path: string): unknown {
    if (res.text.trim() === '') return undefined;
    let value: unknown;
    try {
      value = JSON.parse(res.text) as unknown;
    } catch (err) {
      throw new ApiError({
        kind: 'invalidResponse',
        method: op.method,
        path,
        status: res.status,
        serviceMessage: 'the body is not JSON',
        cause: err,
      });
    }
    // Everything after this reads answers with recursion somewhere (copies, hashes, file text):
    // an answer deeper than a file may be is refused here, as one error of this call (an export
    // batch is then halved until the one record is left, and the others are kept).
    if (!deeperThan(value, MAX_DEPTH)) return value;
    // A read list keeps its other items: only the deep ones are cut down, and said by id.
    const list = op.method === 'GET' ? shallowItems(value) : undefined;
    if (list) {
      this.notice(
        `deep:${path}`,
        `A list the service sent holds records nested more than ${MAX_DEPTH} levels deep; they are read as their ids alone (or left out, without one): ${list.dropped.join(', ')}.`,
        'warning',
      );
      return list.value;
    }
    throw new ApiError({
      kind: 'invalidResponse',
      method: op.method,
      path,
      status: res.status,
      serviceMessage: `the answer nests more than ${MAX_DEPTH} levels deep and was not read`,
    });
  }

  private httpError(res: AttemptResponse, op: Operation, path: string, attempts: number): ApiError {
    // Scrubbed whole before anything is read or cut from it: a service may echo the token or the
    // secret, and a cut must not leave the first part of one behind.
    const text = this.scrubber.scrub(res.text);
    let body: unknown;
    try {
      body = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      body = undefined;
    }
    // An error body is read by the same walkers as an answer: too deep, it is kept as text only.
    if (deeperThan(body, MAX_DEPTH)) body = undefined;
    const message = serviceMessage(body, text);
    return new ApiError({
      kind: kindForStatus(res.status, op.method, op.path),
      method: op.method,
      path,
      status: res.status,
      serviceMessage: message,
      body,
      retryAfterMs: parseRetryAfter(header(res, 'retry-after'), this.now()),
      attempts,
    });
  }

  private withAttempts(e: ApiError, attempts: number): ApiError {
    return new ApiError({
      kind: e.kind,
      method: e.method,
      path: e.path,
      status: e.status,
      serviceMessage: e.serviceMessage ? this.scrubber.scrub(e.serviceMessage) : undefined,
      attempts,
      cause: e.cause,
    });
  }

  private log(
    op: Operation,
    path: string,
    status: number | undefined,
    start: number,
    attempt: number,
    errorKind: string | undefined,
    retrying: boolean,
  ): void {
    this.options.onRequest?.({
      method: op.method,
      path,
      ...(status !== undefined && { status }),
      durationMs: this.now() - start,
      attempt,
      ...(errorKind !== undefined && { errorKind }),
      retrying,
    });
  }
}

function header(res: AttemptResponse, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The service's own words from an error body (scrubbed): `message`, `error`, `detail`, or short text. */
function serviceMessage(body: unknown, text: string): string | undefined {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    for (const key of ['message', 'detail', 'error', 'title']) {
      if (typeof b[key] === 'string' && b[key] !== '') return b[key];
    }
    return undefined;
  }
  const t = text.trim();
  return t && !t.startsWith('<') ? t.slice(0, 300) : undefined;
}
