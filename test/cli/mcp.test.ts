import { strict as assert } from 'node:assert';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';
import { dataOf, type McpSession, startMcp, textOf } from './mcpClient';

// `tas mcp` driven by the MCP SDK's own client over stdio, against the emulator: the tools and
// their annotations, each read-only tool called, the acting ones refused without
// --allow-changes and working with it, and the checks equal to `tas validate --format json`.

const SAMPLES = join(__dirname, '../../../samples/workspace');
const READ_ONLY = [
  'validate_files',
  'validate_text',
  'describe_format',
  'list_devices',
  'list_trace_filters',
  'list_api_clients',
  'list_step_functions',
  'describe_step_function',
  'find_test_cases',
  'get_test_case',
  'test_case_history',
  'get_execution',
];
const ACTING = ['import_files', 'run_test_case', 'rerun_execution'];

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('tas mcp', { timeout: 120_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  let mcp: McpSession | undefined;
  before(async () => {
    emu = await startEmulator({ settings: { executionStepMs: 20 } });
  });
  after(async () => {
    await mcp?.close();
    await emu.close();
    dir?.remove();
  });
  beforeEach(async () => {
    await mcp?.close();
    mcp = undefined;
    dir?.remove();
    dir = tempDir('tas-mcp-');
    // A repository of its own: the sync state lives in it, never above.
    mkdirSync(join(dir.path, '.git'));
    cpSync(SAMPLES, dir.path, { recursive: true });
  });
  const serve = async (args: string[] = [], env: NodeJS.ProcessEnv = credentials(emu)) =>
    (mcp = await startMcp({ cwd: dir.path, env, args }));
  const writes = () => emu.requests.filter((r) => r.method !== 'GET' && r.path !== '/api/v2/connect/token');

  test('lists every tool with an input and an output schema, and annotations that say what it does', async () => {
    const { client } = await serve();
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), [...READ_ONLY, ...ACTING].sort());
    for (const t of tools) {
      assert.ok(t.description && t.description.length > 40, `${t.name} has a description`);
      assert.equal(t.inputSchema.type, 'object', t.name);
      assert.equal(t.outputSchema?.type, 'object', `${t.name} answers structured data`);
      const a = t.annotations ?? {};
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const)
        assert.equal(typeof a[hint], 'boolean', `${t.name} says ${hint}`);
      if (READ_ONLY.includes(t.name)) assert.equal(a.readOnlyHint, true, `${t.name} reads only`);
      else assert.equal(a.readOnlyHint, false, `${t.name} changes or starts something`);
    }
    const hints = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    assert.equal(hints['run_test_case']?.idempotentHint, false, 'every run starts another');
    assert.equal(hints['rerun_execution']?.idempotentHint, false);
    assert.equal(hints['import_files']?.destructiveHint, true, 'an import replaces the service version');
    assert.equal(hints['describe_format']?.openWorldHint, false, 'the format is local');
    assert.equal(hints['list_devices']?.openWorldHint, true, 'lookups ask the service');
  });

  test('validate_files answers what tas validate --format json says, each finding with its quick fixes', async () => {
    const cli = await tas(['validate', '--format', 'json'], { cwd: dir.path, env: credentials(emu) });
    assert.equal(cli.code, 1, cli.stderr);
    const expected = JSON.parse(cli.stdout) as Json;
    const { call } = await serve();
    const answer = dataOf<Json>(await call('validate_files'));
    const withoutFixes = {
      ...answer,
      files: answer['files'].map((f: Json) => ({
        ...f,
        diagnostics: f['diagnostics'].map(({ fixes: _fixes, ...d }: Json) => d),
      })),
    };
    assert.deepEqual(withoutFixes, expected);
    assert.ok(expected['referencesChecked'], 'references were checked against the emulator');
    const unknown = answer['files'][0]['diagnostics'].find((d: Json) => d['code'] === 'unknown-device');
    assert.ok(unknown['fixes'].length > 0, 'an unknown device comes with the devices to use');
    assert.equal(unknown['fixes'][0]['edits'][0]['line'], unknown['line']);
    // One file, as given.
    const one = dataOf<Json>(await call('validate_files', { paths: ['voice-call-mo.testcase.json'] }));
    assert.deepEqual([one['checked'], one['errors'], one['files']], [1, 0, []]);
  });

  test('validate_text checks a draft as a file of that name, and writes nothing', async () => {
    const { call } = await serve();
    const draft = readFileSync(join(SAMPLES, 'broken-references.testcase.json'), 'utf8');
    const answer = dataOf<Json>(await call('validate_text', { path: 'drafts/new.testcase.json', text: draft }));
    assert.equal(answer['files'][0]['path'], 'drafts/new.testcase.json');
    assert.deepEqual(
      answer['files'][0]['diagnostics'].map((d: Json) => d['code']),
      ['wrong-type', 'unknown-device', 'unknown-device', 'unknown-trace-filter', 'sip-codes', 'sip-codes'],
    );
    const notAFile = await call('validate_text', { path: 'notes.txt', text: '{}' });
    assert.equal(notAFile.isError, true);
    assert.match(textOf(notAFile), /"notes\.txt" is not a test-case file/);
    const format = dataOf<Json>(await call('describe_format', { format: 'testcase' }));
    assert.equal(format['fileNames'], '*.testcase.json');
    assert.ok(format['schema']['properties']['testStepList'], 'the schema itself');
  });

  test('the lookups answer the service’s records, never guessed', async () => {
    const { call } = await serve();
    const devices = dataOf<Json>(await call('list_devices'))['devices'] as Json[];
    assert.deepEqual(
      devices.map((d) => d['id']).sort((a, b) => a - b),
      emu.store.devices
        .all()
        .map((d) => d.id)
        .sort((a, b) => a - b),
    );
    const first = emu.store.devices.get(1)!;
    assert.deepEqual(
      dataOf<Json>(await call('list_devices', { search: first.msisdn }))['devices'].map((d: Json) => d['id']),
      [1],
    );
    const filters = dataOf<Json>(await call('list_trace_filters'))['traceFilters'] as Json[];
    assert.equal(filters.length, emu.store.traceFilters.size);
    const clients = dataOf<Json>(await call('list_api_clients'))['apiClients'] as Json[];
    assert.equal(clients.length, emu.store.apiClients.size);
    const functions = dataOf<Json>(await call('list_step_functions'))['functions'] as Json[];
    assert.ok(functions.length > 0);
    const described = dataOf<Json>(await call('describe_step_function', { name: functions[0]!['name'] }));
    assert.equal(described['found'], true);
    assert.deepEqual(described['function'], functions[0]);
    assert.equal(dataOf<Json>(await call('describe_step_function', { name: 'NO_SUCH_FUNCTION' }))['found'], false);
    const name = emu.store.testCases.get(1)!.name;
    const found = dataOf<Json>(await call('find_test_cases', { name: name.slice(0, 8) }))['testCases'] as Json[];
    assert.ok(found.some((t) => t['id'] === 1));
    const file = dataOf<Json>(await call('get_test_case', { id: 1 }));
    assert.equal(JSON.parse(file['fileText'])['name'], name);
    assert.equal(JSON.parse(file['fileText'])['id'], 1);
    const missing = await call('get_test_case', { id: 999_999 });
    assert.equal(missing.isError, true);
    assert.match(textOf(missing), /999999/);
    // How runs went, on a read-only server: the emulator's own executions of a test case, newest first.
    const ofCase = emu.store.executions
      .all()
      .filter((x) => x.testCaseId === 1)
      .map((x) => x.id)
      .sort((a, b) => b - a);
    assert.ok(ofCase.length > 0, 'the demo data ran test case 1');
    const history = dataOf<Json>(await call('test_case_history', { testCaseId: 1, limit: 100 }));
    assert.deepEqual(
      history['runs'].map((x: Json) => x['executionId']),
      ofCase,
    );
    assert.equal(history['truncated'], false);
    assert.equal(history['executionsRead'], emu.store.executions.all().length);
    // The same history as tas history prints for the case (its marks and pass rate).
    const cli = JSON.parse(
      (await tas(['history', '1', '--format', 'json'], { cwd: dir.path, env: credentials(emu) })).stdout,
    );
    const printed = cli['cases'][0];
    assert.deepEqual(history['recent'], printed['recent']);
    assert.deepEqual(history['flaky'], printed['flaky']);
    assert.deepEqual(history['runs'].slice(0, printed['runs'].length), printed['runs']);
    const execution = dataOf<Json>(await call('get_execution', { id: ofCase[0], logLines: 5 }));
    assert.equal(execution['execution']['id'], ofCase[0]);
    assert.equal(execution['execution']['testCaseId'], 1);
    assert.ok(execution['log'].length <= 5 && execution['logTotal'] >= execution['log'].length);
  });

  test('read-only: the acting tools refuse and send nothing; a dry run of an import still answers', async () => {
    const { call } = await serve();
    const before = writes().length;
    for (const [name, args] of [
      ['run_test_case', { testCaseId: 1 }],
      ['rerun_execution', { executionId: 1 }],
      ['import_files', { paths: ['sms-to-pixel.testcase.json'] }],
    ] as const) {
      const r = await call(name, args);
      assert.equal(r.isError, true, name);
      assert.match(textOf(r), /--allow-changes/, name);
      assert.match(textOf(r), /Nothing was sent/, name);
    }
    const dry = dataOf<Json>(await call('import_files', { paths: ['sms-to-pixel.testcase.json'], dryRun: true }));
    assert.deepEqual(
      dry['results'].map((r: Json) => r['outcome']),
      ['created'],
    );
    assert.equal(writes().length, before, 'nothing was sent');
    assert.doesNotMatch(readFileSync(join(dir.path, 'sms-to-pixel.testcase.json'), 'utf8'), /"id"/);
  });

  test('--allow-changes: import under the three-way rule, run and rerun with a bounded wait', async () => {
    const { call } = await serve(['--allow-changes']);
    const imported = dataOf<Json>(await call('import_files', { paths: ['sms-to-pixel.testcase.json'] }));
    const created = imported['results'][0];
    assert.equal(created['outcome'], 'created');
    assert.equal(JSON.parse(readFileSync(join(dir.path, 'sms-to-pixel.testcase.json'), 'utf8'))['id'], created['id']);
    // A colleague changes the test case on the service; the file changes too: a conflict, never overwritten.
    emu.store.testCases.get(created['id'])!.description = 'changed by a colleague';
    const path = join(dir.path, 'sms-to-pixel.testcase.json');
    const file = JSON.parse(readFileSync(path, 'utf8'));
    writeFileSync(path, `${JSON.stringify({ ...file, description: 'changed here' }, null, 2)}\n`);
    const again = dataOf<Json>(await call('import_files', { paths: ['sms-to-pixel.testcase.json'] }));
    assert.equal(again['results'][0]['outcome'], 'conflict');
    assert.match(again['results'][0]['diff'], /changed by a colleague/);
    assert.equal(again['notImported'], 1);
    assert.equal(emu.store.testCases.get(created['id'])!.description, 'changed by a colleague');

    const run = dataOf<Json>(await call('run_test_case', { testCaseId: 1, waitSeconds: 60 }));
    assert.equal(run['testCaseId'], 1);
    assert.equal(run['timedOut'], false);
    assert.equal(run['execution']['final'], true);
    const runs = emu.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/testcases/1/run');
    assert.equal(runs.length, 1, 'started once');
    const rerun = dataOf<Json>(await call('rerun_execution', { executionId: run['execution']['id'], waitSeconds: 0 }));
    assert.equal(rerun['rerunOf'], run['execution']['id']);
    assert.notEqual(rerun['execution']['id'], run['execution']['id']);
    const history = dataOf<Json>(await call('test_case_history', { testCaseId: 1 }));
    assert.ok(history['runs'].some((e: Json) => e['executionId'] === run['execution']['id']));
    assert.ok(history['runs'].every((e: Json) => e['testCaseId'] === 1));
    assert.ok(
      history['runs'].some((e: Json) => e['executionId'] === rerun['execution']['id'] && e['source'] === 'rerun'),
    );
    const execution = dataOf<Json>(await call('get_execution', { id: run['execution']['id'] }));
    assert.equal(execution['execution']['id'], run['execution']['id']);
    assert.equal(execution['logTotal'], execution['log'].length);
    // A file runs only when it agrees with the service: this one has a conflict.
    const fromFile = await call('run_test_case', { path: 'sms-to-pixel.testcase.json', waitSeconds: 0 });
    assert.equal(fromFile.isError, true);
    assert.match(textOf(fromFile), /Not run/);
  });

  test('without credentials the checks run offline and the lookups say how to sign in', async () => {
    const sent = emu.requests.length;
    const { call } = await serve([], {});
    const answer = dataOf<Json>(await call('validate_files'));
    assert.equal(answer['referencesChecked'], false);
    assert.match(answer['referencesNote'], /No credentials/);
    const r = await call('list_devices');
    assert.equal(r.isError, true);
    assert.match(textOf(r), /TAS_BASE_URL/);
    assert.equal(emu.requests.length, sent, 'nothing was sent');
  });
});
