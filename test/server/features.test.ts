import { SECRET_PLACEHOLDER } from '../../server/src/core/secrets/secrets';
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Command, CompletionItem, Diagnostic, Hover, Position, Range, TextEdit } from 'vscode-languageserver-protocol';
import { parseRemoteUri } from '../../server/src/core/model/files';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { deviceStatus } from '../emulator/resources/devices';
import { LspHarness } from './lspHarness';
import { value } from './outcomes';

// Completion, hover, quick fixes, document links and the custom requests at the LSP boundary:
// the built server over stdio against the emulator. Expected values come from the emulator's
// store and the schema file, not from the server, so the two cannot agree on a mistake.

const schema = JSON.parse(readFileSync(resolve(__dirname, '../../../schemas/testcase.schema.json'), 'utf8'));
const credentials = (emu: Emulator) => ({
  TAS_BASE_URL: emu.url,
  TAS_CLIENT_ID: DEMO_CREDENTIALS.admin.clientId,
  TAS_CLIENT_SECRET: DEMO_CREDENTIALS.admin.clientSecret,
});

const byCode = (ds: Diagnostic[], code: string) => ds.filter((d) => d.code === code);
const msg = (d: Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);
const at = (r: Range) => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
const markdown = (h: Hover | null): string => {
  assert.ok(h, 'a hover');
  const c = h.contents;
  assert.ok(typeof c === 'object' && 'kind' in c && c.kind === 'markdown', JSON.stringify(c));
  return c.value;
};
/** The position just after the first occurrence of `needle` (or at its start). */
function pos(text: string, needle: string, where: 'after' | 'start' = 'after'): Position {
  const i = text.indexOf(needle);
  assert.ok(i >= 0, `'${needle}' is in the text`);
  return TextDocument.create('file:///x', 'json', 0, text).positionAt(where === 'after' ? i + needle.length : i);
}
/** The range of the first occurrence of `needle`. */
function rangeOf(text: string, needle: string): string {
  const d = TextDocument.create('file:///x', 'json', 0, text);
  const i = text.indexOf(needle);
  assert.ok(i >= 0, `'${needle}' is in the text`);
  return at({ start: d.positionAt(i), end: d.positionAt(i + needle.length) });
}
/** The text after applying a code action's edits for `uri`. */
function applyAction(uri: string, text: string, action: CodeAction | Command): string {
  assert.ok('edit' in action && action.edit?.changes, JSON.stringify(action));
  const edits: TextEdit[] = action.edit.changes[uri] ?? [];
  assert.ok(edits.length > 0, 'the action edits this document');
  return TextDocument.applyEdits(TextDocument.create(uri, 'json', 0, text), edits);
}
const sorted = (items: CompletionItem[]) => [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));

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
    assert.deepEqual(first.textEdit, { range: { start: { line: 1, character: 2 }, end: { line: 1, character: 2 } }, newText: '"name": "$1"' });
    const steps = items.find((i) => i.label === 'testStepList')!;
    assert.equal(steps.detail, 'array');
    assert.equal((steps.documentation as { value: string }).value, schema.$defs.testCaseSteps.markdownDescription);
    assert.equal(steps.textEdit?.newText, '"testStepList": [$1]');
  });

  test('after "mobileDeviceId": the devices of the service: name, MSISDN, platform, test node; the id is inserted', async () => {
    const uri = 'file:///ws/complete-device.testcase.json';
    const text = '{\n  "name": "Device completion",\n  "traceFilters": [\n    { "mobileDeviceId": , "traceFilterId": 1 }\n  ]\n}';
    await lsp.open(uri, text);
    const cursor = pos(text, '"mobileDeviceId": ');
    const items = await lsp.completion(uri, cursor);
    const devices = emu.store.devices.all();
    assert.equal(items.length, devices.length);
    assert.deepEqual(items.map((i) => i.label), devices.map((d) => d.name));
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
    const text = '{\n  "name": "Filter completion",\n  "traceFilters": [\n    { "mobileDeviceId": 1, "traceFilterId":  }\n  ]\n}';
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
    const text = '{\n  "name": "Step completion 2",\n  "testStepList": [\n    { "function": "HANGUP", "mobileDeviceId": 1, "params": {} },\n    \n  ]\n}';
    await lsp.open(uri, text);
    const items = await lsp.completion(uri, { line: 4, character: 4 });
    assert.deepEqual(items.map((i) => i.label), ['New step']);
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
    const text = '{\n  "name": "Params completion",\n  "testStepList": [\n    { "function": "CALL", "mobileDeviceId": 1, "params": {  } },\n    { "function": "CALL", "params": { "target": "+4915112345678",  } }\n  ]\n}';
    await lsp.open(uri, text);
    const before = emu.requests.filter((r) => r.path === '/api/v2/functionparams').length;
    const items = await lsp.completion(uri, pos(text, '"params": { '));
    assert.deepEqual(items.map((i) => i.label), ['target', 'durationSeconds', 'codec']);
    assert.deepEqual(items.map((i) => i.detail), ['string, required: CALL parameter', 'integer: CALL parameter', 'string: CALL parameter']);
    assert.equal(sorted(items)[0]!.label, 'target', 'the required parameter sorts first');
    assert.equal((items[0]!.documentation as { value: string }).value, 'Number to call, E.164 (e.g. +4915112345678).');
    const calls = emu.requests.filter((r) => r.path === '/api/v2/functionparams');
    assert.equal(calls.length, before + 1);
    assert.equal(calls.at(-1)!.query, '?function=CALL');
    // A parameter already there is not offered again; the answer is cached.
    const second = await lsp.completion(uri, pos(text, '"+4915112345678", '));
    assert.deepEqual(second.map((i) => i.label), ['durationSeconds', 'codec']);
    assert.equal(emu.requests.filter((r) => r.path === '/api/v2/functionparams').length, before + 1);
  });
});

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
    assert.match(markdown(h), /^\*\*Samsung Galaxy S24 Berlin 01\*\* \(device 1\)\n\n- MSISDN: 4917664861526\n- IMSI: 262014287315660\n- Platform: Android\n- Test node: node-berlin-01\n- Model: Galaxy S24\n- Status: [A-Z]+$/);
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
    assert.equal(markdown(h), '**target** (string, required): parameter of CALL\n\nNumber to call, E.164 (e.g. +4915112345678).');
  });

  test('offline: the device hover says not verified, never "does not exist"', async () => {
    const offline = await LspHarness.start();
    try {
      await offline.open(uri, text);
      const h = await offline.hover(uri, pos(text, '"mobileDeviceId": '));
      assert.equal(markdown(h), '**Mobile device 1**\n\nNot verified: no service credentials are set. Run Test Automation: Sign In.');
      const f = await offline.hover(uri, pos(text, '"traceFilterId": '));
      assert.equal(markdown(f), '**Trace filter 3**\n\nNot verified: no service credentials are set. Run Test Automation: Sign In.');
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

describe('code actions', () => {
  const actionsFor = async (uri: string, d: Diagnostic) => lsp.codeActions(uri, d.range, [d]);

  test('a stale device name: the quick fix writes the new name', async () => {
    const uri = 'file:///ws/fix-stale.testcase.json';
    const text = JSON.stringify({ name: 'Fix stale name', traceFilters: [{ mobileDeviceId: 1, traceFilterId: 1, mobileDeviceName: 'Old name' }] }, null, 2);
    await lsp.open(uri, text);
    const ds = (await lsp.finalDiagnostics(uri)).diagnostics;
    assert.equal(ds.length, 1, JSON.stringify(ds));
    const [d] = byCode(ds, 'stale-device-name');
    assert.ok(d);
    assert.equal(at(d.range), rangeOf(text, '"Old name"'));
    const actions = await actionsFor(uri, d);
    assert.equal(actions.length, 1);
    assert.equal(actions[0]!.title, 'Update to "Samsung Galaxy S24 Berlin 01"');
    assert.equal((actions[0] as CodeAction).kind, 'quickfix');
    assert.equal((actions[0] as CodeAction).isPreferred, true);
    const fixed = applyAction(uri, text, actions[0]!);
    assert.equal(fixed, text.replace('"Old name"', '"Samsung Galaxy S24 Berlin 01"'));
    await lsp.change(uri, fixed, 2);
    assert.deepEqual((await lsp.finalDiagnostics(uri, 2)).diagnostics, []);
  });

  test('an unknown device whose item stores the MSISDN of an existing device: the fix uses that device, first of the choices', async () => {
    const uri = 'file:///ws/fix-unknown.testcase.json';
    const device8 = emu.store.devices.get(8)!;
    const text = JSON.stringify({ name: 'Fix unknown device', traceFilters: [{ mobileDeviceId: 999, traceFilterId: 2, msisdn: device8.msisdn }] }, null, 2);
    await lsp.open(uri, text);
    const ds = (await lsp.finalDiagnostics(uri)).diagnostics;
    assert.equal(ds.length, 1, JSON.stringify(ds));
    const [d] = byCode(ds, 'unknown-device');
    assert.ok(d);
    assert.equal(d.message, `Mobile device 999 does not exist on the service. Did you mean 8 (${device8.name})?`);
    assert.equal(at(d.range), rangeOf(text, '999'));
    const actions = await actionsFor(uri, d);
    assert.equal(actions.length, 5);
    assert.equal(actions[0]!.title, `Use device ${JSON.stringify(device8.name)} (id 8)`);
    assert.deepEqual(actions.map((a) => (a as CodeAction).isPreferred), [true, false, false, false, false]);
    const fixed = applyAction(uri, text, actions[0]!);
    assert.deepEqual(JSON.parse(fixed).traceFilters, [{ mobileDeviceId: 8, traceFilterId: 2, msisdn: device8.msisdn }]);
    await lsp.change(uri, fixed, 2);
    assert.deepEqual((await lsp.finalDiagnostics(uri, 2)).diagnostics, []);
  });

  test('an unknown device with nothing to go by (the sample\'s 999): one fix per device of the service, at most five', async () => {
    const uri = 'file:///ws/fix-unknown-bare.testcase.json';
    const text = JSON.stringify({ name: 'Fix bare unknown device', testStepList: [{ function: 'CALL', mobileDeviceId: 999 }] }, null, 2);
    await lsp.open(uri, text);
    const [d] = byCode((await lsp.finalDiagnostics(uri)).diagnostics, 'unknown-device');
    assert.ok(d);
    const devices = emu.store.devices.all().sort((a, b) => a.id - b.id).slice(0, 5);
    const actions = await actionsFor(uri, d);
    assert.deepEqual(actions.map((a) => a.title), devices.map((x) => `Use device ${JSON.stringify(x.name)} (id ${x.id})`));
    assert.ok(actions.every((a) => (a as CodeAction).isPreferred === false), 'a guess is not preferred');
    const fixed = applyAction(uri, text, actions[2]!);
    assert.equal(JSON.parse(fixed).testStepList[0].mobileDeviceId, devices[2]!.id);
    await lsp.change(uri, fixed, 2);
    assert.deepEqual(byCode((await lsp.finalDiagnostics(uri, 2)).diagnostics, 'unknown-device'), []);
  });

  test('an unknown device whose trace item stores a misspelt name: the closest names come first, for the step too', async () => {
    const uri = 'file:///ws/fix-unknown-named.testcase.json';
    const device8 = emu.store.devices.get(8)!;
    const misspelt = device8.name.slice(0, -1) + 'X';
    const text = JSON.stringify(
      {
        name: 'Fix unknown named device',
        testStepList: [{ function: 'CALL', mobileDeviceId: 999 }],
        traceFilters: [{ mobileDeviceId: 999, traceFilterId: 2, mobileDeviceName: misspelt }],
      },
      null,
      2,
    );
    await lsp.open(uri, text);
    const ds = byCode((await lsp.finalDiagnostics(uri)).diagnostics, 'unknown-device');
    assert.equal(ds.length, 2);
    for (const d of ds) {
      const actions = await actionsFor(uri, d);
      assert.equal(actions[0]!.title, `Use device ${JSON.stringify(device8.name)} (id 8)`);
      assert.equal((actions[0] as CodeAction).isPreferred, true);
    }
  });

  test('"disabled": "no": the fix writes false, and the result is valid', async () => {
    const uri = 'file:///ws/fix-boolean.testcase.json';
    const text = '{\n  "name": "Fix boolean",\n  "disabled": "no"\n}';
    await lsp.open(uri, text);
    const [d] = byCode((await lsp.finalDiagnostics(uri)).diagnostics, 'wrong-type');
    assert.ok(d);
    assert.equal(at(d.range), rangeOf(text, '"no"'));
    const actions = await actionsFor(uri, d);
    assert.deepEqual(actions.map((a) => a.title), ['Replace with false']);
    const fixed = applyAction(uri, text, actions[0]!);
    assert.equal(fixed, text.replace('"no"', 'false'));
    await lsp.change(uri, fixed, 2);
    assert.deepEqual((await lsp.finalDiagnostics(uri, 2)).diagnostics, []);
  });

  for (const [codes, bad, title, after] of [
    ['180,1830,OK', '1830', "Remove '1830' from the list", '180,OK'],
    ['180, 1830, 200', '1830', "Remove '1830' from the list", '180, 200'],
    ['abc, 180, 200', 'abc', "Remove 'abc' from the list", '180, 200'],
    ['180, 200, 9', '9', "Remove '9' from the list", '180, 200'],
    ['180,200,200', '200"', "Remove '200' from the list", '180,200'],
  ] as const) {
    test(`sipMessageCodes "${codes}": the fix removes '${bad.replace('"', '')}' and keeps the list tidy`, async () => {
      const uri = `file:///ws/fix-sip-${encodeURIComponent(codes)}.testcase.json`;
      const text = JSON.stringify({ name: `Fix SIP ${codes}`, sipTraceFilters: [{ mobileDeviceId: 1, sipMessageCodes: codes }] }, null, 2);
      await lsp.open(uri, text);
      const ds = byCode((await lsp.finalDiagnostics(uri)).diagnostics, 'sip-codes');
      // The last occurrence: for a duplicate, the second one is flagged.
      const offset = text.lastIndexOf(bad.replace('"', ''), text.lastIndexOf(codes) + codes.length);
      const doc = TextDocument.create(uri, 'json', 0, text);
      const d = ds.find((x) => doc.offsetAt(x.range.start) === offset);
      assert.ok(d, JSON.stringify(ds));
      const actions = await actionsFor(uri, d);
      assert.deepEqual(actions.map((a) => a.title), [title]);
      const fixed = applyAction(uri, text, actions[0]!);
      assert.equal(JSON.parse(fixed).sipTraceFilters[0].sipMessageCodes, after);
      const where = text.lastIndexOf(codes);
      assert.equal(fixed, text.slice(0, where) + after + text.slice(where + codes.length), 'nothing else changes');
    });
  }

  test('a lone bad SIP code gets no removal: an empty list would be wrong too', async () => {
    const uri = 'file:///ws/fix-sip-lone.testcase.json';
    const text = JSON.stringify({ name: 'Lone SIP code', sipTraceFilters: [{ mobileDeviceId: 1, sipMessageCodes: 'OK' }] }, null, 2);
    await lsp.open(uri, text);
    const [d] = byCode((await lsp.finalDiagnostics(uri)).diagnostics, 'sip-codes');
    assert.ok(d);
    assert.deepEqual(await actionsFor(uri, d), []);
  });

  test('an unknown field "descripton": the fix renames it', async () => {
    const uri = 'file:///ws/fix-typo.testcase.json';
    const text = '{\n  "name": "Fix typo",\n  "descripton": "spelt wrong"\n}';
    await lsp.open(uri, text);
    const ds = (await lsp.finalDiagnostics(uri)).diagnostics;
    assert.equal(ds.length, 1, JSON.stringify(ds));
    const [d] = byCode(ds, 'unknown-field');
    assert.equal(at(d!.range), '2:2-2:14');
    const actions = await actionsFor(uri, d!);
    assert.deepEqual(actions.map((a) => a.title), ["Rename to 'description'"]);
    const fixed = applyAction(uri, text, actions[0]!);
    assert.equal(fixed, '{\n  "name": "Fix typo",\n  "description": "spelt wrong"\n}');
    await lsp.change(uri, fixed, 2);
    assert.deepEqual((await lsp.finalDiagnostics(uri, 2)).diagnostics, []);
  });

  for (const [label, text] of [
    ['with other fields', '{\n  "description": "no name yet",\n  "tags": "voice"\n}'],
    ['in an empty object', '{}'],
  ] as const) {
    test(`a missing required "name" ${label}: the fix inserts it, and the result is valid`, async () => {
      const uri = `file:///ws/fix-missing-${text.length}.testcase.json`;
      await lsp.open(uri, text);
      const ds = (await lsp.finalDiagnostics(uri)).diagnostics;
      const [d] = byCode(ds, 'missing-field');
      assert.equal(d?.message, "Missing required field 'name'.");
      const actions = await actionsFor(uri, d);
      assert.deepEqual(actions.map((a) => a.title), ["Add missing field 'name'"]);
      const fixed = applyAction(uri, text, actions[0]!);
      const value = JSON.parse(fixed);
      assert.equal(value.name, '');
      assert.deepEqual(Object.keys(value), ['name', ...Object.keys(JSON.parse(text))]);
      // Re-opened, it passes the schema: the missing-field diagnostic is gone, and nothing new.
      const again = `file:///ws/fix-missing-${text.length}-fixed.testcase.json`;
      await lsp.open(again, fixed);
      const after = (await lsp.finalDiagnostics(again)).diagnostics;
      assert.deepEqual(after.map((x) => x.code), []);
    });
  }

  test('a missing required field inside a trace filter item: inserted into that item', async () => {
    const uri = 'file:///ws/fix-missing-nested.testcase.json';
    const text = '{\n  "name": "Nested missing",\n  "traceFilters": [\n    { "mobileDeviceId": 1 }\n  ]\n}';
    await lsp.open(uri, text);
    const ds = (await lsp.finalDiagnostics(uri)).diagnostics;
    const [d] = byCode(ds, 'missing-field');
    assert.equal(d?.message, "Missing required field 'traceFilterId'.");
    const actions = await actionsFor(uri, d);
    assert.deepEqual(actions.map((a) => a.title), ["Add missing field 'traceFilterId'"]);
    const fixed = applyAction(uri, text, actions[0]!);
    assert.deepEqual(JSON.parse(fixed).traceFilters[0], { traceFilterId: 0, mobileDeviceId: 1 });
    await lsp.change(uri, fixed, 2);
    const after = (await lsp.finalDiagnostics(uri, 2)).diagnostics;
    assert.equal(byCode(after, 'missing-field').length, 0, JSON.stringify(after));
    // The placeholder 0 is no trace filter: what is left points at it, for the author to fill in.
    const placeholder = at({ start: pos(fixed, '"traceFilterId": '), end: pos(fixed, '"traceFilterId": 0') });
    assert.deepEqual(after.map((x) => [x.code, at(x.range)]), [
      ['invalid-value', placeholder],
      ['unknown-trace-filter', placeholder],
    ]);
  });

  test('a password in plain text: a warning on the value, fixed by the placeholder, which then validates cleanly', async () => {
    const uri = 'file:///ws/fix-secret.testcase.json';
    const text = '{\n  "name": "Fix secret",\n  "testStepList": [\n    { "function": "WAIT", "params": { "seconds": "5", "password": "hunter2", "apiKey": "${env.KEY}" } }\n  ]\n}';
    await lsp.open(uri, text);
    const found = byCode((await lsp.finalDiagnostics(uri)).diagnostics, 'plaintext-secret');
    assert.equal(found.length, 1, 'a variable reference is not a plaintext secret');
    const [d] = found;
    assert.equal(at(d!.range), rangeOf(text, '"hunter2"'));
    assert.equal(d!.severity, 2);
    assert.doesNotMatch(JSON.stringify(d), /hunter2/);
    const actions = await actionsFor(uri, d!);
    assert.deepEqual(actions.map((a) => a.title), ['Replace the secret with a placeholder']);
    const fixed = applyAction(uri, text, actions[0]!);
    assert.equal(fixed, text.replace('"hunter2"', JSON.stringify(SECRET_PLACEHOLDER)));
    await lsp.change(uri, fixed, 2);
    assert.deepEqual(byCode((await lsp.finalDiagnostics(uri, 2)).diagnostics, 'plaintext-secret'), []);
  });

  test('diagnostics without a fix get no action', async () => {
    const uri = 'file:///ws/fix-none.testcase.json';
    const text = '{ "name": "No fix", "tags": 3 }';
    await lsp.open(uri, text);
    const [d] = (await lsp.finalDiagnostics(uri)).diagnostics;
    assert.equal(d?.code, 'wrong-type');
    assert.deepEqual(await actionsFor(uri, d), []);
  });
});

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
      error: { kind: 'notFound', message: `Could not open mobile device 999: it does not exist on the service at ${emu.url}. The service said: Mobile device 999 was not found` },
    });
  });

  test('without credentials tas/getRecord fails saying so; links still come', async () => {
    const offline = await LspHarness.start();
    try {
      await offline.open(uri, text);
      assert.equal((await offline.documentLinks(uri)).length, 5);
      assert.deepEqual(await offline.getRecord('mobileDevice', 1), { ok: false, error: { kind: 'signedOut', message: 'No service credentials are set. Run Test Automation: Sign In.' } });
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

describe('tas/refresh', () => {
  test('a device renamed on the service: cached until refresh, then the open document shows the stale name', async () => {
    const own = await startEmulator();
    const server = await LspHarness.start(credentials(own));
    try {
      const uri = 'file:///ws/refresh.testcase.json';
      const text = JSON.stringify(
        { name: 'Refresh check', traceFilters: [{ mobileDeviceId: 2, traceFilterId: 1, mobileDeviceName: 'Google Pixel 8 Munich 02' }] },
        null,
        2,
      );
      await server.open(uri, text);
      assert.deepEqual((await server.finalDiagnostics(uri)).diagnostics, []);
      const deviceLists = () => own.requests.filter((r) => r.method === 'GET' && r.path === '/api/v2/mobiledevices').length;
      assert.equal(deviceLists(), 1);

      own.store.devices.get(2)!.name = 'Pixel 8 renamed';
      // An edit revalidates from the cache: the rename is not seen yet.
      await server.change(uri, text + '\n', 2);
      assert.deepEqual((await server.finalDiagnostics(uri, 2)).diagnostics, []);
      assert.equal(deviceLists(), 1);

      const mark = server.mark(uri);
      const result = value(await server.refresh());
      assert.deepEqual(result, { devices: 20, traceFilters: 6, testCases: 50 });
      assert.equal(deviceLists(), 2);
      const revalidated = await server.diagnosticsAfter(uri, mark, (p) => p.diagnostics.length > 0);
      assert.equal(revalidated.version, 2);
      assert.deepEqual(
        revalidated.diagnostics.map((d) => [d.code, d.message, d.severity]),
        [['stale-device-name', "Device 2 is now named 'Pixel 8 renamed' on the service.", 2]],
      );
      assert.equal(at(revalidated.diagnostics[0]!.range), rangeOf(text, '"Google Pixel 8 Munich 02"'));
    } finally {
      assert.equal(await server.stop(), 0);
      await own.close();
    }
  });
});

describe('tas/setEnvironment', () => {
  test('no env at start, then an environment: "not verified" becomes real reference diagnostics; null goes back', async () => {
    const server = await LspHarness.start();
    try {
      const uri = 'file:///ws/set-env.testcase.json';
      const text = JSON.stringify({ name: 'Set environment check', traceFilters: [{ mobileDeviceId: 999, traceFilterId: 1 }] }, null, 2);
      await server.open(uri, text);
      const offline = (await server.finalDiagnostics(uri)).diagnostics;
      assert.deepEqual(offline.map((d) => [d.code, d.severity]), [['references-not-verified', 3]]);
      assert.match(msg(offline[0]!), /^References not verified: no service credentials are set/);

      let mark = server.mark(uri);
      await server.setEnvironment({ name: 'emulator', baseUrl: emu.url, ...DEMO_CREDENTIALS.admin });
      const online = await server.diagnosticsAfter(uri, mark, (p) => p.diagnostics.some((d) => d.code === 'unknown-device'));
      assert.deepEqual(online.diagnostics.map((d) => [d.code, at(d.range)]), [['unknown-device', rangeOf(text, '999')]]);
      const h = await server.hover(uri, pos(text, '"traceFilterId": '));
      assert.equal(markdown(h), '**SIP signalling** (trace filter 1)\n\nFilter: `sip`');
      assert.equal(value(await server.getRecord('mobileDevice', 1)).title, 'Mobile device 1 (emulator)');

      mark = server.mark(uri);
      await server.setEnvironment(null);
      const signedOut = await server.diagnosticsAfter(uri, mark, (p) => p.diagnostics.some((d) => d.code === 'references-not-verified'));
      assert.deepEqual(signedOut.diagnostics.map((d) => d.code), ['references-not-verified']);
      assert.match(msg(signedOut.diagnostics[0]!), /^References not verified: no service credentials are set/);
      const h2 = await server.hover(uri, pos(text, '"mobileDeviceId": '));
      assert.equal(markdown(h2), '**Mobile device 999**\n\nNot verified: no service credentials are set. Run Test Automation: Sign In.');

      // Wrong credentials: not verified, with the reason, and the secret never shown.
      mark = server.mark(uri);
      await server.setEnvironment({ name: 'wrong', baseUrl: emu.url, clientId: 'demo-admin', clientSecret: 'not-the-secret' });
      const refused = await server.diagnosticsAfter(uri, mark, (p) => p.diagnostics.some((d) => d.code === 'references-not-verified'));
      assert.equal(refused.diagnostics.length, 1);
      assert.equal(refused.diagnostics[0]!.message, `References not verified: the service at ${emu.url} refused the client ID or secret (HTTP 401). Enter them again: Test Automation: Sign In.`);
      const h3 = await server.hover(uri, pos(text, '"mobileDeviceId": '));
      assert.equal(markdown(h3), `**Mobile device 999**\n\nNot verified: the service at ${emu.url} refused the client ID or secret (HTTP 401). Enter them again: Test Automation: Sign In.`, 'in words, no method, path or raw error');
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });
});
