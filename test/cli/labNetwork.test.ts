import { strict as assert } from 'node:assert';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { LAB_HOST, startLabProxy } from '../labNetwork';
import { LAB_PROXY_PASSWORD, type ProxyLab, proxyUrlWith, startProxyLab } from '../proxyLab';
import { ATTEMPT } from '../noNetwork';
import { tas, tempDir } from './harness';

// tas on a company network (test/labNetwork.ts): the service is known by a name only the proxy
// resolves, and the no-network probe reports any lookup or connection beyond loopback. The proxy
// comes from the environment's variables, in either case; what fails is named, and the proxy's
// password is printed nowhere, --verbose included.

const TIMEOUT = { timeout: 30_000 };
const PROBE = `--require ${resolve(__dirname, '../noNetwork.js')}`;
const PASSWORD = LAB_PROXY_PASSWORD;
const dir = tempDir('tas-cli-lab-');
let lab: ProxyLab;

before(async () => {
  lab = await startProxyLab(dir.path);
});

after(async () => {
  await lab.close();
  dir.remove();
});

const env = (extra: NodeJS.ProcessEnv) => ({
  NODE_OPTIONS: PROBE,
  TAS_BASE_URL: `https://${LAB_HOST}`,
  TAS_CLIENT_ID: DEMO_CREDENTIALS.admin.clientId,
  TAS_CLIENT_SECRET: DEMO_CREDENTIALS.admin.clientSecret,
  ...extra,
});

describe('tas behind an authenticating proxy', () => {
  test(
    'HTTPS_PROXY with credentials: every request goes through it, and --verbose shows no password',
    TIMEOUT,
    async () => {
      lab.proxy.seen.length = 0;
      const r = await tas(['suites', '--verbose'], {
        cwd: dir.path,
        env: env({ HTTPS_PROXY: proxyUrlWith(lab.proxy.url, PASSWORD), NODE_EXTRA_CA_CERTS: lab.serviceCa.certFile }),
      });
      assert.equal(r.code, 0, r.stderr);
      assert.ok(!r.stderr.includes(ATTEMPT), `a request went around the proxy: ${r.stderr}`);
      assert.match(r.stderr, /POST \/api\/v2\/connect\/token 200/);
      assert.equal(lab.proxy.seen[0], `CONNECT ${LAB_HOST}:443`);
      assert.ok(!`${r.stdout}${r.stderr}`.includes(PASSWORD), 'the proxy password was printed');
    },
  );

  test('https_proxy in lower case is read too', TIMEOUT, async () => {
    lab.proxy.seen.length = 0;
    const r = await tas(['suites'], {
      cwd: dir.path,
      env: env({ https_proxy: proxyUrlWith(lab.proxy.url, PASSWORD), NODE_EXTRA_CA_CERTS: lab.serviceCa.certFile }),
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(lab.proxy.seen[0], `CONNECT ${LAB_HOST}:443`);
  });

  test('a wrong proxy password: exit 3, the proxy named as refusing its credentials, asked once', TIMEOUT, async () => {
    lab.proxy.seen.length = 0;
    const r = await tas(['suites', '--verbose'], {
      cwd: dir.path,
      env: env({
        HTTPS_PROXY: proxyUrlWith(lab.proxy.url, 'wrong-pa55word'),
        NODE_EXTRA_CA_CERTS: lab.serviceCa.certFile,
      }),
    });
    assert.equal(r.code, 3, r.stderr);
    assert.match(
      r.stderr,
      new RegExp(
        `the proxy ${lab.proxy.url.replace(/\./g, '\\.')} refused the proxy credentials \\(HTTP 407\\)\\. Check the proxy's user name and password \\(HTTPS_PROXY`,
      ),
    );
    assert.deepEqual(lab.proxy.seen, [`407 CONNECT ${LAB_HOST}:443`]);
    assert.ok(!`${r.stdout}${r.stderr}`.includes('wrong-pa55word'));
    assert.ok(!r.stderr.includes('Proxy response'), 'undici words reached the user');
  });

  test('a stopped proxy: exit 4, the proxy named, not TAS_BASE_URL', TIMEOUT, async () => {
    const stopped = await startLabProxy({});
    await stopped.close();
    const r = await tas(['suites'], { cwd: dir.path, env: env({ HTTPS_PROXY: proxyUrlWith(stopped.url, PASSWORD) }) });
    assert.equal(r.code, 4, r.stderr);
    assert.match(r.stderr, new RegExp(`the proxy ${stopped.url.replace(/\./g, '\\.')} refused the connection`));
    assert.match(r.stderr, /Check HTTPS_PROXY or HTTP_PROXY/);
    assert.ok(!r.stderr.includes('TAS_BASE_URL'), r.stderr);
    assert.ok(!r.stderr.includes(PASSWORD));
  });

  test('the service authority missing: exit 4, the host and the authority named, not retried', TIMEOUT, async () => {
    lab.proxy.seen.length = 0;
    const r = await tas(['suites'], {
      cwd: dir.path,
      env: env({ HTTPS_PROXY: proxyUrlWith(lab.proxy.url, PASSWORD) }),
    });
    assert.equal(r.code, 4, r.stderr);
    assert.match(
      r.stderr,
      new RegExp(
        `the certificate of ${LAB_HOST.replace(/\./g, '\\.')} is not trusted \\(\\w+\\): its authority "CN=TAS Lab Service Root CA, O=TAS Test Lab" is not among the authorities this machine trusts\\. Add that authority to the system's trust store, or set NODE_EXTRA_CA_CERTS`,
      ),
    );
    // The refused handshake and one look at the chain it was shown: no attempt after.
    assert.deepEqual(lab.proxy.seen, [`CONNECT ${LAB_HOST}:443`, `CONNECT ${LAB_HOST}:443`]);
    assert.ok(!/\n\s+at /.test(r.stderr), 'a stack trace was printed');
  });
});
