import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { ListDevicesRequest } from '../../server/src/protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { endless, json, startHostileService, type HostileService } from '../emulator/hostileService';
import { LspHarness } from './lspHarness';

// The service's answers are input, at the LSP boundary (issue 19): a device list with wrong
// types and a record nested past the limit, an endless trace-filter list and a too-deep error
// answer. The language server reads what it can, says the rest, answers every request, publishes
// diagnostics, and shuts down cleanly. The same core rules are checked at the tas boundary in
// test/cli/bounds.test.ts.

describe('the language server and a misbehaving service', { timeout: 120_000 }, () => {
  let emu: Emulator;
  let hostile: HostileService;
  let lsp: LspHarness;
  const sent = { bytes: 0 };
  before(async () => {
    emu = await startEmulator();
    hostile = await startHostileService(emu.url);
    const devices = emu.store.devices.all().map((d) => structuredClone(d) as unknown as Record<string, unknown>);
    devices[0]!['name'] = 7;
    devices[0]!['msisdn'] = 4916012;
    let deep = '1';
    for (let i = 0; i < 5_000; i++) deep = `[${deep}]`;
    hostile.routes.set(
      '/api/v2/mobiledevices',
      json(`[${devices.map((d) => JSON.stringify(d)).join(',')},null,{"id":"abc"},{"id":999,"x":${deep}}]`),
    );
    hostile.routes.set('/api/v2/tracefilters', endless(sent));
    hostile.routes.set('/api/v2/apiclients', (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`);
    });
    lsp = await LspHarness.start(
      {
        TAS_BASE_URL: hostile.url,
        TAS_CLIENT_ID: DEMO_CREDENTIALS.admin.clientId,
        TAS_CLIENT_SECRET: DEMO_CREDENTIALS.admin.clientSecret,
        TAS_MAX_BODY_MB: '1',
      },
      undefined,
      { validation: { debounceMs: 0 } },
    );
    await lsp.configured;
  });
  after(async () => {
    await hostile.close();
    await emu.close();
  });

  test('reads what it can, says the rest, answers every request, and exits cleanly', async () => {
    const first = emu.store.devices.all()[0]!;
    const overview = await lsp.connection.sendRequest(ListDevicesRequest);
    assert.ok(overview.ok, JSON.stringify(overview));
    const ids = overview.value.devices.map((d) => d.id);
    assert.ok(ids.includes(first.id) && ids.includes(999), `${ids.join(',')}`);
    assert.ok(!ids.some((id) => typeof id !== 'number'));
    const named = overview.value.devices.find((d) => d.id === first.id)!;
    assert.equal(named.name, '7');
    const logs = () => lsp.logs.join('\n');
    assert.match(
      logs(),
      /items? of the list of mobile devices could not be used and (is|are) not shown: item \d+ is null, not a record; item \d+ has the id "abc", not a whole number/,
    );
    assert.match(logs(), new RegExp(`id ${first.id}: msisdn is the number 4916012, read as the text "4916012"`));
    assert.match(logs(), /nested more than 256 levels deep; they are read as their ids alone/);

    // A test case naming a trace filter (an endless list) and an API client (a too-deep 500):
    // still checked and published, with those references "not verified", never a crash.
    const uri = 'file:///ws/hostile-answers.testcase.json';
    const text = JSON.stringify(
      {
        name: 'Hostile answers',
        testStepList: [{ function: 'HTTP_REQUEST', mobileDeviceId: first.id, params: { apiClientId: 1 } }],
        traceFilters: [{ mobileDeviceId: first.id, traceFilterId: 1 }],
      },
      null,
      2,
    );
    await lsp.open(uri, text);
    const published = await lsp.finalDiagnostics(uri);
    assert.ok(Array.isArray(published.diagnostics));
    assert.ok(sent.bytes < 64 * 1024 * 1024, `${sent.bytes} bytes of an endless body were read`);
    assert.doesNotMatch(lsp.stderr, /Maximum call stack|RangeError|FATAL/);
    assert.ok(Array.isArray(await lsp.completion(uri, { line: 3, character: 25 })));
    assert.equal(await lsp.stop(), 0, lsp.stderr);
  });
});
