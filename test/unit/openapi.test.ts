import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import { TasClient } from '../../server/src/core/api/client';
import { OPERATIONS } from '../../server/src/core/api/operations';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { HTTP_METHODS, OPENAPI, OPENAPI_ID, checkRequest, compileAt, deref, pointerSegment, resolvePointer, type OpenApiOperation } from '../emulator/openapiCheck';

// schemas/openapi.json against the interface document, the client's operation table, the
// client methods, the emulator's routes and the emulator's answers; and the emulator's check of
// incoming requests against it.

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

interface Op {
  key: string;
  method: string;
  path: string;
  pointer: string;
  op: OpenApiOperation;
}

function openApiOperations(): Op[] {
  const out: Op[] = [];
  for (const [path, item] of Object.entries(OPENAPI.paths)) {
    for (const m of HTTP_METHODS) {
      const op = item[m] as OpenApiOperation | undefined;
      if (!op) continue;
      const method = m.toUpperCase();
      out.push({ key: `${method} ${path}`, method, path, pointer: `#/paths/${pointerSegment(path)}/${m}`, op });
    }
  }
  return out;
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
  const pointers = Object.keys(OPENAPI.components['schemas'] ?? {}).map((n) => `#/components/schemas/${pointerSegment(n)}`);
  const addContent = (pointer: string) => {
    const content = (resolvePointer(pointer) as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
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
    assert.deepEqual((doc['servers'] as { url: string }[]).map((s) => s.url), ['{base_url}']);
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
      [...endpoints.matchAll(/^\| (?:GET|POST|PUT|DELETE) \| `[^`]+` \| `[^`]+` \| `[^`]+` \| `(\w+)` \| `([^`]+)`/gm)].map(
        (m) => [m[1]!, m[2]!],
      ),
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
      assert.deepEqual(params.filter((p) => p.in === 'path').map((p) => p.name).sort(), inPath.sort(), key);
      for (const p of params.filter((q) => q.in === 'path')) assert.equal(p.schema?.type, 'integer', `${key} ${p.name}`);
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
      assert.deepEqual([...((schema['required'] as string[] | undefined) ?? [])].sort(), documentedRequired[name] ?? [], `${key} (${name})`);
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

describe('the emulator and schemas/openapi.json', () => {
  let emu: Emulator;
  let token = '';
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(OPENAPI, OPENAPI_ID);

  before(async () => {
    emu = await startEmulator();
    const res = await fetch(`${emu.url}/api/v2/connect/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(DEMO_CREDENTIALS.admin),
    });
    assert.equal(res.status, 200);
    token = ((await res.json()) as { accessToken: string }).accessToken;
  });
  after(async () => {
    await emu.close();
  });

  const send = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(emu.url + path, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };

  test('has a route for every operation, and no other', () => {
    const routes = emu.routes().map((r) => `${r.method} ${r.pattern}`).sort();
    assert.deepEqual(routes, openApiOperations().map((o) => o.key).sort());
  });

  test('answers 400 naming the field when a body does not match the description', async () => {
    const res = await send('POST', '/api/v2/projects/assignments', { entityType: 'TEST_CASE', entityIds: 'x' });
    assert.equal(res.status, 400);
    const message = (res.body as { message: string }).message;
    assert.match(message, /schemas\/openapi\.json \(assignProjects\)/);
    assert.match(message, /'entityIds' must be a JSON array/);

    const missing = await send('POST', '/api/v2/projects/assignments', { entityIds: [1] });
    assert.equal(missing.status, 400);
    assert.match((missing.body as { message: string }).message, /'entityType' is required/);

    const nested = await send('PUT', '/api/v2/testcases/1', { traceFilters: [{ mobileDeviceId: 'one' }] });
    assert.equal(nested.status, 400);
    assert.match((nested.body as { message: string }).message, /'traceFilters\[0\]\.mobileDeviceId' must be an integer/);
  });

  test('answers 400 naming the parameter when a path or query parameter does not match', async () => {
    const query = await send('GET', '/api/v2/testexecutions?start=x');
    assert.equal(query.status, 400);
    assert.match((query.body as { message: string }).message, /openapi.*query parameter 'start' must be an integer/);
    const path = await send('GET', '/api/v2/mobiledevices/abc');
    assert.equal(path.status, 400);
    assert.match((path.body as { message: string }).message, /openapi.*path parameter 'id' must be an integer/);
    const required = await send('GET', '/api/v2/functionparams');
    assert.equal(required.status, 400);
    assert.match((required.body as { message: string }).message, /query parameter 'function' is required/);
  });

  test('lets well-formed requests through, null fields counting as absent', async () => {
    const listed = await send('POST', '/api/v2/projects/listAssignments', { entityType: 'TEST_CASE', entityIds: [1] });
    assert.equal(listed.status, 200);
    const names = (listed.body as { assignments: Record<string, { name: string }[]> }).assignments['1']!.map((p) => p.name);
    // The same project set again: accepted, nothing changes.
    const assigned = await send('POST', '/api/v2/projects/assignments', { entityType: 'TEST_CASE', entityIds: [1], projectNames: names });
    assert.equal(assigned.status, 200);
    const read = await send('GET', '/api/v2/testcases/1');
    assert.equal(read.status, 200);
    // A record read is PUT back without what the document marks response-only.
    const { id: _id, projects: _projects, ...fields } = read.body as Record<string, unknown>;
    assert.equal((await send('PUT', '/api/v2/testcases/1', { ...fields, traceFilters: [], sipTraceFilters: [] })).status, 200);
    assert.equal((await send('PUT', '/api/v2/testcases/1', { description: null })).status, 200);
    assert.equal((await send('GET', '/api/v2/testexecutions?start=0&end=2&search=')).status, 200);
  });

  test('can be turned off: the resource handlers answer with their own messages', async () => {
    const plain = await startEmulator({ checkRequests: false, demoData: false });
    try {
      const tokenRes = await fetch(`${plain.url}/api/v2/connect/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(DEMO_CREDENTIALS.admin),
      });
      const { accessToken } = (await tokenRes.json()) as { accessToken: string };
      const res = await fetch(`${plain.url}/api/v2/projects/assignments`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ entityType: 'TEST_CASE', entityIds: 'x' }),
      });
      assert.equal(res.status, 400);
      const message = ((await res.json()) as { message: string }).message;
      assert.match(message, /entityIds/);
      assert.doesNotMatch(message, /openapi/);
    } finally {
      await plain.close();
    }
  });

  test('checkRequest accepts conforming requests and names every field that does not conform', () => {
    const none = new URLSearchParams();
    assert.equal(checkRequest('POST', '/api/v2/projects/assignments', {}, none, { entityType: 'TOKEN', entityIds: [1, 2] }), undefined);
    assert.equal(checkRequest('GET', '/api/v2/projects', {}, new URLSearchParams('page=1&size=5&sort=name&sort=id,desc'), undefined), undefined);
    assert.equal(checkRequest('GET', '/api/v2/unknown', {}, none, undefined), undefined, 'not an operation: nothing to check');
    const many = checkRequest('POST', '/api/v2/testsuites', {}, none, {
      name: 7,
      testCaseIds: [1, 'two'],
      schedule: { repeating: 'yes' },
      unknownField: 'is fine',
    });
    assert.ok(many);
    assert.match(many, /body field 'name' must be a string/);
    assert.match(many, /body field 'testCaseIds\[1\]' must be an integer/);
    assert.match(many, /body field 'schedule\.repeating' must be true or false/);
    assert.doesNotMatch(many, /unknownField/);
    const refused = checkRequest('PUT', '/api/v2/testcases/{id}', { id: '1' }, none, {
      id: 1,
      traceFilters: [{ mobileDeviceId: 1, traceFilterId: 2, msisdn: '49' }],
      vendorField: 'is fine',
    });
    assert.match(refused ?? '', /body field 'traceFilters\[0\]\.msisdn' is response-only; body field 'id' is response-only/);
    assert.doesNotMatch(refused ?? '', /vendorField/);
    assert.equal(checkRequest('POST', '/api/v2/testcases/import', {}, none, [{ id: 3, name: 'kept' }]), undefined, 'an import item keeps its id');
    const items = checkRequest('POST', '/api/v2/testcases/import', {}, none, [{ name: 'a' }, 7, { tags: 1 }]);
    assert.match(items ?? '', /body item 1 must be a JSON object; body item 2 field 'tags' must be a string/);
    assert.match(checkRequest('POST', '/api/v2/tokens/validate', {}, none, undefined) ?? '', /body is required/);
  });

  /** Checks one emulator answer against the description's schema for that operation and status. */
  const expectConforms = async (method: string, path: string, pattern: string, status: number, body?: unknown) => {
    const res = await send(method, path, body);
    assert.equal(res.status, status, `${method} ${path}`);
    const op = openApiOperations().find((o) => o.key === `${method} ${pattern}`);
    assert.ok(op, `${method} ${pattern} is an operation`);
    const declared = op.op.responses[String(status)];
    assert.ok(declared, `${method} ${pattern} declares ${status}`);
    const { value, pointer } = deref(declared, `${op.pointer}/responses/${status}`);
    const content = (value as { content?: Record<string, unknown> }).content;
    if (!content) {
      assert.equal(res.body, undefined, `${method} ${path}: no body`);
      return res.body;
    }
    const validate = compileAt(ajv, `${pointer}/content/application~1json/schema`);
    assert.ok(validate(res.body), `${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`);
    return res.body;
  };

  test('answers as the description says: projects, test cases, executions, devices, users, a missing project', async () => {
    const page = (await expectConforms('GET', '/api/v2/projects', '/api/v2/projects', 200)) as { content: unknown[] };
    assert.ok(page.content.length > 0);
    await expectConforms('GET', '/api/v2/projects/999999', '/api/v2/projects/{id}', 404);
    await expectConforms('GET', '/api/v2/testcases/1', '/api/v2/testcases/{id}', 200);
    await expectConforms('GET', '/api/v2/testcases/999999', '/api/v2/testcases/{id}', 404);
    await expectConforms('GET', '/api/v2/testcases?size=50', '/api/v2/testcases', 200);
    const executions = (await expectConforms('GET', '/api/v2/testexecutions', '/api/v2/testexecutions', 200)) as unknown[];
    assert.ok(executions.length > 0);
    const devices = (await expectConforms('GET', '/api/v2/mobiledevices', '/api/v2/mobiledevices', 200)) as unknown[];
    assert.ok(devices.length > 0);
    await expectConforms('GET', '/api/v2/users/me', '/api/v2/users/me', 200);
    await expectConforms('GET', '/api/v2/mobiledevices/999999', '/api/v2/mobiledevices/{id}', 404);
  });

  test('answers as the description says: the other reads', async () => {
    const executions = (await send('GET', '/api/v2/testexecutions')).body as { id: number }[];
    const reads: [string, string][] = [
      ['/api/v2/testexecutions/' + executions[0]!.id, '/api/v2/testexecutions/{id}'],
      ['/api/v2/testnodes', '/api/v2/testnodes'],
      ['/api/v2/testnodes/info', '/api/v2/testnodes/info'],
      ['/api/v2/testnodes/1', '/api/v2/testnodes/{id}'],
      ['/api/v2/testnodes/1/status', '/api/v2/testnodes/{id}/status'],
      ['/api/v2/mobiledevices/1', '/api/v2/mobiledevices/{id}'],
      ['/api/v2/mobiledevices/1/status', '/api/v2/mobiledevices/{id}/status'],
      ['/api/v2/mobiledevices/1/testcases', '/api/v2/mobiledevices/{id}/testcases'],
      ['/api/v2/testsuites', '/api/v2/testsuites'],
      ['/api/v2/testsuites/1', '/api/v2/testsuites/{id}'],
      ['/api/v2/testcases/1/testsuites', '/api/v2/testcases/{id}/testsuites'],
      ['/api/v2/tokens', '/api/v2/tokens'],
      ['/api/v2/tracefilters', '/api/v2/tracefilters'],
      ['/api/v2/tracefilters/1', '/api/v2/tracefilters/{id}'],
      ['/api/v2/apiclients?start=0&end=5', '/api/v2/apiclients'],
      ['/api/v2/apiclients/1', '/api/v2/apiclients/{id}'],
      ['/api/v2/devicemodels', '/api/v2/devicemodels'],
      ['/api/v2/functionparams?function=CALL', '/api/v2/functionparams'],
      ['/api/v2/users', '/api/v2/users'],
      ['/api/v2/users/1', '/api/v2/users/{id}'],
    ];
    for (const [path, pattern] of reads) await expectConforms('GET', path, pattern, 200);
    const labels = Object.keys(emu.store.agentConfigs);
    await expectConforms('GET', `/api/v2/agentconfig?label=${encodeURIComponent(labels[0]!)}`, '/api/v2/agentconfig', 200);
    await expectConforms('POST', '/api/v2/testcases/export', '/api/v2/testcases/export', 200, { ids: [1, 2] });
    await expectConforms('POST', '/api/v2/projects/listAssignments', '/api/v2/projects/listAssignments', 200, {
      entityType: 'MOBILE_ID',
      entityIds: [1, 2],
    });
    await expectConforms('POST', '/api/v2/tokens/validate', '/api/v2/tokens/validate', 200, { token: 'nope' });
  });
});
