import { strict as assert } from 'node:assert';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { InlayHintRequest, type Diagnostic, type Hover, type InlayHint } from 'vscode-languageserver-protocol';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { byCode, credentials, msg, pos } from './featureHelpers';
import { LspHarness } from './lspHarness';

// A VPN that drops (issue 38): the built server over stdio reads the lists from the emulator, then
// the emulator goes away. Completion, hover and inlay hints still name the devices and step
// functions, marked with the time the lists were read; no reference turns into "not found"; a
// server started again while the service is away shows the same from the extension's storage.
// The lists' lifetime is 0 (tas.cache.ttlSeconds), so every feature asks the service again.

const SETTINGS = { cache: { ttlSeconds: 0 } };
const whole = { start: { line: 0, character: 0 }, end: { line: 100, character: 0 } };
const hoverText = (h: Hover | null) =>
  h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
const label = (h: InlayHint) => (typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join(''));

/** The "HH:MM" of every minute from `from` to `to`, as the server shows them (local time). */
function minutes(from: number, to: number): string[] {
  const out: string[] = [];
  for (let t = from - (from % 60_000); t <= to; t += 60_000) {
    const d = new Date(t);
    out.push(`${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`);
  }
  return out;
}

const CHECKED = [
  '{ "name": "Offline", "testStepList": [',
  '  { "function": "CALL", "mobileDeviceId": 1, "params": { "target": "+491234" } },',
  '  { "function": "WAIT", "mobileDeviceId": 999, "params": { "seconds": 1 } }',
  '], "traceFilters": [ { "mobileDeviceId": 1, "traceFilterId": 1 } ] }',
].join('\n');
const CHECKED_URI = 'file:///ws/offline/checked.testcase.json';
const DEVICE_URI = 'file:///ws/offline/device.testcase.json';
const DEVICE_TEXT = '{ "name": "Complete", "traceFilters": [ { "mobileDeviceId": , "traceFilterId": 1 } ] }';
const FUNCTION_URI = 'file:///ws/offline/function.testcase.json';
const FUNCTION_TEXT = '{ "name": "Complete", "testStepList": [ { "function": , "mobileDeviceId": 1 } ] }';

describe('a service that stops answering after the lists were read', () => {
  let emu: Emulator;
  let dir: string;
  let readFrom: number;
  let readTo: number;
  let deviceNames: string[];
  let lsp: LspHarness | undefined;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tas-offline-'));
    emu = await startEmulator();
    deviceNames = emu.store.devices.all().map((d) => d.name);
  });
  after(async () => {
    if (lsp) await lsp.stop();
    await emu.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A server with the editor's storage folder, its documents open. */
  async function server(): Promise<LspHarness> {
    const h = await LspHarness.start(credentials(emu), { storageFolder: dir }, SETTINGS);
    await h.configured;
    await h.open(CHECKED_URI, CHECKED);
    await h.open(DEVICE_URI, DEVICE_TEXT);
    await h.open(FUNCTION_URI, FUNCTION_TEXT);
    return h;
  }

  /** What every feature shows while the service is away, each marked with a time the lists were read in. */
  async function assertKept(h: LspHarness, version: number): Promise<void> {
    const times = minutes(readFrom, readTo);
    const mark = new RegExp(`as of (${times.join('|')}) \\(service unreachable\\)`, 'i');

    const devices = await h.completion(DEVICE_URI, pos(DEVICE_TEXT, '"mobileDeviceId": '));
    assert.deepEqual(
      devices.map((i) => i.label),
      deviceNames,
    );
    for (const item of devices) assert.match(item.detail ?? '', mark, item.label);

    const functions = await h.completion(FUNCTION_URI, pos(FUNCTION_TEXT, '"function": '));
    const call = functions.find((i) => i.label === 'CALL');
    assert.ok(call, JSON.stringify(functions.map((i) => i.label)));
    assert.match(call.detail ?? '', /^requires target/);
    assert.match(call.detail ?? '', mark);
    assert.equal(call.textEdit?.newText, '"CALL", "params": { "target": "$1" }');

    const device = await h.hover(CHECKED_URI, pos(CHECKED, '"mobileDeviceId": '));
    assert.match(hoverText(device), new RegExp(`\\*\\*${deviceNames[0]}\\*\\* \\(device 1\\)`));
    assert.match(hoverText(device), mark);
    const fn = await h.hover(CHECKED_URI, pos(CHECKED, '"function": "C'));
    assert.match(hoverText(fn), /\*\*CALL\*\*/);
    assert.match(hoverText(fn), /`target` \(required\)/);
    assert.match(hoverText(fn), mark);
    // The device the lists lack: not verified, never "does not exist".
    const unknown = await h.hover(CHECKED_URI, pos(CHECKED, '"mobileDeviceId": 9'));
    assert.match(hoverText(unknown), /Mobile device 999\*\*\n\nNot verified: /);

    const hints: InlayHint[] =
      (await h.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri: CHECKED_URI }, range: whole })) ??
      [];
    const first = emu.store.devices.get(1)!;
    const deviceHints = hints.filter((x) => label(x).startsWith(`${first.name} · ${first.msisdn}`));
    assert.equal(deviceHints.length, 2, JSON.stringify(hints));
    for (const x of deviceHints) {
      assert.match(label(x), new RegExp(`\\(as of (${times.join('|')})\\)$`));
      assert.match(typeof x.tooltip === 'string' ? x.tooltip : '', mark);
    }

    // The checks: nothing is "not found"; the id the lists lack is named, with their time.
    await h.change(CHECKED_URI, CHECKED + ' ', version);
    const ds: Diagnostic[] = (await h.finalDiagnostics(CHECKED_URI, version)).diagnostics;
    assert.deepEqual(byCode(ds, 'unknown-device'), [], JSON.stringify(ds));
    assert.deepEqual(byCode(ds, 'unknown-function'), []);
    const notes = byCode(ds, 'references-not-verified').map(msg);
    assert.ok(
      notes.some((m) => m.startsWith('References not verified: ')),
      JSON.stringify(notes),
    );
    const missing = notes.filter((m) => m.startsWith('Mobile device 999 is not in the list as of'));
    assert.equal(missing.length, 1, JSON.stringify(notes));
    assert.match(missing[0]!, mark);
    assert.ok(
      notes.every((m) => !m.includes('Mobile device 1 ')),
      JSON.stringify(notes),
    );
  }

  test('completion, hover, inlay hints and checks use the lists last read, marked with their time', async () => {
    lsp = await server();
    readFrom = Date.now();
    // Online: the lists and the step function are read (and kept).
    const online = (await lsp.finalDiagnostics(CHECKED_URI, 1)).diagnostics;
    assert.equal(byCode(online, 'unknown-device').length, 1, 'online, device 999 is unknown');
    const devices = await lsp.completion(DEVICE_URI, pos(DEVICE_TEXT, '"mobileDeviceId": '));
    assert.ok(devices.every((i) => !/as of/.test(i.detail ?? '')));
    await lsp.completion(FUNCTION_URI, pos(FUNCTION_TEXT, '"function": '));
    await lsp.hover(CHECKED_URI, pos(CHECKED, '"function": "C'));
    await lsp.completion(DEVICE_URI, pos(DEVICE_TEXT, '"mobileDeviceId": '));
    readTo = Date.now();

    await emu.close();
    await assertKept(lsp, 2);

    // Kept in the storage folder: no secret of the API clients, nor the service's credentials.
    assert.equal(await lsp.stop(), 0, lsp.stderr);
    lsp = undefined;
    const files = await readdir(join(dir, 'keptLists'));
    assert.equal(files.length, 1, JSON.stringify(files));
    const kept = await readFile(join(dir, 'keptLists', files[0]!), 'utf8');
    assert.ok(kept.includes(deviceNames[0]!));
    for (const secret of ['demo-api-password', 'demo-oauth-client-secret', credentials(emu).TAS_CLIENT_SECRET])
      assert.ok(!kept.includes(secret), secret);
  });

  test('a server started again while the service is away shows what was last known', async () => {
    lsp = await server();
    await assertKept(lsp, 2);
  });
});
