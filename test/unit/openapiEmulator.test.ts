import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { OPENAPI, OPENAPI_ID, checkRequest, compileAt, deref } from '../emulator/openapiCheck';
import { openApiOperations } from './openapiOperations';

// schemas/openapi.json against the emulator's routes and the emulator's answers; and the
// emulator's check of incoming requests against it.

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
    const routes = emu
      .routes()
      .map((r) => `${r.method} ${r.pattern}`)
      .sort();
    assert.deepEqual(
      routes,
      openApiOperations()
        .map((o) => o.key)
        .sort(),
    );
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
    assert.match(
      (nested.body as { message: string }).message,
      /'traceFilters\[0\]\.mobileDeviceId' must be an integer/,
    );
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
    const names = (listed.body as { assignments: Record<string, { name: string }[]> }).assignments['1']!.map(
      (p) => p.name,
    );
    // The same project set again: accepted, nothing changes.
    const assigned = await send('POST', '/api/v2/projects/assignments', {
      entityType: 'TEST_CASE',
      entityIds: [1],
      projectNames: names,
    });
    assert.equal(assigned.status, 200);
    const read = await send('GET', '/api/v2/testcases/1');
    assert.equal(read.status, 200);
    // A record read is PUT back without what the document marks response-only.
    const { id: _id, projects: _projects, ...fields } = read.body as Record<string, unknown>;
    assert.equal(
      (await send('PUT', '/api/v2/testcases/1', { ...fields, traceFilters: [], sipTraceFilters: [] })).status,
      200,
    );
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
    assert.equal(
      checkRequest('POST', '/api/v2/projects/assignments', {}, none, { entityType: 'TOKEN', entityIds: [1, 2] }),
      undefined,
    );
    assert.equal(
      checkRequest(
        'GET',
        '/api/v2/projects',
        {},
        new URLSearchParams('page=1&size=5&sort=name&sort=id,desc'),
        undefined,
      ),
      undefined,
    );
    assert.equal(
      checkRequest('GET', '/api/v2/unknown', {}, none, undefined),
      undefined,
      'not an operation: nothing to check',
    );
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
    assert.match(
      refused ?? '',
      /body field 'traceFilters\[0\]\.msisdn' is response-only; body field 'id' is response-only/,
    );
    assert.doesNotMatch(refused ?? '', /vendorField/);
    assert.equal(
      checkRequest('POST', '/api/v2/testcases/import', {}, none, [{ id: 3, name: 'kept' }]),
      undefined,
      'an import item keeps its id',
    );
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
    const executions = (await expectConforms(
      'GET',
      '/api/v2/testexecutions',
      '/api/v2/testexecutions',
      200,
    )) as unknown[];
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
    await expectConforms(
      'GET',
      `/api/v2/agentconfig?label=${encodeURIComponent(labels[0]!)}`,
      '/api/v2/agentconfig',
      200,
    );
    await expectConforms('POST', '/api/v2/testcases/export', '/api/v2/testcases/export', 200, { ids: [1, 2] });
    await expectConforms('POST', '/api/v2/projects/listAssignments', '/api/v2/projects/listAssignments', 200, {
      entityType: 'MOBILE_ID',
      entityIds: [1, 2],
    });
    await expectConforms('POST', '/api/v2/tokens/validate', '/api/v2/tokens/validate', 200, { token: 'nope' });
  });
});
