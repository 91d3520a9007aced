import { strict as assert } from 'node:assert';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import type { Dispatcher } from 'undici';
import { OPERATIONS, type Operation } from '../../server/src/core/api/operations';
import { backoffMs, DEFAULT_RETRY, parseRetryAfter, RETRY_STATUSES, sleep } from '../../server/src/core/api/retry';
import { ApiSession, type RequestLogEntry } from '../../server/src/core/api/session';
import type { ApiError } from '../../server/src/core/api/errors';

// The session's retry and timeout rules on a scripted dispatcher and a fake clock: which calls
// are repeated, after how long, how often, and what a caller is told. Nothing leaves the process.

type Step = { status: number; body?: unknown; headers?: Record<string, string> } | { fail: string } | 'hang';

const READ: Operation = OPERATIONS.listTestCases;
const START: Operation = { method: 'POST', path: '/api/v2/testcases/{id}/run', retry: false };
const DELETE: Operation = { method: 'DELETE', path: '/api/v2/testsuites/{id}', retry: true };

/** An answer's body as undici gives it: chunks to read, and a way to drop it. */
const bodyOf = (text: string) => Readable.from(text === '' ? [] : [Buffer.from(text)]);

function harness(
  steps: Step[],
  retry: Partial<typeof DEFAULT_RETRY> = {},
  baseUrl = 'https://tas.invalid',
  token: { expiresIn?: unknown } = { expiresIn: 3600 },
) {
  let clock = 1_000_000;
  let tokens = 0;
  const waits: number[] = [];
  const calls: { path: string; method: string; timedOut: () => boolean; headers: Record<string, string> }[] = [];
  const log: RequestLogEntry[] = [];
  const dispatcher = {
    request(opts: { path: string; method: string; signal: AbortSignal; headers: Record<string, string> }) {
      if (opts.path.startsWith('/api/v2/connect/token')) {
        tokens += 1;
        return Promise.resolve({
          statusCode: 200,
          headers: {},
          body: bodyOf(JSON.stringify({ accessToken: `tok${calls.length}`, ...token })),
        });
      }
      calls.push({ path: opts.path, method: opts.method, timedOut: () => opts.signal.aborted, headers: opts.headers });
      const step = steps.shift() ?? { status: 200, body: {} };
      if (step === 'hang') {
        // Answers never: the attempt ends when its timeout aborts it.
        // (The timeout's timer does not hold the process open; this one does until then.)
        const hold = setInterval(() => undefined, 60_000);
        return new Promise((_, reject) =>
          opts.signal.addEventListener(
            'abort',
            () => {
              clearInterval(hold);
              reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
            },
            { once: true },
          ),
        );
      }
      if ('fail' in step) return Promise.reject(Object.assign(new Error(step.fail), { code: step.fail }));
      return Promise.resolve({
        statusCode: step.status,
        headers: step.headers ?? {},
        body: bodyOf(step.body === undefined ? '' : JSON.stringify(step.body)),
      });
    },
    close: () => Promise.resolve(),
  } as unknown as Dispatcher;
  const session = new ApiSession(
    { baseUrl, clientId: 'id', clientSecret: 'the-secret' },
    {
      dispatcher,
      retry,
      timeoutMs: 40,
      random: () => 1,
      now: () => clock,
      sleep: (ms) => {
        waits.push(ms);
        clock += ms;
        return Promise.resolve();
      },
      onRequest: (e) => log.push(e),
    },
  );
  const call = (op: Operation) => session.call(op, { params: { id: 3 } });
  const failure = async (op: Operation) => {
    try {
      await call(op);
    } catch (err) {
      return err as ApiError;
    }
    assert.fail('the call succeeded');
  };
  return { call, failure, waits, calls, log, advance: (ms: number) => (clock += ms), tokens: () => tokens };
}

describe('retry rules', () => {
  test('the policy: 4 attempts, 250 ms growing to 8 s at most, 30 s in all; the statuses worth another attempt', () => {
    assert.deepEqual(DEFAULT_RETRY, { maxAttempts: 4, baseDelayMs: 250, maxDelayMs: 8000, maxTotalMs: 30_000 });
    assert.deepEqual([...RETRY_STATUSES].sort(), [429, 502, 503, 504]);
    // Half the ceiling plus up to half again: 250 * 2^(attempt-1), capped at 8 s.
    assert.equal(
      backoffMs(DEFAULT_RETRY, 1, () => 0),
      125,
    );
    assert.equal(
      backoffMs(DEFAULT_RETRY, 1, () => 1),
      250,
    );
    assert.equal(
      backoffMs(DEFAULT_RETRY, 3, () => 0.5),
      750,
    );
    assert.equal(
      backoffMs(DEFAULT_RETRY, 10, () => 1),
      8000,
    );
    assert.equal(
      backoffMs(DEFAULT_RETRY, 10, () => 0),
      4000,
    );
  });

  test('Retry-After: seconds or an HTTP date; anything else is not read', () => {
    assert.equal(parseRetryAfter('3', 0), 3000);
    assert.equal(parseRetryAfter(' 2 ', 0), 2000);
    assert.equal(parseRetryAfter('Thu, 01 Jan 1970 00:00:05 GMT', 1000), 4000);
    assert.equal(parseRetryAfter('Thu, 01 Jan 1970 00:00:05 GMT', 9000), 0, 'a date past is now');
    assert.equal(parseRetryAfter(undefined, 0), undefined);
    assert.equal(parseRetryAfter('', 0), undefined);
    assert.equal(parseRetryAfter('soon', 0), undefined);
    assert.equal(parseRetryAfter('5x', 0), undefined);
    assert.equal(parseRetryAfter('x5', 0), undefined);
  });

  test('sleep waits for its time, and rejects at once when aborted before or during', async () => {
    await sleep(1);
    const gone = new AbortController();
    gone.abort(new Error('stop'));
    await assert.rejects(sleep(10_000, gone.signal), /stop/);
    const later = new AbortController();
    const waiting = sleep(10_000, later.signal);
    later.abort(new Error('now'));
    await assert.rejects(waiting, /now/);
  });

  test('a read answered 503 is repeated after the backoff, and the answer after it is the result', async () => {
    const h = harness([{ status: 503 }, { status: 502 }, { status: 200, body: { ok: 1 } }]);
    assert.deepEqual(await h.call(READ), { ok: 1 });
    assert.equal(h.calls.length, 3);
    assert.deepEqual(h.waits, [250, 500]);
    assert.deepEqual(
      h.log
        .filter((e) => e.path !== '/api/v2/connect/token')
        .map((e) => [e.status, e.attempt, e.retrying, e.errorKind]),
      [
        [503, 1, true, 'http'],
        [502, 2, true, 'http'],
        [200, 3, false, undefined],
      ],
    );
  });

  test('Retry-After is waited for instead of the backoff; one past the time left is not waited for', async () => {
    const h = harness([
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 200, body: 1 },
    ]);
    assert.equal(await h.call(READ), 1);
    assert.deepEqual(h.waits, [2000]);
    const late = harness([{ status: 429, headers: { 'retry-after': '31' } }]);
    const e = await late.failure(READ);
    assert.equal(e.status, 429);
    assert.deepEqual(late.waits, [], 'a wait past 30 s in all is not started');
    assert.equal(late.calls.length, 1);
  });

  test('at most 4 attempts; the error says how many were made', async () => {
    const h = harness([{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }, { status: 200 }]);
    const e = await h.failure(READ);
    assert.equal(e.status, 503);
    assert.equal(e.attempts, 4);
    assert.equal(h.calls.length, 4);
    assert.deepEqual(h.waits, [250, 500, 1000]);
    const one = harness([{ status: 503 }, { status: 200 }], { maxAttempts: 1 });
    assert.equal((await one.failure(READ)).attempts, 1);
  });

  test('no retry starts once 30 s have passed since the first attempt', async () => {
    const h = harness([{ status: 503 }, { status: 200 }], { maxTotalMs: 30_000 });
    const slow = h.call(READ);
    h.advance(30_000);
    await assert.rejects(slow, (e: ApiError) => e.status === 503);
    assert.equal(h.calls.length, 1);
    // Exactly at the limit with the wait: still fits.
    const edge = harness([{ status: 503 }, { status: 200, body: 2 }], { maxTotalMs: 250 });
    assert.equal(await edge.call(READ), 2);
  });

  test('other statuses are not repeated: 500, 400, 404', async () => {
    for (const status of [500, 400, 404, 501]) {
      const h = harness([{ status }, { status: 200 }]);
      const e = await h.failure(READ);
      assert.equal(e.status, status);
      assert.equal(h.calls.length, 1, String(status));
      assert.equal(e.attempts, 1);
    }
  });

  test('a call that starts something is never repeated: not on 503, not on a lost connection, not on a timeout', async () => {
    for (const first of [{ status: 503 }, { fail: 'ECONNRESET' }, 'hang'] as Step[]) {
      const h = harness([first, { status: 200, body: 1 }]);
      await h.failure(START);
      assert.equal(h.calls.length, 1, JSON.stringify(first));
      assert.deepEqual(h.waits, []);
    }
  });

  test('a read that gets no answer within the timeout is repeated; the next attempt answers', async () => {
    const h = harness(['hang', { status: 200, body: { late: false } }]);
    assert.deepEqual(await h.call(READ), { late: false });
    assert.equal(h.calls.length, 2);
    assert.ok(h.calls[0]!.timedOut(), 'the first attempt was ended by its timeout');
    assert.equal(h.log.find((e) => e.path !== '/api/v2/connect/token')?.errorKind, 'timeout');
    assert.deepEqual(h.waits, [250]);
    const never = harness(['hang', 'hang', 'hang', 'hang']);
    const e = await never.failure(READ);
    assert.equal(e.kind, 'timeout');
    assert.equal(e.attempts, 4);
    assert.match(e.serviceMessage ?? '', /no answer within 40 ms/);
  });

  test('a lost connection on a read is repeated; a DELETE whose answer was lost and then 404s did the delete', async () => {
    const h = harness([{ fail: 'ECONNRESET' }, { status: 200, body: 3 }]);
    assert.equal(await h.call(READ), 3);
    assert.equal(h.calls.length, 2);
    const del = harness([{ fail: 'ECONNRESET' }, { status: 404 }]);
    assert.equal(await del.call(DELETE), undefined);
    const plain = harness([{ status: 404 }]);
    assert.equal((await plain.failure(DELETE)).kind, 'notFound', 'a 404 without a lost answer is a 404');
  });

  test('a 401 gets one fresh token and one repeat, even for a call that starts something', async () => {
    const h = harness([{ status: 401 }, { status: 200, body: 'started' }]);
    assert.equal(await h.call(START), 'started');
    assert.equal(h.calls.length, 2);
    const twice = harness([{ status: 401 }, { status: 401 }, { status: 200 }]);
    assert.equal((await twice.failure(READ)).status, 401);
    assert.equal(twice.calls.length, 2);
  });

  test('the edges: 300 is no success, a closed session is not retried, a read lost at 30 s is not repeated', async () => {
    const h300 = harness([{ status: 300, body: 1 }]);
    assert.equal((await h300.failure(READ)).status, 300);
    const closed = harness([{ fail: 'UND_ERR_CLOSED' }, { status: 200 }]);
    const e = await closed.failure(READ);
    assert.equal(e.kind, 'cancelled');
    assert.equal(closed.calls.length, 1);
    const late = harness([{ fail: 'ECONNRESET' }, { status: 200 }]);
    const slow = late.call(READ);
    late.advance(30_000);
    await assert.rejects(slow, (x: ApiError) => x.kind === 'network');
    assert.equal(late.calls.length, 1);
  });

  test('after a lost answer, only a DELETE takes a 404 for done; any other answer is what it is', async () => {
    const read = harness([{ fail: 'ECONNRESET' }, { status: 404 }]);
    assert.equal((await read.failure(READ)).kind, 'notFound');
    const del = harness([{ fail: 'ECONNRESET' }, { status: 500 }]);
    assert.equal((await del.failure(DELETE)).status, 500);
    const done = harness([{ fail: 'ECONNRESET' }, { status: 404 }]);
    await done.call(DELETE);
    assert.deepEqual(
      done.log.filter((x) => x.path !== '/api/v2/connect/token').map((x) => [x.status, x.errorKind, x.retrying]),
      [
        [undefined, 'network', true],
        [404, undefined, false],
      ],
    );
  });

  test('the token goes in the Authorization header; a 401 is logged as such; plain http elsewhere is refused before sending', async () => {
    const h = harness([{ status: 401 }, { status: 404 }]);
    await h.failure(READ);
    assert.match(h.calls[0]!.headers['authorization'] ?? '', /^Bearer tok\d+$/);
    assert.deepEqual(
      h.log.filter((x) => x.path !== '/api/v2/connect/token').map((x) => [x.status, x.errorKind, x.retrying]),
      [
        [401, 'unauthorized', true],
        [404, 'http', false],
      ],
    );
    const plain = harness([{ status: 200 }], {}, 'http://tas.invalid');
    assert.equal((await plain.failure(READ)).kind, 'insecureHttp');
    assert.equal(plain.calls.length, 0);
  });

  test("a token lives as long as the service says, renewed a little early; a missing, zero, negative or text lifetime is the document's 3600 s", async () => {
    const short = harness([], {}, 'https://tas.invalid', { expiresIn: 120 });
    await short.call(READ);
    short.advance(100_000);
    await short.call(READ);
    assert.equal(short.tokens(), 1, 'still valid after 100 s');
    short.advance(10_000);
    await short.call(READ);
    assert.equal(short.tokens(), 2, 'renewed 10% before the 120 s end');
    for (const expiresIn of [undefined, 0, -5, '120']) {
      const h = harness([], {}, 'https://tas.invalid', { expiresIn });
      await h.call(READ);
      h.advance(3_000_000);
      await h.call(READ);
      assert.equal(h.tokens(), 1, `${JSON.stringify(expiresIn)}: kept for most of an hour`);
      h.advance(600_000);
      await h.call(READ);
      assert.equal(h.tokens(), 2, `${JSON.stringify(expiresIn)}: renewed a minute before the hour`);
    }
  });
});
