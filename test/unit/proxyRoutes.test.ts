import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { TasClient } from '../../server/src/core/api/client';
import { ApiError } from '../../server/src/core/api/errors';
import { createNetwork, type NetworkOptions } from '../../server/src/core/api/network';

// Which proxy a request goes through, as the failure words name it: the editor's settings before
// the variables, NO_PROXY's forms (a host, a domain with or without a leading dot or `*.`, a port,
// `*`), and the proxy shown without its credentials, which the scrubber learns instead.

async function routes(options: NetworkOptions, env: NodeJS.ProcessEnv, urls: string[]) {
  const network = createNetwork({ systemCertificates: false, ...options }, env);
  try {
    return { shown: urls.map((u) => network.routeFor(new URL(u))?.shown), secrets: network.secrets };
  } finally {
    await network.dispatcher.close();
  }
}

describe('proxy routes', () => {
  test('the setting wins over the variables, and is shown without user name or password', async () => {
    const r = await routes(
      { proxy: 'http://me:p%40ss@proxy.invalid:3128' },
      { HTTPS_PROXY: 'http://other.invalid:1' },
      ['https://tas.lab.invalid', 'http://tas.lab.invalid'],
    );
    assert.deepEqual(r.shown, ['http://proxy.invalid:3128', 'http://proxy.invalid:3128']);
    assert.ok(r.secrets.includes('p@ss') && r.secrets.includes('p%40ss'), r.secrets.join(' '));
  });

  test('lower-case variables; https falls back to HTTP_PROXY; the authorization header is a secret', async () => {
    const r = await routes({ proxyAuthorization: 'Basic c2VjcmV0' }, { http_proxy: 'http://plain.invalid:8080' }, [
      'https://tas.lab.invalid',
      'http://tas.lab.invalid',
    ]);
    assert.deepEqual(r.shown, ['http://plain.invalid:8080', 'http://plain.invalid:8080']);
    assert.deepEqual(r.secrets, ['Basic c2VjcmV0']);
  });

  test("NO_PROXY's forms send a host straight to it", async () => {
    const env = {
      HTTPS_PROXY: 'http://proxy.invalid:3128',
      NO_PROXY: 'direct.invalid, .lab.invalid *.corp.invalid:8443',
    };
    const r = await routes({}, env, [
      'https://direct.invalid',
      'https://a.direct.invalid',
      'https://tas.lab.invalid',
      'https://lab.invalid',
      'https://x.corp.invalid:8443',
      'https://x.corp.invalid',
      'https://notlab.invalid',
    ]);
    assert.deepEqual(r.shown, [
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      'http://proxy.invalid:3128',
      'http://proxy.invalid:3128',
    ]);
  });

  test('http.noProxy (given as the setting) replaces NO_PROXY, and * sends everything straight', async () => {
    const env = { HTTPS_PROXY: 'http://proxy.invalid:3128', NO_PROXY: 'tas.lab.invalid' };
    assert.deepEqual((await routes({ noProxy: 'other.invalid' }, env, ['https://tas.lab.invalid'])).shown, [
      'http://proxy.invalid:3128',
    ]);
    assert.deepEqual((await routes({ noProxy: '*' }, env, ['https://tas.lab.invalid'])).shown, [undefined]);
  });

  test('no proxy at all: no route', async () => {
    assert.deepEqual((await routes({}, {}, ['https://tas.lab.invalid'])).shown, [undefined]);
  });
});

describe('a proxy named in a way nobody can connect to', () => {
  test('host:port alone is http, as curl reads it', async () => {
    assert.deepEqual((await routes({}, { HTTPS_PROXY: 'proxy.invalid:3128' }, ['https://tas.lab.invalid'])).shown, [
      'http://proxy.invalid:3128',
    ]);
  });

  test('a value that is no URL: every call fails unsent, naming the variable and never the value', async () => {
    const client = new TasClient(
      { baseUrl: 'https://tas.lab.invalid', clientId: 'x', clientSecret: 'y' },
      { network: { proxy: 'http://me:s3cret@bad host:1' } },
    );
    try {
      await assert.rejects(
        client.projects.list(),
        (e: unknown) =>
          e instanceof ApiError &&
          e.kind === 'proxyUnreachable' &&
          e.attempts === 1 &&
          e.serviceMessage === 'the proxy setting is not a URL such as http://proxy.example:3128' &&
          !e.message.includes('s3cret'),
      );
    } finally {
      await client.close();
    }
  });
});
