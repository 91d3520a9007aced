import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  DocumentFormattingRequest,
  DocumentRangeFormattingRequest,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  SelectionRangeRequest,
  type DocumentSymbol,
  type FoldingRange,
  type Range,
  type SelectionRange,
  type SymbolInformation,
  type TextEdit,
} from 'vscode-languageserver-protocol';
import { bundleFileText, testCaseFileText } from '../../server/src/core/sync/fileText';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { at, credentials, pos } from './featureHelpers';
import { LspHarness } from './lspHarness';

// Formatting, the outline, folding and expand selection at the LSP boundary: the built server
// over stdio against the emulator, and without one. Expected layouts come from the export's own
// writer (core/sync/fileText.ts) and expected names from the emulator's store.

const HIERARCHICAL = { documentSymbol: { hierarchicalDocumentSymbolSupport: true } };
let emu: Emulator;
let lsp: LspHarness;
let offline: LspHarness;

before(async () => {
  emu = await startEmulator();
  lsp = await LspHarness.start(credentials(emu), undefined, undefined, HIERARCHICAL);
  offline = await LspHarness.start({}, undefined, undefined, HIERARCHICAL);
});
after(async () => {
  assert.equal(await lsp.stop(), 0, lsp.stderr);
  assert.equal(await offline.stop(), 0, offline.stderr);
  await emu.close();
});

const apply = (text: string, edits: TextEdit[]) =>
  TextDocument.applyEdits(TextDocument.create('file:///x', 'json', 0, text), edits);
const format = (
  h: LspHarness,
  uri: string,
  options: { tabSize: number; insertSpaces: boolean } = { tabSize: 2, insertSpaces: true },
) => h.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options }).then((e) => e ?? []);
const symbols = (h: LspHarness, uri: string) =>
  h.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } }) as Promise<DocumentSymbol[]>;
/** The outline as `name` lines, children indented, for comparing whole trees. */
const outline = (list: DocumentSymbol[], depth = 0): string[] =>
  list.flatMap((s) => [`${'  '.repeat(depth)}${s.name}`, ...outline(s.children ?? [], depth + 1)]);

/** A record in the export's key order, written the way a person might: steps on one line, odd spacing. */
const record = {
  id: 7,
  name: 'Formatting check',
  description: 'Caf\u00e9 and a "quoted" word',
  tags: 'voice',
  disabled: false,
  testStepList: [
    { function: 'CALL', mobileDeviceId: 1, params: { target: '+4915112345678', durationSeconds: 30 } },
    { function: 'WAIT', params: { seconds: 5 } },
    { function: 'HANGUP', mobileDeviceId: 1, params: {} },
  ],
  traceFilters: [{ mobileDeviceId: 1, traceFilterId: 3 }],
  sipTraceFilters: [],
};
const messy = [
  '{"id":7,',
  '    "name" :"Formatting check", "description": "Caf\u00e9 and a \\"quoted\\" word",',
  '"tags":"voice","disabled":false,',
  '  "testStepList": [ { "function": "CALL", "mobileDeviceId": 1, "params": { "target": "+4915112345678", "durationSeconds": 30 } },',
  '\t{ "function": "WAIT", "params": { "seconds": 5 } },   { "function": "HANGUP", "mobileDeviceId": 1, "params": { } } ],',
  '  "traceFilters": [ { "mobileDeviceId": 1, "traceFilterId": 3 } ], "sipTraceFilters": [',
  '  ]   }',
  '',
  '',
].join('\n');

describe('formatting', () => {
  test('with 2 spaces, a file comes out byte for byte as export writes it; formatting that again changes nothing', async () => {
    const uri = 'file:///ws/format/messy.testcase.json';
    await lsp.open(uri, messy);
    const edits = await format(lsp, uri);
    const formatted = apply(messy, edits);
    assert.equal(formatted, testCaseFileText(record, { id: 7 }).text);
    await lsp.change(uri, formatted, 2);
    assert.deepEqual(await format(lsp, uri), []);
  });

  test('key order and the text of every value are kept; only whitespace between tokens changes', async () => {
    const uri = 'file:///ws/format/values.testcase.json';
    const text =
      '{"name":"Values","testStepList":[{"params":{"ratio":1.50,"big":1E3,"text":"a\\u00e9\\/b","neg":-0.0},"function":"WAIT"}]}';
    await lsp.open(uri, text);
    const formatted = apply(text, await format(lsp, uri));
    assert.equal(formatted.replace(/\s+/g, ''), text);
    assert.equal(
      formatted,
      [
        '{',
        '  "name": "Values",',
        '  "testStepList": [',
        '    {',
        '      "params": {',
        '        "ratio": 1.50,',
        '        "big": 1E3,',
        '        "text": "a\\u00e9\\/b",',
        '        "neg": -0.0',
        '      },',
        '      "function": "WAIT"',
        '    }',
        '  ]',
        '}',
        '',
      ].join('\n'),
    );
    // Every edit only ever replaces whitespace.
    for (const e of await format(lsp, uri))
      assert.match(TextDocument.create(uri, 'json', 0, text).getText(e.range), /^\s*$/);
  });

  test('honours tabSize and insertSpaces', async () => {
    const uri = 'file:///ws/format/tabs.testcase.json';
    await lsp.open(uri, messy);
    assert.equal(
      apply(messy, await format(lsp, uri, { tabSize: 4, insertSpaces: true })),
      JSON.stringify(record, null, 4) + '\n',
    );
    assert.equal(
      apply(messy, await format(lsp, uri, { tabSize: 4, insertSpaces: false })),
      JSON.stringify(record, null, '\t') + '\n',
    );
  });

  test('a bundle formats as export writes bundles', async () => {
    const uri = 'file:///ws/format/bundle.testcases.json';
    const items = [{ ...record, devices: [{ id: 1, name: 'A', msisdn: '49' }], apiClients: [] }];
    const expected = bundleFileText(items).text;
    const text = JSON.stringify(JSON.parse(expected));
    await lsp.open(uri, text);
    assert.equal(apply(text, await format(lsp, uri)), expected);
  });

  test('a minified bundle of many steps: one edit, the same text as export writes', async () => {
    const uri = 'file:///ws/format/many.testcases.json';
    const many = [
      {
        ...record,
        testStepList: Array.from({ length: 600 }, (_, i) => ({ function: 'WAIT', params: { seconds: i } })),
        devices: [],
        apiClients: [],
      },
    ];
    const expected = bundleFileText(many).text;
    const text = JSON.stringify(JSON.parse(expected));
    await lsp.open(uri, text);
    const edits = await format(lsp, uri);
    assert.equal(edits.length, 1, 'thousands of changed gaps come as one edit');
    assert.equal(apply(text, edits), expected);
  });

  test('range formatting changes only what the range touches', async () => {
    const uri = 'file:///ws/format/range.testcase.json';
    const formatted = testCaseFileText(record, { id: 7 }).text;
    // The WAIT step squeezed onto one line; the rest as export writes it.
    const squeezed = formatted.replace(
      /\{\n\s+"function": "WAIT",\n\s+"params": \{\n\s+"seconds": 5\n\s+\}\n\s+\}/,
      '{ "function":"WAIT",  "params":{"seconds":5}}',
    );
    assert.notEqual(squeezed, formatted);
    const text = squeezed.replace('"name": "Formatting check"', '"name":   "Formatting check"');
    await lsp.open(uri, text);
    const line = text.split('\n').findIndex((l) => l.includes('"WAIT"'));
    const range: Range = { start: { line, character: 0 }, end: { line, character: text.split('\n')[line]!.length } };
    const edits = await lsp.connection.sendRequest(DocumentRangeFormattingRequest.type, {
      textDocument: { uri },
      range,
      options: { tabSize: 2, insertSpaces: true },
    });
    const result = apply(text, edits ?? []);
    // The step is laid out; the name outside the range keeps its odd spacing.
    assert.equal(result, formatted.replace('"name": "Formatting check"', '"name":   "Formatting check"'));
  });

  test('half-typed text: formatting never fails and keeps every character but whitespace', async () => {
    const uri = 'file:///ws/format/broken.testcase.json';
    const text = '{ "name": "Half", "testStepList": [ { "function": "CALL", "params": { "target": "+49 ';
    await lsp.open(uri, text);
    const formatted = apply(text, await format(lsp, uri));
    assert.equal(formatted.replace(/\s+/g, ''), text.replace(/\s+/g, ''));
    assert.match(formatted, /^\{\n {2}"name": "Half",\n {2}"testStepList": \[\n {4}\{\n {6}"function": "CALL",/);
  });

  test('nested deeper than the diagnostics go (256 levels): left as it is, not laid out in lines of quadratic indentation', async () => {
    const deep = (n: number) => `{"name": "Deep", "x": ${'['.repeat(n)}${']'.repeat(n)}}`;
    await lsp.open('file:///ws/format/deep.testcase.json', deep(3000));
    assert.deepEqual(await format(lsp, 'file:///ws/format/deep.testcase.json', { tabSize: 8, insertSpaces: true }), []);
    // At the limit it is laid out as any file.
    await lsp.open('file:///ws/format/limit.testcase.json', deep(255));
    const formatted = apply(deep(255), await format(lsp, 'file:///ws/format/limit.testcase.json'));
    assert.equal(formatted, `${JSON.stringify(JSON.parse(deep(255)), null, 2)}\n`);
  });

  test('offline: formatting needs no service', async () => {
    const uri = 'file:///ws/format/offline.testcase.json';
    await offline.open(uri, messy);
    assert.equal(apply(messy, await format(offline, uri)), testCaseFileText(record, { id: 7 }).text);
  });
});

describe('document symbols', () => {
  const text = testCaseFileText(record, { id: 7 }).text;

  test('online: the test case, its steps by position, function and device name, its trace filters by device and filter name', async () => {
    const uri = 'file:///ws/symbols/online.testcase.json';
    await lsp.open(uri, text);
    const device = emu.store.devices.get(1)!.name;
    const filter = emu.store.traceFilters.get(3)!.name;
    const list = await symbols(lsp, uri);
    assert.deepEqual(outline(list), [
      'Formatting check',
      '  Steps',
      `    1 CALL · ${device}`,
      '    2 WAIT',
      `    3 HANGUP · ${device}`,
      '  Trace filters',
      `    ${device} · ${filter}`,
      '  SIP trace filters',
    ]);
    const [tc] = list;
    assert.equal(tc!.detail, 'test case 7');
    assert.equal(at(tc!.range), `0:0-${text.split('\n').length - 2}:1`);
    assert.equal(
      at(tc!.selectionRange),
      at({ start: pos(text, '"Formatting check"', 'start'), end: pos(text, '"Formatting check"') }),
    );
    const call = tc!.children![0]!.children![0]!;
    assert.equal(at(call.selectionRange), at({ start: pos(text, '"CALL"', 'start'), end: pos(text, '"CALL"') }));
  });

  test('offline: device names the file stores, else the id; never an error', async () => {
    const uri = 'file:///ws/symbols/offline.testcase.json';
    const stored = testCaseFileText(
      {
        ...record,
        traceFilters: [{ mobileDeviceId: 1, traceFilterId: 3, mobileDeviceName: "Alice's Pixel", msisdn: '49' }],
      },
      { id: 7 },
    ).text;
    await offline.open(uri, stored);
    assert.deepEqual(outline(await symbols(offline, uri)), [
      'Formatting check',
      '  Steps',
      "    1 CALL · Alice's Pixel",
      '    2 WAIT',
      "    3 HANGUP · Alice's Pixel",
      '  Trace filters',
      "    Alice's Pixel · trace filter 3",
      '  SIP trace filters',
    ]);
    const other = 'file:///ws/symbols/offline-ids.testcase.json';
    await offline.open(other, text);
    assert.deepEqual(outline(await symbols(offline, other)).slice(2, 3), ['    1 CALL · device 1']);
  });

  test('a bundle: one symbol per test case, with its device and API client records', async () => {
    const uri = 'file:///ws/symbols/bundle.testcases.json';
    const items = [
      {
        ...record,
        devices: [{ id: 1, name: 'Exported name', msisdn: '49' }],
        apiClients: [{ id: 2, name: 'SMS gateway', httpMethod: 'POST', serverURL: 'https://sms.example.com/send' }],
      },
      { name: 'Second', testStepList: [] },
    ];
    await offline.open(uri, bundleFileText(items).text);
    const list = await symbols(offline, uri);
    assert.deepEqual(outline(list), [
      'Formatting check',
      '  Steps',
      '    1 CALL · Exported name',
      '    2 WAIT',
      '    3 HANGUP · Exported name',
      '  Trace filters',
      '    Exported name · trace filter 3',
      '  SIP trace filters',
      '  Devices',
      '    Exported name',
      '  API clients',
      '    SMS gateway',
      'Second',
      '  Steps',
    ]);
    assert.equal(list[0]!.children![4]!.children![0]!.detail, 'POST https://sms.example.com/send');
  });

  test('a half-typed file still has an outline', async () => {
    const uri = 'file:///ws/symbols/broken.testcase.json';
    await offline.open(
      uri,
      '{ "name": "Half", "testStepList": [ { "function": "SEND_SMS", "mobileDeviceId": 4, "params": { "text": ',
    );
    assert.deepEqual(outline(await symbols(offline, uri)), ['Half', '  Steps', '    1 SEND_SMS · device 4']);
  });

  test('a client without hierarchical symbols gets a flat list with containers', async () => {
    const flat = await LspHarness.start();
    try {
      const uri = 'file:///ws/symbols/flat.testcase.json';
      await flat.open(uri, text);
      const list = (await flat.connection.sendRequest(DocumentSymbolRequest.type, {
        textDocument: { uri },
      })) as SymbolInformation[];
      assert.deepEqual(
        list.slice(0, 3).map((s) => [s.name, s.containerName ?? null, s.location.uri]),
        [
          ['Formatting check', null, uri],
          ['Steps', 'Formatting check', uri],
          ['1 CALL · device 1', 'Steps', uri],
        ],
      );
    } finally {
      assert.equal(await flat.stop(), 0);
    }
  });
});

describe('folding and selection ranges', () => {
  test('every object and array over several lines folds, up to the line before its closing bracket', async () => {
    const uri = 'file:///ws/folding/case.testcase.json';
    const text = testCaseFileText(record, { id: 7 }).text;
    await offline.open(uri, text);
    const ranges = (await offline.connection.sendRequest(FoldingRangeRequest.type, {
      textDocument: { uri },
    })) as FoldingRange[];
    // Expected: from the text itself, each multi-line container's open and close lines.
    const lines = text.split('\n');
    const expected: [number, number][] = [];
    const stack: number[] = [];
    lines.forEach((l, i) => {
      for (const c of l.replace(/"(?:[^"\\]|\\.)*"/g, '')) {
        if (c === '{' || c === '[') stack.push(i);
        else if (c === '}' || c === ']') {
          const start = stack.pop()!;
          if (i - 1 > start) expected.push([start, i - 1]);
        }
      }
    });
    expected.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    assert.deepEqual(
      ranges.map((r) => [r.startLine, r.endLine]),
      expected,
    );
    assert.equal(expected.length, 9);
  });

  test('expand selection: string content, string, "key": value, the object, the list, ... the document', async () => {
    const uri = 'file:///ws/folding/select.testcase.json';
    const text = '{\n  "name": "Sel",\n  "testStepList": [\n    { "function": "CALL", "params": {} }\n  ]\n}\n';
    await offline.open(uri, text);
    const [chain] = (await offline.connection.sendRequest(SelectionRangeRequest.type, {
      textDocument: { uri },
      positions: [pos(text, '"CA')],
    })) as SelectionRange[];
    const spans: string[] = [];
    for (let r: SelectionRange | undefined = chain; r; r = r.parent)
      spans.push(TextDocument.create(uri, 'json', 0, text).getText(r.range));
    assert.deepEqual(spans, [
      'CALL',
      '"CALL"',
      '"function": "CALL"',
      '{ "function": "CALL", "params": {} }',
      '[\n    { "function": "CALL", "params": {} }\n  ]',
      '"testStepList": [\n    { "function": "CALL", "params": {} }\n  ]',
      text.trimEnd(),
    ]);
  });
});
