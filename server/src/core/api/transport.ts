import type { Dispatcher } from 'undici';
import { connectFailure } from './connectFailure';
import { ApiError } from './errors';
import type { ProxyRoute } from './network';
import { MAX_TIMER_MS } from '../settings/ranges';

// One HTTP attempt: URL building, JSON bodies, the timeout and cancellation. No retries here.

export interface AttemptRequest {
  method: string;
  /** Path with parameters filled in, starting with /api/v2. */
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface AttemptResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Response text; empty when the service sent no body. */
  text: string;
}

/** The largest answer read, by default: an export batch of 200 large test cases fits many times. */
export const DEFAULT_MAX_BODY_MB = 128;

/** The body cap from `TAS_MAX_BODY_MB` (whole megabytes, at least 1); the default otherwise. */
export function maxBodyBytes(variable: string | undefined): number {
  const mb = variable !== undefined && /^\d+$/.test(variable.trim()) ? Number(variable.trim()) : 0;
  return (mb >= 1 ? mb : DEFAULT_MAX_BODY_MB) * 1024 * 1024;
}

/** Says that an answer was cut off at the cap: the start of the words plainShape keeps. */
export const BODY_TOO_LARGE = 'the answer is larger than';

export class Transport {
  constructor(
    private readonly baseUrl: string,
    private readonly dispatcher: Dispatcher,
    private readonly userAgent: string,
    /** Answers longer than this are cut off, not read whole (an endless body would fill the memory). */
    private readonly maxBodyBytes = DEFAULT_MAX_BODY_MB * 1024 * 1024,
    /** The proxy a request to an origin goes through: its failures are named as the proxy's. */
    private readonly routeFor: (origin: URL) => ProxyRoute | undefined = () => undefined,
  ) {}

  private readBody(res: BodySource, base: { method: string; path: string }): Promise<string> {
    return readCapped(res, this.maxBodyBytes, base);
  }

  async send(req: AttemptRequest, logPath: string): Promise<AttemptResponse> {
    const url = new URL(this.baseUrl.replace(/\/+$/, '') + req.path);
    if (req.query) url.search = req.query.toString();
    // A longer timer would fire at once: no timeout past what a timer keeps (about 24 days).
    const timeout = AbortSignal.timeout(Math.min(req.timeoutMs, MAX_TIMER_MS));
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const base = { method: req.method, path: logPath };
    if (req.signal?.aborted) throw new ApiError({ ...base, kind: 'cancelled' });
    try {
      const res = await this.dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: req.method,
        signal,
        headers: {
          accept: 'application/json',
          'user-agent': this.userAgent,
          ...(req.body !== undefined && { 'content-type': 'application/json' }),
          ...req.headers,
        },
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
      });
      const text = await this.readBody(res, base);
      return { status: res.statusCode, headers: res.headers, text };
    } catch (err) {
      if (err instanceof ApiError) throw err;
      if (req.signal?.aborted) throw new ApiError({ ...base, kind: 'cancelled', cause: err });
      if (timeout.aborted) {
        throw new ApiError({
          ...base,
          kind: 'timeout',
          serviceMessage: `no answer within ${req.timeoutMs} ms`,
          cause: err,
        });
      }
      const code = (err as { code?: string }).code;
      // The session was closed (environment switched or signed out): nothing to retry.
      if (code === 'UND_ERR_DESTROYED' || code === 'UND_ERR_CLOSED')
        throw new ApiError({ ...base, kind: 'cancelled', cause: err });
      const failure = await connectFailure(err, url, this.routeFor(url));
      throw new ApiError({ ...base, kind: failure.kind, serviceMessage: failure.message, cause: err });
    }
  }
}

export interface BodySource {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Buffer | Uint8Array> & { destroy(err?: Error): unknown };
}

/** The body as text, read in chunks up to the cap; past it the connection is dropped and an error says so. */
async function readCapped(res: BodySource, cap: number, base: { method: string; path: string }): Promise<string> {
  const tooLarge = () => {
    res.body.destroy();
    return new ApiError({
      ...base,
      kind: 'invalidResponse',
      status: res.statusCode,
      serviceMessage: `${BODY_TOO_LARGE} ${cap / 1024 / 1024} MB (TAS_MAX_BODY_MB) and was cut off`,
    });
  };
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > cap) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.length;
    if (size > cap) throw tooLarge();
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
