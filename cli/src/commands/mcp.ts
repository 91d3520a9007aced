import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { flag, str, type CommandSpec } from '../command';
import { Exit, UsageError } from '../exitCodes';

export const mcp: CommandSpec = {
  name: 'mcp',
  summary: 'Serve the checks and the service to an AI assistant (Model Context Protocol, stdio).',
  action: 'serve the MCP tools',
  usage: 'tas mcp [--workspace DIR] [--allow-changes]',
  description: [
    'An MCP server over stdio for an AI assistant (VS Code agent mode, or any MCP client): check',
    'test-case files and texts as tas validate does, describe the file format, look up devices, trace',
    'filters, API clients, step functions, test cases, runs and executions. Read-only unless',
    '--allow-changes: then it also imports files (never overwriting a change made on the service),',
    'runs a test case and reruns an execution. Paths stay inside the workspace (the working folder, or',
    '--workspace), links resolved. Credentials as for every command; without them the checks run',
    'offline. stdout carries the protocol; messages go to stderr. Ends when the client closes stdin.',
  ].join('\n'),
  options: {
    workspace: { type: 'string' },
    'allow-changes': { type: 'boolean' },
  },
  optionHelp: {
    workspace: ['DIR', 'the folder whose files the tools may read and import (default: the working folder)'],
    'allow-changes': ['', 'let the acting tools import files, run test cases and rerun executions'],
  },
  positionals: { min: 0, max: 0 },
  complete: { options: { workspace: 'folders' } },
  async run(ctx, values) {
    const given = str(values['workspace']);
    const folder = resolve(ctx.cwd, given ?? '.');
    let isFolder = false;
    try {
      isFolder = statSync(folder).isDirectory();
    } catch {
      // said below
    }
    if (!isFolder)
      throw new UsageError(`--workspace ${given ?? '.'} is not a folder. Name the folder the test-case files are in.`);
    // Loaded here, not by every command: the SDK and its schemas cost startup time only while serving.
    const { serveMcp, workspaceRoot } = await import('../mcp/server.js');
    await serveMcp(ctx, { root: workspaceRoot(folder), allowChanges: flag(values['allow-changes']) });
    return Exit.ok;
  },
};
