import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import { TasClient } from '../../server/src/core/api/client';
import { OPERATIONS } from '../../server/src/core/api/operations';
import { OPENAPI, OPENAPI_ID, compileAt, deref, pointerSegment, resolvePointer } from '../emulator/openapiCheck';
import { openApiOperations } from './openapiOperations';

// schemas/openapi.json against the interface document, the client's operation table and the
// client methods. Against the emulator's routes and answers, and the emulator's check of
// incoming requests: openapiEmulator.test.ts.

const root = resolve(__dirname, '../../..');
const specPath = resolve(root, 'docs/interface.md');
const DECISION = 'x-tas-decision';

interface DocRow {
  key: string;
  body: string;
  response: string;
}

/** The endpoint tables of the interface document: `METHOD /path` and the Response cell. */
function documentRows(): DocRow[] {
  assert.ok(existsSync(specPath), `the interface document is expected at ${specPath}`);
  const rows = readFileSync(specPath, 'utf8').matchAll(
    /^\| (GET|POST|PUT|DELETE) \| (\/api\/v2\/[^ |]*) \| ([^|]*) \| ([^|]*) \|$/gm,
  );
  return [...rows].map((m) => ({
    key: `${m[1]} ${m[2]!.replace(/\?.*$/, '')}`,
    body: m[3]!.trim(),
    response: m[4]!.trim(),
  }));
}

/** Every `$ref` string in the document, with where it is. */
function allRefs(node: unknown, at: string, out: { at: string; ref: string }[] = []): { at: string; ref: string }[] {
  if (Array.isArray(node)) node.forEach((v, i) => allRefs(v, `${at}/${i}`, out));
  else if (typeof node === 'object' && node !== null) {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push({ at, ref: v });
      else allRefs(v, `${at}/${pointerSegment(k)}`, out);
    }
  }
  return out;
}

/** Pointers of every schema the document holds: components, parameters, bodies, responses, headers. */
function schemaPointers(): string[] {
  const pointers = Object.keys(OPENAPI.components['schemas'] ?? {}).map(
    (n) => `#/components/schemas/${pointerSegment(n)}`,
  );
  const addContent = (pointer: string) => {
    const content = (resolvePointer(pointer) as { content?: Record<string, { schema?: unknown }> } | undefined)
      ?.content;
    for (const [type, media] of Object.entries(content ?? {})) {
      if (media.schema !== undefined) pointers.push(`${pointer}/content/${pointerSegment(type)}/schema`);
    }
  };
  for (const [kind, entries] of Object.entries(OPENAPI.components)) {
    for (const name of Object.keys(entries)) {
      const pointer = `#/components/${kind}/${pointerSegment(name)}`;
      if (kind === 'parameters' || kind === 'headers') pointers.push(`${pointer}/schema`);
      if (kind === 'responses') addContent(pointer);
    }
  }
  for (const { pointer, op } of openApiOperations()) {
    (op.parameters ?? []).forEach((p, i) => {
      if (!(p as { $ref?: string }).$ref) pointers.push(`${pointer}/parameters/${i}/schema`);
    });
    if (op.requestBody && !(op.requestBody as { $ref?: string }).$ref) addContent(`${pointer}/requestBody`);
    for (const [status, r] of Object.entries(op.responses)) {
      if (!(r as { $ref?: string }).$ref) addContent(`${pointer}/responses/${status}`);
    }
  }
  return pointers;
}

describe('schemas/openapi.json', () => {
  const ops = openApiOperations();
  const rows = documentRows();

  test('is OpenAPI 3.1.0 for the Test Automation Service, bearer-secured but for the token request', () => {
    assert.equal(OPENAPI.openapi, '3.1.0');
    assert.equal(OPENAPI.info.title, 'Test Automation Service');
    const doc = OPENAPI as unknown as Record<string, unknown>;
    assert.deepEqual(
      (doc['servers'] as { url: string }[]).map((s) => s.url),
      ['{base_url}'],
    );
    assert.deepEqual(doc['security'], [{ bearerAuth: [] }]);
    const bearer = OPENAPI.components['securitySchemes']?.['bearerAuth'] as { type: string; scheme: string };
    assert.deepEqual([bearer.type, bearer.scheme], ['http', 'bearer']);
    for (const { key, op } of ops) {
      if (key === 'POST /api/v2/connect/token') assert.deepEqual(op.security, [], key);
      else assert.equal(op.security, undefined, `${key} uses the global bearer security`);
      assert.equal(op.tags?.length, 1, `${key} has one tag`);
    }
  });

  test("has exactly the document's 66 endpoints, each once", () => {
    assert.equal(rows.length, 66);
    assert.deepEqual(ops.map((o) => o.key).sort(), rows.map((r) => r.key).sort());
  });

  test('names each operation as the client operation table does', () => {
    const table = OPERATIONS as Record<string, { method: string; path: string }>;
    const ids = ops.map((o) => o.op.operationId);
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
    for (const { key, op } of ops) {
      const entry = table[op.operationId];
      assert.ok(entry, `${op.operationId} is an operation of server/src/core/api/operations.ts`);
      assert.equal(`${entry.method} ${entry.path}`, key, op.operationId);
    }
    assert.deepEqual([...ids].sort(), Object.keys(OPERATIONS).sort());
  });

  test('has a client method for every operation (docs/endpoints.md names it)', () => {
    const endpoints = readFileSync(resolve(root, 'docs/endpoints.md'), 'utf8');
    const methodOf = new Map(
      [
        ...endpoints.matchAll(/^\| (?:GET|POST|PUT|DELETE) \| `[^`]+` \| `[^`]+` \| `[^`]+` \| `(\w+)` \| `([^`]+)`/gm),
      ].map((m) => [m[1]!, m[2]!]),
    );
    const client = new TasClient({ baseUrl: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'unused-here' });
    for (const { op } of ops) {
      const clientMethod = methodOf.get(op.operationId);
      assert.ok(clientMethod, `docs/endpoints.md has a row for ${op.operationId}`);
      if (clientMethod === 'session') {
        // The session requests tokens itself, before every call that needs one.
        assert.equal(op.operationId, 'requestToken');
        assert.ok(client.session);
        continue;
      }
      const [group, method] = clientMethod.split('.') as [string, string];
      const api = (client as unknown as Record<string, Record<string, unknown> | undefined>)[group];
      assert.equal(typeof api?.[method], 'function', `${clientMethod} (${op.operationId}) is a client method`);
    }
  });

  test('declares every {id} path parameter as an integer, and every path parameter it uses', () => {
    for (const { key, path, op } of ops) {
      const item = OPENAPI.paths[path]!;
      const params = [...((item['parameters'] as unknown[]) ?? []), ...(op.parameters ?? [])].map(
        (p) => deref(p, '').value as { name: string; in: string; schema?: { type?: string } },
      );
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      assert.deepEqual(
        params
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort(),
        inPath.sort(),
        key,
      );
      for (const p of params.filter((q) => q.in === 'path'))
        assert.equal(p.schema?.type, 'integer', `${key} ${p.name}`);
    }
  });

  test('lists the query parameters the document shows', () => {
    const queryOf = (key: string) =>
      ops
        .find((o) => o.key === key)!
        .op.parameters?.map((p) => deref(p, '').value as { name: string; in: string })
        .filter((p) => p.in === 'query')
        .map((p) => p.name) ?? [];
    assert.deepEqual(queryOf('GET /api/v2/projects'), ['page', 'size', 'sort']);
    assert.deepEqual(queryOf('GET /api/v2/testcases'), ['page', 'size', 'sort', 'prj', 'filterName', 'filterValue']);
    assert.deepEqual(queryOf('GET /api/v2/testexecutions'), ['start', 'end', 'search']);
    assert.deepEqual(queryOf('GET /api/v2/apiclients'), ['start', 'end', 'search']);
    assert.deepEqual(queryOf('GET /api/v2/agentconfig'), ['label']);
    assert.deepEqual(queryOf('GET /api/v2/functionparams'), ['function']);
  });

  test('has a request body exactly where the document shows one', () => {
    for (const row of rows) {
      const o = ops.find((x) => x.key === row.key)!;
      const shows = !row.body.startsWith('none');
      assert.equal(o.op.requestBody !== undefined, shows, `${row.key}: body '${row.body}'`);
    }
  });

  test('resolves every $ref', () => {
    const refs = allRefs(OPENAPI, '#');
    assert.ok(refs.length > 100);
    for (const { at, ref } of refs) assert.notEqual(resolvePointer(ref), undefined, `${ref} (at ${at}) resolves`);
  });

  test('holds only schemas that are valid draft 2020-12 and compile with Ajv', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema(OPENAPI, OPENAPI_ID);
    const pointers = schemaPointers();
    assert.ok(pointers.length > 100, `${pointers.length} schemas`);
    for (const pointer of pointers) {
      const schema = resolvePointer(pointer);
      assert.notEqual(schema, undefined, pointer);
      assert.equal(ajv.validateSchema(schema as object), true, `${pointer}: ${ajv.errorsText(ajv.errors)}`);
      assert.doesNotThrow(() => compileAt(ajv, pointer), pointer);
    }
  });

  test('keeps request schemas no stricter than the document: open objects, only documented required fields', () => {
    const documentedRequired: Record<string, string[]> = {
      TokenRequest: ['clientId', 'clientSecret'],
      ProjectUpdate: ['name'],
      AssignmentRequest: ['entityIds', 'entityType'],
    };
    for (const { key, op } of ops) {
      if (!op.requestBody) continue;
      const rb = deref(op.requestBody, '').value as { content: Record<string, { schema: { $ref?: string } }> };
      const ref = rb.content['application/json']!.schema.$ref;
      assert.ok(ref, `${key}: the body schema is a component`);
      let schema = resolvePointer(ref) as Record<string, unknown>;
      if (schema['type'] === 'array') schema = deref(schema['items'], '').value as Record<string, unknown>;
      const name = ref.split('/').pop()!;
      assert.notEqual(schema['additionalProperties'], false, `${key} allows further properties`);
      assert.deepEqual(
        [...((schema['required'] as string[] | undefined) ?? [])].sort(),
        documentedRequired[name] ?? [],
        `${key} (${name})`,
      );
    }
  });

  test('marks as decisions every response of the operations whose response the document calls unspecified', () => {
    const unspecified = rows.filter((r) => r.response === 'unspecified').map((r) => r.key);
    assert.equal(unspecified.length, 66 - 1 - 7 - 9, 'all but the token, projects and test cases tables');
    for (const key of unspecified) {
      const o = ops.find((x) => x.key === key)!;
      for (const [status, r] of Object.entries(o.op.responses)) {
        const response = deref(r, '').value as Record<string, unknown>;
        assert.equal(response[DECISION], true, `${key} ${status} carries ${DECISION}`);
        assert.match(String(response['description']), /decision/i, `${key} ${status} says it is our decision`);
      }
    }
    // The shapes the document shows carry no marker.
    for (const key of rows.filter((r) => r.response !== 'unspecified').map((r) => r.key)) {
      const o = ops.find((x) => x.key === key)!;
      for (const [status, r] of Object.entries(o.op.responses)) {
        if (!status.startsWith('2')) continue;
        const response = deref(r, '').value as Record<string, unknown>;
        assert.equal(response[DECISION], undefined, `${key} ${status} is documented`);
      }
    }
  });

  test('says so in the description of every schema, response and parameter marked as a decision', () => {
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${at}/${i}`));
      else if (typeof node === 'object' && node !== null) {
        const o = node as Record<string, unknown>;
        if (o[DECISION] === true) assert.match(String(o['description']), /decision/i, `${at} explains its marker`);
        for (const [k, v] of Object.entries(o)) walk(v, `${at}/${k}`);
      }
    };
    walk(OPENAPI, '#');
    assert.equal((resolvePointer('#/components/schemas/ErrorBody') as Record<string, unknown>)[DECISION], true);
  });
});
