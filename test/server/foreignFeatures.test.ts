import { strict as assert } from 'node:assert';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import type { CodeAction, Hover } from 'vscode-languageserver-protocol';
import { ChooseCounterpartRequest, ExportTestCasesRequest } from '../../server/src/protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import type { Emulator } from '../emulator/emulator';
import { caseOn, shuffle, type Moved } from '../twoEnvironments';
import { pos } from './featureHelpers';
import type { LspHarness } from './lspHarness';
import { twoEnvironmentsOverLsp } from './twoEnvironmentsOverLsp';
import { value } from './outcomes';

// With another environment active than the file's home, the language server resolves its
// references through the mapping: hover shows the counterpart here, completion offers the file's
// own ids named by their counterparts, an API client is looked up by name like the others, and
// the quick fix of `foreign-reference` keeps the candidate picked, after which the file is clean.

const hoverText = (h: Hover | null): string =>
  h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';

describe('references of another environment: hover, completion, quick fix', { timeout: 60_000 }, () => {
  let a: Emulator;
  let b: Emulator;
  let moved: Moved;
  let lsp: LspHarness;
  let dir: string;
  twoEnvironmentsOverLsp('tas-foreign-features-', (s) => {
    ({ a, b, lsp, dir } = s);
    moved = shuffle(b);
  });

  test('hover, completion and the quick fix go through the mapping; API clients too', async () => {
    await lsp.setEnvironment({ name: 'A', baseUrl: a.url, ...DEMO_CREDENTIALS.admin });
    const c = caseOn(a, 'Foreign features', 4, 5);
    const r = value(
      await lsp.connection.sendRequest(ExportTestCasesRequest, { ids: [c.id], folder: pathToFileURL(dir).href }),
    );
    const uri = r.results[0]!.uri;
    const text = await readFile(new URL(uri), 'utf8');
    // B lacks phone 5, and has two API clients with the name of A's API client 2.
    b.store.devices.delete(moved.device.get(5)!);
    const twin = b.store.apiClients.insert((id) => ({
      ...structuredClone(b.store.apiClients.get(moved.apiClient.get(2)!)!),
      id,
    }));

    await lsp.setEnvironment({ name: 'B', baseUrl: b.url, ...DEMO_CREDENTIALS.admin });
    await lsp.open(uri, text);
    const found = (await lsp.finalDiagnostics(uri, 1)).diagnostics;
    const foreign = found.filter((d) => d.code === 'foreign-reference');
    const all = (needle: string) => text.split('\n').flatMap((l, i) => (l.includes(needle) ? [i] : []));
    const lines = (needle: string) => all(needle)[0]!;
    assert.deepEqual(
      foreign.map((d) => d.range.start.line).sort((x, y) => x - y),
      [...all('"mobileDeviceId": 5'), lines('"apiClientId": 2')].sort((x, y) => x - y),
      JSON.stringify(found),
    );
    assert.deepEqual(
      found.filter((d) => d.code === 'unknown-api-client' || d.code === 'unknown-device'),
      [],
      "A's ids are never looked up as B's",
    );

    const device4 = b.store.devices.get(moved.device.get(4)!)!;
    const onFour = hoverText(await lsp.hover(uri, pos(text, '"mobileDeviceId": 4', 'after')));
    assert.match(onFour, /This file's ids belong to http:\/\/127\.0\.0\.1:\d+: device 4 is MSISDN/);
    assert.ok(
      onFour.includes(`Here its counterpart is device ${device4.id}`) && onFour.includes(`- MSISDN: ${device4.msisdn}`),
      onFour,
    );
    assert.match(hoverText(await lsp.hover(uri, pos(text, '"mobileDeviceId": 5', 'after'))), /No record here has it/);
    assert.match(
      hoverText(await lsp.hover(uri, pos(text, '"apiClientId": 2', 'after'))),
      new RegExp(
        `2 records here have it \\(${[moved.apiClient.get(2), twin.id].sort((x, y) => x! - y!).join(', ')}\\)`,
      ),
    );

    const items = await lsp.completion(uri, pos(text, '"mobileDeviceId": 4', 'after'));
    const offered = items.map((i) => (i.textEdit && 'newText' in i.textEdit ? i.textEdit.newText : ''));
    assert.ok(
      offered.includes('4') && !offered.includes('5'),
      `the file's own ids with a counterpart here: ${offered.join(',')}`,
    );
    const four = items.find((i) => i.textEdit && 'newText' in i.textEdit && i.textEdit.newText === '4')!;
    assert.equal(four.label, device4.name);
    assert.match(four.detail ?? '', new RegExp(`here: device ${device4.id}`));

    const onClient = foreign.find((d) => d.range.start.line === lines('"apiClientId": 2'))!;
    const fixes = (await lsp.codeActions(uri, onClient.range, [onClient])) as CodeAction[];
    assert.deepEqual(
      fixes.map((f) => f.command?.arguments?.[0]?.to as number).sort((x, y) => x - y),
      [moved.apiClient.get(2)!, twin.id].sort((x, y) => x - y),
    );
    assert.ok(
      fixes.every((f) => f.edit === undefined && f.command?.command === 'tas.chooseCounterpart'),
      "the file is not edited: its ids stay A's",
    );
    const mark = lsp.mark(uri);
    value(await lsp.connection.sendRequest(ChooseCounterpartRequest, fixes[0]!.command!.arguments![0]));
    // References are checked after the schema: a publication without any foreign-reference is the schema's.
    const after = (
      await lsp.diagnosticsAfter(
        uri,
        mark,
        (p) =>
          p.diagnostics.some((d) => d.code === 'foreign-reference') &&
          !p.diagnostics.some(
            (d) => d.code === 'foreign-reference' && d.range.start.line === onClient.range.start.line,
          ),
      )
    ).diagnostics;
    assert.equal(
      after.filter((d) => d.code === 'foreign-reference').length,
      2,
      'the phone B lacks is still named, in its step and its SIP trace filter',
    );
    assert.match(
      hoverText(await lsp.hover(uri, pos(text, '"apiClientId": 2', 'after'))),
      /Here its counterpart is API client \d+ \(chosen\)/,
    );
    const state = await readFile(join(dir, '.tas', 'sync.json'), 'utf8');
    assert.match(state, /"choices"/);
    assert.equal(await readFile(new URL(uri), 'utf8'), text, 'the file is unchanged');
    await lsp.close(uri);
  });
});
