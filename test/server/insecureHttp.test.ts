import { strict as assert } from 'node:assert';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { CheckEnvironmentRequest, ListDevicesRequest, SetEnvironmentNotification } from '../../server/src/protocol';
import { ATTEMPT } from '../noNetwork';
import { LspHarness } from './lspHarness';

// Sign-in from the editor to a plain http:// URL of another machine is refused before any lookup
// or connection, unless the environment opts in (`allowInsecureHttp: true`). The server runs with
// the no-network probe preloaded: anything beyond loopback is blocked and reported on stderr.

const TIMEOUT = { timeout: 30_000 };
const PROBE = { NODE_OPTIONS: `--require ${resolve(__dirname, '../noNetwork.js')}` };
const environment = {
  name: 'lab',
  baseUrl: 'http://tas.invalid:8080',
  clientId: 'demo-admin',
  clientSecret: 'stand-in-secret',
};

describe('plain http to another machine, at the LSP boundary', () => {
  test(
    'the sign-in check, the status and an action refuse it without a lookup, and name the setting that opts in',
    TIMEOUT,
    async () => {
      const lsp = await LspHarness.start(PROBE, { environmentFromClient: true });
      try {
        const check = await lsp.connection.sendRequest(CheckEnvironmentRequest, { environment });
        assert.equal(check.outcome, 'insecureHttp');
        const from = lsp.statuses.length;
        await lsp.connection.sendNotification(SetEnvironmentNotification, { environment });
        const status = await lsp.finalStatus(from);
        assert.equal(status.state, 'insecureHttp');
        assert.match(
          status.message ?? '',
          /http:\/\/tas\.invalid:8080 uses plain http to another machine.*nothing was sent.*"allowInsecureHttp": true/,
        );
        const r = await lsp.connection.sendRequest(ListDevicesRequest);
        assert.equal(r.ok, false);
        assert.match(r.ok ? '' : r.error.message, /plain http to another machine.*tas\.environments setting/);
        assert.ok(!lsp.stderr.includes(ATTEMPT), lsp.stderr);
      } finally {
        await lsp.stop();
      }
    },
  );

  test(
    'allowInsecureHttp on the environment lets it through (the probe stops it at the connection)',
    TIMEOUT,
    async () => {
      const lsp = await LspHarness.start(PROBE, { environmentFromClient: true });
      try {
        const check = await lsp.connection.sendRequest(CheckEnvironmentRequest, {
          environment: { ...environment, allowInsecureHttp: true },
        });
        assert.equal(check.outcome, 'unreachable');
        assert.match(lsp.stderr, new RegExp(`${ATTEMPT} tas.invalid`));
      } finally {
        await lsp.stop();
      }
    },
  );

  test(
    'another editor starting the server with TAS_* variables: refused, unless TAS_ALLOW_INSECURE_HTTP=1',
    TIMEOUT,
    async () => {
      const vars = {
        ...PROBE,
        TAS_BASE_URL: environment.baseUrl,
        TAS_CLIENT_ID: 'demo-admin',
        TAS_CLIENT_SECRET: 'stand-in-secret',
      };
      const refused = await LspHarness.start(vars);
      try {
        assert.equal((await refused.finalStatus(0)).state, 'insecureHttp');
        assert.ok(!refused.stderr.includes(ATTEMPT), refused.stderr);
      } finally {
        await refused.stop();
      }
      const allowed = await LspHarness.start({ ...vars, TAS_ALLOW_INSECURE_HTTP: '1' });
      try {
        assert.equal((await allowed.finalStatus(0)).state, 'unreachable');
        assert.match(allowed.stderr, new RegExp(`${ATTEMPT} tas.invalid`));
      } finally {
        await allowed.stop();
      }
    },
  );
});
