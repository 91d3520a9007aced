import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import {
  DeleteRecordRequest,
  DeviceUsersRequest,
  NewRecordDocumentRequest,
  SaveRecordDocumentRequest,
} from '../../server/src/protocol';
import type { Emulator } from '../emulator/emulator';
import type { LspHarness } from './lspHarness';
import { value } from './outcomes';
import { ALLOWED, recordDocumentsOverLsp } from './recordDocumentsOverLsp';

// Record documents saved at the LSP boundary: every create and update request carries only the
// fields the interface document allows for it; a colleague's change is a conflict, merged where
// the sides do not clash; a save offline says whether anything was sent; Delete Device... names
// the test cases that use the device. Their checks and language features: recordDocuments.test.ts.

describe('record documents saved at the LSP boundary', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let lsp: LspHarness;
  const { read, lastBody, within, save } = recordDocumentsOverLsp((s) => ({ emu, lsp } = s));

  test('wire: every create and update carries only the fields the interface allows for it', async () => {
    const device = JSON.parse(await read('mobileDevice', 4)) as Record<string, unknown>;
    assert.equal((await save(JSON.stringify({ ...device, ecid: 'EC-4', imei: '350000000000004' }))).status, 'saved');
    within(lastBody('PUT', '/api/v2/mobiledevices/4'), ALLOWED.device.update);
    assert.equal(lastBody('PUT', '/api/v2/mobiledevices/4')['ecid'], 'EC-4');

    const newDevice = JSON.parse(
      value(
        await lsp.connection.sendRequest(NewRecordDocumentRequest, {
          kind: 'mobileDevice',
          testNodeId: 1,
          deviceModelId: 1,
        }),
      ).text,
    ) as Record<string, unknown>;
    const made = await save(JSON.stringify({ ...newDevice, name: 'Wire phone', msisdn: '+4900001' }));
    assert.equal(made.status, 'saved');
    within(lastBody('POST', '/api/v2/mobiledevices'), ALLOWED.device.create);
    assert.equal(
      emu.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/mobiledevices').length,
      1,
      'created once',
    );

    const c = JSON.parse(await read('apiClient', 1)) as Record<string, unknown>;
    assert.equal((await save(JSON.stringify({ ...c, payload: '{"x":1}' }))).status, 'saved');
    within(lastBody('PUT', '/api/v2/apiclients/1'), ALLOWED.apiClient);
    const newClient = JSON.parse(
      value(await lsp.connection.sendRequest(NewRecordDocumentRequest, { kind: 'apiClient' })).text,
    ) as Record<string, unknown>;
    assert.equal(
      (await save(JSON.stringify({ ...newClient, name: 'Wire client', serverURL: 'https://wire.example.invalid' })))
        .status,
      'saved',
    );
    within(lastBody('POST', '/api/v2/apiclients'), ALLOWED.apiClient);

    const node = JSON.parse(await read('testNode', 2)) as Record<string, unknown>;
    assert.equal((await save(JSON.stringify({ ...node, name: 'Renamed node' }))).status, 'saved');
    assert.deepEqual(lastBody('PUT', '/api/v2/testnodes/2'), { name: 'Renamed node' });
    const newNode = JSON.parse(
      value(await lsp.connection.sendRequest(NewRecordDocumentRequest, { kind: 'testNode' })).text,
    ) as Record<string, unknown>;
    assert.equal((await save(JSON.stringify({ ...newNode, name: 'Wire node' }))).status, 'saved');
    assert.deepEqual(lastBody('POST', '/api/v2/testnodes'), { name: 'Wire node' });

    const filter = JSON.parse(await read('traceFilter', 2)) as Record<string, unknown>;
    assert.equal((await save(JSON.stringify({ ...filter, filter: 'sip or rtp' }))).status, 'saved');
    within(lastBody('PUT', '/api/v2/tracefilters/2'), ALLOWED.traceFilter);
    const newFilter = JSON.parse(
      value(await lsp.connection.sendRequest(NewRecordDocumentRequest, { kind: 'traceFilter' })).text,
    ) as Record<string, unknown>;
    assert.equal((await save(JSON.stringify({ ...newFilter, name: 'Wire filter', filter: 'udp' }))).status, 'saved');
    within(lastBody('POST', '/api/v2/tracefilters'), ALLOWED.traceFilter);
  });

  test("a colleague's change: conflict; merge keeps both sides' fields; a clash is not mergeable", async () => {
    const base = await read('mobileDevice', 5);
    const mine = JSON.stringify({ ...(JSON.parse(base) as object), msisdn: '+4911111' }, null, 2);
    emu.store.devices.get(5)!.name = 'Colleague named it';
    const puts = () => emu.requests.filter((r) => r.method === 'PUT' && r.path === '/api/v2/mobiledevices/5').length;
    const r = await save(mine, { base });
    assert.equal(r.status, 'conflict');
    assert.ok(r.status === 'conflict' && r.mergeable);
    assert.equal(puts(), 0, 'nothing sent');
    const merged = await save(mine, { base, merge: true });
    assert.equal(merged.status, 'saved');
    const kept = emu.store.devices.get(5)!;
    assert.equal(kept.name, 'Colleague named it');
    assert.equal(kept.msisdn, '+4911111');
    assert.ok(
      merged.status === 'saved' && merged.text.includes('Colleague named it'),
      'the document shows what the service kept',
    );

    const base2 = await read('mobileDevice', 5);
    emu.store.devices.get(5)!.msisdn = '+4922222';
    const clash = await save(JSON.stringify({ ...(JSON.parse(base2) as object), msisdn: '+4933333' }), {
      base: base2,
      merge: true,
    });
    assert.ok(clash.status === 'conflict' && !clash.mergeable);
    assert.equal(emu.store.devices.get(5)!.msisdn, '+4922222');
  });

  test('typed into before its own save was shown: the base saved last is the version compared, so no question, yet a colleague after it is seen', async () => {
    const first = await read('mobileDevice', 6);
    const saved = await save(JSON.stringify({ ...(JSON.parse(first) as object), name: 'Mine once' }, null, 2), {
      base: first,
    });
    assert.ok(saved.status === 'saved');
    // The editor still shows the text before that save (its old revision), with one more change typed.
    const typed = JSON.stringify({ ...(JSON.parse(first) as object), name: 'Mine once', msisdn: '+4944444' }, null, 2);
    const again = await save(typed, { base: saved.text });
    assert.equal(again.status, 'saved', 'my own last save is no colleague');
    assert.equal(emu.store.devices.get(6)!.msisdn, '+4944444');
    assert.ok(again.status === 'saved');
    emu.store.devices.get(6)!.name = 'Colleague after me';
    const clash = await save(JSON.stringify({ ...(JSON.parse(first) as object), name: 'Mine twice' }, null, 2), {
      base: again.text,
    });
    assert.equal(clash.status, 'conflict');
    assert.equal(emu.store.devices.get(6)!.name, 'Colleague after me');
  });

  test('offline: a save whose first read gets no answer says the service did not answer (nothing was sent); a lost update may have saved', async () => {
    const text = await read('traceFilter', 5);
    const mine = JSON.stringify({ ...(JSON.parse(text) as object), filter: 'rtp' }, null, 2);
    const puts = () => emu.requests.filter((r) => r.method === 'PUT' && r.path === '/api/v2/tracefilters/5').length;
    emu.faults.rules.push({ method: 'GET', path: '/api/v2/tracefilters/5', action: { kind: 'drop' }, times: 50 });
    const offline = await lsp.connection.sendRequest(SaveRecordDocumentRequest, { text: mine, base: text });
    emu.faults.rules = [];
    assert.ok(!offline.ok, 'not saved');
    assert.equal(puts(), 0, 'nothing sent');
    assert.match(offline.error.message, /did not answer/);
    assert.doesNotMatch(offline.error.message, /may have been saved/);

    emu.faults.rules.push({ method: 'PUT', path: '/api/v2/tracefilters/5', action: { kind: 'dropAfter' }, times: 50 });
    const lost = await lsp.connection.sendRequest(SaveRecordDocumentRequest, { text: mine, base: text });
    emu.faults.rules = [];
    assert.ok(!lost.ok);
    assert.match(lost.error.message, /may have been saved/);
    assert.ok(puts() > 0);
  });

  test('Delete Device... names the test cases the service lists for the device; delete sends DELETE once', async () => {
    const users = value(await lsp.connection.sendRequest(DeviceUsersRequest, { id: 1 }));
    assert.ok(users.length > 0, 'device 1 is used by demo test cases');
    assert.ok(emu.requests.some((r) => r.method === 'GET' && r.path === '/api/v2/mobiledevices/1/testcases'));
    const spare = JSON.parse(
      value(
        await lsp.connection.sendRequest(NewRecordDocumentRequest, {
          kind: 'mobileDevice',
          testNodeId: 1,
          deviceModelId: 1,
        }),
      ).text,
    ) as Record<string, unknown>;
    const made = await save(JSON.stringify({ ...spare, name: 'To delete' }));
    assert.ok(made.status === 'saved');
    assert.deepEqual(value(await lsp.connection.sendRequest(DeviceUsersRequest, { id: made.id })), []);
    value(
      await lsp.connection.sendRequest(DeleteRecordRequest, { kind: 'mobileDevice', id: made.id, shown: 'To delete' }),
    );
    assert.equal(emu.store.devices.get(made.id), undefined);
    assert.equal(
      emu.requests.filter((r) => r.method === 'DELETE' && r.path === `/api/v2/mobiledevices/${made.id}`).length,
      1,
    );
    value(await lsp.connection.sendRequest(DeleteRecordRequest, { kind: 'apiClient', id: 2, shown: 'SMS gateway' }));
    assert.equal(emu.store.apiClients.get(2), undefined);
  });
});
