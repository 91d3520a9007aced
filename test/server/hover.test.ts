import { strict as assert } from 'node:assert';
import { before, describe, test } from 'node:test';
import type { Emulator } from '../emulator/emulator';
import { deviceStatus } from '../emulator/resources/devices';
import { at, markdown, pos, rangeOf, schema } from './featureHelpers';
import { LspHarness } from './lspHarness';
import { serverOverEmulator } from './serverOverEmulator';

// Hover at the LSP boundary: the built server over stdio against the emulator (and without one).
// Expected values come from the emulator's store and the schema file, not from the server.

let emu: Emulator;
let lsp: LspHarness;
serverOverEmulator((started) => ({ emu, lsp } = started));

describe('hover', () => {
  const uri = 'file:///ws/hover.testcase.json';
  const text = [
    '{',
    '  "name": "Hover check",',
    '  "description": "Hovers on every kind of node.",',
    '  "testStepList": [',
    '    { "function": "CALL", "mobileDeviceId": 1, "params": { "target": "+4915170009005" } }',
    '  ],',
    '  "traceFilters": [',
    '    { "mobileDeviceId": 1, "traceFilterId": 3 }',
    '  ]',
    '}',
  ].join('\n');
  before(() => lsp.open(uri, text));

  test('on a field key: the schema description', async () => {
    const h = await lsp.hover(uri, pos(text, '"descr', 'after'));
    assert.equal(markdown(h), `**description**\n\n${schema.$defs.testCaseDescription.description}`);
    assert.equal(at(h!.range!), rangeOf(text, '"description"'));
  });

  test('on a mobileDeviceId value: the device card', async () => {
    const d = emu.store.devices.get(1)!;
    // On the value of the trace filter item's mobileDeviceId (line 7).
    const line = 7;
    assert.equal(text.split('\n')[line]!.indexOf('"mobileDeviceId": 1'), 6);
    const h = await lsp.hover(uri, { line, character: 24 });
    assert.equal(
      markdown(h),
      [
        `**${d.name}** (device 1)`,
        '',
        `- MSISDN: ${d.msisdn}`,
        `- IMSI: ${d.imsi}`,
        `- Platform: ${d.platformName}`,
        `- Test node: ${emu.store.testNodes.get(d.testNodeId)!.name}`,
        `- Model: ${emu.store.deviceModels.get(d.deviceModelId)!.name}`,
        `- Status: ${deviceStatus(emu.store, d, emu.now())}`,
      ].join('\n'),
    );
    assert.match(
      markdown(h),
      /^\*\*Samsung Galaxy S24 Berlin 01\*\* \(device 1\)\n\n- MSISDN: 4917664861526\n- IMSI: 262014287315660\n- Platform: Android\n- Test node: node-berlin-01\n- Model: Galaxy S24\n- Status: [A-Z]+$/,
    );
    assert.equal(at(h!.range!), `${line}:24-${line}:25`);
  });

  test('on a traceFilterId: its name and filter', async () => {
    const h = await lsp.hover(uri, pos(text, '"traceFilterId": '));
    assert.equal(markdown(h), '**DNS lookups** (trace filter 3)\n\nFilter: `dns`');
  });

  test("on a step's function value: the function's description and parameters", async () => {
    const h = await lsp.hover(uri, pos(text, '"function": "C'));
    assert.equal(
      markdown(h),
      [
        '**CALL**',
        '',
        'Place a voice call from the step device to a number and hold it.',
        '',
        'Parameters:',
        '- `target` (required): Number to call, E.164 (e.g. +4915112345678).',
        '- `durationSeconds`: How long to hold the call.',
        '- `codec`: Preferred codec: AMR-WB, EVS or AMR.',
      ].join('\n'),
    );
    assert.equal(at(h!.range!), rangeOf(text, '"CALL"'));
  });

  test("on a step parameter's key: the parameter", async () => {
    const h = await lsp.hover(uri, pos(text, '"targ'));
    assert.equal(
      markdown(h),
      '**target** (string, required): parameter of CALL\n\nNumber to call, E.164 (e.g. +4915112345678).',
    );
  });

  test('offline: the device hover says not verified, never "does not exist"', async () => {
    const offline = await LspHarness.start();
    try {
      await offline.open(uri, text);
      const h = await offline.hover(uri, pos(text, '"mobileDeviceId": '));
      assert.equal(
        markdown(h),
        '**Mobile device 1**\n\nNot verified: no service credentials are set. Run Test Automation: Sign In.',
      );
      const f = await offline.hover(uri, pos(text, '"traceFilterId": '));
      assert.equal(
        markdown(f),
        '**Trace filter 3**\n\nNot verified: no service credentials are set. Run Test Automation: Sign In.',
      );
      // Schema hovers need no service.
      const k = await offline.hover(uri, pos(text, '"descr'));
      assert.equal(markdown(k), `**description**\n\n${schema.$defs.testCaseDescription.description}`);
    } finally {
      assert.equal(await offline.stop(), 0);
    }
  });

  test('a device the service does not have: "does not exist" (online only)', async () => {
    const u = 'file:///ws/hover-unknown.testcase.json';
    const t = '{ "name": "Hover unknown", "traceFilters": [{ "mobileDeviceId": 999, "traceFilterId": 1 }] }';
    await lsp.open(u, t);
    const h = await lsp.hover(u, pos(t, '"mobileDeviceId": 9'));
    assert.equal(markdown(h), '**Mobile device 999** does not exist on the service.');
  });
});
