import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';

// Workspace trust: no workspace-level setting may redirect requests or credentials to another
// host. The settings that decide where requests go must be application-scoped, which VS Code
// reads from the user's settings only, in trusted and untrusted workspaces alike.

const root = resolve(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  capabilities?: { untrustedWorkspaces?: { supported?: unknown; description?: unknown } };
  contributes: { configuration: { properties: Record<string, { scope?: string; format?: string; type?: string; items?: unknown }> } };
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

  test('every other setting that could name a place or a credential is application-scoped too', () => {
    const risky = Object.entries(settings).filter(([name, s]) => WHERE.test(name.replace(/^tas\.trace\.server$/, '')) || s.format === 'uri' || JSON.stringify(s.items ?? {}).includes('"uri"'));
    assert.ok(risky.length >= 2);
    for (const [name, s] of risky) assert.equal(s.scope, 'application', `${name} must be application-scoped`);
  });

  test('the server reads no setting beyond tas.* and the editor\'s own proxy settings', () => {
    const source = readFileSync(resolve(root, 'server/src/host/settings.ts'), 'utf8');
    const sections = [...source.matchAll(/section: '([^']+)'/g)].map((m) => m[1]).sort();
    assert.deepEqual(sections, ['http', 'tas']);
    const httpKeys = [...source.matchAll(/http\?\.(\w+)/g)].map((m) => m[1]);
    assert.deepEqual([...new Set(httpKeys)].sort(), ['noProxy', 'proxy', 'proxyStrictSSL']);
  });
});
