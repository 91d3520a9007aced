import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CLI, cliEnv } from './harness';

// `tas mcp` driven as an assistant's client drives it: the official SDK's own client, which
// spawns the built dist/cli.js and speaks MCP over its stdin and stdout. The child's environment
// is the test's alone (its folder as home, no TAS_* but those given), with the network guard
// preloaded: anything beyond loopback fails and is said on stderr.

export const NO_NETWORK = resolve(__dirname, '../noNetwork.js');

export interface McpSession {
  client: Client;
  /** What tas wrote on stderr so far. */
  stderr: () => string;
  call: (name: string, args?: Record<string, unknown>) => Promise<CallToolResult>;
  close: () => Promise<void>;
}

export async function startMcp(options: {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  args?: string[];
}): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', ...(options.args ?? [])],
    cwd: options.cwd,
    env: cliEnv(options.cwd, { NODE_OPTIONS: `--require ${NO_NETWORK}`, ...options.env }) as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'tas-tests', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

/** The text of a tool's answer (its JSON, or the words of a refusal). */
export const textOf = (r: CallToolResult): string => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

/** The structured answer of a tool that succeeded; a refusal fails the test with its words. */
export function dataOf<T = Record<string, unknown>>(r: CallToolResult): T {
  if (r.isError) throw new Error(`the tool refused: ${textOf(r)}`);
  return r.structuredContent as T;
}
