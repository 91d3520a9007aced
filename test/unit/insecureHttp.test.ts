import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { checkAdvice } from '../../client/src/connectionText';
import { changeBaseUrl, insecureOptIn, parseEnvironments, renameEnvironment } from '../../client/src/environmentList';
import { insecureHttpAllowed, isInsecureHttp, isLoopbackHost } from '../../server/src/core/api/baseUrl';

// Which base URLs would carry the credentials unencrypted across the network, and the opt-in.

describe('plain http to another machine', () => {
  test('loopback is this machine: localhost, 127.0.0.0/8, [::1], IPv4-mapped 127.x, however written', () => {
    for (const url of [
      'http://localhost:8080',
      'http://LOCALHOST.',
      'http://127.0.0.1',
      'http://127.8.9.10:80',
      'http://[::1]:3',
      'http://[0:0:0:0:0:0:0:1]',
      'http://[::ffff:127.0.0.1]',
      'http://2130706433',
      'http://0x7f.1',
    ]) {
      assert.ok(isLoopbackHost(new URL(url).hostname), url);
      assert.ok(!isInsecureHttp(url), url);
    }
  });

  test('anything else over http is insecure; https never is', () => {
    for (const url of [
      'http://tas.invalid',
      'http://10.0.0.1',
      'http://[::ffff:10.0.0.1]',
      'http://127.0.0.1.nip.io',
      'http://localhost.example.invalid',
      'http://[fe80::1]',
      ' http://tas.invalid/api/v2 ',
    ]) {
      assert.ok(isInsecureHttp(url), url);
    }
    for (const url of ['https://tas.invalid', 'https://10.0.0.1', 'not a url']) assert.ok(!isInsecureHttp(url), url);
  });

  test('TAS_ALLOW_INSECURE_HTTP opts in with 1 or true only', () => {
    for (const v of ['1', 'true', 'TRUE']) assert.ok(insecureHttpAllowed(v), v);
    for (const v of [undefined, '', '0', 'false', 'yes']) assert.ok(!insecureHttpAllowed(v), String(v));
  });

  test('the editor setting: only an explicit true opts in, and every edit keeps it', () => {
    const [lab, other, odd] = parseEnvironments([
      { name: 'lab', baseUrl: 'http://tas.invalid', allowInsecureHttp: true },
      { name: 'other', baseUrl: 'http://tas.invalid' },
      { name: 'odd', baseUrl: 'http://tas.invalid', allowInsecureHttp: 'true' },
    ]);
    assert.deepEqual(insecureOptIn(lab!), { allowInsecureHttp: true });
    assert.deepEqual(insecureOptIn(other!), {});
    assert.deepEqual(insecureOptIn(odd!), {});
    const renamed = renameEnvironment([lab!], 'lab', 'lab2');
    assert.equal(changeBaseUrl(renamed, 'lab2', 'http://tas2.invalid')[0]!.allowInsecureHttp, true);
  });

  test('the sign-in message says why and names the setting, and offers to change the URL', () => {
    const a = checkAdvice('insecureHttp', 'lab', 'http://tas.invalid');
    assert.match(
      a.message,
      /plain http to another machine.*nothing was sent.*"allowInsecureHttp": true to lab in the tas.environments setting/,
    );
    assert.deepEqual(a.steps, ['changeUrl']);
  });
});
