import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { type Diagnostic, DocumentFormattingRequest, FoldingRangeRequest } from 'vscode-languageserver-protocol';
import {
  DeleteRecordRequest,
  DeviceUsersRequest,
  NewRecordDocumentRequest,
  ReadRecordDocumentRequest,
  RecordDocumentBaseNotification,
  SaveRecordDocumentRequest,
} from '../../server/src/protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { LspHarness } from './lspHarness';
import { value } from './outcomes';

// Record documents at the LSP boundary: the built server checks `tas-record:` documents with
// their record's schema (types, `ecid` on create, read-only fields, ids of the service), offers
// and explains ids, and saves them. The wire half: every create and update request carries only
// the fields the interface document allows for it (the lists below are the document's, written
// out here, not read from the code under test).

const ALLOWED = {
  device: {
    create: [
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
    ],
    update: [
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
    ],
  },
  // The password and the auth parameters are secrets: never in a document, never sent from one.
  apiClient: [
    'basicAuthViaSecrets',
    'name',
    'apiClientAuthType',
    'headerParams',
    'serverURL',
    'payload',
    'httpMethod',
    'failureRegexBody',
    'username',
    'tokenEndpointForOAuth2',
    'oauth2Scopes',
  ],
  testNode: ['name'],
  traceFilter: ['name', 'filter'],
  suiteUpdate: [
    'name',
    'description',
    'testCaseIds',
    'schedule',
    'tags',
    'notifyFailureThresholdPercentage',
    'disabled',
    'notifEmail',
    'failureNotifEmail',
    'skipInitialization',
    'projects',
  ],
};

describe('record documents at the LSP boundary', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let lsp: LspHarness;
  let version = 1;

  before(async () => {
    emu = await startEmulator({ keepBodies: true });
    lsp = await LspHarness.signedIn(emu.url, DEMO_CREDENTIALS.admin);
  });
  after(async () => {
    await lsp.stop();
    await emu.close();
  });

  const read = async (kind: 'mobileDevice' | 'testNode' | 'apiClient' | 'traceFilter' | 'testSuite', id: number) =>
    value(await lsp.connection.sendRequest(ReadRecordDocumentRequest, { kind, id })).text;
  /** Opens (or changes) a document and waits for its diagnostics of that version. */
  type Said = Omit<Diagnostic, 'message'> & { message: string };
  const check = async (uri: string, text: string): Promise<Said[]> => {
    const v = ++version;
    if (lsp.mark(uri) === 0 && v) await lsp.open(uri, text, v);
    else await lsp.change(uri, text, v);
    return (await lsp.diagnostics(uri, (p) => p.version === v)).diagnostics.map((d) => ({
      ...d,
      message: typeof d.message === 'string' ? d.message : d.message.value,
    }));
  };
  const lastBody = (method: string, path: string) =>
    emu.requests.filter((r) => r.method === method && r.path === path).at(-1)?.body as Record<string, unknown>;
  const within = (body: Record<string, unknown>, allowed: string[]) =>
    assert.deepEqual(
      Object.keys(body).filter((k) => !allowed.includes(k)),
      [],
      `only allowed fields: ${Object.keys(body).join(', ')}`,
    );
  const save = async (text: string, extra: { base?: string; merge?: boolean; force?: boolean } = {}) =>
    value(await lsp.connection.sendRequest(SaveRecordDocumentRequest, { text, ...extra }));

  test('a device as read has no problem; a wrong type, an unknown test node and an unknown device model are told on their fields', async () => {
    const uri = 'tas-record:/mobileDevice/1.json';
    const text = await read('mobileDevice', 1);
    assert.deepEqual(await check(uri, text), []);
    const doc = JSON.parse(text) as Record<string, unknown>;
    const problems = await check(
      uri,
      JSON.stringify({ ...doc, msisdn: 4917, testNodeId: 999, deviceModelId: 888 }, null, 2),
    );
    const by = (code: string) => problems.find((d) => d.code === code);
    assert.match(by('wrong-type')?.message ?? '', /"msisdn" must be a string/);
    assert.match(by('unknown-test-node')?.message ?? '', /No test node 999/);
    assert.match(by('unknown-device-model')?.message ?? '', /No device model 888/);
    const lines = JSON.stringify({ ...doc, msisdn: 4917, testNodeId: 999, deviceModelId: 888 }, null, 2).split('\n');
    assert.match(lines[by('wrong-type')!.range.start.line]!, /"msisdn"/);
  });

  test('a record document is formatted and folded like any JSON file of the project', async () => {
    const uri = 'tas-record:/mobileDevice/2.json';
    const text = await read('mobileDevice', 2);
    await check(uri, JSON.stringify(JSON.parse(text)));
    const edits = await lsp.connection.sendRequest(DocumentFormattingRequest.type, {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.ok(edits && edits.length > 0, 'one line becomes the layout of the record as read');
    const folds = await lsp.connection.sendRequest(FoldingRangeRequest.type, { textDocument: { uri } });
    assert.ok(Array.isArray(folds));
  });

  test('an editor that registers formatting dynamically is offered it for test-case files only: its JSON formatter formats record documents, a second would make it ask', async () => {
    const dyn = await LspHarness.start({}, { environmentFromClient: true }, undefined, {
      formatting: { dynamicRegistration: true },
      rangeFormatting: { dynamicRegistration: true },
    });
    try {
      assert.ok(
        !dyn.capabilities.documentFormattingProvider && !dyn.capabilities.documentRangeFormattingProvider,
        'not for every document',
      );
      for (const method of ['textDocument/formatting', 'textDocument/rangeFormatting']) {
        const registration = await dyn.registered(method);
        const selector =
          (
            registration.registerOptions as
              { documentSelector?: { scheme?: string; language?: string; pattern?: string }[] } | undefined
          )?.documentSelector ?? [];
        assert.ok(
          selector.some((f) => f.language === 'tas-testcase') &&
            selector.some((f) => f.pattern === '**/*.testcase.json'),
          JSON.stringify(selector),
        );
        assert.ok(!selector.some((f) => f.scheme === 'tas-record' || f.scheme === undefined), JSON.stringify(selector));
      }
    } finally {
      await dyn.stop();
    }
  });

  test('ecid in a new device is an error on its key; a changed read-only field is a warning', async () => {
    const template = value(
      await lsp.connection.sendRequest(NewRecordDocumentRequest, {
        kind: 'mobileDevice',
        testNodeId: 1,
        deviceModelId: 1,
      }),
    ).text;
    const fresh = JSON.parse(template) as Record<string, unknown>;
    assert.equal((fresh['$record'] as { id?: number }).id, undefined);
    assert.ok(!('ecid' in fresh) && !('id' in fresh), 'the template holds what a create sends');
    const problems = await check(
      'tas-record:/mobileDevice/new-1.json',
      JSON.stringify({ ...fresh, ecid: 'x' }, null, 2),
    );
    const ecid = problems.find((d) => /ecid/.test(d.message));
    assert.equal(ecid?.severity, 1);
    assert.match(ecid.message, /accepted on update only/);

    const uri = 'tas-record:/mobileDevice/2.json';
    const text = await read('mobileDevice', 2);
    await lsp.connection.sendNotification(RecordDocumentBaseNotification, { uri, text });
    const changed = await check(
      uri,
      JSON.stringify({ ...(JSON.parse(text) as object), testNodeName: 'renamed here' }, null, 2),
    );
    assert.equal(changed.length, 1);
    assert.equal(changed[0]!.severity, 2);
    assert.match(changed[0]!.message, /"testNodeName" is set by the service: a change is not sent/);
  });

  test("a copy of a record's document (its id removed, or another one) is an error on the place, and a save of it sends nothing, even forced", async () => {
    const uri = 'tas-record:/mobileDevice/3.json';
    const text = await read('mobileDevice', 3);
    await lsp.connection.sendNotification(RecordDocumentBaseNotification, { uri, text });
    const { id: _id, ...copy } = JSON.parse(text) as Record<string, unknown>;
    const copied = JSON.stringify({ ...copy, name: 'One more phone', msisdn: '+4915199990002' }, null, 2);
    const problems = await check(uri, copied);
    assert.equal(problems.length, 1, JSON.stringify(problems));
    assert.equal(problems[0]!.severity, 1);
    assert.equal(problems[0]!.code, 'invalid-value');
    assert.match(
      problems[0]!.message,
      /"\$record" names device 3, but the document has no "id" of its own.*To create a new device from it, remove "id" and "revision" from "\$record"/,
    );
    assert.match(copied.split('\n')[problems[0]!.range.start.line]!, /^\s+"id": 3,$/, "on $record's id");
    const other = JSON.stringify({ ...copy, id: 4, name: 'One more phone' }, null, 2);
    const two = await check(uri, other);
    assert.deepEqual(
      two.map((d) => d.code),
      ['invalid-value'],
      'said once, not again as a read-only change',
    );
    assert.match(two[0]!.message, /names device 3, but "id" is 4: nothing is sent to either/);
    const sent = () =>
      emu.requests.filter(
        (r) => (r.method === 'PUT' || r.method === 'POST') && r.path.startsWith('/api/v2/mobiledevices'),
      ).length;
    const before = sent();
    const name = emu.store.devices.get(3)!.name;
    for (const [doc, extra] of [
      [copied, {}],
      [copied, { force: true }],
      [copied, { merge: true }],
      [other, { force: true }],
    ] as const) {
      const r = await save(doc, { base: text, ...extra });
      assert.equal(r.status, 'refused', JSON.stringify(r));
      assert.ok(r.status === 'refused' && !r.sent);
    }
    assert.equal(sent(), before, 'nothing was sent');
    assert.equal(emu.store.devices.get(3)!.name, name);
    const ownId = await check(uri, JSON.stringify({ ...JSON.parse(text), $record: { kind: 'mobileDevice' } }, null, 2));
    assert.match(
      ownId.find((d) => d.code === 'invalid-value')?.message ?? '',
      /"id" is 3, but "\$record" names no device/,
    );
  });

  test('secrets are no fields: a password in an API client document is an error', async () => {
    const text = await read('apiClient', 1);
    assert.ok(!/"password"|"authParams"/.test(text));
    const problems = await check(
      'tas-record:/apiClient/1.json',
      JSON.stringify({ ...(JSON.parse(text) as object), password: 'p' }, null, 2),
    );
    assert.ok(problems.some((d) => d.code === 'plaintext-secret' && /never part of a document/.test(d.message)));
  });

  test('completion offers the test nodes by id with their names; hover names the device model', async () => {
    const uri = 'tas-record:/mobileDevice/3.json';
    const text = await read('mobileDevice', 3);
    await check(uri, text);
    const lines = text.split('\n');
    const nodeLine = lines.findIndex((l) => l.includes('"testNodeId"'));
    // The cursor right after the id the document holds (`"testNodeId": 1|,`): every test node is
    // offered by its name, and choosing one replaces the whole id, as in test-case files.
    const after = lines[nodeLine]!.replace(/,\s*$/, '').length;
    const items = await lsp.completion(uri, { line: nodeLine, character: after });
    const held = (JSON.parse(text) as { testNodeId: number }).testNodeId;
    for (const node of emu.store.testNodes.all()) {
      const item = items.find((i) => i.label === node.name);
      assert.ok(item, `${node.name} offered: ${items.map((i) => i.label).join(', ')}`);
      assert.equal(item.labelDetails?.description, `id ${node.id}`);
      assert.ok(
        item.filterText?.startsWith(String(held)),
        `kept by the editor's filter on "${held}": ${item.filterText}`,
      );
      const edit = item.textEdit as
        { range: { start: { character: number }; end: { character: number } }; newText: string } | undefined;
      assert.deepEqual(
        [edit?.range.start.character, edit?.range.end.character, edit?.newText],
        [after - String(held).length, after, String(node.id)],
        'the id replaces the value',
      );
    }
    const modelLine = lines.findIndex((l) => l.includes('"deviceModelId"'));
    const hover = await lsp.hover(uri, { line: modelLine, character: lines[modelLine]!.indexOf(':') + 3 });
    const model = emu.store.deviceModels.get(emu.store.devices.get(3)!.deviceModelId)!;
    assert.match(JSON.stringify(hover?.contents), new RegExp(model.name));
    // On the key too: the field, and the record its id names.
    const onKey = JSON.stringify(
      (await lsp.hover(uri, { line: nodeLine, character: lines[nodeLine]!.indexOf('testNodeId') + 2 }))?.contents,
    );
    const hosting = emu.store.testNodes.get(held)!;
    assert.match(onKey, /The test node that hosts the device/);
    assert.match(onKey, new RegExp(`${hosting.name}\\*\\* \\(id ${held}\\)`));
  });

  test('a suite naming an unknown test case is told; its update goes as the interface shapes it', async () => {
    const uri = 'tas-record:/testSuite/1.json';
    const text = await read('testSuite', 1);
    const doc = JSON.parse(text) as Record<string, unknown> & { testCaseIds: { id: number; name: string }[] };
    const problems = await check(
      uri,
      JSON.stringify({ ...doc, testCaseIds: [...doc.testCaseIds, { id: 99999, name: 'ghost' }] }, null, 2),
    );
    assert.ok(problems.some((d) => d.code === 'unknown-test-case' && /No test case 99999/.test(d.message)));
    const r = await save(JSON.stringify({ ...doc, description: 'from a document' }));
    assert.equal(r.status, 'saved');
    const body = lastBody('PUT', '/api/v2/testsuites/1');
    within(body, ALLOWED.suiteUpdate);
    assert.equal(body['description'], 'from a document');
    for (const item of body['testCaseIds'] as unknown[])
      assert.deepEqual(Object.keys(item as object).sort(), ['id', 'name']);
    assert.equal(emu.store.testSuites.get(1)!.description, 'from a document');
  });

  test("a suite's test case written without a name goes with the test case's own name, not an empty one", async () => {
    const text = await read('testSuite', 1);
    const doc = JSON.parse(text) as Record<string, unknown> & { testCaseIds: { id: number; name?: string }[] };
    const listed = new Set(doc.testCaseIds.map((t) => t.id));
    const added = emu.store.testCases.all().find((t) => !listed.has(t.id))!;
    const kept = doc.testCaseIds[0]!;
    const items = [{ id: kept.id }, ...doc.testCaseIds.slice(1), { id: added.id }];
    assert.equal((await save(JSON.stringify({ ...doc, testCaseIds: items }))).status, 'saved');
    const sent = lastBody('PUT', '/api/v2/testsuites/1')['testCaseIds'] as { id: number; name: string }[];
    assert.deepEqual(sent[0], { id: kept.id, name: kept.name });
    assert.deepEqual(sent.at(-1), { id: added.id, name: added.name });
  });

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
