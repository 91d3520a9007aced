import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { startEchoingService, type EchoingService } from '../echoingService';
import { credentials, tas, tempDir } from './harness';

// Nothing tas prints shows a secret: a hostile stand-in on loopback echoes the bearer token and
// the client secret in its error bodies, raw and encoded; stdout and stderr, text and --json,
// must show none of it, however long or short the secret, and whatever is cut.

const TIMEOUT = { timeout: 30_000 };
const dir = tempDir('tas-cli-secrets-');
after(() => dir.remove());

const env = (url: string, clientSecret: string, clientId = 'stand-in-id') => ({
  TAS_BASE_URL: url,
  TAS_CLIENT_ID: clientId,
  TAS_CLIENT_SECRET: clientSecret,
});

/** Every form of a value a leak could take: raw, a prefix, JSON-escaped, URL-encoded, base64. */
function leaks(output: string, value: string): string[] {
  const forms = [
    value,
    value.slice(0, Math.min(40, value.length)),
    JSON.stringify(value).slice(1, -1),
    encodeURIComponent(value),
    Buffer.from(value).toString('base64').replace(/=+$/, ''),
  ];
  return forms.filter((f) => output.includes(f));
}

const COMMANDS: string[][] = [
  ['api', 'GET', 'devices'],
  ['api', 'GET', 'devices', '--json'],
  ['devices'],
  ['devices', '--json'],
  ['devices', '--verbose'],
];

describe('a service that echoes the bearer token', () => {
  let json: EchoingService;
  let plain: EchoingService;
  before(async () => {
    json = await startEchoingService();
    plain = await startEchoingService({ plain: true });
  });
  after(async () => {
    await json.close();
    await plain.close();
  });

  test(
    'a 500 body echoing a 4,000-character token: not a character of it on stdout or stderr, JSON or plain text',
    TIMEOUT,
    async () => {
      for (const service of [json, plain]) {
        for (const args of COMMANDS) {
          const r = await tas(args, { cwd: dir.path, env: env(service.url, 'stand-in-secret') });
          const out = r.stdout + r.stderr;
          assert.equal(r.code, 4, `${args.join(' ')}: ${out}`);
          assert.deepEqual(leaks(out, service.token), [], `${args.join(' ')} leaked the token: ${out.slice(0, 2000)}`);
          assert.match(out, /\[redacted\]/, `${args.join(' ')} still says what came back: ${out.slice(0, 500)}`);
        }
      }
    },
  );

  test('tas api prints the error body with the token replaced, and keeps the rest', TIMEOUT, async () => {
    const r = await tas(['api', 'GET', 'devices'], { cwd: dir.path, env: env(json.url, 'stand-in-secret') });
    const body = JSON.parse(r.stdout) as { message: string; request: { headers: { authorization: string } } };
    assert.equal(body.request.headers.authorization, '[redacted]');
    assert.match(body.message, /^cannot handle GET \/api\/v2\/devices for Bearer \[redacted\]$/);
  });
});

describe('a token error that echoes the client secret', () => {
  let service: EchoingService;
  before(async () => (service = await startEchoingService({ refuseToken: true })));
  after(async () => service.close());

  // Five characters, and one with characters every encoding changes.
  for (const secret of ['abc12', 'p"w/ \u00e9+9']) {
    test(
      `the secret ${JSON.stringify(secret)}, its encodings and the Basic auth pair never appear`,
      TIMEOUT,
      async () => {
        for (const args of COMMANDS) {
          const r = await tas(args, { cwd: dir.path, env: env(service.url, secret) });
          const out = r.stdout + r.stderr;
          assert.notEqual(r.code, 0, out);
          assert.deepEqual(leaks(out, secret), [], `${args.join(' ')} leaked the secret: ${out}`);
          assert.deepEqual(
            leaks(out, `stand-in-id:${secret}`),
            [],
            `${args.join(' ')} leaked the Basic auth pair: ${out}`,
          );
        }
        // What tas api shows of the refusal still reads.
        const r = await tas(['api', 'GET', 'devices'], { cwd: dir.path, env: env(service.url, secret) });
        assert.match(r.stdout, /"clientId": "stand-in-id"/);
        assert.match(r.stderr, /answered HTTP 400: invalid client secret "\[redacted\]"/);
      },
    );
  }
});

describe('records tas prints, by the one rule (core/secrets/rule.ts)', () => {
  let emu: Emulator;
  before(async () => (emu = await startEmulator()));
  after(async () => emu.close());

  test(
    "tas api shows an API client's auth parameters with the secret ones masked and the public ones kept",
    TIMEOUT,
    async () => {
      for (const path of ['apiclients', 'apiclients/3']) {
        const r = await tas(['api', 'GET', path], { cwd: dir.path, env: credentials(emu) });
        assert.equal(r.code, 0, r.stderr);
        assert.doesNotMatch(r.stdout, /demo-oauth-client-secret/);
        assert.match(r.stdout, /"client_secret": "\[redacted\]"/);
        assert.match(r.stdout, /"grant_type": "client_credentials"/);
        assert.match(r.stdout, /"name": "OAuth2 provisioning"/);
      }
    },
  );
});
