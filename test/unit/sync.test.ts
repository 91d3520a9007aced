import { strict as assert } from 'node:assert';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { applyIdEdits, idEdits, toTextEdits } from '../../server/src/core/sync/idEdit';
import { classify } from '../../server/src/core/sync/classify';
import { mergeImportResults } from '../../server/src/core/sync/decisions';
import { envKey } from '../../server/src/core/sync/envKey';
import { firstInvalidUtf8 } from '../../server/src/core/files/safeRead';
import { assignFileNames, fileBaseName, fileNameWithId } from '../../server/src/core/sync/fileNames';
import { foldName, linkKeyProblem } from '../../server/src/core/sync/linkPaths';
import { bundleFileText, testCaseFileText } from '../../server/src/core/sync/fileText';
import { canonicalJson, syncFields, syncHash } from '../../server/src/core/sync/projection';
import { SECRET_PLACEHOLDER } from '../../server/src/core/secrets/secrets';
import { parseState, stateKey, stateText, SyncState } from '../../server/src/core/sync/state';
import { findSyncRoot } from '../../server/src/core/sync/syncRoot';

// The pure parts of sync: projection and hash, file names, canonical text, id write-back, the
// sync-state file and the classification table.

const record = () => ({
  id: 7,
  name: 'Login via SMS',
  description: '',
  tags: 'smoke',
  disabled: false,
  disableReason: '',
  notes: '',
  testStepList: [{ function: 'SEND_SMS', mobileDeviceId: 3, params: { text: 'hi' } }],
  traceFilters: [{ mobileDeviceId: 3, traceFilterId: 2, mobileDeviceName: 'Pixel', msisdn: '+4915100000' }],
  sipTraceFilters: [],
  projects: [{ id: 1, name: 'Core' }],
  futureField: { b: 1, a: 2 },
});

describe('sync projection and hash', () => {
  test('ignores what only the service decides, empty defaults and key order', () => {
    const local = {
      name: 'Login via SMS',
      tags: 'smoke',
      futureField: { a: 2, b: 1 },
      testStepList: record().testStepList,
      traceFilters: [{ traceFilterId: 2, mobileDeviceId: 3 }],
      $schema: 'x',
      id: 99,
    };
    assert.equal(syncHash(local), syncHash(record()));
    assert.match(syncHash(local), /^sha256:[0-9a-f]{64}$/);
  });

  test('counts unknown fields and real changes', () => {
    assert.notEqual(syncHash({ ...record(), futureField: 1 }), syncHash(record()));
    assert.notEqual(syncHash({ ...record(), description: 'x' }), syncHash(record()));
    assert.notEqual(syncHash({ ...record(), disabled: true }), syncHash(record()));
  });

  test('a placeholder and the real secret at the same place compare equal', () => {
    const withSecret = { ...record(), testStepList: [{ function: 'HTTP', params: { password: 'hunter2' } }] };
    const withPlaceholder = {
      ...record(),
      testStepList: [{ function: 'HTTP', params: { password: SECRET_PLACEHOLDER } }],
    };
    assert.equal(syncHash(withPlaceholder), syncHash(withSecret));
  });

  test('fields for sending keep cleared values and drop response-only ones', () => {
    const sent = syncFields(record(), true);
    assert.equal(sent['description'], '');
    assert.equal(sent['id'], undefined);
    assert.equal(sent['projects'], undefined);
    assert.deepEqual(sent['traceFilters'], [{ mobileDeviceId: 3, traceFilterId: 2 }]);
  });

  test('canonical JSON sorts keys at every level', () => {
    assert.equal(canonicalJson({ b: { d: 1, c: [{ f: 1, e: 2 }] }, a: 0 }), '{"a":0,"b":{"c":[{"e":2,"f":1}],"d":1}}');
  });
});

describe('environment keys', () => {
  test('normalise scheme, host, default port and trailing slash; keep path and port', () => {
    assert.equal(envKey('HTTPS://Tas.Example.COM:443/'), 'https://tas.example.com');
    assert.equal(envKey('http://127.0.0.1:8080/api/'), 'http://127.0.0.1:8080/api');
    assert.equal(envKey('https://user:pw@tas.example.com'), 'https://tas.example.com');
  });
});

describe('file names', () => {
  test('from the case name: allowed characters, collapsed, at most 80', () => {
    assert.equal(fileBaseName('Login / SMS (EU)'), 'Login-SMS-EU-');
    assert.equal(fileBaseName('..hidden'), 'hidden');
    assert.equal(fileBaseName('ÄÖ ü_1.2'), 'ÄÖ-ü_1.2');
    assert.equal(fileBaseName('???'), 'test-case');
    assert.equal(fileBaseName('x'.repeat(200)).length, 80);
    assert.equal(fileNameWithId('x'.repeat(200), 12345), `${'x'.repeat(74)}-12345.testcase.json`);
  });

  test('unique: shared names and names held by other files get the id; linked files are kept', () => {
    const names = assignFileNames({
      cases: [
        { id: 1, name: 'Same' },
        { id: 2, name: 'Same' },
        { id: 3, name: 'Taken' },
        { id: 4, name: 'Renamed on the service' },
        { id: 5, name: 'Free' },
      ],
      linkedFiles: new Map([[4, 'Old-name.testcase.json']]),
      filesLinkedTo: new Map([
        ['Taken.testcase.json', 9],
        ['Old-name.testcase.json', 4],
      ]),
    });
    assert.deepEqual(Object.fromEntries(names), {
      1: 'Same-1.testcase.json',
      2: 'Same-2.testcase.json',
      3: 'Taken-3.testcase.json',
      4: 'Old-name.testcase.json',
      5: 'Free.testcase.json',
    });
  });
});

describe('names nothing is lost to', () => {
  test('clash, .clash and clash-<id> get three files; names differing in case only never share one', () => {
    const names = assignFileNames({
      cases: [
        { id: 7, name: 'clash' },
        { id: 8, name: '.clash' },
        { id: 9, name: 'clash-8' },
        { id: 10, name: 'CLASH' },
        { id: 11, name: 'Clash-7' },
      ],
      linkedFiles: new Map(),
      filesLinkedTo: new Map(),
    });
    const files = [...names.values()];
    assert.equal(new Set(files.map(foldName)).size, 5, files.join(', '));
    assert.equal(names.get(9), 'clash-8.testcase.json', 'the natural holder of a name keeps it');
    assert.equal(names.get(8), 'clash-8-2.testcase.json');
  });

  test('a name differing only in case from a file in the folder is that file (macOS, Windows)', () => {
    const names = assignFileNames({
      cases: [{ id: 1, name: 'login' }],
      linkedFiles: new Map(),
      filesLinkedTo: new Map(),
      present: ['Login.testcase.json'],
    });
    assert.equal(names.get(1), 'Login.testcase.json');
    const held = assignFileNames({
      cases: [{ id: 1, name: 'login' }],
      linkedFiles: new Map(),
      filesLinkedTo: new Map([['LOGIN.testcase.json', 5]]),
    });
    assert.equal(held.get(1), 'login-1.testcase.json');
  });

  test('portable: no Windows device names, no trailing dot, whole characters within the byte limit', () => {
    assert.equal(fileBaseName('CON'), 'CON_');
    assert.equal(fileBaseName('nul.x'), 'nul_.x');
    assert.equal(fileBaseName('Com1'), 'Com1_');
    assert.equal(fileBaseName('console'), 'console');
    assert.equal(fileBaseName('end.'), 'end');
    // A letter outside the BMP (two UTF-16 units, four bytes): never cut in half.
    const wide = fileBaseName('𝐀'.repeat(100));
    assert.equal(wide, '𝐀'.repeat(45));
    assert.equal(Buffer.byteLength(wide), 180);
  });

  test('link keys: clean relative paths to test-case files only', () => {
    for (const ok of ['a.testcase.json', 'sub/b.testcases.json#3', 'ÄÖ/c.testcase.json'])
      assert.equal(linkKeyProblem(ok), undefined, ok);
    const refused: [string, RegExp][] = [
      ['package.json', /names no test-case file/],
      ['..\\..\\evil.bat', /backslash/],
      ['../x.testcase.json', /leaves the sync root/],
      ['a/./x.testcase.json', /not normalised/],
      ['a//x.testcase.json', /not normalised/],
      ['/etc/x.testcase.json', /absolute/],
      ['C:/x.testcase.json', /absolute/],
      ['CON.testcase.json', /device name CON/],
      ['dot./x.testcase.json', /ending in a dot/],
      ['x.testcase.json#1', /names no test-case file/],
      ['b.testcases.json', /names no test-case file/],
      ['ab:c.testcase.json', /character Windows does not allow/],
      ['a:b.testcase.json', /absolute/],
    ];
    for (const [key, why] of refused) assert.match(linkKeyProblem(key) ?? 'accepted', why, key);
  });

  test('UTF-8: the offset of the first bad byte', () => {
    assert.equal(firstInvalidUtf8(Buffer.from('plain ÄÖ 😀')), -1);
    assert.equal(firstInvalidUtf8(Buffer.from([0x41, 0xe9, 0x42])), 1, 'Latin-1 é');
    assert.equal(firstInvalidUtf8(Buffer.from([0x41, 0xc0, 0x80])), 1, 'overlong');
    assert.equal(firstInvalidUtf8(Buffer.from([0xed, 0xa0, 0x80])), 0, 'a surrogate');
    assert.equal(firstInvalidUtf8(Buffer.from([0x41, 0x42, 0xe2, 0x82])), 2, 'cut short');
  });
});

describe('canonical file text', () => {
  test('fixed key order, unknown keys sorted last, nested order kept, $schema first', () => {
    const { text, replaced } = testCaseFileText({ zeta: 1, alpha: 2, ...record() }, { id: 7, schema: './s.json' });
    assert.equal(replaced, 0);
    const keys = Object.keys(JSON.parse(text) as object);
    assert.deepEqual(keys, [
      '$schema',
      'id',
      'name',
      'description',
      'tags',
      'disabled',
      'disableReason',
      'notes',
      'testStepList',
      'traceFilters',
      'sipTraceFilters',
      'projects',
      'alpha',
      'futureField',
      'zeta',
    ]);
    assert.ok(text.includes('"futureField": {\n    "b": 1,\n    "a": 2\n  }'));
    assert.ok(text.endsWith('}\n'));
    assert.ok(text.includes('"mobileDeviceName": "Pixel"'), 'device names stay for the language server');
  });

  test('the same record gives the same bytes whatever its key order', () => {
    const r = record();
    const reversed = Object.fromEntries(Object.entries(r).reverse());
    assert.equal(testCaseFileText(reversed, { id: 7 }).text, testCaseFileText(r, { id: 7 }).text);
  });

  test('bundle items: the same key order, every field the service sent kept (the rest sorted), whatever order it came in', () => {
    const item = { updated: 'u', apiClients: [], devices: [], ...record(), id: 7, created: 'c' };
    const reversed = Object.fromEntries(Object.entries(item).reverse());
    const { text } = bundleFileText([reversed]);
    assert.equal(text, bundleFileText([item]).text);
    assert.deepEqual(Object.keys((JSON.parse(text) as object[])[0]!), [
      'id',
      'name',
      'description',
      'tags',
      'disabled',
      'disableReason',
      'notes',
      'testStepList',
      'traceFilters',
      'sipTraceFilters',
      'projects',
      'apiClients',
      'created',
      'devices',
      'futureField',
      'updated',
    ]);
  });

  test('secrets are written as placeholders and counted', () => {
    const { text, replaced } = bundleFileText([
      { ...record(), apiClients: [{ id: 1, password: 'hunter2', authParams: { client_secret: 's' } }] },
    ]);
    assert.equal(replaced, 2);
    assert.ok(!text.includes('hunter2'));
  });
});

describe('id write-back', () => {
  test("inserts the id as the first member in the file's own indentation, nothing else changes", () => {
    const text = '{\n\t"name": "A",\n\t"tags": "x"\n}';
    const out = applyIdEdits(text, idEdits(text, 42));
    assert.equal(out, '{\n\t"id": 42,\n\t"name": "A",\n\t"tags": "x"\n}');
  });

  test('replaces only the id value, and bundle items by index', () => {
    const text = '{\n    "name": "A",   "id": 1\n}\n';
    assert.equal(applyIdEdits(text, idEdits(text, 2)), '{\n    "name": "A",   "id": 2\n}\n');
    const bundle = '[\n  {\n    "name": "A"\n  },\n  {\n    "name": "B"\n  }\n]\n';
    assert.equal(
      applyIdEdits(bundle, idEdits(bundle, 5, 1)),
      '[\n  {\n    "name": "A"\n  },\n  {\n    "id": 5,\n    "name": "B"\n  }\n]\n',
    );
  });

  test('offsets become line and character positions', () => {
    const text = '{\n  "name": "A"\n}';
    const edits = toTextEdits(text, idEdits(text, 3));
    assert.equal(
      TextDocument.applyEdits(TextDocument.create('file:///a', 'json', 1, text), edits),
      applyIdEdits(text, idEdits(text, 3)),
    );
  });
});

describe('sync-state file', () => {
  test('stable text: sorted keys, 2 spaces, trailing newline; parses back', () => {
    const data = parseState(
      '{"version":1,"files":{"b.testcase.json":{"links":{"http://x":{"updated":"t","id":2,"base":"sha256:1"}},"home":"http://x"},"a.testcases.json#0":{"home":"h","links":{}}}}',
      'sync.json',
    );
    const text = stateText(data);
    assert.equal(
      text,
      '{\n  "files": {\n    "a.testcases.json#0": {\n      "home": "h",\n      "links": {}\n    },\n    "b.testcase.json": {\n      "home": "http://x",\n      "links": {\n        "http://x": {\n          "base": "sha256:1",\n          "id": 2,\n          "updated": "t"\n        }\n      }\n    }\n  },\n  "version": 1\n}\n',
    );
    assert.deepEqual(parseState(text, 'sync.json'), data);
  });

  test("the sync root: nearest .tas, else nearest .git, else the file's folder", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tas-sync-root-'));
    try {
      await mkdir(join(dir, 'repo', '.git'), { recursive: true });
      await mkdir(join(dir, 'repo', 'tests', 'deep'), { recursive: true });
      assert.equal(await findSyncRoot(join(dir, 'repo', 'tests', 'deep', 'a.testcase.json')), join(dir, 'repo'));
      await mkdir(join(dir, 'repo', 'tests', '.tas'));
      assert.equal(
        await findSyncRoot(join(dir, 'repo', 'tests', 'deep', 'a.testcase.json')),
        join(dir, 'repo', 'tests'),
      );
      await mkdir(join(dir, 'loose'));
      assert.equal(await findSyncRoot(join(dir, 'loose', 'a.testcase.json')), join(dir, 'loose'));
      assert.equal(
        stateKey(join(dir, 'repo'), join(dir, 'repo', 'tests', 'b.testcases.json'), 3),
        'tests/b.testcases.json#3',
      );
      const state = await SyncState.load(join(dir, 'repo'));
      state.setLink('tests/a.testcase.json', 'http://e', { id: 1, base: 'sha256:0' });
      await state.save();
      const saved = await readFile(join(dir, 'repo', '.tas', 'sync.json'), 'utf8');
      assert.equal(JSON.parse(saved).files['tests/a.testcase.json'].home, 'http://e');
      await writeFile(join(dir, 'repo', '.tas', 'sync.json'), 'not json');
      await assert.rejects(SyncState.load(join(dir, 'repo')), /not valid JSON/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('classification of a linked case', () => {
  const cases: [string, string | undefined, string | undefined, string][] = [
    // local, service, base -> state
    ['A', 'A', 'A', 'unchanged'],
    ['B', 'A', 'A', 'localChanged'],
    ['A', 'B', 'A', 'serviceChanged'],
    ['B', 'C', 'A', 'conflict'],
    ['B', 'B', 'A', 'unchanged'],
    ['A', 'A', undefined, 'unchanged'],
    ['A', 'B', undefined, 'conflict'],
    ['A', undefined, 'A', 'missingOnService'],
  ];
  for (const [local, service, base, want] of cases) {
    test(`local ${local}, service ${service ?? 'gone'}, base ${base ?? 'none'}: ${want}`, () => {
      assert.equal(classify({ local, service, base }), want);
    });
  }
});

describe('the report of an import in two passes', () => {
  const a = 'file:///w/a.testcase.json';
  const b = 'file:///w/b.testcases.json';
  test("decided items take the second pass's outcome; the rest keep the first pass's, in the first pass's order", () => {
    const first = [
      { uri: a, outcome: 'nameTaken' as const, takenById: 4 },
      { uri: b, index: 0, outcome: 'created' as const, id: 7 },
      { uri: b, index: 1, outcome: 'conflict' as const, id: 8 },
    ];
    // The second pass sees what the first pushed as unchanged, and may report items in another order.
    const second = [
      { uri: b, index: 1, outcome: 'updated' as const, id: 8 },
      { uri: b, index: 0, outcome: 'unchanged' as const, id: 7 },
      { uri: a, outcome: 'unchanged' as const, id: 4 },
    ];
    const merged = mergeImportResults(first, second, { [a]: 'linkToExisting', [`${b}#1`]: 'overwriteService' });
    assert.deepEqual(merged, [
      { uri: a, outcome: 'unchanged', id: 4 },
      { uri: b, index: 0, outcome: 'created', id: 7 },
      { uri: b, index: 1, outcome: 'updated', id: 8 },
    ]);
  });
  test('a decision for an item the second pass did not report leaves the first outcome; no decisions: the first pass whole', () => {
    const first = [{ uri: a, outcome: 'conflict' as const, id: 3 }];
    assert.deepEqual(mergeImportResults(first, [], { [a]: 'skip' }), first);
    assert.deepEqual(mergeImportResults(first, [{ uri: a, outcome: 'updated', id: 3 }], {}), first);
    // An index is part of the key: item 0 of a bundle is not the bundle.
    assert.deepEqual(
      mergeImportResults(
        [{ uri: b, index: 0, outcome: 'conflict', id: 5 }],
        [{ uri: b, index: 0, outcome: 'updated', id: 5 }],
        { [b]: 'skip' },
      ),
      [{ uri: b, index: 0, outcome: 'conflict', id: 5 }],
    );
  });
});
