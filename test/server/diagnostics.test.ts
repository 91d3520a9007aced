import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { LspHarness } from './lspHarness';

// Diagnostics at the LSP boundary: the built server over stdio against the emulator.

const samples = resolve(__dirname, '../../../samples/workspace');
const sample = (name: string) => readFileSync(resolve(samples, name), 'utf8');
const byCode = (ds: Diagnostic[], code: string) => ds.filter((d) => d.code === code);
const msg = (d: Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);
const at = (d: Diagnostic) =>
  `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`;

let emu: Emulator;
let lsp: LspHarness;

before(async () => {
  emu = await startEmulator();
  lsp = await LspHarness.start({
    TAS_BASE_URL: emu.url,
    TAS_CLIENT_ID: DEMO_CREDENTIALS.admin.clientId,
    TAS_CLIENT_SECRET: DEMO_CREDENTIALS.admin.clientSecret,
  });
});
after(async () => {
  assert.equal(await lsp.stop(), 0, lsp.stderr);
  await emu.close();
});

describe('valid files', () => {
  test('the linked sample test case has no diagnostics once references are checked', async () => {
    const uri = 'file:///ws/voice-call-mo.testcase.json';
    await lsp.open(uri, sample('voice-call-mo.testcase.json'));
    const final = await lsp.finalDiagnostics(uri);
    assert.deepEqual(final.diagnostics, []);
  });

  test('a file of another name is not validated', async () => {
    await lsp.open('file:///ws/package.json', '{ "name": 1 }');
    await lsp.open('file:///ws/marker.testcase.json', '{}');
    await lsp.diagnostics('file:///ws/marker.testcase.json');
    assert.equal(lsp.published.get('file:///ws/package.json'), undefined);
  });
});

describe('the sample with mistakes', () => {
  const uri = 'file:///ws/broken-references.testcase.json';
  let ds: Diagnostic[];
  before(async () => {
    await lsp.open(uri, sample('broken-references.testcase.json'));
    ds = (await lsp.finalDiagnostics(uri)).diagnostics;
  });

  test('a wrong type is reported on the value, in plain words', () => {
    const [d] = byCode(ds, 'wrong-type');
    assert.ok(d, JSON.stringify(ds));
    assert.equal(d.message, `'disabled' must be true or false, not the text "no".`);
    assert.equal(at(d), '4:14-4:18');
    assert.equal(d.severity, 1);
    assert.equal(d.source, 'test-automation');
  });

  test('an unknown device is an error at each reference', () => {
    const unknown = byCode(ds, 'unknown-device');
    assert.equal(unknown.length, 2, JSON.stringify(unknown));
    for (const d of unknown) assert.match(msg(d), /^Mobile device 999 does not exist on the service\./);
    assert.deepEqual(unknown.map(at).sort(), ['6:52-6:55', '9:24-9:27']);
  });

  test('an unknown trace filter is an error on its id', () => {
    const [d] = byCode(ds, 'unknown-trace-filter');
    assert.equal(d?.message, 'Trace filter 77 does not exist on the service.');
    assert.equal(at(d), '9:46-9:48');
  });

  test('each malformed SIP code is marked inside the string', () => {
    const sip = byCode(ds, 'sip-codes');
    assert.deepEqual(
      sip.map((d) => d.message),
      [
        "'1830' is not a SIP status code: use three digits from 100 to 699.",
        "'OK' is not a SIP status code: use three digits from 100 to 699.",
      ],
    );
    assert.deepEqual(sip.map(at), ['12:51-12:55', '12:56-12:58']);
  });

  test('nothing else is reported', () => {
    assert.equal(ds.length, 6, JSON.stringify(ds.map((d) => d.message)));
  });
});

describe('schema diagnostics', () => {
  test('every schema error is reported, each on its own node, with a code', async () => {
    const uri = 'file:///ws/many.testcase.json';
    const text = JSON.stringify(
      {
        descripton: 'x',
        tags: 3,
        testStepList: [{ function: 'WAIT' }, 'not a step'],
        traceFilters: [{ mobileDeviceId: '1' }],
      },
      null,
      2,
    );
    await lsp.open(uri, text);
    const ds = (await lsp.diagnostics(uri)).diagnostics;
    const messages = ds.map((d) => `${String(d.code)}: ${msg(d)}`).sort();
    assert.deepEqual(messages, [
      "missing-field: Missing required field 'name'.",
      "missing-field: Missing required field 'traceFilterId'.",
      "unknown-field: Unknown field 'descripton'. Did you mean 'description'?",
      'wrong-type: \'mobileDeviceId\' must be a whole number, not the text "1".',
      "wrong-type: 'tags' must be text, not the number 3.",
      'wrong-type: Item 1 must be an object, not the text "not a step".',
    ]);
    const typo = ds.find((d) => d.code === 'unknown-field')!;
    assert.equal(at(typo), '1:2-1:14', 'the key, quotes included');
  });

  test('the whole file of the wrong type is named for what it is: a test case, or a bundle', async () => {
    await lsp.open('file:///ws/list.testcase.json', '[]');
    assert.deepEqual((await lsp.diagnostics('file:///ws/list.testcase.json')).diagnostics.map(msg), [
      'The test case must be an object, not a list.',
    ]);
    await lsp.open('file:///ws/object.testcases.json', '{"name": "x"}');
    assert.deepEqual((await lsp.diagnostics('file:///ws/object.testcases.json')).diagnostics.map(msg), [
      'The bundle must be a list, not an object.',
    ]);
  });

  test('a near miss is an error (a typo); a field the document does not describe is a warning, since exports keep them', async () => {
    const uri = 'file:///ws/unknown-fields.testcase.json';
    await lsp.open(
      uri,
      JSON.stringify({ name: 'Unknown fields', descripton: 'x', retryPolicy: { maxRetries: 1 } }, null, 2),
    );
    const ds = (await lsp.diagnostics(uri)).diagnostics.filter((d) => d.code === 'unknown-field');
    assert.deepEqual(
      ds.map((d) => [d.severity, msg(d)]),
      [
        [1, "Unknown field 'descripton'. Did you mean 'description'?"],
        [
          2,
          "Unknown field 'retryPolicy': the interface document does not describe it. It is kept and sent to the service as it is.",
        ],
      ],
    );
  });

  test('malformed JSON is a syntax diagnostic at the exact place, and the server keeps working', async () => {
    const uri = 'file:///ws/broken.testcase.json';
    await lsp.open(uri, '{\n  "name": "x",\n  "tags": \n}');
    const ds = (await lsp.diagnostics(uri)).diagnostics;
    assert.equal(ds.length, 1);
    assert.equal(ds[0]!.code, 'syntax');
    assert.equal(ds[0]!.message, 'A value is expected here.');
    assert.equal(at(ds[0]!), '3:0-3:1');
    await lsp.change(uri, '{ "name": "fixed" }', 2);
    const fixed = await lsp.diagnostics(uri, (p) => p.version === 2);
    assert.deepEqual(fixed.diagnostics, []);
  });

  test('a duplicate key is a warning on the repeat', async () => {
    const uri = 'file:///ws/dup.testcase.json';
    await lsp.open(uri, '{\n  "name": "Unique dup check",\n  "tags": "a",\n  "tags": "b"\n}');
    const ds = (await lsp.finalDiagnostics(uri)).diagnostics;
    const [d] = byCode(ds, 'duplicate-key');
    assert.equal(d?.severity, 2);
    assert.equal(at(d), '3:2-3:8');
  });
});

describe('live references', () => {
  test('a renamed device and a changed MSISDN are warnings carrying the new values', async () => {
    const uri = 'file:///ws/stale.testcase.json';
    const text = JSON.stringify(
      {
        name: 'Stale names check',
        traceFilters: [{ mobileDeviceId: 1, traceFilterId: 1, mobileDeviceName: 'Old name', msisdn: '4900000000' }],
      },
      null,
      2,
    );
    await lsp.open(uri, text);
    const ds = (await lsp.finalDiagnostics(uri)).diagnostics;
    const name = byCode(ds, 'stale-device-name')[0]!;
    assert.equal(name.message, "Device 1 is now named 'Samsung Galaxy S24 Berlin 01' on the service.");
    assert.equal(name.severity, 2);
    assert.equal((name.data as { replacement: string }).replacement, 'Samsung Galaxy S24 Berlin 01');
    assert.equal(byCode(ds, 'stale-msisdn')[0]?.message, 'Device 1 now has MSISDN 4917664861526 on the service.');
  });

  test('a name another test case has is a warning; an id the service lost is a warning', async () => {
    const uri = 'file:///ws/taken.testcase.json';
    await lsp.open(uri, JSON.stringify({ id: 99999, name: 'Voice call MO LTE #001' }));
    const ds = (await lsp.finalDiagnostics(uri)).diagnostics;
    assert.match(msg(byCode(ds, 'name-taken')[0]!), /^Test case 1 on the service already has the name/);
    assert.match(msg(byCode(ds, 'unlinked-id')[0]!), /^Test case 99999 no longer exists on the service/);
  });

  test('in a bundle, unknown test nodes and device models of device records are errors', async () => {
    const uri = 'file:///ws/export.testcases.json';
    const bundle = [
      {
        name: 'Bundle case',
        devices: [{ id: 1, name: 'Samsung Galaxy S24 Berlin 01', testNodeId: 77, deviceModelId: 88 }],
        apiClients: [],
      },
    ];
    await lsp.open(uri, JSON.stringify(bundle, null, 2));
    const ds = (await lsp.finalDiagnostics(uri)).diagnostics;
    assert.equal(byCode(ds, 'unknown-test-node')[0]?.message, 'Test node 77 does not exist on the service.');
    assert.equal(byCode(ds, 'unknown-device-model')[0]?.message, 'Device model 88 does not exist on the service.');
  });
});

describe('without the service', () => {
  test('no credentials: schema diagnostics still come, references say "not verified", never "not found"', async () => {
    const offline = await LspHarness.start();
    try {
      const uri = 'file:///ws/offline.testcase.json';
      await offline.open(uri, sample('broken-references.testcase.json'));
      const ds = (await offline.finalDiagnostics(uri)).diagnostics;
      const notVerified = byCode(ds, 'references-not-verified');
      assert.equal(notVerified.length, 1);
      assert.equal(notVerified[0]!.severity, 3);
      assert.match(msg(notVerified[0]!), /^References not verified: no service credentials are set/);
      assert.equal(byCode(ds, 'unknown-device').length, 0);
      assert.equal(byCode(ds, 'wrong-type').length, 1);
    } finally {
      await offline.stop();
    }
  });

  test('an unreachable service: one information diagnostic naming the reason', async () => {
    const down = await LspHarness.start({
      TAS_BASE_URL: 'http://127.0.0.1:9',
      TAS_CLIENT_ID: 'demo-admin',
      TAS_CLIENT_SECRET: 'demo-admin-secret',
    });
    try {
      const uri = 'file:///ws/down.testcase.json';
      await down.open(uri, sample('voice-call-mo.testcase.json'));
      const ds = (await down.finalDiagnostics(uri)).diagnostics;
      assert.equal(ds.length, 1);
      assert.equal(ds[0]!.code, 'references-not-verified');
      assert.match(msg(ds[0]!), /cannot reach the service at http:\/\/127\.0\.0\.1:9/);
      assert.ok(!msg(ds[0]!).includes('demo-admin-secret'));
    } finally {
      await down.stop();
    }
  });
});
