import { strict as assert } from 'node:assert';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { undici } from '../../server/src/core/api/undiciModule';

// The client loads undici's own files rather than its index (half the load time): these checks
// fail when an undici upgrade moves them, or when something brings the whole index back.

describe('undici, the parts the client uses', () => {
  test('load without the index, and a request through an Agent carries method, path, query, headers and body', async () => {
    const { Agent, EnvHttpProxyAgent } = undici();
    assert.equal(typeof EnvHttpProxyAgent, 'function');
    const seen: { method?: string; url?: string; type?: string; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, type: req.headers['content-type'], body });
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const agent = new Agent();
    try {
      const { port } = server.address() as AddressInfo;
      const res = await agent.request({
        origin: `http://127.0.0.1:${port}`,
        path: '/api/v2/testcases?size=2',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"a"}',
      });
      assert.equal(res.statusCode, 201);
      assert.deepEqual(await res.body.json(), { ok: true });
      assert.deepEqual(seen, [
        { method: 'POST', url: '/api/v2/testcases?size=2', type: 'application/json', body: '{"name":"a"}' },
      ]);
    } finally {
      await agent.close();
      server.close();
    }
    const index = require.resolve('undici');
    assert.equal(require.cache[index], undefined, 'undici/index.js was loaded: something requires the whole package');
  });
});
