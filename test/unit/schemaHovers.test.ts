import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import type { ValidateFunction } from 'ajv/dist/2020';
import {
  bundleSchema,
  errorsOf,
  isObject,
  minimal,
  testCaseSchema,
  validateBundle,
  validateTestCase,
  type Schema,
} from './schemaHelpers';

// The file-format schemas as hover and completion source: a description on every property, and
// snippets that expand to valid files.

describe('the test case and bundle schemas', () => {
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
        if (isObject(map))
          for (const [name, sub] of Object.entries(map)) if (isObject(sub)) walk(sub, `${path}/${key}/${name}`, visit);
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
          if (node['markdownDescription'] !== undefined)
            assert.ok(typeof node['description'] === 'string', `${path}: description next to markdownDescription`);
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
          'id',
          'name',
          'msisdn',
          'imsi',
          'imei',
          'ranType',
          'testNodeId',
          'deviceModelId',
          'subscriptionType',
          'platformName',
          'deviceId',
          'nationalFormat',
          'internationalFormat',
          'iccid',
          'eid',
          'ecid',
          'testNodeName',
          'deviceModelName',
          'projects',
        ].sort(),
      );
      assert.deepEqual(
        fields('apiClient'),
        [
          'id',
          'basicAuthViaSecrets',
          'name',
          'apiClientAuthType',
          'headerParams',
          'authParams',
          'serverURL',
          'payload',
          'httpMethod',
          'failureRegexBody',
          'username',
          'password',
          'tokenEndpointForOAuth2',
          'oauth2Scopes',
          'projects',
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
        if (isObject(body))
          return Object.fromEntries(Object.entries(body).map(([k, v]) => [expand(k), instantiate(v)]));
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
