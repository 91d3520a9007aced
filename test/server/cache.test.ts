import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator } from '../emulator/emulator';
import { at, credentials, msg } from './featureHelpers';
import { LspHarness } from './lspHarness';
import { counts, Doc, each, LISTS } from './openDocuments';

// Cache behaviour and result ordering at the LSP boundary: the built server over stdio against
// the emulator, counting the requests the emulator receives. Waits are for messages only. A large
// bundle: largeBundle.test.ts.

const codes = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => d.code);

function testCase(i: number): string {
  return JSON.stringify(
    {
      name: `Cache case ${i}`,
      description: 'rev 0',
      testStepList: [{ function: 'WAIT', params: { seconds: 1 } }],
      traceFilters: [{ mobileDeviceId: (i % 20) + 1, traceFilterId: (i % 6) + 1 }],
    },
    null,
    2,
  );
}

describe('the reference cache', () => {
  test('100 open files and 1,000 edits cost one request per resource list', async () => {
    const emu = await startEmulator();
    const lsp = await LspHarness.start(credentials(emu));
    try {
      const docs = Array.from(
        { length: 100 },
        (_, i) => new Doc(`file:///ws/cache/case-${i}.testcase.json`, testCase(i)),
      );
      for (const d of docs) await lsp.open(d.uri, d.text);
      for (const d of docs) assert.deepEqual((await lsp.finalDiagnostics(d.uri, 1)).diagnostics, [], d.uri);

      // Ten rounds of one edit to each file; each round waits for every file's complete result,
      // so each of the 1,000 edits is validated in full, references included.
      let edits = 0;
      for (let round = 1; round <= 10; round++) {
        for (const [i, d] of docs.entries()) {
          const changes = [{ range: d.rangeOf('"rev '), text: `"rev ${round}, ` }];
          // In the last round every odd file refers to a device the service does not have.
          if (round === 10 && i % 2 === 1)
            changes.push({ range: d.rangeOf(`"mobileDeviceId": ${(i % 20) + 1}`), text: '"mobileDeviceId": 999' });
          await d.edit(lsp, changes);
          edits += 1;
        }
        for (const d of docs) await lsp.finalDiagnostics(d.uri, d.version);
      }
      assert.equal(edits, 1000);

      for (const [i, d] of docs.entries()) {
        assert.equal(d.version, 11);
        assert.ok(d.text.includes('"rev 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0"'), d.text);
        const final = await lsp.finalDiagnostics(d.uri, 11);
        if (i % 2 === 0) assert.deepEqual(final.diagnostics, [], d.uri);
        else {
          assert.deepEqual(
            final.diagnostics.map((x) => [x.code, at(x.range)]),
            [['unknown-device', at(d.rangeOf('999'))]],
            d.uri,
          );
        }
      }
      assert.deepEqual(counts(emu), { ...each(1), '/api/v2/connect/token': 1 });
      // Nothing else was asked: validation of plain test cases needs only these lists, the one
      // step function they use (WAIT) is described once for all 100 files, and the device the
      // list lacks is confirmed by its own record once (50 files name it).
      assert.deepEqual(
        emu.requests.map((r) => `${r.method} ${r.path}${r.path.endsWith('functionparams') ? r.query : ''}`).sort(),
        [
          'GET /api/v2/functionparams?function=WAIT',
          'GET /api/v2/mobiledevices',
          'GET /api/v2/mobiledevices/999',
          'GET /api/v2/testcases',
          'GET /api/v2/tracefilters',
          'POST /api/v2/connect/token',
        ],
      );
    } finally {
      assert.equal(await lsp.stop(), 0);
      await emu.close();
    }
  });

  test('concurrent validations, completions and hovers share one request; the lifetime is the setting', async () => {
    const emu = await startEmulator();
    // The first answer of each list is held until released below, so everything asks while it is on its way.
    for (const path of LISTS)
      emu.faults.rules.push({ method: 'GET', path, action: { kind: 'delay', delayMs: 600_000 }, times: 1 });
    // A lifetime of 0: nothing is kept once loaded, so only sharing can keep the count at one.
    const lsp = await LspHarness.start(credentials(emu), undefined, { cache: { ttlSeconds: 0 } });
    try {
      await lsp.configured;
      const docs = Array.from(
        { length: 20 },
        (_, i) => new Doc(`file:///ws/share/case-${i}.testcase.json`, testCase(i)),
      );
      for (const d of docs) await lsp.open(d.uri, d.text);
      // Completion and hover need the same lists.
      const first = docs[0]!;
      const completion = lsp.completion(first.uri, first.rangeOf('"mobileDeviceId": ').end);
      const hover = lsp.hover(first.uri, first.rangeOf('"traceFilterId": ').end);
      for (const d of docs) await lsp.diagnostics(d.uri, (p) => p.version === 1);
      // Each document asks for the lists a turn of the server's event loop after its schema result;
      // round trips that need no list let those turns pass before the answers are released.
      for (let i = 0; i < 3; i++) await lsp.documentLinks(first.uri);
      const answered = emu.requests.filter((r) => (LISTS as readonly string[]).includes(r.path) && r.status !== 0);
      assert.deepEqual(
        answered,
        [],
        'precondition: every validation, completion and hover asked before a list was answered',
      );
      emu.releaseDelays();
      for (const d of docs) assert.deepEqual((await lsp.finalDiagnostics(d.uri, 1)).diagnostics, [], d.uri);
      assert.equal((await completion).length, 20);
      const h = await hover;
      assert.ok(h && typeof h.contents === 'object' && 'value' in h.contents);
      assert.equal(h.contents.value, '**SIP signalling** (trace filter 1)\n\nFilter: `sip`');
      assert.deepEqual(counts(emu), { ...each(1), '/api/v2/connect/token': 1 });

      // One more validation after the lists arrived: a lifetime of 0 loads them again, once.
      await first.edit(lsp, [{ range: first.rangeOf('"rev 0"'), text: '"rev 1"' }]);
      assert.deepEqual((await lsp.finalDiagnostics(first.uri, 2)).diagnostics, []);
      assert.deepEqual(counts(emu), { ...each(2), '/api/v2/connect/token': 1 });
    } finally {
      assert.equal(await lsp.stop(), 0);
      await emu.close();
    }
  });

  test('a new environment drops the caches: the lists are loaded again, once', async () => {
    const emu = await startEmulator();
    const lsp = await LspHarness.start(credentials(emu));
    try {
      const d = new Doc('file:///ws/env-switch.testcase.json', testCase(3));
      await lsp.open(d.uri, d.text);
      assert.deepEqual((await lsp.finalDiagnostics(d.uri)).diagnostics, []);
      assert.deepEqual(counts(emu), { ...each(1), '/api/v2/connect/token': 1 });
      // The same service under a new name: still a new environment, with its own session.
      emu.store.devices.get(4)!.name = 'Renamed before the switch';
      await d.edit(lsp, [
        {
          range: d.rangeOf('"mobileDeviceId": 4'),
          text: '"mobileDeviceId": 4, "mobileDeviceName": "Apple iPhone 14 Cologne 04"',
        },
      ]);
      assert.deepEqual((await lsp.finalDiagnostics(d.uri, 2)).diagnostics, [], 'still the cached name');
      const mark = lsp.mark(d.uri);
      await lsp.setEnvironment({ name: 'again', baseUrl: emu.url, ...DEMO_CREDENTIALS.admin });
      const after = await lsp.diagnosticsAfter(d.uri, mark, (p) => p.diagnostics.length > 0);
      assert.deepEqual(after.diagnostics.map(msg), [
        "Device 4 is now named 'Renamed before the switch' on the service.",
      ]);
      assert.deepEqual(counts(emu), { ...each(2), '/api/v2/connect/token': 2 });
    } finally {
      assert.equal(await lsp.stop(), 0);
      await emu.close();
    }
  });
});

describe('stale results', () => {
  test('slow service, quick changes: schema results come at once, per version, in order; the last is complete', async () => {
    const emu = await startEmulator();
    emu.faults.rates.latencyMs = 400;
    // The device list is held until released below, so every change is made while it is on its way.
    emu.faults.rules.push({
      method: 'GET',
      path: '/api/v2/mobiledevices',
      action: { kind: 'delay', delayMs: 600_000 },
      times: 1,
    });
    const lsp = await LspHarness.start(credentials(emu));
    try {
      const text = (v: number) =>
        JSON.stringify(
          { name: 'Ordering check', tags: v, traceFilters: [{ mobileDeviceId: 999, traceFilterId: 1 }] },
          null,
          2,
        );
      const d = new Doc('file:///ws/ordering.testcase.json', text(1));
      const deviceListAnswered = () => emu.requests.some((r) => r.path === '/api/v2/mobiledevices' && r.status !== 0);
      const schemaOnly = (p: PublishDiagnosticsParams, v: number) => {
        assert.equal(p.version, v);
        assert.deepEqual(
          p.diagnostics.map((x) => [x.code, msg(x)]),
          [['wrong-type', `'tags' must be text, not the number ${v}.`]],
        );
      };

      await lsp.open(d.uri, d.text);
      schemaOnly(await lsp.diagnostics(d.uri, (p) => p.version === 1), 1);
      assert.equal(deviceListAnswered(), false);
      for (let v = 2; v <= 4; v++) {
        const mark = lsp.mark(d.uri);
        await d.edit(lsp, [{ range: d.rangeOf(`"tags": ${v - 1}`), text: `"tags": ${v}` }]);
        schemaOnly(await lsp.diagnosticsAfter(d.uri, mark), v);
        // The schema result for the newest version came while the reference lookups were still under way.
        assert.equal(deviceListAnswered(), false, `version ${v}: the device list was already answered`);
        assert.ok(!lsp.published.get(d.uri)!.some((p) => codes(p).includes('unknown-device')));
      }
      // The held device list request has arrived (it may be a turn behind the last schema result).
      await emu.arrived((r) => r.method === 'GET' && r.path === '/api/v2/mobiledevices');
      emu.releaseDelays();
      const v4 = await lsp.diagnostics(d.uri, (p) => p.version === 4 && codes(p).includes('unknown-device'));
      assert.deepEqual(
        v4.diagnostics.map((x) => x.code),
        ['wrong-type', 'unknown-device'],
      );
      assert.ok(deviceListAnswered());

      // Quick changes without waiting: only the last version's result is complete.
      for (let v = 5; v <= 8; v++) await d.edit(lsp, [{ range: d.rangeOf(`"tags": ${v - 1}`), text: `"tags": ${v}` }]);
      const v8 = await lsp.diagnostics(d.uri, (p) => p.version === 8 && codes(p).includes('unknown-device'));
      assert.equal(msg(v8.diagnostics[0]!), "'tags' must be text, not the number 8.");
      await lsp.documentLinks(d.uri); // a round trip: whatever the server sent before its answer has arrived

      const all = lsp.published.get(d.uri)!;
      const versions = all.map((p) => p.version!);
      assert.deepEqual(
        versions,
        [...versions].sort((a, b) => a - b),
        `publications out of order: ${versions.join(',')}`,
      );
      assert.equal(all.at(-1), v8, 'the last publication is the complete one for the last version');
      for (const p of all) {
        // Each publication's content is that of its own version, and only version 4 and 8 are complete.
        assert.equal(msg(p.diagnostics[0]!), `'tags' must be text, not the number ${p.version}.`);
        if (codes(p).includes('unknown-device'))
          assert.ok(p.version === 4 || p.version === 8, `complete result for ${p.version}`);
      }
      assert.deepEqual(counts(emu), { ...each(1), '/api/v2/connect/token': 1 });
    } finally {
      assert.equal(await lsp.stop(), 0);
      await emu.close();
    }
  });
});
