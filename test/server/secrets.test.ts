import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { CheckEnvironmentRequest, ListDevicesRequest } from '../../server/src/protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator } from '../emulator/emulator';
import { startEchoingService, type EchoingService } from '../echoingService';
import { LspHarness } from './lspHarness';
import { value } from './outcomes';

// Nothing the language server shows or logs holds a secret: a hostile stand-in on loopback echoes
// the bearer token and the client secret in its error bodies; the failures the views show, the
// status and the log lines the server sends must show none of it, and nothing of a cut token.

const TIMEOUT = { timeout: 30_000 };

/** A leak: the value, its start, or an encoding of it. */
function leaks(text: string, value: string): string[] {
  const forms = [
    value,
    value.slice(0, Math.min(40, value.length)),
    encodeURIComponent(value),
    Buffer.from(value).toString('base64').replace(/=+$/, ''),
  ];
  return forms.filter((f) => text.includes(f));
}

async function withLog(): Promise<{ lsp: LspHarness; log: string[] }> {
  const lsp = await LspHarness.start({}, { environmentFromClient: true });
  const log: string[] = [];
  lsp.connection.onNotification('window/logMessage', (p: { message: string }) => void log.push(p.message));
  lsp.connection.onNotification('window/showMessage', (p: { message: string }) => void log.push(p.message));
  return { lsp, log };
}

describe('the language server and a service that echoes secrets', () => {
  let json: EchoingService;
  let plain: EchoingService;
  let refusing: EchoingService;
  before(async () => {
    json = await startEchoingService();
    plain = await startEchoingService({ plain: true });
    refusing = await startEchoingService({ refuseToken: true });
  });
  after(async () => {
    await json.close();
    await plain.close();
    await refusing.close();
  });

  test(
    'a 500 echoing the bearer token: the Devices failure, the status and the log show none of it',
    TIMEOUT,
    async () => {
      for (const service of [json, plain]) {
        const { lsp, log } = await withLog();
        try {
          const from = lsp.statuses.length;
          await lsp.setEnvironment({
            name: 'stand-in',
            baseUrl: service.url,
            clientId: 'stand-in-id',
            clientSecret: 'stand-in-secret',
          });
          const status = await lsp.finalStatus(from);
          const r = await lsp.connection.sendRequest(ListDevicesRequest);
          assert.equal(r.ok, false);
          const shown = [JSON.stringify(status), r.ok ? '' : r.error.message, ...log].join('\n');
          assert.deepEqual(leaks(shown, service.token), [], shown.slice(0, 2000));
          assert.match(r.ok ? '' : r.error.message, /\[redacted\]/);
        } finally {
          await lsp.stop();
        }
      }
    },
  );

  test(
    'a token error echoing a five-character client secret: the sign-in check and the status show none of it',
    TIMEOUT,
    async () => {
      const { lsp, log } = await withLog();
      try {
        const secret = 'abc12';
        const environment = { name: 'stand-in', baseUrl: refusing.url, clientId: 'stand-in-id', clientSecret: secret };
        const check = await lsp.connection.sendRequest(CheckEnvironmentRequest, { environment });
        assert.equal(check.outcome, 'credentialsRefused');
        const from = lsp.statuses.length;
        await lsp.setEnvironment(environment);
        const status = await lsp.finalStatus(from);
        const r = await lsp.connection.sendRequest(ListDevicesRequest);
        const shown = [JSON.stringify(check), JSON.stringify(status), r.ok ? '' : r.error.message, ...log].join('\n');
        assert.deepEqual(leaks(shown, secret), [], shown);
        assert.deepEqual(leaks(shown, `stand-in-id:${secret}`), [], shown);
      } finally {
        await lsp.stop();
      }
    },
  );
});

test(
  "a record the editor shows read-only: a step's password is masked by the one rule, the rest kept",
  TIMEOUT,
  async () => {
    const emu = await startEmulator();
    const lsp = await LspHarness.start({
      TAS_BASE_URL: emu.url,
      TAS_CLIENT_ID: DEMO_CREDENTIALS.admin.clientId,
      TAS_CLIENT_SECRET: DEMO_CREDENTIALS.admin.clientSecret,
    });
    try {
      const step = emu.store.testCases.get(1)!.testStepList[0] as { params?: Record<string, unknown> };
      step.params = { ...step.params, password: 'tc-pass-1', apiToken: 'tc-token-1', target: '+4915112345678' };
      const record = value(await lsp.getRecord('testCase', 1));
      assert.doesNotMatch(record.text, /tc-pass-1|tc-token-1/);
      const shown = JSON.parse(record.text) as { testStepList: { params: Record<string, unknown> }[] };
      assert.deepEqual(
        [shown.testStepList[0]!.params['password'], shown.testStepList[0]!.params['target']],
        ['[redacted]', '+4915112345678'],
      );
    } finally {
      await lsp.stop();
      await emu.close();
    }
  },
);
