import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { configurationReads } from './configurationReads';

// Workspace trust: no workspace-level setting may redirect requests or credentials to another
// host. The settings that decide where requests go must be application-scoped, which VS Code
// reads from the user's settings only, in trusted and untrusted workspaces alike.

const root = resolve(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  capabilities?: { untrustedWorkspaces?: { supported?: unknown; description?: unknown } };
  contributes: {
    configuration: {
      properties: Record<
        string,
        { scope?: string; format?: string; type?: string; items?: unknown; default?: unknown }
      >;
    };
  };
};
const settings = pkg.contributes.configuration.properties;

/** Names that say a setting could carry a place or a credential. */
const WHERE = /environment|url|host|proxy|endpoint|server(?!\.)|secret|token|credential|password|client(id|secret)/i;

describe('workspace trust', () => {
  test('the manifest declares untrusted workspaces supported, and says why', () => {
    assert.equal(pkg.capabilities?.untrustedWorkspaces?.supported, true);
    assert.match(String(pkg.capabilities?.untrustedWorkspaces?.description), /no code from the workspace/);
  });

  test('where requests and credentials go is read from user settings only', () => {
    assert.equal(settings['tas.environments']?.scope, 'application');
    assert.equal(settings['tas.activeEnvironment']?.scope, 'application');
  });

  test("whether the agent's MCP server is offered, and may change the service, is read from user settings only", () => {
    // A repository's .vscode/settings.json must not let an assistant change the service for whoever opens it.
    assert.equal(settings['tas.assistants.allowChanges']?.scope, 'application');
    assert.equal(settings['tas.assistants.allowChanges']?.default, false);
    assert.equal(settings['tas.assistants.mcpServer']?.scope, 'application');
  });

  test('every other setting that could name a place or a credential is application-scoped too', () => {
    const risky = Object.entries(settings).filter(
      ([name, s]) =>
        WHERE.test(name.replace(/^tas\.trace\.server$/, '')) ||
        s.format === 'uri' ||
        JSON.stringify(s.items ?? {}).includes('"uri"'),
    );
    assert.ok(risky.length >= 2);
    for (const [name, s] of risky) assert.equal(s.scope, 'application', `${name} must be application-scoped`);
  });

  test("the server reads no setting beyond tas.* and the editor's own proxy settings (every file, by syntax tree)", () => {
    const reads = configurationReads(resolve(root, 'server/src'));
    assert.deepEqual(reads.refused, [], 'settings read in a form this check cannot follow');
    assert.deepEqual([...new Set(reads.sections)].sort(), ['http', 'tas']);
    assert.deepEqual([...new Set(reads.httpKeys)].sort(), [
      'noProxy',
      'proxy',
      'proxyAuthorization',
      'proxyStrictSSL',
      'systemCertificates',
    ]);
  });

  test('the syntax-tree check bites: another section, a double-quoted one, a read in another file, a computed one', () => {
    const probe = (name: string, text: string) => {
      const dir = mkdtempSync(join(tmpdir(), 'trust-probe-'));
      writeFileSync(join(dir, name), text);
      try {
        return configurationReads(dir);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    assert.deepEqual(
      probe('a.ts', `c.workspace.getConfiguration([{ section: 'tas' }, { section: 'remote.tunnels' }]);`).sections,
      ['tas', 'remote.tunnels'],
    );
    assert.deepEqual(probe('b.ts', `c.workspace.getConfiguration({ section: "git" });`).sections, ['git']);
    assert.deepEqual(probe('c.ts', `c.workspace.getConfiguration('files');`).sections, ['files']);
    assert.equal(probe('d.ts', `c.workspace.getConfiguration([{ section: name }]);`).refused.length, 1);
    assert.equal(probe('e.ts', `c.sendRequest('workspace/configuration', { items: [] });`).refused.length, 1);
    assert.equal(probe('f.ts', `c.sendRequest(ConfigurationRequest.type, { items: [] });`).refused.length, 1);
    assert.deepEqual(
      probe(
        'g.ts',
        `const [raw, http] = await c.workspace.getConfiguration([{ section: 'tas' }, { section: 'http' }]); use(http?.proxy, http.userAgent);`,
      ).httpKeys,
      ['proxy', 'userAgent'],
    );
  });
});
