import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { at, credentials, msg } from './featureHelpers';
import { LspHarness } from './lspHarness';
import { counts, Doc, each } from './openDocuments';

// A large bundle at the LSP boundary: the built server over stdio against the emulator, a 1 MB
// file of 5,000 steps checked exactly, and hover and completion answering while an edited
// version is checked. Waits are for messages only.

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
