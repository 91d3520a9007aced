import { strict as assert } from 'node:assert';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { ExportTestCasesRequest } from '../../server/src/protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import type { Emulator } from '../emulator/emulator';
import type { LspHarness } from './lspHarness';
import { twoEnvironmentsOverLsp } from './twoEnvironmentsOverLsp';
import { value } from './outcomes';

// `foreign-reference` at the LSP boundary: a file exported from A, opened with B active, names a
// phone B lacks; its other references have counterparts in B and are not reported, and with A
// active again the file is checked as before.

const words = (d: Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);

describe('references of another environment at the LSP boundary', { timeout: 60_000 }, () => {
  let a: Emulator;
  let b: Emulator;
  let lsp: LspHarness;
  let dir: string;
  twoEnvironmentsOverLsp('tas-foreign-', (s) => ({ a, b, lsp, dir } = s), { demoData: false });

  test('a phone B lacks is foreign-reference with its MSISDN; counterparts are not reported; home unchanged', async () => {
    await lsp.setEnvironment({ name: 'A', baseUrl: a.url, ...DEMO_CREDENTIALS.admin });
    const r = value(
      await lsp.connection.sendRequest(ExportTestCasesRequest, { ids: [1], folder: pathToFileURL(dir).href }),
    );
    const file = r.results[0]!.uri;
    const text = await readFile(new URL(file), 'utf8');
    const steps = (JSON.parse(text) as { testStepList: { mobileDeviceId?: number }[] }).testStepList;
    const lost = steps.find((s) => s.mobileDeviceId !== undefined)!.mobileDeviceId!;
    assert.ok(/"traceFilterId": \d+/.test(text), 'the case names a trace filter, which B has');
    // B: A's phones, trace filters and API clients under ids 100 higher, without the first step's phone.
    const shift = <T extends { id: number }>(rows: T[]) => rows.map((x) => ({ ...structuredClone(x), id: x.id + 100 }));
    b.store.devices.load({ next: 200, rows: shift(a.store.devices.all().filter((d) => d.id !== lost)) });
    b.store.traceFilters.load({ next: 200, rows: shift(a.store.traceFilters.all()) });
    b.store.apiClients.load({ next: 200, rows: shift(a.store.apiClients.all()) });

    await lsp.setEnvironment({ name: 'B', baseUrl: b.url, ...DEMO_CREDENTIALS.admin });
    await lsp.open(file, text);
    const inB = (await lsp.finalDiagnostics(file, 1)).diagnostics;
    const foreign = inB.filter((d) => d.code === 'foreign-reference');
    assert.ok(foreign.length > 0, JSON.stringify(inB));
    assert.ok(
      foreign
        .map(words)
        .every((m) => m.includes(`device ${lost} `) && m.includes(`MSISDN ${a.store.devices.get(lost)!.msisdn}`)),
      JSON.stringify(foreign),
    );
    assert.deepEqual(
      inB.filter((d) => d.code === 'unknown-device' || d.code === 'unknown-trace-filter'),
      [],
      'ids of A are not looked up as B ids',
    );
    assert.ok(
      foreign.some(
        (d) => d.range.start.line === text.split('\n').findIndex((l) => l.includes(`"mobileDeviceId": ${lost}`)),
      ),
      'on the step',
    );

    await lsp.close(file);
    await lsp.setEnvironment({ name: 'A', baseUrl: a.url, ...DEMO_CREDENTIALS.admin });
    const mark = lsp.mark(file);
    await lsp.open(file, text);
    let seen = 0;
    // Schema first, references after: the second publication since the file was opened again.
    const inA = (await lsp.diagnosticsAfter(file, mark, () => ++seen >= 2)).diagnostics;
    assert.deepEqual(
      inA.filter((d) => d.code === 'foreign-reference'),
      [],
    );
    await lsp.close(file);
  });
});
