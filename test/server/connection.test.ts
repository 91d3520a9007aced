import { strict as assert } from 'node:assert';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { LspHarness } from './lspHarness';

// Sign-in checks and the connection status at the LSP boundary: the built server over stdio
// against the emulator, a loopback port nothing listens on, and a loopback HTTP server that is
// not the service. Waits are for messages; a missing status fails by the test's timeout.

const TIMEOUT = { timeout: 20_000 };
/** Protocol words that must never reach a user. */
const PROTOCOL = /tas\/|failed with message|\/api\/v2|\bGET\b|\bPOST\b/;

let emu: Emulator;
/** Answers every request with an HTML 404, as a web server at a wrong URL would. */
let notService: Server;
let notServiceUrl: string;
/** An HTML page with 200 to everything. */
let htmlPage: Server;
let htmlPageUrl: string;
/** A loopback port that was free a moment ago: connections are refused. */
let deadUrl: string;

async function listen(status: number): Promise<[Server, string]> {
  const s = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end('<html><body>Nothing here</body></html>');
  });
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  return [s, `http://127.0.0.1:${(s.address() as AddressInfo).port}`];
}

before(async () => {
  emu = await startEmulator();
  [notService, notServiceUrl] = await listen(404);
  [htmlPage, htmlPageUrl] = await listen(200);
  const [probe, url] = await listen(200);
  probe.close();
  await once(probe, 'close');
  deadUrl = url;
});

after(async () => {
  notService.close();
  htmlPage.close();
  await emu.close();
});

const admin = () => ({ name: 'emulator', baseUrl: emu.url, ...DEMO_CREDENTIALS.admin });

describe('the connection status', () => {
  test(
    'one environment sent four times ends in one final status, and sending it again answers again',
    TIMEOUT,
    async () => {
      const lsp = await LspHarness.start();
      try {
        for (let i = 0; i < 4; i++) await lsp.setEnvironment(admin());
        assert.equal((await lsp.finalStatus(0)).state, 'connected');

        // Nothing is pending now: a repeat must still be answered, or a client showing
        // "connecting" waits forever.
        let mark = lsp.statuses.length;
        await lsp.setEnvironment(admin());
        assert.deepEqual(await lsp.finalStatus(mark), { state: 'connected', environment: 'emulator' });

        mark = lsp.statuses.length;
        await lsp.setEnvironment(null);
        assert.equal((await lsp.finalStatus(mark)).state, 'signedOut');
        // One 'connecting' in all: the same environment again does not start over. (Repeats that
        // arrive after the probe finished are each answered with 'connected' again.)
        const states = lsp.statuses.map((s) => s.state);
        assert.equal(states[0], 'connecting');
        assert.deepEqual(new Set(states.slice(1, -1)), new Set(['connected']));
        assert.equal(states.at(-1), 'signedOut');
      } finally {
        assert.equal(await lsp.stop(), 0);
      }
    },
  );

  test('the same environment again after a failure is asked again, not answered from memory', TIMEOUT, async () => {
    const lsp = await LspHarness.start();
    emu.faults.rules.push({ path: '/api/v2/connect/token', action: { kind: 'status', status: 500 }, times: 1 });
    try {
      await lsp.setEnvironment(admin());
      assert.equal((await lsp.finalStatus(0)).state, 'unreachable');
      const mark = lsp.statuses.length;
      await lsp.setEnvironment(admin());
      assert.deepEqual(await lsp.finalStatus(mark), { state: 'connected', environment: 'emulator' });
    } finally {
      emu.faults.reset();
      assert.equal(await lsp.stop(), 0);
    }
  });

  test('an environment replaced before it answered gets no final status; the new one gets one', TIMEOUT, async () => {
    const lsp = await LspHarness.start();
    // Accepts connections and never answers: the first environment's probe is still waiting
    // when the second arrives, whatever the timing.
    const sockets = new Set<Socket>();
    const silent = createNetServer((socket) => void sockets.add(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    try {
      const mark = lsp.statuses.length;
      await lsp.setEnvironment({
        ...admin(),
        name: 'first',
        baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      });
      assert.deepEqual(await lsp.status(mark), { state: 'connecting', environment: 'first' });
      await lsp.setEnvironment(admin());
      assert.deepEqual(await lsp.finalStatus(0), { state: 'connected', environment: 'emulator' });
      const end = lsp.statuses.length;
      await lsp.setEnvironment(null);
      await lsp.finalStatus(end);
      assert.deepEqual(
        lsp.statuses.filter((s) => s.state !== 'connecting').map((s) => s.state),
        ['connected', 'signedOut'],
      );
    } finally {
      assert.equal(await lsp.stop(), 0);
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  test('no environment at all: a signed-out status once the client says so', TIMEOUT, async () => {
    const lsp = await LspHarness.start({}, { environmentFromClient: true });
    try {
      await lsp.setEnvironment(null);
      assert.deepEqual(await lsp.finalStatus(0), { state: 'signedOut' });
    } finally {
      assert.equal(await lsp.stop(), 0);
    }
  });

  const failures = [
    {
      what: 'a wrong secret',
      env: () => ({ ...admin(), clientSecret: 'not-the-secret' }),
      state: 'credentialsRefused',
      message: /refused the client ID or secret \(HTTP 401\)\. Enter them again/,
    },
    {
      what: 'a port nothing listens on',
      env: () => ({ ...admin(), baseUrl: deadUrl }),
      state: 'unreachable',
      message: /^Cannot reach the service at .* \(connection refused\)\. Check the URL/,
    },
    {
      what: 'a web server answering 404',
      env: () => ({ ...admin(), baseUrl: notServiceUrl }),
      state: 'notService',
      message: /does not answer like a Test Automation Service \(HTTP 404\)\. Check the URL/,
    },
    {
      what: 'an HTML page',
      env: () => ({ ...admin(), baseUrl: htmlPageUrl }),
      state: 'notService',
      message: /does not answer like a Test Automation Service \(the answer is not JSON\)/,
    },
  ] as const;
  for (const f of failures) {
    test(`${f.what}: status ${f.state}, in plain words, without the secret`, TIMEOUT, async () => {
      const lsp = await LspHarness.start();
      try {
        await lsp.setEnvironment(f.env());
        const s = await lsp.finalStatus(0);
        assert.equal(s.state, f.state);
        assert.match(s.message ?? '', f.message);
        assert.doesNotMatch(s.message ?? '', PROTOCOL);
        assert.ok(!s.message?.includes(f.env().clientSecret));
      } finally {
        assert.equal(await lsp.stop(), 0);
      }
    });
  }

  test('diagnostics of a URL that is not the service say so without protocol words', TIMEOUT, async () => {
    const lsp = await LspHarness.start();
    try {
      const uri = 'file:///ws/not-service.testcase.json';
      await lsp.open(uri, JSON.stringify({ name: 'x', traceFilters: [{ mobileDeviceId: 1, traceFilterId: 1 }] }));
      await lsp.finalDiagnostics(uri);
      const mark = lsp.mark(uri);
      await lsp.setEnvironment({ ...admin(), baseUrl: notServiceUrl });
      const p = await lsp.diagnosticsAfter(uri, mark, (d) =>
        d.diagnostics.some((x) => x.code === 'references-not-verified'),
      );
      const message = p.diagnostics.find((x) => x.code === 'references-not-verified')!.message;
      assert.equal(
        message,
        `References not verified: ${notServiceUrl} does not answer like a Test Automation Service (HTTP 404). Check the URL: Test Automation: Manage Environments.`,
      );
    } finally {
      assert.equal(await lsp.stop(), 0);
    }
  });

  test(
    'a failed refresh says so in plain words and the status follows; a good one brings it back',
    TIMEOUT,
    async () => {
      const lsp = await LspHarness.start();
      try {
        await lsp.setEnvironment(admin());
        assert.equal((await lsp.finalStatus(0)).state, 'connected');
        emu.faults.rules.push({
          method: 'GET',
          path: '/api/v2/testcases',
          action: { kind: 'status', status: 500 },
          times: 1,
        });
        let mark = lsp.statuses.length;
        const failed = await lsp.refresh();
        assert.ok(!failed.ok);
        assert.equal(failed.error.kind, 'unavailable');
        assert.match(
          failed.error.message,
          /^Could not reload devices, trace filters and test cases: the service had a problem \(HTTP 500\)\. Try again later\./,
        );
        assert.doesNotMatch(failed.error.message, PROTOCOL);
        assert.equal((await lsp.status(mark)).state, 'unreachable');

        mark = lsp.statuses.length;
        assert.deepEqual(await lsp.refresh(), { ok: true, value: { devices: 20, traceFilters: 6, testCases: 50 } });
        assert.deepEqual(await lsp.status(mark), { state: 'connected', environment: 'emulator' });
      } finally {
        emu.faults.reset();
        assert.equal(await lsp.stop(), 0);
      }
    },
  );

  test('refresh while signed out says how to sign in', TIMEOUT, async () => {
    const lsp = await LspHarness.start();
    try {
      assert.deepEqual(await lsp.refresh(), {
        ok: false,
        error: { kind: 'signedOut', message: 'No service credentials are set. Run Test Automation: Sign In.' },
      });
    } finally {
      assert.equal(await lsp.stop(), 0);
    }
  });
});

describe('tas/checkEnvironment', () => {
  let lsp: LspHarness;
  before(async () => {
    lsp = await LspHarness.start();
  });
  after(async () => {
    assert.equal(await lsp.stop(), 0);
  });

  test('good credentials: ok, and nothing changes on the server', TIMEOUT, async () => {
    assert.deepEqual(await lsp.checkEnvironment(admin()), { outcome: 'ok' });
    assert.deepEqual(lsp.statuses, []);
  });

  test('asks a token first, once', TIMEOUT, async () => {
    const before = emu.requests.length;
    await lsp.checkEnvironment(admin());
    assert.deepEqual(
      emu.requests.slice(before).map((r) => `${r.method} ${r.path}`),
      ['POST /api/v2/connect/token'],
    );
  });

  const cases = [
    {
      what: 'a wrong secret',
      env: () => ({ ...admin(), clientSecret: 'not-the-secret' }),
      want: { outcome: 'credentialsRefused', detail: 'HTTP 401' },
    },
    {
      what: 'an unknown client',
      env: () => ({ ...admin(), clientId: 'nobody' }),
      want: { outcome: 'credentialsRefused', detail: 'HTTP 401' },
    },
    {
      what: 'a port nothing listens on',
      env: () => ({ ...admin(), baseUrl: deadUrl }),
      want: { outcome: 'unreachable', detail: 'connection refused' },
    },
    {
      what: 'a web server answering 404',
      env: () => ({ ...admin(), baseUrl: notServiceUrl }),
      want: { outcome: 'notService', detail: 'HTTP 404' },
    },
    {
      what: 'an HTML page',
      env: () => ({ ...admin(), baseUrl: htmlPageUrl }),
      want: { outcome: 'notService', detail: 'the answer is not JSON' },
    },
  ] as const;
  for (const c of cases) {
    test(`${c.what}: ${c.want.outcome}`, TIMEOUT, async () => {
      assert.deepEqual(await lsp.checkEnvironment(c.env()), c.want);
    });
  }

  test('a service answering 500 to the token request: unreachable', TIMEOUT, async () => {
    emu.faults.rules.push({ path: '/api/v2/connect/token', action: { kind: 'status', status: 500 }, times: 1 });
    try {
      assert.deepEqual(await lsp.checkEnvironment(admin()), {
        outcome: 'unreachable',
        detail: 'HTTP 500, the service had a problem',
      });
    } finally {
      emu.faults.reset();
    }
  });
});
