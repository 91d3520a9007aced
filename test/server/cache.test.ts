import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, PublishDiagnosticsParams, Range } from 'vscode-languageserver-protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { LspHarness } from './lspHarness';

// Cache behaviour and result ordering at the LSP boundary: the built server over stdio against
// the emulator, counting the requests the emulator receives. Waits are for messages only.

const credentials = (emu: Emulator) => ({
  TAS_BASE_URL: emu.url,
  TAS_CLIENT_ID: DEMO_CREDENTIALS.admin.clientId,
  TAS_CLIENT_SECRET: DEMO_CREDENTIALS.admin.clientSecret,
});
const LISTS = ['/api/v2/mobiledevices', '/api/v2/tracefilters', '/api/v2/testcases'] as const;
/** How many times the emulator was asked for each resource list (any page), and for a token. */
function counts(emu: Emulator): Record<string, number> {
  const out: Record<string, number> = {};
  for (const path of [...LISTS, '/api/v2/connect/token'])
    out[path] = emu.requests.filter((r) => r.path === path).length;
  return out;
}
const each = (n: number) => ({ '/api/v2/mobiledevices': n, '/api/v2/tracefilters': n, '/api/v2/testcases': n });
const at = (r: Range) => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
const msg = (d: Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);
const codes = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => d.code);

/** A local mirror of an open document, so the test knows the text each version has. */
class Doc {
  doc: TextDocument;
  constructor(
    readonly uri: string,
    text: string,
  ) {
    this.doc = TextDocument.create(uri, 'json', 1, text);
  }
  get text() {
    return this.doc.getText();
  }
  get version() {
    return this.doc.version;
  }
  /** The range of the first occurrence of `needle` at or after `from`. */
  rangeOf(needle: string, from = 0): Range {
    const i = this.text.indexOf(needle, from);
    assert.ok(i >= 0, `'${needle}' is in ${this.uri}`);
    return { start: this.doc.positionAt(i), end: this.doc.positionAt(i + needle.length) };
  }
  /** Applies edits locally and sends them as one incremental change with the next version. */
  async edit(lsp: LspHarness, changes: { range: Range; text: string }[]): Promise<number> {
    const version = this.version + 1;
    // LSP applies content changes one after another, each against the text the previous left.
    let doc = this.doc;
    for (const c of changes) doc = TextDocument.update(doc, [c], version);
    this.doc = doc;
    await lsp.edit(this.uri, version, changes);
    return version;
  }
}

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

describe('a large bundle', () => {
  const CASES = 100;
  const STEPS = 50;
  /** A valid export bundle: 100 test cases of 50 steps, devices 1..20, trace filters 1..6; `bad` steps get a text id. */
  function bundle(emu: Emulator, bad: (n: number) => boolean): string {
    const cases = [];
    for (let i = 0; i < CASES; i++) {
      const steps = [];
      for (let k = 0; k < STEPS; k++) {
        const n = i * STEPS + k;
        const device = (n % 20) + 1;
        const id = bad(n) ? String(device) : device;
        const description = `Step ${k + 1} of bulk case ${i + 1}`;
        switch (k % 5) {
          case 0:
            steps.push({
              function: 'CALL',
              mobileDeviceId: id,
              params: { target: `+49151${String(1000000 + n)}`, durationSeconds: 30, codec: 'EVS' },
              description,
            });
            break;
          case 1:
            steps.push({ function: 'WAIT', params: { seconds: 5 }, description });
            break;
          case 2:
            steps.push({
              function: 'SEND_SMS',
              mobileDeviceId: id,
              params: { target: `+49160${String(2000000 + n)}`, text: `Bulk message ${n}` },
              description,
            });
            break;
          case 3:
            steps.push({
              function: 'CHECK_SIGNAL',
              mobileDeviceId: id,
              params: { ranType: 'LTE', minDbm: -110 },
              description,
            });
            break;
          default:
            steps.push({ function: 'HANGUP', mobileDeviceId: id, params: {}, description });
        }
      }
      const d = emu.store.devices.get((i % 20) + 1)!;
      cases.push({
        name: `Bulk case ${i + 1}`,
        description: `Generated test case ${i + 1} of the large-bundle test.`,
        tags: 'bulk,generated',
        disabled: false,
        testStepList: steps,
        traceFilters: [
          { mobileDeviceId: d.id, traceFilterId: (i % 6) + 1, mobileDeviceName: d.name, msisdn: d.msisdn },
        ],
        sipTraceFilters: [{ mobileDeviceId: d.id, sipMessageCodes: '180,183,200' }],
      });
    }
    return JSON.stringify(cases, null, 2);
  }

  test('1 MB, 5,000 steps: exact diagnostics, a new version after an edit, hover and completion on the edited text', async (t) => {
    const emu = await startEmulator();
    const lsp = await LspHarness.start(credentials(emu));
    try {
      // Valid: no diagnostics at all, references included.
      const valid = new Doc(
        'file:///ws/large-valid.testcases.json',
        bundle(emu, () => false),
      );
      assert.ok(valid.text.length > 900_000 && valid.text.length < 1_400_000, `${valid.text.length} characters`);
      assert.equal((valid.text.match(/"function"/g) ?? []).length, CASES * STEPS);
      await lsp.open(valid.uri, valid.text);
      assert.deepEqual((await lsp.finalDiagnostics(valid.uri)).diagnostics, []);

      // With 200 type errors (two a test case, on CHECK_SIGNAL steps): each on its value.
      const isBad = (n: number) => n % 25 === 3;
      const d = new Doc('file:///ws/large-errors.testcases.json', bundle(emu, isBad));
      await lsp.open(d.uri, d.text);
      const started = performance.now();
      const schema = await lsp.diagnostics(d.uri, (p) => p.version === 1);
      const schemaMs = performance.now() - started;
      const expected: string[] = [];
      for (let i = d.text.indexOf('"mobileDeviceId": "'); i >= 0; i = d.text.indexOf('"mobileDeviceId": "', i + 1)) {
        const start = i + '"mobileDeviceId": '.length;
        const end = d.text.indexOf('"', start + 1) + 1;
        expected.push(at({ start: d.doc.positionAt(start), end: d.doc.positionAt(end) }));
      }
      assert.equal(expected.length, 200);
      const check = (p: PublishDiagnosticsParams, skip: number) => {
        assert.equal(p.diagnostics.length, 200 - skip);
        assert.ok(p.diagnostics.every((x) => x.code === 'wrong-type' && x.severity === 1));
        const ranges = p.diagnostics
          .map((x) => x.range)
          .sort((a, b) => a.start.line - b.start.line || a.start.character - b.start.character);
        assert.deepEqual(ranges.map(at), expected.slice(skip));
      };
      check(schema, 0);
      const first = schema.diagnostics.find((x) => at(x.range) === expected[0])!;
      assert.equal(msg(first), `'mobileDeviceId' must be a whole number, not the text "4".`);
      check(await lsp.finalDiagnostics(d.uri, 1), 0);

      // Fix the first error; while the new version is validated, hover and completion answer.
      const firstRange = d.rangeOf('"mobileDeviceId": "4"');
      const sent = performance.now();
      await d.edit(lsp, [
        {
          range: {
            start: { line: firstRange.start.line, character: firstRange.start.character + 18 },
            end: firstRange.end,
          },
          text: '4',
        },
      ]);
      const hoverAt = d.rangeOf('"mobileDeviceId": 7').start;
      const hover = lsp
        .hover(d.uri, { line: hoverAt.line, character: hoverAt.character + 18 })
        .then((h) => ({ h, ms: performance.now() - sent }));
      const completion = lsp
        .completion(d.uri, { line: hoverAt.line, character: hoverAt.character + 18 })
        .then((c) => ({ c, ms: performance.now() - sent }));
      const v2 = await lsp.finalDiagnostics(d.uri, 2);
      const v2Ms = performance.now() - sent;
      check(v2, 1);
      const { h, ms: hoverMs } = await hover;
      assert.ok(h && typeof h.contents === 'object' && 'value' in h.contents);
      assert.match(h.contents.value, new RegExp(`^\\*\\*${emu.store.devices.get(7)!.name}\\*\\* \\(device 7\\)\\n`));
      const { c, ms: completionMs } = await completion;
      assert.equal(c.length, 20);
      assert.equal(c.find((x) => x.textEdit?.newText === '7')?.label, emu.store.devices.get(7)!.name);
      t.diagnostic(
        `${d.text.length} chars: schema diagnostics ${schemaMs.toFixed(0)} ms after open; after the edit: hover ${hoverMs.toFixed(0)} ms, completion ${completionMs.toFixed(0)} ms, complete result ${v2Ms.toFixed(0)} ms (debounce 200 ms)`,
      );
      // How long they took is the bench's to measure (npm run bench -- typing), not a test's.
      // The bundle's device records were not given, so only the three lists and the two bundle lists were asked for.
      assert.deepEqual(counts(emu), { ...each(1), '/api/v2/connect/token': 1 });
    } finally {
      assert.equal(await lsp.stop(), 0);
      await emu.close();
    }
  });
});
