import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { MCP_PROVIDER_ID, mcpDefinition } from '../../client/src/mcpDefinition';
import { readJson } from './schemaHelpers';

// What the extension offers the editor's agent: `tas mcp` from its own dist/cli.js for the
// active environment, read-only unless the user allows changes, the secret only in the
// definition made as the server starts. (The real editor's API is tested in test/editor where
// code-server has it.)

const base = {
  extensionPath: '/ext',
  nodePath: '/usr/bin/node',
  version: '0.1.0',
  workspace: '/srv/cases',
  environment: { name: 'staging', baseUrl: 'https://tas.example.invalid', clientId: 'demo-admin' },
  allowChanges: false,
};

describe('the MCP server definition the extension offers', () => {
  test('runs tas mcp from the extension for the workspace, read-only by default', () => {
    const d = mcpDefinition(base);
    assert.equal(d.command, '/usr/bin/node');
    assert.deepEqual(d.args, ['/ext/dist/cli.js', 'mcp', '--workspace', '/srv/cases']);
    assert.equal(d.cwd, '/srv/cases');
    assert.equal(d.label, 'Test Automation Service (staging, read-only)');
    assert.equal(d.env['TAS_BASE_URL'], 'https://tas.example.invalid');
    assert.equal(d.env['TAS_CLIENT_ID'], 'demo-admin');
    assert.equal(d.env['TAS_CLIENT_SECRET'], '', 'no secret in what the editor lists and keeps');
    assert.equal(d.env['ELECTRON_RUN_AS_NODE'], '1');
  });

  test('passes --allow-changes only when the user allowed changes, and the secret only as it starts', () => {
    const d = mcpDefinition({
      ...base,
      allowChanges: true,
      environment: {
        ...base.environment,
        clientSecret: 'demo-admin-secret',
        allowInsecureHttp: true,
        startEnd: 'none',
      },
    });
    assert.deepEqual(d.args.slice(-1), ['--allow-changes']);
    assert.match(d.label, /changes allowed/);
    assert.equal(d.env['TAS_CLIENT_SECRET'], 'demo-admin-secret');
    assert.equal(d.env['TAS_ALLOW_INSECURE_HTTP'], '1');
    assert.equal(d.env['TAS_START_END'], 'none');
    assert.ok(!d.args.join(' ').includes('demo-admin-secret'), 'never an argument');
  });

  test('without a workspace folder it serves the working folder; the manifest declares the provider', () => {
    const { workspace: _w, ...noFolder } = base;
    const d = mcpDefinition(noFolder);
    assert.deepEqual(d.args, ['/ext/dist/cli.js', 'mcp']);
    assert.equal(d.cwd, undefined);
    const pkg = readJson('package.json') as {
      contributes: { mcpServerDefinitionProviders?: { id: string }[] };
      activationEvents: string[];
    };
    assert.deepEqual(
      pkg.contributes.mcpServerDefinitionProviders?.map((p) => p.id),
      [MCP_PROVIDER_ID],
    );
    assert.ok(pkg.activationEvents.includes(`onMcpCollection:${MCP_PROVIDER_ID}`));
  });
});
