import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import type { TextEdit } from 'vscode-languageserver-protocol';
import type { Emulator } from '../emulator/emulator';
import { at, pos, schema, sorted } from './featureHelpers';
import type { LspHarness } from './lspHarness';
import { serverOverEmulator } from './serverOverEmulator';

// Completion at the LSP boundary: the built server over stdio against the emulator. Expected
// values come from the emulator's store and the schema file, not from the server, so the two
// cannot agree on a mistake.

let emu: Emulator;
let lsp: LspHarness;
serverOverEmulator((started) => ({ emu, lsp } = started));

describe('completion', () => {
  test('top-level property names come from the schema, without present keys, required first', async () => {
    const uri = 'file:///ws/complete-keys.testcase.json';
    const text = '{\n  \n  "description": "no name yet"\n}';
    await lsp.open(uri, text);
    const items = await lsp.completion(uri, { line: 1, character: 2 });
    const expected = Object.keys(schema.properties).filter((k) => k !== '$schema' && k !== 'description');
    assert.deepEqual(items.map((i) => i.label).sort(), [...expected].sort());
    assert.ok(expected.includes('testStepList') && expected.includes('name'));
    const first = sorted(items)[0]!;
    assert.equal(first.label, 'name', 'the required field sorts first');
    assert.equal(first.detail, 'string (required)');
    assert.deepEqual(first.textEdit, {
      range: { start: { line: 1, character: 2 }, end: { line: 1, character: 2 } },
      newText: '"name": "$1"',
    });
    const steps = items.find((i) => i.label === 'testStepList')!;
    assert.equal(steps.detail, 'array');
    assert.equal((steps.documentation as { value: string }).value, schema.$defs.testCaseSteps.markdownDescription);
    assert.equal(steps.textEdit?.newText, '"testStepList": [$1]');
  });

  test('after "mobileDeviceId": the devices of the service: name, MSISDN, platform, test node; the id is inserted', async () => {
    const uri = 'file:///ws/complete-device.testcase.json';
    const text =
      '{\n  "name": "Device completion",\n  "traceFilters": [\n    { "mobileDeviceId": , "traceFilterId": 1 }\n  ]\n}';
    await lsp.open(uri, text);
    const cursor = pos(text, '"mobileDeviceId": ');
    const items = await lsp.completion(uri, cursor);
    const devices = emu.store.devices.all();
    assert.equal(items.length, devices.length);
    assert.deepEqual(
      items.map((i) => i.label),
      devices.map((d) => d.name),
    );
    for (const d of devices) {
      const item = items.find((i) => i.label === d.name)!;
      const node = emu.store.testNodes.get(d.testNodeId)!;
      assert.equal(item.detail, `${d.msisdn} · ${d.platformName} · ${node.name}`);
      assert.deepEqual(item.textEdit, { range: { start: cursor, end: cursor }, newText: String(d.id) });
    }
    assert.equal(items[0]!.label, 'Samsung Galaxy S24 Berlin 01');
    assert.equal(items[0]!.detail, '4917664861526 · Android · node-berlin-01');
  });

  test('after "traceFilterId": the trace filters of the service', async () => {
    const uri = 'file:///ws/complete-filter.testcase.json';
    const text =
      '{\n  "name": "Filter completion",\n  "traceFilters": [\n    { "mobileDeviceId": 1, "traceFilterId":  }\n  ]\n}';
    await lsp.open(uri, text);
    const cursor = pos(text, '"traceFilterId": ');
    const items = await lsp.completion(uri, cursor);
    const filters = emu.store.traceFilters.all();
    assert.equal(filters.length, 6);
    assert.deepEqual(
      items.map((i) => [i.label, i.detail, i.textEdit?.newText]),
      filters.map((f) => [f.name, f.filter, String(f.id)]),
    );
    assert.deepEqual(items[2]!.textEdit, { range: { start: cursor, end: cursor }, newText: '3' });
    assert.equal(items[2]!.label, 'DNS lookups');
  });

  test('after "disabled": true and false', async () => {
    const uri = 'file:///ws/complete-bool.testcase.json';
    const text = '{\n  "name": "Boolean completion",\n  "disabled": \n}';
    await lsp.open(uri, text);
    const cursor = pos(text, '"disabled": ');
    const items = await lsp.completion(uri, cursor);
    assert.deepEqual(
      items.map((i) => [i.label, i.textEdit?.newText, at((i.textEdit as TextEdit).range)]),
      [
        ['true', 'true', '2:14-2:14'],
        ['false', 'false', '2:14-2:14'],
      ],
    );
  });

  test('at an item position of testStepList: a step snippet', async () => {
    const uri = 'file:///ws/complete-step.testcase.json';
    const text = '{\n  "name": "Step completion",\n  "testStepList": [\n    \n  ]\n}';
    await lsp.open(uri, text);
    const items = await lsp.completion(uri, { line: 3, character: 4 });
    assert.deepEqual(
      items.map((i) => [i.label, i.kind, i.insertTextFormat, i.insertText]),
      [['New step', 15, 2, '{ "function": "${1:CALL}", "mobileDeviceId": ${2:1}, "params": {$3} }']],
    );
  });

  test('the step snippet is offered after a step with an empty params object (HANGUP)', async () => {
    const uri = 'file:///ws/complete-step-after-empty.testcase.json';
    const text =
      '{\n  "name": "Step completion 2",\n  "testStepList": [\n    { "function": "HANGUP", "mobileDeviceId": 1, "params": {} },\n    \n  ]\n}';
    await lsp.open(uri, text);
    const items = await lsp.completion(uri, { line: 4, character: 4 });
    assert.deepEqual(
      items.map((i) => i.label),
      ['New step'],
    );
  });

  test('an empty document: a new-test-case snippet that expands to a valid test case', async () => {
    const uri = 'file:///ws/complete-empty.testcase.json';
    await lsp.open(uri, '');
    const items = await lsp.completion(uri, { line: 0, character: 0 });
    assert.equal(items.length, 1);
    const [item] = items;
    assert.equal(item!.label, 'New test case');
    assert.equal(item!.insertTextFormat, 2);
    // Expand the snippet with its defaults, as an editor would, and validate the result.
    const expanded = item!.insertText!.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\{\d+\}|\$\d+/g, '');
    const value = JSON.parse(expanded);
    assert.equal(value.name, 'New test case');
    assert.deepEqual(value.testStepList, [{ function: 'WAIT', params: { seconds: 5 } }]);
    const expandedUri = 'file:///ws/complete-empty-expanded.testcase.json';
    await lsp.open(expandedUri, expanded);
    assert.deepEqual((await lsp.finalDiagnostics(expandedUri)).diagnostics, []);
  });

  test('inside the params of a CALL step: the parameter names the service lists for CALL', async () => {
    const uri = 'file:///ws/complete-params.testcase.json';
    const text =
      '{\n  "name": "Params completion",\n  "testStepList": [\n    { "function": "CALL", "mobileDeviceId": 1, "params": {  } },\n    { "function": "CALL", "params": { "target": "+4915112345678",  } }\n  ]\n}';
    await lsp.open(uri, text);
    const before = emu.requests.filter((r) => r.path === '/api/v2/functionparams').length;
    const items = await lsp.completion(uri, pos(text, '"params": { '));
    assert.deepEqual(
      items.map((i) => i.label),
      ['target', 'durationSeconds', 'codec'],
    );
    assert.deepEqual(
      items.map((i) => i.detail),
      ['string, required: CALL parameter', 'integer: CALL parameter', 'string: CALL parameter'],
    );
    assert.equal(sorted(items)[0]!.label, 'target', 'the required parameter sorts first');
    assert.equal((items[0]!.documentation as { value: string }).value, 'Number to call, E.164 (e.g. +4915112345678).');
    const calls = emu.requests.filter((r) => r.path === '/api/v2/functionparams');
    assert.equal(calls.length, before + 1);
    assert.equal(calls.at(-1)!.query, '?function=CALL');
    // A parameter already there is not offered again; the answer is cached.
    const second = await lsp.completion(uri, pos(text, '"+4915112345678", '));
    assert.deepEqual(
      second.map((i) => i.label),
      ['durationSeconds', 'codec'],
    );
    assert.equal(emu.requests.filter((r) => r.path === '/api/v2/functionparams').length, before + 1);
  });
});
