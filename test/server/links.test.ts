import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { parseRemoteUri } from '../../server/src/core/model/files';
import type { Emulator } from '../emulator/emulator';
import { at } from './featureHelpers';
import { LspHarness } from './lspHarness';
import { serverOverEmulator } from './serverOverEmulator';
import { value } from './outcomes';

// Document links and tas/getRecord at the LSP boundary: the built server over stdio against the
// emulator (and without one).

let emu: Emulator;
let lsp: LspHarness;
serverOverEmulator((started) => ({ emu, lsp } = started));

describe('document links and tas/getRecord', () => {
  const uri = 'file:///ws/links.testcase.json';
  const text = [
    '{',
    '  "id": 1,',
    '  "name": "Voice call MO LTE #001",',
    '  "testStepList": [',
    '    { "function": "CALL", "mobileDeviceId": 8, "params": {} }',
    '  ],',
    '  "traceFilters": [',
    '    { "mobileDeviceId": 1, "traceFilterId": 3 }',
    '  ],',
    '  "sipTraceFilters": [',
    '    { "mobileDeviceId": 12, "sipMessageCodes": "180" }',
    '  ]',
    '}',
  ].join('\n');

  test('mobileDeviceId, traceFilterId and the top-level id link to tas-remote records, on the values', async () => {
    await lsp.open(uri, text);
    const links = await lsp.documentLinks(uri);
    assert.deepEqual(
      links.map((l) => [l.target, at(l.range)]),
      [
        ['tas-remote:/testCase/1.json', '1:8-1:9'],
        ['tas-remote:/mobileDevice/1.json', '7:24-7:25'],
        ['tas-remote:/traceFilter/3.json', '7:44-7:45'],
        ['tas-remote:/mobileDevice/12.json', '10:24-10:26'],
        ['tas-remote:/mobileDevice/8.json', '4:44-4:45'],
      ],
    );
    assert.equal(links[1]!.tooltip, 'Open mobile device 1 from the service (read-only)');
  });

  test('tas/getRecord for a link target returns the record as JSON', async () => {
    const links = await lsp.documentLinks(uri);
    const device = parseRemoteUri(links[1]!.target!)!;
    assert.deepEqual(device, { kind: 'mobileDevice', id: 1 });
    const record = value(await lsp.getRecord(device.kind, device.id));
    assert.equal(record.title, 'Mobile device 1 (TAS_BASE_URL)');
    const body = JSON.parse(record.text);
    assert.equal(body.id, 1);
    assert.equal(body.name, 'Samsung Galaxy S24 Berlin 01');
    assert.equal(body.msisdn, '4917664861526');
    assert.ok(record.text.endsWith('}\n'));

    const filter = value(await lsp.getRecord('traceFilter', 3));
    assert.equal(filter.title, 'Trace filter 3 (TAS_BASE_URL)');
    assert.equal(JSON.parse(filter.text).filter, 'dns');
    const tc = value(await lsp.getRecord('testCase', 1));
    assert.equal(JSON.parse(tc.text).name, emu.store.testCases.get(1)!.name);
  });

  test('tas/getRecord for a record the service does not have fails in plain words', async () => {
    assert.deepEqual(await lsp.getRecord('mobileDevice', 999), {
      ok: false,
      error: {
        kind: 'notFound',
        message: `Could not open mobile device 999: it does not exist on the service at ${emu.url}. The service said: Mobile device 999 was not found`,
      },
    });
  });

  test('without credentials tas/getRecord fails saying so; links still come', async () => {
    const offline = await LspHarness.start();
    try {
      await offline.open(uri, text);
      assert.equal((await offline.documentLinks(uri)).length, 5);
      assert.deepEqual(await offline.getRecord('mobileDevice', 1), {
        ok: false,
        error: { kind: 'signedOut', message: 'No service credentials are set. Run Test Automation: Sign In.' },
      });
    } finally {
      assert.equal(await offline.stop(), 0);
    }
  });

  test('a document that is not valid JSON has no links, and the server answers', async () => {
    const u = 'file:///ws/links-broken.testcase.json';
    await lsp.open(u, '{ "id": 1, "traceFilters": [ { "mobileDeviceId": 1, ');
    assert.deepEqual(await lsp.documentLinks(u), []);
  });
});
