import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver-protocol';
import type { Emulator } from '../emulator/emulator';
import { applyAction, byCode, markdown, msg, pos } from './featureHelpers';
import { LspHarness } from './lspHarness';
import { serverOverEmulator } from './serverOverEmulator';
import {
  CreateApiClientRequest,
  DeleteApiClientRequest,
  ListApiClientsRequest,
  RecordGoneNotification,
  UpdateApiClientRequest,
} from '../../server/src/protocol';
import type { ShownRecord } from '../../server/src/core';

// API clients as the third kind of reference, at the LSP boundary against the emulator: the
// unknown-api-client diagnostic (confirmed by the record's own GET), completion by name, the hover,
// the link to the record, stale names in bundles; and offline, "not verified" only. The expected
// records come from the emulator's store. No secret of a record may reach the editor.

let emu: Emulator;
let lsp: LspHarness;
serverOverEmulator((started) => ({ emu, lsp } = started));

const SECRETS = ['demo-api-password', 'demo-oauth-client-secret'];
const step = (id: number) =>
  `{ "name": "Api ${id}", "testStepList": [ { "function": "HTTP_REQUEST", "mobileDeviceId": 1, "params": { "apiClientId": ${id} } } ] }`;

describe('API client references online', () => {
  test('an id the service lacks is unknown-api-client after its own GET answered 404; a known one is quiet', async () => {
    const uri = 'file:///ws/api-unknown.testcase.json';
    const text = step(9999);
    await lsp.open(uri, text);
    const ds = (await lsp.finalDiagnostics(uri)).diagnostics;
    const unknown = byCode(ds, 'unknown-api-client');
    assert.equal(unknown.length, 1, JSON.stringify(ds));
    assert.equal(unknown[0]!.severity, DiagnosticSeverity.Error);
    assert.equal(msg(unknown[0]!), 'API client 9999 does not exist on the service.');
    const start = pos(text, '"apiClientId": ');
    assert.deepEqual(unknown[0]!.range, { start, end: { line: 0, character: start.character + 4 } });
    assert.ok(
      emu.requests.some((r) => r.method === 'GET' && r.path === '/api/v2/apiclients/9999' && r.status === 404),
      'confirmed by its own record',
    );

    const known = emu.store.apiClients.all()[0]!;
    const uri2 = 'file:///ws/api-known.testcase.json';
    await lsp.open(uri2, step(known.id));
    const ds2 = (await lsp.finalDiagnostics(uri2)).diagnostics;
    assert.equal(byCode(ds2, 'unknown-api-client').length, 0, JSON.stringify(ds2));
  });

  test('completion after "apiClientId": the service\'s API clients by name, the id inserted', async () => {
    const uri = 'file:///ws/api-complete.testcase.json';
    const text = '{ "name": "C", "testStepList": [ { "function": "HTTP_REQUEST", "params": { "apiClientId": } } ] }';
    await lsp.open(uri, text);
    const cursor = pos(text, '"apiClientId": ');
    const items = await lsp.completion(uri, cursor);
    const clients = emu.store.apiClients.all();
    assert.deepEqual(
      items.map((i) => i.label),
      clients.map((c) => c.name),
    );
    const first = items[0]!;
    assert.equal(first.detail, `${clients[0]!.httpMethod} ${clients[0]!.serverURL}`);
    assert.deepEqual(first.textEdit, { range: { start: cursor, end: cursor }, newText: String(clients[0]!.id) });
  });

  test('the hover shows name, method, URL and auth type, and no secret', async () => {
    const oauth = emu.store.apiClients.all().find((c) => c.apiClientAuthType === 'OAUTH2')!;
    const uri = 'file:///ws/api-hover.testcase.json';
    const text = step(oauth.id);
    await lsp.open(uri, text);
    const value = markdown(await lsp.hover(uri, pos(text, '"apiClientId": ')));
    assert.equal(
      value,
      [
        `**${oauth.name}** (API client ${oauth.id})`,
        '',
        `- Method: ${oauth.httpMethod}`,
        `- URL: ${oauth.serverURL}`,
        `- Auth type: OAUTH2`,
      ].join('\n'),
    );
  });

  test('a link to the record, whose read-only view shows no password, auth parameter value or secret header', async () => {
    const basic = emu.store.apiClients.all().find((c) => c.apiClientAuthType === 'BASIC')!;
    const oauth = emu.store.apiClients.all().find((c) => c.apiClientAuthType === 'OAUTH2')!;
    emu.store.apiClients.get(oauth.id)!.headerParams = {
      Accept: 'application/json',
      Authorization: 'Bearer demo-header-token',
    };
    const uri = 'file:///ws/api-link.testcase.json';
    const text = step(basic.id);
    await lsp.open(uri, text);
    const links = await lsp.documentLinks(uri);
    const link = links.find((l) => l.target === `tas-remote:/apiClient/${basic.id}.json`);
    assert.ok(link, JSON.stringify(links));
    const start = pos(text, '"apiClientId": ');
    assert.deepEqual(link.range, {
      start,
      end: { line: start.line, character: start.character + String(basic.id).length },
    });
    for (const c of [basic, oauth]) {
      const o = await lsp.getRecord('apiClient', c.id);
      assert.ok(o.ok, JSON.stringify(o));
      const shown = JSON.parse(o.value.text) as Record<string, unknown>;
      assert.equal(shown['name'], c.name);
      assert.equal(shown['password'], undefined);
      for (const s of [...SECRETS, 'demo-header-token']) assert.ok(!o.value.text.includes(s), `${s} is not shown`);
      for (const v of Object.values((shown['authParams'] ?? {}) as Record<string, string>))
        assert.equal(v, '[redacted]');
    }
    const shownOauth = await lsp.getRecord('apiClient', oauth.id);
    assert.ok(shownOauth.ok);
    assert.deepEqual(JSON.parse(shownOauth.value.text)['headerParams'], {
      Accept: 'application/json',
      Authorization: '[redacted]',
    });
    assert.ok(lsp.logs.every((l) => SECRETS.every((s) => !l.includes(s))));
  });

  test("a bundle's apiClients record with a name the service no longer has: stale-api-client-name, fixed by its quick fix", async () => {
    const c = emu.store.apiClients.all()[1]!;
    const uri = 'file:///ws/api-stale.testcases.json';
    const text = `[ { "name": "Stale", "testStepList": [ { "function": "HTTP_REQUEST", "params": { "apiClientId": ${c.id} } } ], "apiClients": [ { "id": ${c.id}, "name": "Old name" } ] } ]`;
    await lsp.open(uri, text);
    const ds = (await lsp.finalDiagnostics(uri)).diagnostics;
    const stale = byCode(ds, 'stale-api-client-name');
    assert.equal(stale.length, 1, JSON.stringify(ds));
    assert.equal(stale[0]!.severity, DiagnosticSeverity.Warning);
    assert.equal(msg(stale[0]!), `API client ${c.id} is now named '${c.name}' on the service.`);
    const [fix] = await lsp.codeActions(uri, stale[0]!.range, stale);
    assert.ok(fix && applyAction(uri, text, fix).includes(`"name": ${JSON.stringify(c.name)}`));
  });
});

describe("the API Clients view's requests", () => {
  test('list, create with a password, edit keeping it, delete; no secret comes back or reaches the log', async () => {
    const list = await lsp.connection.sendRequest(ListApiClientsRequest);
    assert.ok(list.ok, JSON.stringify(list));
    assert.deepEqual(
      list.value.map((c) => c.name),
      emu.store.apiClients.all().map((c) => c.name),
    );
    for (const s of SECRETS) assert.ok(!JSON.stringify(list.value).includes(s));

    const typed = 'typed-in-password-77';
    const created = await lsp.connection.sendRequest(CreateApiClientRequest, {
      name: 'View made',
      httpMethod: 'POST',
      serverURL: 'https://made.example.invalid/x',
      apiClientAuthType: 'BASIC',
      username: 'u1',
      password: typed,
    });
    assert.ok(created.ok && created.value.id !== undefined, JSON.stringify(created));
    const id = created.value.id;
    const stored = emu.store.apiClients.get(id)!;
    assert.equal(stored.password, typed, 'the password reached the service');
    stored.headerParams = { Accept: 'text/plain' };

    const updated = await lsp.connection.sendRequest(UpdateApiClientRequest, {
      id,
      shown: 'View made',
      input: {
        name: 'View renamed',
        httpMethod: 'GET',
        serverURL: 'https://made.example.invalid/y',
        apiClientAuthType: 'BASIC',
        username: 'u1',
      },
    });
    assert.ok(updated.ok, JSON.stringify(updated));
    const after = emu.store.apiClients.get(id)!;
    assert.equal(after.name, 'View renamed');
    assert.equal(after.httpMethod, 'GET');
    assert.deepEqual(after.headerParams, { Accept: 'text/plain' }, 'fields the form does not show are kept');
    assert.equal(after.password, typed, 'a password left empty is kept');

    const shown = await lsp.getRecord('apiClient', id);
    assert.ok(shown.ok && !shown.value.text.includes(typed));
    const deleted = await lsp.connection.sendRequest(DeleteApiClientRequest, { id, shown: 'View renamed' });
    assert.ok(deleted.ok, JSON.stringify(deleted));
    assert.equal(emu.store.apiClients.get(id), undefined);
    assert.ok(lsp.logs.every((l) => !l.includes(typed)) && !lsp.stderr.includes(typed), 'the password is never logged');
  });
});

describe('an API client deleted by another client', () => {
  test('Delete says it by name, every view is told to drop it, and a file naming it is marked at once', async () => {
    const made = await lsp.connection.sendRequest(CreateApiClientRequest, {
      name: 'Short-lived',
      httpMethod: 'GET',
      serverURL: 'https://gone.example.invalid/',
      apiClientAuthType: 'NONE',
    });
    assert.ok(made.ok && made.value.id !== undefined, JSON.stringify(made));
    const id = made.value.id;
    const uri = 'file:///ws/api-gone.testcase.json';
    await lsp.open(uri, step(id));
    assert.equal(byCode((await lsp.finalDiagnostics(uri)).diagnostics, 'unknown-api-client').length, 0, 'known before');
    const mark = lsp.mark(uri);
    emu.store.apiClients.delete(id);
    const told = new Promise<{ record: ShownRecord }>((resolve) =>
      lsp.connection.onNotification(RecordGoneNotification, resolve),
    );
    const gone = await lsp.connection.sendRequest(DeleteApiClientRequest, { id, shown: 'Short-lived' });
    assert.equal(!gone.ok && gone.error.kind, 'notFound');
    assert.equal(
      !gone.ok && gone.error.message,
      'API client "Short-lived" was deleted on the service; it has left the views.',
    );
    assert.deepEqual((await told).record, { kind: 'apiClient', id, name: 'Short-lived' });
    // The reference cache dropped it (its lifetime is 300 s): the open file names an unknown API client now.
    const again = await lsp.diagnosticsAfter(uri, mark, (p) =>
      p.diagnostics.some((d) => d.code === 'unknown-api-client'),
    );
    assert.equal(byCode(again.diagnostics, 'unknown-api-client').length, 1);
    await lsp.close(uri);
  });

  test('its record opened from a link answers 404: the views are told too', async () => {
    const told = new Promise<{ record: ShownRecord }>((resolve) =>
      lsp.connection.onNotification(RecordGoneNotification, resolve),
    );
    const o = await lsp.getRecord('apiClient', 98765);
    assert.equal(!o.ok && o.error.kind, 'notFound');
    assert.deepEqual((await told).record, { kind: 'apiClient', id: 98765 });
  });
});

describe('API client references offline', () => {
  test('no verdict offline: the one "not verified" note, and the hover says why', async () => {
    const offline = await LspHarness.start();
    try {
      const uri = 'file:///ws/api-offline.testcase.json';
      const text = step(9999);
      await offline.open(uri, text);
      const ds = (await offline.finalDiagnostics(uri)).diagnostics;
      assert.equal(byCode(ds, 'unknown-api-client').length, 0);
      assert.equal(byCode(ds, 'references-not-verified').length, 1, JSON.stringify(ds));
      assert.match(
        markdown(await offline.hover(uri, pos(text, '"apiClientId": '))),
        /^\*\*API client 9999\*\*\n\nNot verified: /,
      );
    } finally {
      assert.equal(await offline.stop(), 0, offline.stderr);
    }
  });
});
