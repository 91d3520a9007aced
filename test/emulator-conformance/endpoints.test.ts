import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { useEmulator } from './harness';

// The endpoint tables of the interface document against the emulator's routes and against
// docs/endpoints.md, the map from each endpoint to its route and its test.

const root = resolve(__dirname, '../../..');
const specPath = resolve(root, 'docs/interface.md');

interface Endpoint {
  method: string;
  path: string;
}

function specEndpoints(): Endpoint[] {
  assert.ok(existsSync(specPath), `the interface document is expected beside the repository at ${specPath}`);
  const rows = readFileSync(specPath, 'utf8').matchAll(/^\| (GET|POST|PUT|DELETE|PATCH) \| (\/api\/v2\/[^ |]*) \|/gm);
  return [...rows].map((m) => ({ method: m[1]!, path: m[2]!.replace(/\?.*$/, '') }));
}

const key = (e: Endpoint) => `${e.method} ${e.path}`;

/** Writes a test file's `const BASE = '/api/v2/...'` into its uses, so paths read whole. */
function expandBase(source: string): string {
  const base = /const BASE = '([^']+)'/.exec(source)?.[1];
  if (!base) return source;
  return source.replaceAll('${BASE}', base).replace(/\bBASE\b/g, `'${base}'`);
}

/** A concrete example of a path pattern, for calling it. */
const concrete = (path: string) => path.replace(/\{id\}/g, '1');

describe('the emulator serves exactly the endpoints of the document', () => {
  const fx = useEmulator();
  const endpoints = specEndpoints();

  test('the document lists its 66 endpoints', () => {
    assert.equal(endpoints.length, 66);
  });

  test('every endpoint of the document has an emulator route', () => {
    const routes = new Set(fx.emu.routes().map((r) => key({ method: r.method, path: r.pattern })));
    assert.deepEqual(endpoints.filter((e) => !routes.has(key(e))).map(key), []);
  });

  test('the emulator serves no /api/v2 endpoint the document does not have', () => {
    const documented = new Set(endpoints.map(key));
    const extra = fx.emu
      .routes()
      .filter((r) => r.pattern.startsWith('/api/v2') && !documented.has(key({ method: r.method, path: r.pattern })));
    assert.deepEqual(
      extra.map((r) => key({ method: r.method, path: r.pattern })),
      [],
    );
  });

  test('every endpoint but the token request answers 401 without a bearer token', async () => {
    for (const e of endpoints) {
      if (e.path === '/api/v2/connect/token') continue;
      const res = await fx.raw.send(
        e.method,
        concrete(e.path),
        e.method === 'GET' || e.method === 'DELETE' ? undefined : {},
      );
      assert.equal(res.status, 401, `${key(e)} without a token`);
    }
  });

  test('every endpoint but the token request answers 401 to an unknown token', async () => {
    for (const e of endpoints) {
      if (e.path === '/api/v2/connect/token') continue;
      const res = await fx.raw.send(e.method, concrete(e.path), undefined, { Authorization: 'Bearer not-a-token' });
      assert.equal(res.status, 401, `${key(e)} with an unknown token`);
    }
  });

  test('no endpoint with a valid token answers 404 for want of a route or 405', async () => {
    for (const e of endpoints) {
      if (e.method !== 'GET') continue;
      const res = await fx.admin.get(concrete(e.path));
      assert.ok(
        res.status !== 405 && !(res.status === 404 && /No endpoint/.test(res.text)),
        `${key(e)}: ${res.status} ${res.text}`,
      );
    }
  });
});

describe('docs/endpoints.md maps every endpoint to its route and its test', () => {
  const table = readFileSync(resolve(root, 'docs/endpoints.md'), 'utf8');
  const rows = [...table.matchAll(/^\| (GET|POST|PUT|DELETE) \| `([^`]+)` \| `([^`]+)` \| `([^`]+)` \|/gm)].map(
    (m) => ({
      method: m[1]!,
      path: m[2]!,
      routeFile: m[3]!,
      testFile: m[4]!,
    }),
  );

  test('every endpoint of the document has exactly one row', () => {
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
    for (const e of specEndpoints()) assert.equal(counts.get(key(e)), 1, `${key(e)} rows in docs/endpoints.md`);
    assert.equal(rows.length, 66);
  });

  test('each row names the route file that registers the path and a test file that calls it', () => {
    for (const r of rows) {
      const routeSource = readFileSync(resolve(root, r.routeFile), 'utf8');
      assert.ok(routeSource.includes(`'${r.path}'`), `${r.routeFile} registers ${r.path}`);
      const testSource = expandBase(readFileSync(resolve(root, r.testFile), 'utf8'));
      const pattern = r.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{id\}/g, '(\\d+|\\{id\\}|\\$\\{[^}]+\\})');
      assert.match(testSource, new RegExp(pattern + '(?![A-Za-z/])'), `${r.testFile} calls ${r.method} ${r.path}`);
    }
  });
});
