import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import {
  createProtocolConnection,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ResponseError,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator } from '../emulator/emulator';

// Other editors' LSP clients are stricter than VS Code's: some refuse requests the server may
// send (settings, registrations, message boxes) with an error instead of an answer. The server
// must go on with its defaults and keep checking files, never end the process.

const serverPath = resolve(__dirname, '../../../dist/server.js');

describe("a strict LSP client that refuses the server's requests", { timeout: 60_000 }, () => {
  test('settings refused, registration refused, a warning box refused: diagnostics, hover and a clean exit', async () => {
    const emu = await startEmulator();
    // A device list with a name of the wrong type makes the server warn (window/showMessage).
    const device = emu.store.devices.all()[0]! as unknown as Record<string, unknown>;
    device['name'] = 7;
    const refused: string[] = [];
    const child = spawn(process.execPath, [serverPath, '--stdio'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        ...process.env,
        TAS_BASE_URL: emu.url,
        TAS_CLIENT_ID: DEMO_CREDENTIALS.admin.clientId,
        TAS_CLIENT_SECRET: DEMO_CREDENTIALS.admin.clientSecret,
      },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let exited = false;
    child.on('exit', () => (exited = true));
    const connection = createProtocolConnection(
      new StreamMessageReader(child.stdout),
      new StreamMessageWriter(child.stdin),
    );
    try {
      // Every request of the server is refused (those not named here by the protocol library).
      for (const method of [
        'workspace/configuration',
        'client/registerCapability',
        'window/showMessageRequest',
        'window/workDoneProgress/create',
        'workspace/applyEdit',
      ]) {
        connection.onRequest(method, () => {
          refused.push(method);
          return new ResponseError(-32601, `this client does not do ${method}`);
        });
      }
      const published: PublishDiagnosticsParams[] = [];
      let arrived: (() => void) | undefined;
      connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
        published.push(p);
        arrived?.();
      });
      connection.listen();
      await connection.sendRequest(InitializeRequest.type, {
        processId: process.pid,
        rootUri: null,
        // It says it can answer settings and take registrations, then refuses both.
        capabilities: { workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } } },
        workspaceFolders: null,
      });
      await connection.sendNotification(InitializedNotification.type, {});
      const uri = 'file:///ws/strict.testcase.json';
      await connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: {
          uri,
          languageId: 'json',
          version: 1,
          text: '{\n  "name": "Strict",\n  "testStepList": [{ "function": "CALL", "mobileDeviceId": 424242 }]\n}\n',
        },
      });
      // The complete set names the unknown device: the service was read despite the refusals.
      await new Promise<void>((done) => {
        const check = () => {
          if (published.some((p) => p.uri === uri && p.diagnostics.some((d) => String(d.code) === 'unknown-device')))
            done();
        };
        arrived = check;
        check();
      });
      assert.ok(refused.includes('workspace/configuration'), refused.join(','));
      assert.ok(refused.includes('client/registerCapability'), refused.join(','));
      const hover = await connection.sendRequest(HoverRequest.type, {
        textDocument: { uri },
        position: { line: 1, character: 5 },
      });
      assert.ok(hover === null || typeof hover === 'object');
      assert.equal(exited, false, stderr);
      await connection.sendRequest(ShutdownRequest.type);
      const exit = once(child, 'exit');
      await connection.sendNotification(ExitNotification.type);
      const [code] = (await exit) as [number | null];
      assert.equal(code, 0, stderr);
      assert.doesNotMatch(stderr, /Unhandled|ResponseError/);
    } finally {
      connection.dispose();
      if (!exited) child.kill();
      await emu.close();
    }
  });
});
