import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { TasClient } from '../../server/src/core/api/client';
import { OPERATIONS } from '../../server/src/core/api/operations';

// The client's operation table against the interface document and docs/endpoints.md.

const root = resolve(__dirname, '../../..');
const specPath = resolve(root, 'docs/interface.md');

function specKeys(): string[] {
  assert.ok(existsSync(specPath), `the interface document is expected at ${specPath}`);
  const rows = readFileSync(specPath, 'utf8').matchAll(/^\| (GET|POST|PUT|DELETE) \| (\/api\/v2\/[^ |]*) \|/gm);
  return [...rows].map((m) => `${m[1]} ${m[2]!.replace(/\?.*$/, '')}`).sort();
}

describe('the operation table', () => {
  test('has exactly the endpoints of the document, each once', () => {
    const keys = Object.values(OPERATIONS)
      .map((o) => `${o.method} ${o.path}`)
      .sort();
    assert.deepEqual(keys, specKeys());
  });

  test('never retries a call that can start or create something', () => {
    const neverRetried = Object.entries(OPERATIONS)
      .filter(([, o]) => !o.retry)
      .map(([id]) => id)
      .sort();
    assert.deepEqual(neverRetried, [
      'assignProjects',
      'createApiClient',
      'createDeviceToken',
      'createMobileDevice',
      'createProject',
      'createTestCase',
      'createTestNode',
      'createTestSuite',
      'createTraceFilter',
      'createUser',
      'executeTestSuite',
      'importTestCases',
      'mobileDeviceAction',
      'rerunTestExecution',
      'runTestCase',
      'testNodeAction',
    ]);
  });
});

describe('docs/endpoints.md client columns', () => {
  const table = readFileSync(resolve(root, 'docs/endpoints.md'), 'utf8');
  const rows = [
    ...table.matchAll(
      /^\| (GET|POST|PUT|DELETE) \| `([^`]+)` \| `[^`]+` \| `[^`]+` \| `(\w+)` \| `([^`]+)`[^|]*\| `([^`]+)` \|/gm,
    ),
  ].map((m) => ({ method: m[1]!, path: m[2]!, op: m[3]!, clientMethod: m[4]!, contractTest: m[5]! }));
  const client = new TasClient({ baseUrl: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'unused-here' });

  test('one row per operation', () => {
    assert.equal(rows.length, Object.keys(OPERATIONS).length);
  });

  test('each row names the operation for its method and path', () => {
    for (const r of rows) {
      const op = (OPERATIONS as Record<string, { method: string; path: string }>)[r.op];
      assert.ok(op, `operation ${r.op} exists`);
      assert.equal(`${op.method} ${op.path}`, `${r.method} ${r.path}`, r.op);
    }
  });

  test('each client method exists, calls its operation, and is called by its contract test', () => {
    for (const r of rows) {
      const contract = readFileSync(resolve(root, r.contractTest), 'utf8');
      if (r.clientMethod === 'session') {
        assert.equal(r.op, 'requestToken');
        assert.match(contract, /connect\/token/);
        continue;
      }
      const [group, method] = r.clientMethod.split('.') as [string, string];
      const api = (client as unknown as Record<string, Record<string, unknown>>)[group];
      assert.equal(typeof api?.[method], 'function', `${r.clientMethod} is a client method`);
      assert.match(
        String(api![method]),
        new RegExp(`(\\bO|OPERATIONS)\\.${r.op}\\b`),
        `${r.clientMethod} calls ${r.op}`,
      );
      assert.match(contract, new RegExp(`\\.${group}\\.${method}\\(`), `${r.contractTest} calls ${r.clientMethod}`);
    }
  });

  test('every method of the client is named in the table and called by a contract test', () => {
    const named = new Set([...table.matchAll(/`(\w+\.\w+)`/g)].map((m) => m[1]!));
    const contracts = readdirSync(resolve(root, 'test/contract'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(resolve(root, 'test/contract', f), 'utf8'))
      .join('\n');
    const groups = Object.entries(client as unknown as Record<string, unknown>).filter(
      ([group, api]) => group !== 'session' && typeof api === 'object' && api !== null,
    );
    assert.ok(groups.length >= 10, 'the resource groups of the client');
    for (const [group, api] of groups) {
      for (const method of Object.getOwnPropertyNames(Object.getPrototypeOf(api))) {
        if (method === 'constructor') continue;
        assert.ok(named.has(`${group}.${method}`), `docs/endpoints.md names ${group}.${method}`);
        assert.match(contracts, new RegExp(`\\.${group}\\.${method}\\(`), `a contract test calls ${group}.${method}`);
      }
    }
  });
});
