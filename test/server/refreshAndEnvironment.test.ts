import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { at, credentials, markdown, msg, pos, rangeOf } from './featureHelpers';
import { LspHarness } from './lspHarness';
import { value } from './outcomes';

// tas/refresh and tas/setEnvironment at the LSP boundary: each test starts its own server (and,
// for the refresh, its own emulator, whose store it changes).

let emu: Emulator;

before(async () => {
  emu = await startEmulator();
});
after(async () => {
  await emu.close();
});

describe('tas/refresh', () => {
  test('a device renamed on the service: cached until refresh, then the open document shows the stale name', async () => {
    const own = await startEmulator();
    const server = await LspHarness.start(credentials(own));
    try {
      const uri = 'file:///ws/refresh.testcase.json';
      const text = JSON.stringify(
        {
          name: 'Refresh check',
          traceFilters: [{ mobileDeviceId: 2, traceFilterId: 1, mobileDeviceName: 'Google Pixel 8 Munich 02' }],
        },
        null,
        2,
      );
      await server.open(uri, text);
      assert.deepEqual((await server.finalDiagnostics(uri)).diagnostics, []);
      const deviceLists = () =>
        own.requests.filter((r) => r.method === 'GET' && r.path === '/api/v2/mobiledevices').length;
      assert.equal(deviceLists(), 1);

      own.store.devices.get(2)!.name = 'Pixel 8 renamed';
      // An edit revalidates from the cache: the rename is not seen yet.
      await server.change(uri, text + '\n', 2);
      assert.deepEqual((await server.finalDiagnostics(uri, 2)).diagnostics, []);
      assert.equal(deviceLists(), 1);

      const mark = server.mark(uri);
      const result = value(await server.refresh());
      assert.deepEqual(result, { devices: 20, traceFilters: 6, testCases: 50 });
      assert.equal(deviceLists(), 2);
      const revalidated = await server.diagnosticsAfter(uri, mark, (p) => p.diagnostics.length > 0);
      assert.equal(revalidated.version, 2);
      assert.deepEqual(
        revalidated.diagnostics.map((d) => [d.code, d.message, d.severity]),
        [['stale-device-name', "Device 2 is now named 'Pixel 8 renamed' on the service.", 2]],
      );
      assert.equal(at(revalidated.diagnostics[0]!.range), rangeOf(text, '"Google Pixel 8 Munich 02"'));
    } finally {
      assert.equal(await server.stop(), 0);
      await own.close();
    }
  });
});

describe('tas/setEnvironment', () => {
  test('no env at start, then an environment: "not verified" becomes real reference diagnostics; null goes back', async () => {
    const server = await LspHarness.start();
    try {
      const uri = 'file:///ws/set-env.testcase.json';
      const text = JSON.stringify(
        { name: 'Set environment check', traceFilters: [{ mobileDeviceId: 999, traceFilterId: 1 }] },
        null,
        2,
      );
      await server.open(uri, text);
      const offline = (await server.finalDiagnostics(uri)).diagnostics;
      assert.deepEqual(
        offline.map((d) => [d.code, d.severity]),
        [['references-not-verified', 3]],
      );
      assert.match(msg(offline[0]!), /^References not verified: no service credentials are set/);

      let mark = server.mark(uri);
      await server.setEnvironment({ name: 'emulator', baseUrl: emu.url, ...DEMO_CREDENTIALS.admin });
      const online = await server.diagnosticsAfter(uri, mark, (p) =>
        p.diagnostics.some((d) => d.code === 'unknown-device'),
      );
      assert.deepEqual(
        online.diagnostics.map((d) => [d.code, at(d.range)]),
        [['unknown-device', rangeOf(text, '999')]],
      );
      const h = await server.hover(uri, pos(text, '"traceFilterId": '));
      assert.equal(markdown(h), '**SIP signalling** (trace filter 1)\n\nFilter: `sip`');
      assert.equal(value(await server.getRecord('mobileDevice', 1)).title, 'Mobile device 1 (emulator)');

      mark = server.mark(uri);
      await server.setEnvironment(null);
      const signedOut = await server.diagnosticsAfter(uri, mark, (p) =>
        p.diagnostics.some((d) => d.code === 'references-not-verified'),
      );
      assert.deepEqual(
        signedOut.diagnostics.map((d) => d.code),
        ['references-not-verified'],
      );
      assert.match(msg(signedOut.diagnostics[0]!), /^References not verified: no service credentials are set/);
      const h2 = await server.hover(uri, pos(text, '"mobileDeviceId": '));
      assert.equal(
        markdown(h2),
        '**Mobile device 999**\n\nNot verified: no service credentials are set. Run Test Automation: Sign In.',
      );

      // Wrong credentials: not verified, with the reason, and the secret never shown.
      mark = server.mark(uri);
      await server.setEnvironment({
        name: 'wrong',
        baseUrl: emu.url,
        clientId: 'demo-admin',
        clientSecret: 'not-the-secret',
      });
      const refused = await server.diagnosticsAfter(uri, mark, (p) =>
        p.diagnostics.some((d) => d.code === 'references-not-verified'),
      );
      assert.equal(refused.diagnostics.length, 1);
      assert.equal(
        refused.diagnostics[0]!.message,
        `References not verified: the service at ${emu.url} refused the client ID or secret (HTTP 401). Enter them again: Test Automation: Sign In.`,
      );
      const h3 = await server.hover(uri, pos(text, '"mobileDeviceId": '));
      assert.equal(
        markdown(h3),
        `**Mobile device 999**\n\nNot verified: the service at ${emu.url} refused the client ID or secret (HTTP 401). Enter them again: Test Automation: Sign In.`,
        'in words, no method, path or raw error',
      );
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });
});
