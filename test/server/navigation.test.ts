import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DefinitionRequest,
  InlayHintRequest,
  ReferencesRequest,
  WorkspaceSymbolRequest,
  type InlayHint,
  type Location,
  type SymbolInformation,
} from 'vscode-languageserver-protocol';
import type { Emulator } from '../emulator/emulator';
import { credentials, pos } from './featureHelpers';
import { LspHarness } from './lspHarness';
import { serverOverEmulator } from './serverOverEmulator';

// Inlay hints after reference ids and Go to Definition from them, at the LSP boundary against the
// emulator: online, with the setting off, and offline. Names come from the emulator's store.

let emu: Emulator;
let lsp: LspHarness;
serverOverEmulator((started) => ({ emu, lsp } = started));

const whole = { start: { line: 0, character: 0 }, end: { line: 100, character: 0 } };
const hints = async (h: LspHarness, uri: string): Promise<InlayHint[]> =>
  (await h.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri }, range: whole })) ?? [];
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
    const go = async (needle: string) =>
      (await lsp.connection.sendRequest(DefinitionRequest.type, {
        textDocument: { uri },
        position: pos(text, needle),
      })) as Location | null;
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
    const go = async (needle: string) =>
      (await lsp.connection.sendRequest(DefinitionRequest.type, {
        textDocument: { uri },
        position: pos(text, needle),
      })) as Location | null;
    assert.deepEqual(await go('"mobileDeviceId": '), {
      uri,
      range: { start: pos(text, '"devices": [ '), end: pos(text, '"name": "Seven" }') },
    });
    assert.deepEqual(await go('"apiClientId": '), {
      uri,
      range: { start: pos(text, '"apiClients": [ '), end: pos(text, '"name": "Three" }') },
    });
  });
});

describe('the workspace: Find All References and workspace symbols', () => {
  test("every use of an id in the workspace's test-case files, opened or not, and test cases by name", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tas-refs-'));
    try {
      mkdirSync(join(dir, 'sub'));
      mkdirSync(join(dir, 'node_modules'));
      const a =
        '{ "name": "Alpha call", "testStepList": [ { "function": "CALL", "mobileDeviceId": 4, "params": { "target": "+49" } } ] }';
      const b =
        '[ { "name": "Beta bundle", "testStepList": [ { "function": "HTTP_REQUEST", "mobileDeviceId": 5, "params": { "apiClientId": 2 } } ], "traceFilters": [ { "mobileDeviceId": 4, "traceFilterId": 1 } ] } ]';
      writeFileSync(join(dir, 'a.testcase.json'), a);
      writeFileSync(join(dir, 'sub', 'b.testcases.json'), b);
      writeFileSync(join(dir, 'node_modules', 'c.testcase.json'), a);
      writeFileSync(join(dir, 'notes.json'), a);
      const ws = await LspHarness.start(credentials(emu), undefined, undefined, {}, [pathToFileURL(dir).href]);
      try {
        const uriA = pathToFileURL(join(dir, 'a.testcase.json')).href;
        const uriB = pathToFileURL(join(dir, 'sub', 'b.testcases.json')).href;
        await ws.open(uriA, a);
        const refs =
          (await ws.connection.sendRequest(ReferencesRequest.type, {
            textDocument: { uri: uriA },
            position: pos(a, '"mobileDeviceId": '),
            context: { includeDeclaration: true },
          })) ?? [];
        const at = (uri: string, text: string, needle: string) => ({
          uri,
          range: {
            start: pos(text, needle),
            end: { ...pos(text, needle), character: pos(text, needle).character + 1 },
          },
        });
        assert.deepEqual(
          refs.map((l) => ({ uri: l.uri, range: l.range })).sort((x, y) => x.uri.localeCompare(y.uri)),
          [at(uriA, a, '"mobileDeviceId": '), at(uriB, b, '"traceFilters": [ { "mobileDeviceId": ')].sort((x, y) =>
            x.uri.localeCompare(y.uri),
          ),
        );
        const symbols = ((await ws.connection.sendRequest(WorkspaceSymbolRequest.type, { query: 'bet' })) ??
          []) as SymbolInformation[];
        assert.deepEqual(
          symbols.map((s) => [s.name, s.location.uri]),
          [['Beta bundle', uriB]],
        );
        const all = ((await ws.connection.sendRequest(WorkspaceSymbolRequest.type, { query: '' })) ??
          []) as SymbolInformation[];
        assert.deepEqual(all.map((s) => s.name).sort(), ['Alpha call', 'Beta bundle']);
      } finally {
        assert.equal(await ws.stop(), 0, ws.stderr);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
