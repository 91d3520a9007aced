import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ClientCapabilities,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';

// The language server's process for the LSP harness (lspHarness.ts): dist/server.js spawned over
// stdio without the shell's service variables (a test gives its own), the capabilities the
// client says it has, and what the process uses (Linux /proc; benchmarks on a shared machine).

const serverPath = resolve(__dirname, '../../../dist/server.js');

/**
 * The server spawned with `env` (TAS_* for the service), and a protocol connection over its stdio.
 * `wrap` runs it through another command (test/systemStore.ts: a private mount namespace).
 */
export function spawnServer(
  env: Record<string, string | undefined>,
  wrap?: (file: string, args: string[]) => { file: string; args: string[] },
): {
  child: ChildProcessWithoutNullStreams;
  connection: ProtocolConnection;
} {
  const childEnv = {
    ...process.env,
    TAS_BASE_URL: undefined,
    TAS_CLIENT_ID: undefined,
    TAS_CLIENT_SECRET: undefined,
    ...env,
  };
  const command = wrap
    ? wrap(process.execPath, [serverPath, '--stdio'])
    : { file: process.execPath, args: [serverPath, '--stdio'] };
  const child = spawn(command.file, command.args, { stdio: ['pipe', 'pipe', 'pipe'], env: childEnv });
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  return { child, connection };
}

/** What the client says it can do: versioned diagnostics and applyEdit, settings when it answers them, and more. */
export function clientCapabilities(
  configuration: boolean,
  textDocument: Record<string, unknown>,
  workspace: Record<string, unknown>,
): ClientCapabilities {
  return {
    textDocument: { publishDiagnostics: { versionSupport: true }, ...textDocument },
    workspace: {
      applyEdit: true,
      ...(configuration && {
        configuration: true,
        didChangeConfiguration: { dynamicRegistration: true },
      }),
      ...workspace,
    },
  };
}

/** CPU time the process has used, user and system, in seconds; undefined where /proc cannot tell. */
export function cpuSecondsOf(pid: number | undefined): number | undefined {
  try {
    // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th, in ticks of 1/100 s.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** The process's resident memory in MB, from /proc (Linux); undefined elsewhere. */
export function rssMbOf(pid: number | undefined): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}
