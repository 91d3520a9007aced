import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { TasClient } from '../../server/src/core/api/client';
import {
  ListDevicesRequest,
  ListExecutionsRequest,
  ListSuitesRequest,
  ListTraceFiltersRequest,
} from '../../server/src/protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import type { Readings } from '../emulator/readings';
import { byCode, markdown, msg, pos } from './featureHelpers';
import { LspHarness } from './lspHarness';
import { value } from './outcomes';

// The language server against services that read the document otherwise than the emulator's
// decisions (DECISIONS.md, "Readings"): lists longer than a page, summary list items, start/end
// as time bounds, executions oldest first. The lab has 60 devices, 36 trace filters, 26 suites.

const LAB = { extraDevices: 40, extraTraceFilters: 30, extraSuites: 20 };

const READINGS: [string, Partial<Readings>][] = [
  ['paged lists of 20 with summary items', { pagedLists: 20, summaryItems: true }],
  ['start/end as time bounds, executions oldest first', { startEnd: 'time', executionsOldestFirst: true }],
  ['all of these at once', { pagedLists: 20, summaryItems: true, startEnd: 'time', executionsOldestFirst: true }],
];

const REFS = 'refs.testcase.json';

for (const [name, readings] of READINGS) {
  describe(`the language server against ${name}`, { timeout: 120_000 }, () => {
    let emu: Emulator;
    let lsp: LspHarness;
    const logged: string[] = [];
    const count = (path: string) => emu.requests.filter((r) => r.method === 'GET' && r.path === path).length;

    before(async () => {
      emu = await startEmulator({ scale: LAB, readings, settings: { executionStepMs: 60_000 } });
      lsp = await LspHarness.start({}, { environmentFromClient: true }, { executions: { pollIntervalSeconds: 0.05 } });
      lsp.connection.onNotification('window/logMessage', (p: { message: string }) => void logged.push(p.message));
      assert.equal((await lsp.signIn(emu.url, DEMO_CREDENTIALS.admin)).state, 'connected');
    });
    after(async () => {
      await lsp.stop();
      await emu.close();
    });

    const uri = `file:///ws/${name.replace(/\W+/g, '-')}-${REFS}`;
    const device = () => emu.store.devices.get(50)!;
    const text = () =>
      JSON.stringify(
        {
          name: 'Past the first page',
          testStepList: [{ function: 'CALL', mobileDeviceId: 50, params: { target: '+491' } }],
          traceFilters: [
            { mobileDeviceId: 50, traceFilterId: 36, mobileDeviceName: device().name, msisdn: '4900000000' },
            { mobileDeviceId: 9999, traceFilterId: 99 },
          ],
        },
        null,
        2,
      );

    test('a device and trace filter past the first page are no errors; a 404 still is, asked once', async () => {
      await lsp.open(uri, text());
      const ds = (await lsp.finalDiagnostics(uri)).diagnostics;
      const unknown = byCode(ds, 'unknown-device').map(msg);
      assert.equal(unknown.length, 1, JSON.stringify(ds));
      assert.match(unknown[0]!, /^Mobile device 9999 does not exist on the service\./);
      assert.deepEqual(byCode(ds, 'unknown-trace-filter').map(msg), ['Trace filter 99 does not exist on the service.']);
      // The MSISDN of a summary item comes from the record: the stale check still works.
      assert.deepEqual(byCode(ds, 'stale-msisdn').map(msg), [
        `Device 50 now has MSISDN ${device().msisdn} on the service.`,
      ]);
      await lsp.change(uri, `${text()}\n`, 2);
      await lsp.finalDiagnostics(uri, 2);
      assert.equal(count('/api/v2/mobiledevices/9999'), 1, 'one request per missing id per cache life');
      assert.equal(count('/api/v2/tracefilters/99'), 1);
    });

    test('hover on device 50: its card with the MSISDN; on trace filter 36: its filter', async () => {
      const t = text();
      const h = markdown(await lsp.hover(uri, pos(t, '"mobileDeviceId": 5')));
      assert.match(h, new RegExp(`^\\*\\*${device().name}\\*\\* \\(device 50\\)\\n\\n- MSISDN: ${device().msisdn}\\n`));
      const f = markdown(await lsp.hover(uri, pos(t, '"traceFilterId": 3')));
      assert.equal(
        f,
        `**${emu.store.traceFilters.get(36)!.name}** (trace filter 36)\n\nFilter: \`${emu.store.traceFilters.get(36)!.filter}\``,
      );
      const u = markdown(await lsp.hover(uri, pos(t, '"mobileDeviceId": 9')));
      assert.equal(u, '**Mobile device 9999** does not exist on the service.');
    });

    test('completion offers every device with its MSISDN and every trace filter with its filter, summaries completed by their records', async () => {
      const doc = `file:///ws/${name.replace(/\W+/g, '-')}-complete.testcase.json`;
      const t =
        '{\n  "name": "Completion",\n  "traceFilters": [\n    { "mobileDeviceId": , "traceFilterId":  }\n  ]\n}';
      await lsp.open(doc, t);
      const devices = await lsp.completion(doc, pos(t, '"mobileDeviceId": '));
      assert.equal(devices.length, 60);
      for (const d of emu.store.devices.all()) {
        const item = devices.find((i) => i.textEdit?.newText === String(d.id));
        assert.ok(item?.detail?.startsWith(`${d.msisdn} · `), `device ${d.id}: ${JSON.stringify(item)}`);
        assert.ok(item?.filterText?.includes(d.msisdn), 'found by typing its MSISDN');
      }
      const filters = await lsp.completion(doc, pos(t, '"traceFilterId": '));
      assert.equal(filters.length, 36);
      for (const f of emu.store.traceFilters.all())
        assert.equal(
          filters.find((i) => i.textEdit?.newText === String(f.id))?.detail,
          f.filter,
          `trace filter ${f.id}`,
        );
      // Each record once per cache life: a second completion reads nothing again.
      const reads = emu.requests.length;
      await lsp.completion(doc, pos(t, '"mobileDeviceId": '));
      assert.equal(emu.requests.length, reads);
    });

    test('an unknown device whose file stores an MSISDN is offered the device that has it now', async () => {
      const doc = `file:///ws/${name.replace(/\W+/g, '-')}-moved.testcase.json`;
      const moved = emu.store.devices.get(45)!;
      const t = JSON.stringify(
        {
          name: 'Moved device',
          testStepList: [{ function: 'CALL', mobileDeviceId: 8888, params: { target: '+491' } }],
          traceFilters: [{ mobileDeviceId: 8888, traceFilterId: 1, msisdn: moved.msisdn }],
        },
        null,
        2,
      );
      await lsp.open(doc, t);
      const unknown = byCode((await lsp.finalDiagnostics(doc)).diagnostics, 'unknown-device').map(msg);
      assert.deepEqual(
        unknown,
        Array(2).fill(`Mobile device 8888 does not exist on the service. Did you mean 45 (${moved.name})?`),
      );
    });

    test('the Devices, Trace Filters and Test Suites views list everything, MSISDN and filter included', async () => {
      const o = value(await lsp.connection.sendRequest(ListDevicesRequest));
      assert.equal(o.devices.length, 60);
      assert.equal(o.devices.find((d) => d.id === 50)?.msisdn, device().msisdn);
      assert.ok(o.devices.every((d) => d.msisdn !== undefined));
      const filters = value(await lsp.connection.sendRequest(ListTraceFiltersRequest));
      assert.equal(filters.length, 36);
      assert.equal(filters.find((f) => f.id === 36)?.filter, emu.store.traceFilters.get(36)!.filter);
      const suites = value(await lsp.connection.sendRequest(ListSuitesRequest));
      assert.equal(suites.length, 26);
    });

    test('the Executions view: newest first, page after page', async () => {
      const newest = emu.store.executions
        .all()
        .sort((a, b) => b.createdMs - a.createdMs || b.id - a.id)
        .map((e) => e.id);
      const first = value(await lsp.connection.sendRequest(ListExecutionsRequest, { start: 0, count: 20 }));
      assert.deepEqual(
        first.items.map((e) => e.id),
        newest.slice(0, 20),
      );
      assert.equal(first.hasMore, true);
      const second = value(await lsp.connection.sendRequest(ListExecutionsRequest, { start: 20, count: 20 }));
      assert.deepEqual(
        second.items.map((e) => e.id),
        newest.slice(20, 40),
      );
    });

    test("a suite's executions running now are found, and the reading in use is logged once", async () => {
      const client = new TasClient({ baseUrl: emu.url, ...DEMO_CREDENTIALS.admin });
      let started: number[];
      try {
        // Started elsewhere; a minute per step, so they are still running when the view asks.
        const answer = (await client.testSuites.execute(2)) as { executionIds: number[] };
        started = answer.executionIds;
      } finally {
        await client.close();
      }
      const suites = value(await lsp.connection.sendRequest(ListSuitesRequest));
      assert.deepEqual(
        [...(suites.find((s) => s.id === 2)?.activeExecutionIds ?? [])].sort((a, b) => a - b),
        [...started].sort((a, b) => a - b),
      );
      if (readings.startEnd === 'time' || readings.pagedLists) {
        assert.equal(
          logged.filter((l) => /^The executions of this service: start\/end are not sent/.test(l)).length,
          1,
          logged.join('\n'),
        );
      }
    });
  });
}
