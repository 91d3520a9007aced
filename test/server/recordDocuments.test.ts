import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { DocumentFormattingRequest, FoldingRangeRequest } from 'vscode-languageserver-protocol';
import { NewRecordDocumentRequest, RecordDocumentBaseNotification } from '../../server/src/protocol';
import type { Emulator } from '../emulator/emulator';
import { LspHarness } from './lspHarness';
import { value } from './outcomes';
import { ALLOWED, recordDocumentsOverLsp } from './recordDocumentsOverLsp';

// Record documents at the LSP boundary: the built server checks `tas-record:` documents with
// their record's schema (types, `ecid` on create, read-only fields, ids of the service), offers
// and explains ids, formats and folds them. Their saves (the fields each request carries,
// conflicts, offline, deletion): recordDocumentSaves.test.ts.

describe('record documents at the LSP boundary', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let lsp: LspHarness;
  const { read, check, lastBody, within, save } = recordDocumentsOverLsp((s) => ({ emu, lsp } = s));

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
});
