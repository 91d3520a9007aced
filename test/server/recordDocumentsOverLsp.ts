import { strict as assert } from 'node:assert';
import { after, before } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { ReadRecordDocumentRequest, SaveRecordDocumentRequest } from '../../server/src/protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { LspHarness } from './lspHarness';
import { value } from './outcomes';

// The setting of the record document tests at the LSP boundary (recordDocuments.test.ts,
// recordDocumentSaves.test.ts): the emulator keeping request bodies, a server signed in to it,
// the requests and checks those tests make, and the fields the interface document allows in each
// create and update request (the lists are the document's, written out here, not read from the
// code under test).

export const ALLOWED = {
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

export interface RecordDocumentSetting {
  emu: Emulator;
  lsp: LspHarness;
}

/** Registers the setting's hooks in the current describe; `set` is told it once it has started. */
export function recordDocumentsOverLsp(set: (s: RecordDocumentSetting) => void) {
  let emu: Emulator;
  let lsp: LspHarness;
  let version = 1;

  before(async () => {
    emu = await startEmulator({ keepBodies: true });
    lsp = await LspHarness.signedIn(emu.url, DEMO_CREDENTIALS.admin);
    set({ emu, lsp });
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
  return { read, check, lastBody, within, save };
}
