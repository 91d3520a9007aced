import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  createProtocolConnection,
  ExitNotification,
  InitializeRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';
import { VSIX } from '../test/editor/editorConfig';
import { benchActivation, type ActivationResult } from './activation';
import { summarize, type Sample } from './stats';

// Start-up: how long the built language server (dist/server.js, minified) takes from spawn to
// its answer to `initialize`, and what the packaged extension weighs. The .vsix is packaged
// afresh with the project's own vsce, to the file and with the options of `npm run package`, so
// the activation measure that follows installs this very package.

const root = resolve(__dirname, '../..');
/** Fresh code-servers started for the activation time (each some seconds). */
const ACTIVATIONS = 3;
const serverPath = join(root, 'dist/server.js');

export interface StartupResult {
  initialize: Sample;
  runs: number;
  serverBytes: number;
  extensionBytes: number;
  vsixBytes: number;
  /** Source maps found in the .vsix (none expected). */
  mapsInVsix: string[];
  /** activate() in a real editor (code-server), as the extension logs it. */
  activation: ActivationResult;
}

/** The environment without TAS_* variables: no environment, so no traffic at all. */
const withoutTas = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('TAS_')));

/** Spawn to the answer to `initialize`, in a new process each time. */
async function initializeOnce(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [serverPath, '--stdio'], {
    stdio: ['pipe', 'pipe', 'ignore'],
    env: withoutTas(),
  });
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  connection.listen();
  try {
    await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
      workspaceFolders: null,
    });
    return performance.now() - started;
  } finally {
    await connection.sendRequest(ShutdownRequest.type);
    await connection.sendNotification(ExitNotification.type);
    if (child.exitCode === null) await once(child, 'exit');
    connection.dispose();
  }
}

async function packageVsix(): Promise<{ bytes: number; maps: string[] }> {
  const vsce = join(root, 'node_modules/@vscode/vsce/vsce');
  const child = spawn(
    process.execPath,
    [
      vsce,
      'package',
      '--no-dependencies',
      '--no-rewrite-relative-links',
      '--readme-path',
      'MARKETPLACE.md',
      '--out',
      VSIX,
    ],
    { cwd: root, stdio: 'ignore' },
  );
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`vsce package exited with ${code}`);
  // File names are stored as they are in a zip's headers: a source map would show by name.
  const bytes = readFileSync(VSIX);
  const maps = ['extension.js.map', 'server.js.map'].filter((m) => bytes.includes(m));
  return { bytes: bytes.length, maps };
}

export async function benchStartup(runs: number): Promise<StartupResult> {
  await initializeOnce(); // the first spawn also warms the file cache
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await initializeOnce());
  const vsix = await packageVsix();
  return {
    initialize: summarize(times),
    runs,
    serverBytes: statSync(serverPath).size,
    extensionBytes: statSync(join(root, 'dist/extension.js')).size,
    vsixBytes: vsix.bytes,
    mapsInVsix: vsix.maps,
    activation: await benchActivation(ACTIVATIONS),
  };
}
