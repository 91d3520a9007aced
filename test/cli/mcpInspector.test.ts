import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { ATTEMPT } from '../noNetwork';
import { CLI, credentials, tempDir } from './harness';
import { NO_NETWORK } from './mcpClient';

// An independent client: the MCP Inspector's command-line mode (its own client code, not the
// SDK the server is built on) starts `tas mcp` over stdio, lists the tools and calls one. Offline
// and on loopback: the network guard is preloaded into the Inspector and, through it, into tas.

const INSPECTOR = resolve(
  __dirname,
  '../../../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js',
);
const SAMPLES = join(__dirname, '../../../samples/workspace');

function inspector(
  cwd: string,
  env: NodeJS.ProcessEnv,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const serverEnv = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v ?? ''}`]);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [INSPECTOR, '--cli', ...serverEnv, process.execPath, CLI, 'mcp', ...args], {
      cwd,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: cwd,
        ...(process.env['TMPDIR'] !== undefined && { TMPDIR: process.env['TMPDIR'] }),
        // Its catalog of servers stays in the test's folder.
        MCP_CATALOG_PATH: join(cwd, '.mcp-inspector', 'mcp.json'),
        NODE_OPTIONS: `--require ${NO_NETWORK}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('tas mcp with the MCP Inspector (command-line mode)', { timeout: 120_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator();
    dir = tempDir('tas-mcp-inspector-');
    mkdirSync(join(dir.path, '.git'));
    cpSync(SAMPLES, dir.path, { recursive: true });
  });
  after(async () => {
    await emu.close();
    dir.remove();
  });

  test('lists the tools and calls one', async () => {
    const env = { ...credentials(emu), TAS_POLL_INTERVAL: '0.05', NODE_OPTIONS: `--require ${NO_NETWORK}` };
    const listed = await inspector(dir.path, env, ['--method', 'tools/list']);
    assert.equal(listed.code, 0, listed.stderr);
    const tools = (JSON.parse(listed.stdout) as { tools: { name: string; annotations?: { readOnlyHint?: boolean } }[] })
      .tools;
    assert.ok(tools.length >= 15, `${tools.length} tools`);
    assert.equal(tools.find((t) => t.name === 'list_devices')?.annotations?.readOnlyHint, true);
    assert.equal(tools.find((t) => t.name === 'run_test_case')?.annotations?.readOnlyHint, false);

    const called = await inspector(dir.path, env, [
      '--method',
      'tools/call',
      '--tool-name',
      'validate_files',
      '--tool-arg',
      'paths=["broken-references.testcase.json"]',
    ]);
    assert.equal(called.code, 0, called.stderr);
    const answer = JSON.parse(called.stdout) as { structuredContent: { errors: number; referencesChecked: boolean } };
    assert.equal(answer.structuredContent.errors, 6);
    assert.equal(answer.structuredContent.referencesChecked, true);
    assert.ok(!(listed.stderr + called.stderr).includes(ATTEMPT), 'nothing beyond loopback');
  });
});
