import { strict as assert } from 'node:assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import {
  createProtocolConnection,
  InitializeRequest,
  InitializedNotification,
  ExitNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type InitializeResult,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';

// The built server, as any LSP client starts it: `node dist/server.js --stdio`.

const serverPath = resolve(__dirname, '../../../dist/server.js');
let child: ChildProcess;
let connection: ProtocolConnection;
let stderr = '';

before(() => {
  child = spawn(process.execPath, [serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  connection.listen();
});

after(() => {
  connection.dispose();
  if (child.exitCode === null) child.kill();
});

test('the server answers initialize with its name and document sync', async () => {
  const result: InitializeResult = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: null,
    capabilities: {},
    workspaceFolders: null,
  });
  assert.equal(result.serverInfo?.name, 'Test Automation language server');
  assert.ok(result.capabilities.textDocumentSync, 'document sync is announced');
  await connection.sendNotification(InitializedNotification.type, {});
});

test('shutdown then exit stops the process with code 0', async () => {
  await connection.sendRequest(ShutdownRequest.type);
  const exited = once(child, 'exit');
  await connection.sendNotification(ExitNotification.type);
  const [code] = (await exited) as [number | null];
  assert.equal(code, 0, `server exit code (stderr: ${stderr})`);
});
