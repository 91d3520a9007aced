import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';

// The file-format schemas (schemas/*.schema.json), the contributions fragment and the TextMate
// grammars (syntaxes/). The schemas are checked against the sample workspace, against records
// taken live from the emulator, and for a description on every property (they are the hovers).

const root = resolve(__dirname, '../../..');
const readJson = (rel: string): unknown => JSON.parse(readFileSync(resolve(root, rel), 'utf8'));

type Schema = { [key: string]: unknown };
const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

const TEST_CASE_ID = 'https://tas.example/schemas/testcase.schema.json';
const BUNDLE_ID = 'https://tas.example/schemas/testcases.schema.json';
const testCaseSchema = readJson('schemas/testcase.schema.json') as Schema;
const bundleSchema = readJson('schemas/testcases.schema.json') as Schema;

/** Keywords of VS Code's JSON support (hover text, completion, messages): annotations for ajv. */
const EDITOR_KEYWORDS = ['markdownDescription', 'defaultSnippets', 'patternErrorMessage', 'doNotSuggest'];

function compile(): { testCase: ValidateFunction; bundle: ValidateFunction } {
  // Strict mode stays on: an unknown keyword, a misplaced one or a type clash in the schemas is
  // an error here. Only the editor keywords are declared, as annotations without validation.
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  ajv.addVocabulary(EDITOR_KEYWORDS);
  ajv.addSchema(testCaseSchema);
  // The bundle file has no $id (editors resolve its reference against its location).
  ajv.addSchema(bundleSchema, BUNDLE_ID);
  const testCase = ajv.getSchema(TEST_CASE_ID);
  const bundle = ajv.getSchema(BUNDLE_ID);
  assert.ok(testCase && bundle, 'both schemas are reachable by their $id');
  return { testCase, bundle };
}

const { testCase: validateTestCase, bundle: validateBundle } = compile();

/** Errors as "instancePath keyword" lines, sorted: what a test can compare exactly. */
function errorsOf(validate: ValidateFunction, value: unknown): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath} ${e.keyword}`).sort();
}

const minimal = (extra: Schema = {}): Schema => ({ name: 'A test case', ...extra });

describe('the test case and bundle schemas', () => {
  test('are draft 2020-12 with the agreed $ids, and the bundle reuses the test case definitions', () => {
    for (const s of [testCaseSchema, bundleSchema]) assert.equal(s['$schema'], 'https://json-schema.org/draft/2020-12/schema');
    assert.equal(testCaseSchema['$id'], TEST_CASE_ID);
    assert.equal(bundleSchema['$id'], undefined, 'no $id: editors resolve the reference against the file location');
    assert.equal(bundleSchema['type'], 'array');
    assert.deepEqual(bundleSchema['items'], { $ref: 'testcase.schema.json#/$defs/exportedTestCase' });
    assert.equal(bundleSchema['$defs'], undefined, 'the bundle schema defines nothing of its own');
  });

  describe('the sample workspace (samples/workspace/README.md)', () => {
    const expected: Record<string, string[]> = {
      'voice-call-mo.testcase.json': [],
      'sms-to-pixel.testcase.json': [],
      // A wrong type and a malformed SIP code list. The unknown device and trace filter are
      // valid JSON values: only the service can tell they do not exist.
      'broken-references.testcase.json': ['/disabled type', '/sipTraceFilters/0/sipMessageCodes pattern'],
    };

    test('has an expectation for every sample file', () => {
      const files = readdirSync(resolve(root, 'samples/workspace')).filter((f) => f.endsWith('.json'));
      assert.deepEqual(files.sort(), Object.keys(expected).sort());
    });

    for (const [file, errors] of Object.entries(expected)) {
      test(`${file} ${errors.length === 0 ? 'is valid' : `fails exactly at ${errors.join(', ')}`}`, () => {
        assert.deepEqual(errorsOf(validateTestCase, readJson(`samples/workspace/${file}`)), errors);
      });
    }
  });

  describe('a test case', () => {
    test('needs a name and nothing else', () => {
      assert.deepEqual(errorsOf(validateTestCase, minimal()), []);
      assert.deepEqual(errorsOf(validateTestCase, {}), [' required']);
      assert.deepEqual(errorsOf(validateTestCase, { name: 7 }), ['/name type']);
    });

    test('rejects a misspelt field, naming it', () => {
      assert.equal(validateTestCase(minimal({ descripton: 'typo' })), false);
      const error = validateTestCase.errors?.[0];
      assert.equal(error?.keyword, 'additionalProperties');
      assert.deepEqual(error?.params, { additionalProperty: 'descripton' });
    });

    test('accepts $schema, id and projects, but not the export-only devices and apiClients', () => {
      const value = minimal({ $schema: TEST_CASE_ID, id: 4, projects: [{ id: 1, name: 'Regression' }] });
      assert.deepEqual(errorsOf(validateTestCase, value), []);
      assert.deepEqual(errorsOf(validateTestCase, minimal({ devices: [], apiClients: [] })), [
        ' additionalProperties',
        ' additionalProperties',
      ]);
    });

    test('has the types of the interface document', () => {
      const wrong = {
        name: 'x',
        description: 1,
        testStepList: {},
        tags: ['a'],
        disableReason: false,
        notes: null,
        disabled: 'no',
        traceFilters: {},
        sipTraceFilters: 'none',
        projects: {},
        id: '3',
      };
      assert.deepEqual(
        errorsOf(validateTestCase, wrong),
        ['description', 'disableReason', 'disabled', 'id', 'notes', 'projects', 'sipTraceFilters', 'tags', 'testStepList', 'traceFilters']
          .map((f) => `/${f} type`)
          .sort(),
      );
    });

    test('takes only positive whole numbers as IDs', () => {
      assert.deepEqual(errorsOf(validateTestCase, minimal({ id: 0 })), ['/id minimum']);
      assert.deepEqual(errorsOf(validateTestCase, minimal({ id: 1.5 })), ['/id type']);
      const refs = minimal({
        testStepList: [{ mobileDeviceId: 0, params: { apiClientId: -1 } }],
        traceFilters: [{ mobileDeviceId: 1, traceFilterId: 0 }],
        sipTraceFilters: [{ mobileDeviceId: 2.5, sipMessageCodes: '200' }],
      });
      assert.deepEqual(errorsOf(validateTestCase, refs), [
        '/sipTraceFilters/0/mobileDeviceId type',
        '/testStepList/0/mobileDeviceId minimum',
        '/testStepList/0/params/apiClientId minimum',
        '/traceFilters/0/traceFilterId minimum',
      ]);
    });

    test('accepts steps of any shape, and checks the types of the usual step fields', () => {
      const free = minimal({ testStepList: [{}, { vendorStep: { anything: [1, 2] } }, { function: 'WAIT', params: { seconds: 5 }, extra: true }] });
      assert.deepEqual(errorsOf(validateTestCase, free), []);
      const typed = minimal({ testStepList: [{ function: 5, mobileDeviceId: '1', params: [], description: {} }, 'CALL'] });
      assert.deepEqual(errorsOf(validateTestCase, typed), [
        '/testStepList/0/description type',
        '/testStepList/0/function type',
        '/testStepList/0/mobileDeviceId type',
        '/testStepList/0/params type',
        '/testStepList/1 type',
      ]);
    });

    test('trace filter items need their two IDs and allow only the known fields', () => {
      const ok = { mobileDeviceId: 1, traceFilterId: 2, mobileDeviceName: 'Pixel', msisdn: '49170' };
      assert.deepEqual(errorsOf(validateTestCase, minimal({ traceFilters: [ok, { mobileDeviceId: 1, traceFilterId: 3 }] })), []);
      // What the service answers for a device that does not exist (see test/emulator/DECISIONS.md).
      const unknownDevice = { ...ok, mobileDeviceName: null, msisdn: null };
      assert.deepEqual(errorsOf(validateTestCase, minimal({ traceFilters: [unknownDevice] })), []);
      assert.deepEqual(errorsOf(validateTestCase, minimal({ traceFilters: [{ mobileDeviceId: 1 }, { traceFilterId: 1, filter: 'sip' }] })), [
        '/traceFilters/0 required',
        '/traceFilters/1 additionalProperties',
        '/traceFilters/1 required',
      ]);
    });

    test('SIP trace filter items need a device and codes and allow only the known fields', () => {
      const ok = { mobileDeviceId: 1, sipMessageCodes: '180,183,200', mobileDeviceName: 'Pixel', msisdn: '49170' };
      assert.deepEqual(errorsOf(validateTestCase, minimal({ sipTraceFilters: [ok] })), []);
      assert.deepEqual(errorsOf(validateTestCase, minimal({ sipTraceFilters: [{ sipMessageCodes: '200' }, { mobileDeviceId: 1, codes: '200' }] })), [
        '/sipTraceFilters/0 required',
        '/sipTraceFilters/1 additionalProperties',
        '/sipTraceFilters/1 required',
      ]);
    });

    test('sipMessageCodes are comma-separated SIP status codes 100-699, spaces allowed after commas', () => {
      const codes = (sipMessageCodes: string) => minimal({ sipTraceFilters: [{ mobileDeviceId: 1, sipMessageCodes }] });
      for (const good of ['100', '699', '180,183,200', '180, 183,  200', '486,600']) {
        assert.deepEqual(errorsOf(validateTestCase, codes(good)), [], good);
      }
      for (const bad of ['', ' ', '99', '700', '1800', '180,1830,OK', 'OK', '180,', ',180', '180,,183', '180 ,183', ' 180', '180;183', '18O']) {
        assert.deepEqual(errorsOf(validateTestCase, codes(bad)), ['/sipTraceFilters/0/sipMessageCodes pattern'], JSON.stringify(bad));
      }
    });
  });

  describe('an export bundle', () => {
    test('is an array of test cases, each with a name and without misspelt fields', () => {
      assert.deepEqual(errorsOf(validateBundle, []), []);
      assert.deepEqual(errorsOf(validateBundle, minimal()), [' type']);
      assert.deepEqual(errorsOf(validateBundle, [minimal({ devices: [], apiClients: [] }), { descripton: '' }]), [
        '/1 additionalProperties',
        '/1 required',
      ]);
    });

    test('keeps the $schema property for single files only', () => {
      assert.deepEqual(errorsOf(validateBundle, [minimal({ $schema: BUNDLE_ID })]), ['/0 additionalProperties']);
    });

    test('types the device and API client records, and keeps unknown record fields', () => {
      const bundle = [
        minimal({
          devices: [{ id: 1, name: 'Pixel', testNodeId: 2, deviceModelId: 3, projects: [], batteryLevel: 90 }],
          apiClients: [{ id: 1, name: 'Billing', headerParams: { Accept: 'application/json' }, basicAuthViaSecrets: false }],
        }),
      ];
      assert.deepEqual(errorsOf(validateBundle, bundle), []);
      const wrong = [
        minimal({
          devices: [{ id: 0, testNodeId: '2', msisdn: 4917 }],
          apiClients: [{ headerParams: { Accept: 1 }, basicAuthViaSecrets: 'no', password: 5 }],
        }),
      ];
      assert.deepEqual(errorsOf(validateBundle, wrong), [
        '/0/apiClients/0/basicAuthViaSecrets type',
        '/0/apiClients/0/headerParams/Accept type',
        '/0/apiClients/0/password type',
        '/0/devices/0/id minimum',
        '/0/devices/0/msisdn type',
        '/0/devices/0/testNodeId type',
      ]);
    });
  });

  describe('records taken live from the emulator', () => {
    let emu: Emulator;
    let token = '';

    async function call(method: string, path: string, body?: unknown): Promise<unknown> {
      const res = await fetch(`${emu.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      assert.equal(res.status, 200, `${method} ${path}`);
      return res.json();
    }

    before(async () => {
      emu = await startEmulator();
      const answer = (await call('POST', '/api/v2/connect/token', DEMO_CREDENTIALS.admin)) as { accessToken: string };
      token = answer.accessToken;
    });
    after(async () => {
      await emu.close();
    });

    test('an export of test cases 1, 2 and 3 is a valid bundle', async () => {
      const bundle = (await call('POST', '/api/v2/testcases/export', { ids: [1, 2, 3] })) as Schema[];
      assert.equal(bundle.length, 3);
      assert.ok(bundle.every((t) => Array.isArray(t['devices']) && (t['devices'] as unknown[]).length > 0), 'devices are filled');
      // Demo case 3 carries a field the document does not describe: the one thing the schema (and
      // so the language server, as a warning) points out.
      assert.deepEqual(bundle[2]?.['retryPolicy'], { maxRetries: 1, delaySeconds: 30 });
      assert.deepEqual(errorsOf(validateBundle, bundle), ['/2 additionalProperties']);
      delete bundle[2]['retryPolicy'];
      assert.deepEqual(errorsOf(validateBundle, bundle), []);
    });

    test('an export with API client records is a valid bundle', async () => {
      const page = (await call('GET', '/api/v2/testcases?filterName=name&filterValue=Billing&size=1')) as { content: { id: number }[] };
      const id = page.content[0]?.id;
      assert.ok(id, 'the demo data has a test case that calls an API client');
      const bundle = (await call('POST', '/api/v2/testcases/export', { ids: [id] })) as Schema[];
      assert.ok(((bundle[0]?.['apiClients'] as unknown[] | undefined) ?? []).length > 0, 'apiClients are filled');
      assert.deepEqual(errorsOf(validateBundle, bundle), []);
    });

    test('GET /api/v2/testcases/1 is a valid test case file', async () => {
      const record = await call('GET', '/api/v2/testcases/1');
      assert.deepEqual(errorsOf(validateTestCase, record), []);
    });
  });

  describe('as hover and completion source', () => {
    const schemas: [string, Schema][] = [
      ['testcase.schema.json', testCaseSchema],
      ['testcases.schema.json', bundleSchema],
    ];

    /** The schema a $ref names: a pointer in the same file or in testcase.schema.json. */
    function deref(ref: string, base: Schema): Schema {
      const [file, pointer = ''] = ref.split('#');
      let node: unknown = file ? { 'testcase.schema.json': testCaseSchema }[file] : base;
      assert.ok(node, `${ref}: unknown file`);
      for (const part of pointer.split('/').filter(Boolean)) node = isObject(node) ? node[part] : undefined;
      assert.ok(isObject(node), `${ref} resolves`);
      return node;
    }

    /** Every subschema with the path to it (properties, items, $defs, combinators). */
    function walk(node: Schema, path: string, visit: (s: Schema, path: string) => void): void {
      visit(node, path);
      for (const key of ['properties', '$defs']) {
        const map = node[key];
        if (isObject(map)) for (const [name, sub] of Object.entries(map)) if (isObject(sub)) walk(sub, `${path}/${key}/${name}`, visit);
      }
      for (const key of ['items', 'additionalProperties', 'not']) {
        const sub = node[key];
        if (isObject(sub)) walk(sub, `${path}/${key}`, visit);
      }
      for (const key of ['allOf', 'anyOf', 'oneOf']) {
        const list = node[key];
        if (Array.isArray(list)) list.forEach((sub, i) => isObject(sub) && walk(sub, `${path}/${key}/${i}`, visit));
      }
    }

    test('every property has a description written for test authors', () => {
      let count = 0;
      for (const [file, schema] of schemas) {
        walk(schema, file, (node, path) => {
          if (!isObject(node['properties'])) return;
          for (const [name, sub] of Object.entries(node['properties'])) {
            assert.ok(isObject(sub), `${path}/properties/${name}`);
            const target = typeof sub['$ref'] === 'string' ? { ...deref(sub['$ref'], schema), ...sub } : sub;
            const text = target['description'];
            assert.ok(typeof text === 'string' && text.length >= 20, `${path}/properties/${name} needs a description`);
            count++;
          }
        });
      }
      // 12 test case fields with $schema, 2 export fields, 4 step, 4 + 4 trace filter items,
      // 1 step params, 2 project reference, 19 device and 15 API client fields.
      assert.equal(count, 12 + 11 + 2 + 4 + 1 + 4 + 4 + 2 + 19 + 15);
    });

    test('every definition, and the schemas themselves, are described; markdown comes with plain text', () => {
      for (const [file, schema] of schemas) {
        walk(schema, file, (node, path) => {
          if (path === file || /\/\$defs\/[^/]+$/.test(path)) {
            assert.ok(typeof node['description'] === 'string', `${path} needs a description`);
          }
          if (node['markdownDescription'] !== undefined) assert.ok(typeof node['description'] === 'string', `${path}: description next to markdownDescription`);
          if (typeof node['$ref'] === 'string') deref(node['$ref'], schema);
        });
      }
    });

    test('the Mobile device and API client definitions have every field of the document', () => {
      const defs = testCaseSchema['$defs'] as Record<string, Schema>;
      const fields = (name: string) => Object.keys(defs[name]?.['properties'] as Schema).sort();
      assert.deepEqual(
        fields('mobileDevice'),
        [
          'id', 'name', 'msisdn', 'imsi', 'imei', 'ranType', 'testNodeId', 'deviceModelId', 'subscriptionType', 'platformName',
          'deviceId', 'nationalFormat', 'internationalFormat', 'iccid', 'eid', 'ecid', 'testNodeName', 'deviceModelName', 'projects',
        ].sort(),
      );
      assert.deepEqual(
        fields('apiClient'),
        [
          'id', 'basicAuthViaSecrets', 'name', 'apiClientAuthType', 'headerParams', 'authParams', 'serverURL', 'payload', 'httpMethod',
          'failureRegexBody', 'username', 'password', 'tokenEndpointForOAuth2', 'oauth2Scopes', 'projects',
        ].sort(),
      );
      const password = (defs['apiClient']?.['properties'] as Record<string, Schema>)['password'];
      assert.equal(password?.['writeOnly'], true);
      assert.match(String(password?.['description']), /never/);
    });

    test('the snippets for a new test case, step, trace filter and bundle produce valid values', () => {
      /** A snippet body as VS Code inserts it with every placeholder at its default. */
      const expand = (text: string) => text.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\{\d+\}|\$\d+/g, '');
      const instantiate = (body: unknown): unknown => {
        if (typeof body === 'string') return body.startsWith('^') ? JSON.parse(expand(body.slice(1))) : expand(body);
        if (Array.isArray(body)) return body.map(instantiate);
        if (isObject(body)) return Object.fromEntries(Object.entries(body).map(([k, v]) => [expand(k), instantiate(v)]));
        return body;
      };
      const defs = testCaseSchema['$defs'] as Record<string, Schema>;
      const snippets = (s: Schema | undefined) => (s?.['defaultSnippets'] ?? []) as { label: string; body: unknown }[];
      const cases: [Schema | undefined, (value: unknown) => unknown, ValidateFunction][] = [
        [testCaseSchema, (v) => v, validateTestCase],
        [bundleSchema, (v) => v, validateBundle],
        [defs['testStep'], (v) => minimal({ testStepList: [v] }), validateTestCase],
        [defs['traceFilter'], (v) => minimal({ traceFilters: [v] }), validateTestCase],
        [defs['sipTraceFilter'], (v) => minimal({ sipTraceFilters: [v] }), validateTestCase],
      ];
      for (const [schema, wrap, validate] of cases) {
        assert.ok(snippets(schema).length > 0, 'has defaultSnippets');
        for (const s of snippets(schema)) assert.deepEqual(errorsOf(validate, wrap(instantiate(s.body))), [], s.label);
      }
    });
  });
});

describe('package.json contributions', () => {
  const contributes = (readJson('package.json') as { contributes: Schema }).contributes;
  const languages = contributes['languages'] as { id: string; filenamePatterns?: string[]; configuration?: string }[];
  const grammars = contributes['grammars'] as { language: string; scopeName: string; path: string }[];

  test('declares the test case language for both file patterns, with its configuration', () => {
    const lang = languages.find((l) => l.id === 'tas-testcase');
    assert.deepEqual(lang?.filenamePatterns, ['*.testcase.json', '*.testcases.json']);
    assert.ok(lang?.configuration && existsSync(resolve(root, lang.configuration)));
    const config = readJson(lang.configuration) as Schema;
    assert.deepEqual(config['brackets'], [
      ['{', '}'],
      ['[', ']'],
    ]);
    assert.ok(Array.isArray(config['autoClosingPairs']));
  });

  test('points every grammar at a file with the same scopeName, for a declared language', () => {
    assert.deepEqual(grammars.map((g) => g.scopeName).sort(), ['source.json.tas-testcase', 'text.log.tas-execution']);
    for (const g of grammars) {
      assert.ok(languages.some((l) => l.id === g.language), g.language);
      assert.equal((readJson(g.path) as Schema)['scopeName'], g.scopeName, g.path);
    }
  });

  test('associates both schemas through jsonValidation', () => {
    assert.deepEqual(contributes['jsonValidation'], [
      { fileMatch: '*.testcase.json', url: './schemas/testcase.schema.json' },
      { fileMatch: '*.testcases.json', url: './schemas/testcases.schema.json' },
    ]);
  });
});

type Rule = {
  include?: string;
  match?: string;
  begin?: string;
  end?: string;
  name?: string;
  contentName?: string;
  patterns?: Rule[];
  captures?: Record<string, { name?: string }>;
  beginCaptures?: Record<string, { name?: string }>;
};
type Grammar = { scopeName: string; patterns: Rule[]; repository: Record<string, Rule>; injections?: Record<string, Rule> };

/** Every rule of a grammar: top level, repository and injections, nested patterns included. */
function rules(g: Grammar): Rule[] {
  const out: Rule[] = [];
  const visit = (r: Rule) => {
    out.push(r);
    r.patterns?.forEach(visit);
  };
  [...g.patterns, ...Object.values(g.repository), ...Object.values(g.injections ?? {})].forEach(visit);
  return out;
}

/** Every scope name a grammar can give, from names and captures. */
function scopes(g: Grammar): string[] {
  return rules(g).flatMap((r) =>
    [r.name, r.contentName, ...Object.values({ ...r.captures, ...r.beginCaptures }).map((c) => c.name)]
      .filter((n): n is string => typeof n === 'string')
      .flatMap((n) => n.split(' ')),
  );
}

describe('the TextMate grammars (structure; test/editor/grammars.test.ts runs them in VS Code\'s tokenizer)', () => {
  const testCase = readJson('syntaxes/tas-testcase.tmLanguage.json') as Grammar;
  const log = readJson('syntaxes/tas-execution-log.tmLanguage.json') as Grammar;

  test('have their scope names, and every local include names a repository rule', () => {
    assert.equal(testCase.scopeName, 'source.json.tas-testcase');
    assert.equal(log.scopeName, 'text.log.tas-execution');
    for (const g of [testCase, log]) {
      for (const r of rules(g)) {
        if (r.include?.startsWith('#')) assert.ok(g.repository[r.include.slice(1)], `${g.scopeName}: ${r.include}`);
      }
    }
  });

  test('the test case grammar is JSON underneath, with the ID keys and values marked', () => {
    assert.deepEqual(testCase.patterns, [{ include: 'source.json' }]);
    assert.ok(rules(testCase).some((r) => r.include === 'source.json#value'), 'values fall back to the JSON grammar');
    const byKey = (key: string) => Object.values(testCase.repository).filter((r) => r.begin?.includes(`(${key})`));
    const device = byKey('mobileDeviceId')[0];
    assert.ok(device, 'a rule for mobileDeviceId');
    assert.match(String(device.beginCaptures?.['1']?.name), /\bsupport\.type\.property-name\.reference\.tas\b/);
    assert.ok(device.patterns?.some((p) => p.name === 'constant.numeric.reference.device.tas'));
    assert.ok(byKey('traceFilterId')[0]?.patterns?.some((p) => p.name === 'constant.numeric.reference.trace-filter.tas'));
    assert.ok(byKey('id').some((r) => r.patterns?.some((p) => p.name === 'constant.numeric.reference.test-case.tas')));
    // The injections run inside JSON objects, never inside strings or comments.
    for (const selector of Object.keys(testCase.injections ?? {})) assert.match(selector, /^L:.* - \(string \| comment\b/);
  });

  test('the log grammar marks time, level and outcome', () => {
    const all = scopes(log);
    for (const s of [
      'constant.numeric.date.timestamp.tas',
      'markup.inserted.level.info.tas',
      'markup.changed.level.warn.tas',
      'markup.deleted.level.error.tas',
      'markup.inserted.status.passed.tas',
      'markup.deleted.status.failed.tas',
      'markup.changed.status.cancelled.tas',
      'entity.name.function.step.tas',
    ]) {
      assert.ok(all.includes(s), s);
    }
  });
});
