import { SECRET_PLACEHOLDER } from '../../server/src/core/secrets/secrets';
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import type { Emulator } from '../emulator/emulator';
import { applyAction, at, byCode, pos, rangeOf } from './featureHelpers';
import type { LspHarness } from './lspHarness';
import { serverOverEmulator } from './serverOverEmulator';

// Quick fixes at the LSP boundary: the built server over stdio against the emulator. Each fix is
// applied as an editor would, and the result validated again.

let emu: Emulator;
let lsp: LspHarness;
serverOverEmulator((started) => ({ emu, lsp } = started));

describe('code actions', () => {
  const actionsFor = async (uri: string, d: Diagnostic) => lsp.codeActions(uri, d.range, [d]);

  test('a stale device name: the quick fix writes the new name', async () => {
    const uri = 'file:///ws/fix-stale.testcase.json';
    const text = JSON.stringify(
      { name: 'Fix stale name', traceFilters: [{ mobileDeviceId: 1, traceFilterId: 1, mobileDeviceName: 'Old name' }] },
      null,
      2,
    );
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
    const text = JSON.stringify(
      { name: 'Fix unknown device', traceFilters: [{ mobileDeviceId: 999, traceFilterId: 2, msisdn: device8.msisdn }] },
      null,
      2,
    );
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
    assert.deepEqual(
      actions.map((a) => (a as CodeAction).isPreferred),
      [true, false, false, false, false],
    );
    const fixed = applyAction(uri, text, actions[0]!);
    assert.deepEqual(JSON.parse(fixed).traceFilters, [{ mobileDeviceId: 8, traceFilterId: 2, msisdn: device8.msisdn }]);
    await lsp.change(uri, fixed, 2);
    assert.deepEqual((await lsp.finalDiagnostics(uri, 2)).diagnostics, []);
  });

  test("an unknown device with nothing to go by (the sample's 999): one fix per device of the service, at most five", async () => {
    const uri = 'file:///ws/fix-unknown-bare.testcase.json';
    const text = JSON.stringify(
      { name: 'Fix bare unknown device', testStepList: [{ function: 'CALL', mobileDeviceId: 999 }] },
      null,
      2,
    );
    await lsp.open(uri, text);
    const [d] = byCode((await lsp.finalDiagnostics(uri)).diagnostics, 'unknown-device');
    assert.ok(d);
    const devices = emu.store.devices
      .all()
      .sort((a, b) => a.id - b.id)
      .slice(0, 5);
    const actions = await actionsFor(uri, d);
    assert.deepEqual(
      actions.map((a) => a.title),
      devices.map((x) => `Use device ${JSON.stringify(x.name)} (id ${x.id})`),
    );
    assert.ok(
      actions.every((a) => (a as CodeAction).isPreferred === false),
      'a guess is not preferred',
    );
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
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Replace with false'],
    );
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
      const text = JSON.stringify(
        { name: `Fix SIP ${codes}`, sipTraceFilters: [{ mobileDeviceId: 1, sipMessageCodes: codes }] },
        null,
        2,
      );
      await lsp.open(uri, text);
      const ds = byCode((await lsp.finalDiagnostics(uri)).diagnostics, 'sip-codes');
      // The last occurrence: for a duplicate, the second one is flagged.
      const offset = text.lastIndexOf(bad.replace('"', ''), text.lastIndexOf(codes) + codes.length);
      const doc = TextDocument.create(uri, 'json', 0, text);
      const d = ds.find((x) => doc.offsetAt(x.range.start) === offset);
      assert.ok(d, JSON.stringify(ds));
      const actions = await actionsFor(uri, d);
      assert.deepEqual(
        actions.map((a) => a.title),
        [title],
      );
      const fixed = applyAction(uri, text, actions[0]!);
      assert.equal(JSON.parse(fixed).sipTraceFilters[0].sipMessageCodes, after);
      const where = text.lastIndexOf(codes);
      assert.equal(fixed, text.slice(0, where) + after + text.slice(where + codes.length), 'nothing else changes');
    });
  }

  test('a lone bad SIP code gets no removal: an empty list would be wrong too', async () => {
    const uri = 'file:///ws/fix-sip-lone.testcase.json';
    const text = JSON.stringify(
      { name: 'Lone SIP code', sipTraceFilters: [{ mobileDeviceId: 1, sipMessageCodes: 'OK' }] },
      null,
      2,
    );
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
    assert.deepEqual(
      actions.map((a) => a.title),
      ["Rename to 'description'"],
    );
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
      assert.deepEqual(
        actions.map((a) => a.title),
        ["Add missing field 'name'"],
      );
      const fixed = applyAction(uri, text, actions[0]!);
      const value = JSON.parse(fixed);
      assert.equal(value.name, '');
      assert.deepEqual(Object.keys(value), ['name', ...Object.keys(JSON.parse(text))]);
      // Re-opened, it passes the schema: the missing-field diagnostic is gone, and nothing new.
      const again = `file:///ws/fix-missing-${text.length}-fixed.testcase.json`;
      await lsp.open(again, fixed);
      const after = (await lsp.finalDiagnostics(again)).diagnostics;
      assert.deepEqual(
        after.map((x) => x.code),
        [],
      );
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
    assert.deepEqual(
      actions.map((a) => a.title),
      ["Add missing field 'traceFilterId'"],
    );
    const fixed = applyAction(uri, text, actions[0]!);
    assert.deepEqual(JSON.parse(fixed).traceFilters[0], { traceFilterId: 0, mobileDeviceId: 1 });
    await lsp.change(uri, fixed, 2);
    const after = (await lsp.finalDiagnostics(uri, 2)).diagnostics;
    assert.equal(byCode(after, 'missing-field').length, 0, JSON.stringify(after));
    // The placeholder 0 is no trace filter: what is left points at it, for the author to fill in.
    const placeholder = at({ start: pos(fixed, '"traceFilterId": '), end: pos(fixed, '"traceFilterId": 0') });
    assert.deepEqual(
      after.map((x) => [x.code, at(x.range)]),
      [
        ['invalid-value', placeholder],
        ['unknown-trace-filter', placeholder],
      ],
    );
  });

  test('a password in plain text: a warning on the value, fixed by the placeholder, which then validates cleanly', async () => {
    const uri = 'file:///ws/fix-secret.testcase.json';
    const text =
      '{\n  "name": "Fix secret",\n  "testStepList": [\n    { "function": "WAIT", "params": { "seconds": "5", "password": "hunter2", "apiKey": "${env.KEY}" } }\n  ]\n}';
    await lsp.open(uri, text);
    const found = byCode((await lsp.finalDiagnostics(uri)).diagnostics, 'plaintext-secret');
    assert.equal(found.length, 1, 'a variable reference is not a plaintext secret');
    const [d] = found;
    assert.equal(at(d!.range), rangeOf(text, '"hunter2"'));
    assert.equal(d!.severity, 2);
    assert.doesNotMatch(JSON.stringify(d), /hunter2/);
    const actions = await actionsFor(uri, d!);
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Replace the secret with a placeholder'],
    );
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
