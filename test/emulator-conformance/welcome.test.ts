import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { useEmulator } from './harness';

// The emulator's URL opened in a browser (npm start prints it) answers with a page for a person,
// not a 404: what this is, the demo credentials and how to connect the extension.

describe('the / page', () => {
  const fx = useEmulator();

  test('GET / without a token is an HTML page saying what this is and how to connect', async () => {
    const res = await fetch(`${fx.emu.url}/`);
    const text = await res.text();
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(text, /<title>Test Automation Service emulator<\/title>/);
    assert.match(text, /emulator of the Test Automation Service for testing/);
    assert.match(text, /not the real service/);
    assert.ok(text.includes('demo-admin-secret') && text.includes('demo-tester-secret'), 'the demo credentials');
    assert.ok(text.includes(`<code>${fx.emu.url}</code>`), 'the base URL to enter');
    assert.match(text, /Test Automation: Sign In/);
    assert.match(text, /TAS_BASE_URL/);
  });

  test('the page is not an API request: no faults, not in the request log', async () => {
    await fx.raw.delete('/_emulator/requests');
    await fx.raw.put('/_emulator/faults', { errorRate: 1 });
    try {
      const res = await fetch(`${fx.emu.url}/`);
      await res.body?.cancel();
      assert.equal(res.status, 200);
    } finally {
      await fx.raw.delete('/_emulator/faults');
    }
    assert.deepEqual((await fx.raw.get('/_emulator/requests')).body, []);
  });

  test('other methods on / are a 405, and unknown paths stay 404', async () => {
    const post = await fetch(`${fx.emu.url}/`, { method: 'POST' });
    await post.body?.cancel();
    assert.equal(post.status, 405);
    const other = await fetch(`${fx.emu.url}/index.html`);
    await other.body?.cancel();
    assert.equal(other.status, 404);
  });
});
