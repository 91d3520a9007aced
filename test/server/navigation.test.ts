import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { DefinitionRequest, InlayHintRequest, type InlayHint, type Location } from 'vscode-languageserver-protocol';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, pos } from './featureHelpers';
import { LspHarness } from './lspHarness';

// Inlay hints after reference ids and Go to Definition from them, at the LSP boundary against the
// emulator: online, with the setting off, and offline. Names come from the emulator's store.

let emu: Emulator;
let lsp: LspHarness;

before(async () => {
  emu = await startEmulator();
  lsp = await LspHarness.start(credentials(emu));
});
after(async () => {
  assert.equal(await lsp.stop(), 0, lsp.stderr);
  await emu.close();
});

const whole = { start: { line: 0, character: 0 }, end: { line: 100, character: 0 } };
const hints = async (h: LspHarness, uri: string): Promise<InlayHint[]> => (await h.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri }, range: whole })) ?? [];
const label = (h: InlayHint) => (typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join(''));

function sample() {
  const device = emu.store.devices.all()[0]!;
  const filter = emu.store.traceFilters.all()[0]!;
  const client = emu.store.apiClients.all()[0]!;
  const text = [
    '{ "name": "Hints", "testStepList": [',
    `  { "function": "HTTP_REQUEST", "mobileDeviceId": ${device.id}, "params": { "apiClientId": ${client.id} } }`,
    `], "traceFilters": [ { "mobileDeviceId": ${device.id}, "traceFilterId": ${filter.id} } ] }`,
  ].join('\n');
  return { device, filter, client, text };
}

describe('inlay hints', () => {
  test('after mobileDeviceId (name and MSISDN), apiClientId and traceFilterId, at the end of the value', async () => {
    const { device, filter, client, text } = sample();
    const uri = 'file:///ws/hints.testcase.json';
    await lsp.open(uri, text);
    const got = await hints(lsp, uri);
    assert.deepEqual(
      got.map((h) => [h.position, label(h)]),
      [
        [pos(text, `"mobileDeviceId": ${device.id}`), `${device.name} · ${device.msisdn}`],
        [pos(text, `"apiClientId": ${client.id}`), client.name],
        [pos(text, `"traceFilters": [ { "mobileDeviceId": ${device.id}`), `${device.name} · ${device.msisdn}`],
        [pos(text, `"traceFilterId": ${filter.id}`), filter.name],
      ],
    );
    assert.ok(got.every((h) => h.paddingLeft === true));
  });

  test('tas.inlayHints.enabled false: none', async () => {
    const off = await LspHarness.start(credentials(emu), undefined, { inlayHints: { enabled: false } });
    try {
      await off.configured;
      const uri = 'file:///ws/hints-off.testcase.json';
      await off.open(uri, sample().text);
      await off.finalDiagnostics(uri);
      assert.deepEqual(await hints(off, uri), []);
    } finally {
      assert.equal(await off.stop(), 0, off.stderr);
    }
  });

  test('offline: none (no name is guessed)', async () => {
    const offline = await LspHarness.start();
    try {
      const uri = 'file:///ws/hints-offline.testcase.json';
      await offline.open(uri, sample().text);
      assert.deepEqual(await hints(offline, uri), []);
    } finally {
      assert.equal(await offline.stop(), 0, offline.stderr);
    }
  });
});

describe('Go to Definition', () => {
  test('in a single file: the read-only record view of each kind', async () => {
    const { device, filter, client, text } = sample();
    const uri = 'file:///ws/definition.testcase.json';
    await lsp.open(uri, text);
    const go = async (needle: string) => (await lsp.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: pos(text, needle) })) as Location | null;
    assert.equal((await go(`"mobileDeviceId": `))?.uri, `tas-remote:/mobileDevice/${device.id}.json`);
    assert.equal((await go(`"apiClientId": `))?.uri, `tas-remote:/apiClient/${client.id}.json`);
    assert.equal((await go(`"traceFilterId": `))?.uri, `tas-remote:/traceFilter/${filter.id}.json`);
    assert.equal(await go('"name": '), null);
  });

  test('in a bundle: the record the export carries in devices / apiClients', async () => {
    const text = [
      '[ { "name": "A", "testStepList": [ { "function": "HTTP_REQUEST", "mobileDeviceId": 7, "params": { "apiClientId": 3 } } ],',
      '    "devices": [ { "id": 7, "name": "Seven" } ],',
      '    "apiClients": [ { "id": 3, "name": "Three" } ] } ]',
    ].join('\n');
    const uri = 'file:///ws/definition.testcases.json';
    await lsp.open(uri, text);
    const go = async (needle: string) => (await lsp.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: pos(text, needle) })) as Location | null;
    assert.deepEqual(await go('"mobileDeviceId": '), { uri, range: { start: pos(text, '"devices": [ '), end: pos(text, '"name": "Seven" }') } });
    assert.deepEqual(await go('"apiClientId": '), { uri, range: { start: pos(text, '"apiClients": [ '), end: pos(text, '"name": "Three" }') } });
  });
});
