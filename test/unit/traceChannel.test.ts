import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import type * as vscode from 'vscode';
import { scrubbingChannel } from '../../client/src/traceChannel';
import { isSecretMember } from '../../server/src/core/secrets/rule';
import { secretPaths } from '../../server/src/core/secrets/secrets';

// The LSP trace goes through this channel: secrets never reach the log.

function traced(known: string[] = []): { channel: vscode.LogOutputChannel; lines: string[] } {
  const lines: string[] = [];
  const log = {
    name: 'log',
    logLevel: 1,
    onDidChangeLogLevel: () => ({ dispose() {} }),
    trace: (m: string) => lines.push(m),
  } as unknown as vscode.LogOutputChannel;
  return { channel: scrubbingChannel(log, () => known), lines };
}

// How vscode-languageclient writes a verbose trace: a line of words, then the JSON indented by 4.
const traceOf = (what: string, value: unknown) =>
  `[Trace - 10:00:00 AM] ${what}\nParams: ${JSON.stringify(value, null, 4)}\n\n`;

const bundleItem = {
  name: 'Call the billing API',
  testStepList: [{ function: 'HTTP_CALL', params: { apiClientId: 4, secret: 'step-secret-1', textRegex: '^ok' } }],
  apiClients: [
    {
      id: 4,
      username: 'svc-billing',
      password: 'client-pass-1',
      authParams: { grant_type: 'client_credentials', signingKey: 'signing-key-1', audience: 'billing' },
      headerParams: { 'X-Api-Key': 'api-key-value-1', Accept: 'application/json' },
    },
  ],
};

test('the trace scrubs a new device token value and the client secret by field name', () => {
  const { channel, lines } = traced();
  channel.trace(
    'Result: {\n    "ok": true,\n    "value": {\n        "deviceTokenValue": "tasdt_abc\\"def123"\n    }\n}',
  );
  channel.trace('Params: { "clientSecret": "s3cret-value" }');
  assert.doesNotMatch(lines.join('\n'), /tasdt_abc|def123|s3cret-value/);
  assert.match(lines[0]!, /"deviceTokenValue": "\[redacted\]"/);
});

test("the trace hides an API client's password, an auth parameter and an X-Api-Key header, and keeps the rest", () => {
  const { channel, lines } = traced();
  channel.trace(traceOf("Sending request 'tas/sync/import - (3)'.", { items: [bundleItem] }));
  const out = lines.join('\n');
  assert.doesNotMatch(out, /client-pass-1|signing-key-1|api-key-value-1|step-secret-1/);
  for (const kept of [
    'svc-billing',
    'client_credentials',
    '"audience": "billing"',
    'application/json',
    '^ok',
    "'tas/sync/import - (3)'",
  ])
    assert.ok(out.includes(kept), kept);
  // Only values change: the message keeps its layout.
  assert.equal(out.split('\n').length, traceOf('x', { items: [bundleItem] }).split('\n').length);
});

test('a document text inside a message is scrubbed too, and known values wherever they are', () => {
  const { channel, lines } = traced(['demo-admin-secret']);
  const text = JSON.stringify(bundleItem, null, 2);
  channel.trace(
    traceOf("Sending notification 'textDocument/didOpen'.", { textDocument: { uri: 'file:///a.testcase.json', text } }),
  );
  channel.trace('Received an echo of demo-admin-secret in words');
  const out = lines.join('\n');
  assert.doesNotMatch(out, /client-pass-1|signing-key-1|api-key-value-1|demo-admin-secret/);
  assert.match(out, /svc-billing/);
});

test('an export result and a record through the trace: every secret the rule names is hidden, the rest kept', () => {
  const { channel, lines } = traced(['demo-admin-secret']);
  const exported = {
    ok: true,
    value: {
      bundle: [
        {
          ...bundleItem,
          testStepList: [
            {
              function: 'HTTP_CALL',
              params: {
                apiClientId: 4,
                password: 'step-pass-2',
                token: 'step-token-2',
                apiToken: 'step-token-3',
                target: '+49151',
              },
            },
          ],
          apiClients: [
            {
              ...bundleItem.apiClients[0],
              authParams: { client_secret: 'oauth-secret-2', grant_type: 'client_credentials' },
              headerParams: { 'x-api-key': 'api-key-value-2', Authorization: ['Bearer t-2'] },
            },
          ],
        },
      ],
    },
  };
  channel.trace(traceOf("Received response 'tas/sync/export - (4)' in 12ms.", exported));
  // A record shown read-only comes as text holding JSON.
  channel.trace(
    traceOf("Received response 'tas/getRecord - (5)' in 3ms.", {
      ok: true,
      value: { title: 'API client 4', text: JSON.stringify(bundleItem.apiClients[0], null, 2) },
    }),
  );
  const out = lines.join('\n');
  assert.doesNotMatch(
    out,
    /step-pass-2|step-token-2|step-token-3|oauth-secret-2|api-key-value-2|Bearer t-2|client-pass-1|signing-key-1|api-key-value-1/,
  );
  for (const kept of ['+49151', 'client_credentials', 'svc-billing', 'API client 4'])
    assert.ok(out.includes(kept), kept);
});

test('the trace hides exactly what export replaces by placeholders: one rule', () => {
  const keys = [
    'apiToken',
    'x-api-key',
    'client_secret',
    'password',
    'dbPassword',
    'passwordPolicy',
    'X-Api-Key',
    'Accept',
    'token',
    'tokenEndpointForOAuth2',
    'clientSecret',
    'clientId',
    'deviceTokenValue',
    'Authorization',
    'username',
    'secret',
  ];
  for (const parent of ['params', 'authParams', 'headerParams']) {
    for (const key of keys) {
      const value = { [parent]: { [key]: 'value-1234567' } };
      const { channel, lines } = traced();
      channel.trace(JSON.stringify(value));
      const hidden = !lines[0]!.includes('value-1234567');
      const placeholder = secretPaths(value).length === 1;
      assert.equal(hidden, placeholder, `${parent}.${key}`);
      assert.equal(hidden, isSecretMember(key, parent), `${parent}.${key}`);
    }
  }
});
