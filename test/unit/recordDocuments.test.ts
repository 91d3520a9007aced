import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { mergeDocuments, requestBodyOf } from '../../server/src/core/recordDocuments/body';
import { recordFindings } from '../../server/src/core/recordDocuments/check';
import { documentOf, revisionOf } from '../../server/src/core/recordDocuments/document';
import { refusedField } from '../../server/src/core/recordDocuments/save';
import { REDACTED } from '../../server/src/core/secrets/redact';
import { recordDiagnostics } from '../../server/src/core/recordDocuments/language';
import { createTextDocument } from '../../server/src/core/text/textDocument';
import { syntaxShownOnce } from '../../client/src/recordDocuments/syntaxOnce';

// The record documents' rules without a service: what a document shows, when a record counts as
// changed, what a save sends, how two sides' changes merge, and where a refusal is placed.

const SERVICE = 'http://127.0.0.1:1';
const device = {
  id: 7,
  name: 'Phone',
  msisdn: '+491',
  testNodeId: 1,
  deviceModelId: 2,
  ecid: 'E',
  testNodeName: 'n1',
  deviceModelName: 'm2',
  projects: [],
  status: 'AVAILABLE',
};

describe('record documents', () => {
  test('a document starts with $record, follows the table, and leaves secrets out', () => {
    const doc = documentOf(
      'apiClient',
      {
        id: 3,
        name: 'Hook',
        password: 'pw',
        authParams: { clientSecret: 's' },
        headerParams: { Authorization: 'Bearer x', Accept: 'json' },
      },
      SERVICE,
    );
    assert.deepEqual(Object.keys(doc), ['$record', 'id', 'name', 'headerParams']);
    assert.deepEqual(doc['headerParams'], { Authorization: REDACTED, Accept: 'json' });
    assert.ok(!JSON.stringify(doc).includes('pw') && !JSON.stringify(doc).includes('Bearer x'));
  });

  test("the revision follows the fields a save sends, not the service's own (a status)", () => {
    assert.equal(
      revisionOf('mobileDevice', device),
      revisionOf('mobileDevice', { ...device, status: 'BUSY', testNodeName: 'other' }),
    );
    assert.notEqual(revisionOf('mobileDevice', device), revisionOf('mobileDevice', { ...device, msisdn: '+492' }));
  });

  test('a body carries only what the operation allows; a hidden header keeps the service value', () => {
    const doc = documentOf('mobileDevice', device, SERVICE);
    assert.deepEqual(Object.keys(requestBodyOf('mobileDevice', 'update', doc)).sort(), [
      'deviceModelId',
      'ecid',
      'msisdn',
      'name',
      'testNodeId',
    ]);
    assert.ok(!('ecid' in requestBodyOf('mobileDevice', 'create', doc)));
    const client = documentOf(
      'apiClient',
      { id: 3, name: 'Hook', headerParams: { Authorization: 'Bearer x' } },
      SERVICE,
    );
    assert.deepEqual(
      requestBodyOf('apiClient', 'update', client, { headerParams: { Authorization: 'Bearer y' } })['headerParams'],
      { Authorization: 'Bearer y' },
    );
  });

  test('a merge keeps both sides when no field changed twice; a clash does not merge', () => {
    const base = documentOf('mobileDevice', device, SERVICE);
    const theirs = documentOf('mobileDevice', { ...device, name: 'Theirs' }, SERVICE);
    const merged = mergeDocuments(base, { ...base, msisdn: '+499' }, theirs);
    assert.equal(merged?.['name'], 'Theirs');
    assert.equal(merged?.['msisdn'], '+499');
    assert.equal(mergeDocuments(base, { ...base, name: 'Mine' }, theirs), undefined);
  });

  test('checks: a wrong type, ecid on create, a secret, a read-only change', () => {
    const codes = (v: unknown, base?: Record<string, unknown>) =>
      recordFindings(v, undefined, base).map((f) => `${f.path.join('.')}:${f.code}`);
    assert.deepEqual(codes({ $record: { kind: 'mobileDevice', id: 7 }, id: 7, msisdn: 491 }), ['msisdn:wrong-type']);
    assert.deepEqual(codes({ $record: { kind: 'mobileDevice' }, name: 'x', ecid: 'E' }), ['ecid:not-sent']);
    assert.deepEqual(codes({ $record: { kind: 'apiClient', id: 1 }, id: 1, password: 'p' }), [
      'password:plaintext-secret',
    ]);
    const base = documentOf('mobileDevice', device, SERVICE);
    assert.deepEqual(codes({ ...base, deviceModelName: 'changed' }, base), ['deviceModelName:not-sent']);
    assert.deepEqual(codes({ nothing: 1 }), [':missing-field']);
  });

  test("identity: $record and the document's own id name the same record, or neither names one; a suite copy is told it cannot be created", () => {
    const codes = (v: unknown) => recordFindings(v).map((f) => `${f.path.join('.')}:${f.code}`);
    assert.deepEqual(codes({ $record: { kind: 'mobileDevice', id: 7 }, id: 7, name: 'x' }), []);
    assert.deepEqual(codes({ $record: { kind: 'mobileDevice' }, name: 'x' }), []);
    assert.deepEqual(codes({ $record: { kind: 'mobileDevice', id: 7 }, name: 'x' }), ['$record.id:invalid-value']);
    assert.deepEqual(codes({ $record: { kind: 'mobileDevice', id: 7 }, id: 8, name: 'x' }), ['id:invalid-value']);
    assert.deepEqual(codes({ $record: { kind: 'mobileDevice', id: 7 }, id: '7', name: 'x' }), ['id:invalid-value']);
    assert.deepEqual(codes({ $record: { kind: 'mobileDevice' }, id: 7, name: 'x' }), ['id:invalid-value']);
    const suite = recordFindings({ $record: { kind: 'testSuite', id: 4 }, name: 'Copy' })[0]!.message;
    assert.match(suite, /names test suite 4, but the document has no "id"/);
    assert.doesNotMatch(suite, /To create/, 'suites are not created from a document');
  });

  test("a refusal is placed on the field the service's message names", () => {
    assert.equal(refusedField('mobileDevice', "mobile device: 'msisdn' must be a string"), 'msisdn');
    assert.equal(refusedField('traceFilter', "A trace filter named 'filter' already exists"), 'name');
    assert.equal(refusedField('traceFilter', 'Emulator error: boom'), undefined);
  });

  test("a record document's syntax mistake is shown once: by the editor's JSON check while it is on, else by ours", async () => {
    const text = '{\n  "$record": {"kind": "testNode", "id": 1},\n  "id": 1\n  "name": "n1"\n}';
    const ours = await recordDiagnostics(
      createTextDocument('tas-record:/testNode/1.json', text),
      'testNode',
      undefined,
      undefined,
    );
    assert.ok(
      ours.length > 0 && ours.every((d) => d.code === 'syntax'),
      'the server reports the missing comma as a syntax problem',
    );
    const other = { code: 'read-only', message: 'set by the service' };
    assert.deepEqual(syntaxShownOnce('tas-record', [...ours, other], true), [other]);
    assert.deepEqual(syntaxShownOnce('tas-record', ours, false), ours, "the editor's JSON check turned off: ours stay");
    assert.deepEqual(
      syntaxShownOnce('file', ours, true),
      ours,
      'test-case files: the editor does not check them as JSON',
    );
    assert.deepEqual(syntaxShownOnce('tas-record', [{ code: { value: 'syntax', target: {} as never } }], true), []);
  });
});
