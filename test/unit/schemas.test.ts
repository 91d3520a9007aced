import { strict as assert } from 'node:assert';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import {
  BUNDLE_ID,
  bundleSchema,
  errorsOf,
  minimal,
  readJson,
  root,
  TEST_CASE_ID,
  testCaseSchema,
  validateBundle,
  validateTestCase,
  type Schema,
} from './schemaHelpers';

// The file-format schemas (schemas/*.schema.json), checked against the sample workspace and
// against records taken live from the emulator. Their descriptions and snippets (they are the
// hovers and completions): schemaHovers.test.ts; the contributions and grammars: contributions.test.ts.

describe('the test case and bundle schemas', () => {
  test('are draft 2020-12 with the agreed $ids, and the bundle reuses the test case definitions', () => {
    for (const s of [testCaseSchema, bundleSchema])
      assert.equal(s['$schema'], 'https://json-schema.org/draft/2020-12/schema');
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
        [
          'description',
          'disableReason',
          'disabled',
          'id',
          'notes',
          'projects',
          'sipTraceFilters',
          'tags',
          'testStepList',
          'traceFilters',
        ]
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
      const free = minimal({
        testStepList: [
          {},
          { vendorStep: { anything: [1, 2] } },
          { function: 'WAIT', params: { seconds: 5 }, extra: true },
        ],
      });
      assert.deepEqual(errorsOf(validateTestCase, free), []);
      const typed = minimal({
        testStepList: [{ function: 5, mobileDeviceId: '1', params: [], description: {} }, 'CALL'],
      });
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
      assert.deepEqual(
        errorsOf(validateTestCase, minimal({ traceFilters: [ok, { mobileDeviceId: 1, traceFilterId: 3 }] })),
        [],
      );
      // What the service answers for a device that does not exist (see test/emulator/DECISIONS.md).
      const unknownDevice = { ...ok, mobileDeviceName: null, msisdn: null };
      assert.deepEqual(errorsOf(validateTestCase, minimal({ traceFilters: [unknownDevice] })), []);
      assert.deepEqual(
        errorsOf(
          validateTestCase,
          minimal({ traceFilters: [{ mobileDeviceId: 1 }, { traceFilterId: 1, filter: 'sip' }] }),
        ),
        ['/traceFilters/0 required', '/traceFilters/1 additionalProperties', '/traceFilters/1 required'],
      );
    });

    test('SIP trace filter items need a device and codes and allow only the known fields', () => {
      const ok = { mobileDeviceId: 1, sipMessageCodes: '180,183,200', mobileDeviceName: 'Pixel', msisdn: '49170' };
      assert.deepEqual(errorsOf(validateTestCase, minimal({ sipTraceFilters: [ok] })), []);
      assert.deepEqual(
        errorsOf(
          validateTestCase,
          minimal({ sipTraceFilters: [{ sipMessageCodes: '200' }, { mobileDeviceId: 1, codes: '200' }] }),
        ),
        ['/sipTraceFilters/0 required', '/sipTraceFilters/1 additionalProperties', '/sipTraceFilters/1 required'],
      );
    });

    test('sipMessageCodes are comma-separated SIP status codes 100-699, spaces allowed after commas', () => {
      const codes = (sipMessageCodes: string) => minimal({ sipTraceFilters: [{ mobileDeviceId: 1, sipMessageCodes }] });
      for (const good of ['100', '699', '180,183,200', '180, 183,  200', '486,600']) {
        assert.deepEqual(errorsOf(validateTestCase, codes(good)), [], good);
      }
      for (const bad of [
        '',
        ' ',
        '99',
        '700',
        '1800',
        '180,1830,OK',
        'OK',
        '180,',
        ',180',
        '180,,183',
        '180 ,183',
        ' 180',
        '180;183',
        '18O',
      ]) {
        assert.deepEqual(
          errorsOf(validateTestCase, codes(bad)),
          ['/sipTraceFilters/0/sipMessageCodes pattern'],
          JSON.stringify(bad),
        );
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
          apiClients: [
            { id: 1, name: 'Billing', headerParams: { Accept: 'application/json' }, basicAuthViaSecrets: false },
          ],
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
      assert.ok(
        bundle.every((t) => Array.isArray(t['devices']) && (t['devices'] as unknown[]).length > 0),
        'devices are filled',
      );
      // Demo case 3 carries a field the document does not describe: the one thing the schema (and
      // so the language server, as a warning) points out.
      assert.deepEqual(bundle[2]?.['retryPolicy'], { maxRetries: 1, delaySeconds: 30 });
      assert.deepEqual(errorsOf(validateBundle, bundle), ['/2 additionalProperties']);
      delete bundle[2]['retryPolicy'];
      assert.deepEqual(errorsOf(validateBundle, bundle), []);
    });

    test('an export with API client records is a valid bundle', async () => {
      const page = (await call('GET', '/api/v2/testcases?filterName=name&filterValue=Billing&size=1')) as {
        content: { id: number }[];
      };
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
});
