import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DidChangeWatchedFilesNotification,
  FileChangeType,
  ReferencesRequest,
  type Location,
} from 'vscode-languageserver-protocol';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, pos } from './featureHelpers';
import { LspHarness } from './lspHarness';

// Find All References over the workspace's files, per environment (issue 21: "same
// environment"): a file whose `.tas/sync.json` says its ids belong to another environment counts
// where who its reference is (the recorded MSISDN) names the record here, never by its bare id.
// The client sends file events: the index follows them instead of looking at every file again.

const OTHER = 'https://other.example.invalid';

let emu: Emulator;
let dir: string;
before(async () => {
  emu = await startEmulator();
  dir = mkdtempSync(join(tmpdir(), 'tas-wsrefs-'));
  mkdirSync(join(dir, '.git'));
  mkdirSync(join(dir, '.tas'));
});
after(async () => {
  await emu.close();
  rmSync(dir, { recursive: true, force: true });
});

const step = (name: string, ...devices: number[]) =>
  JSON.stringify({ name, testStepList: devices.map((d) => ({ function: 'HANGUP', mobileDeviceId: d })) }, null, 2);
const uriOf = (name: string) => pathToFileURL(join(dir, name)).href;
const where = (ls: Location[] | null) =>
  (ls ?? []).map((l) => `${l.uri.slice(l.uri.lastIndexOf('/') + 1)}:${l.range.start.line}`).sort();

describe('Find All References across environments and file events', () => {
  test('a file of another environment counts by who its reference is; a bare id of another environment does not', async () => {
    const [device, someoneElse] = emu.store.devices.all().filter((d) => d.msisdn);
    assert.ok(device && someoneElse && device.msisdn !== someoneElse.msisdn);
    // here.testcase.json: no link, so of the active environment.
    const here = step('Here', device.id);
    writeFileSync(join(dir, 'here.testcase.json'), here);
    // abroad: exported from OTHER, where 555 is this phone and the phone's id here is another one.
    writeFileSync(join(dir, 'abroad.testcase.json'), step('Abroad', 555, device.id));
    // unknown: of OTHER too, its id never recorded there.
    writeFileSync(join(dir, 'unknown.testcase.json'), step('Unknown', device.id));
    writeFileSync(
      join(dir, '.tas', 'sync.json'),
      JSON.stringify({
        version: 1,
        files: {
          'abroad.testcase.json': { home: OTHER, links: { [OTHER]: { id: 1 } } },
          'unknown.testcase.json': { home: OTHER, links: { [OTHER]: { id: 2 } } },
        },
        identities: {
          [OTHER]: {
            device: {
              '555': { msisdn: device.msisdn, name: device.name },
              [String(device.id)]: { msisdn: someoneElse.msisdn },
            },
          },
        },
      }),
    );
    const lsp = await LspHarness.start(credentials(emu), undefined, undefined, {}, [pathToFileURL(dir).href], {
      didChangeWatchedFiles: { dynamicRegistration: true },
    });
    try {
      await lsp.open(uriOf('here.testcase.json'), here);
      const ask = () =>
        lsp.connection.sendRequest(ReferencesRequest.type, {
          textDocument: { uri: uriOf('here.testcase.json') },
          position: pos(here, '"mobileDeviceId": '),
          context: { includeDeclaration: true },
        });
      // abroad's 555 (line 5) is this phone; its second step names OTHER's id, someone else.
      assert.deepEqual(where(await ask()), ['abroad.testcase.json:5', 'here.testcase.json:5']);

      const watchers = lsp.registrations.find((r) => r.method === DidChangeWatchedFilesNotification.method);
      assert.deepEqual(
        (watchers?.registerOptions as { watchers: { globPattern: string }[] }).watchers.map((w) => w.globPattern),
        ['**/*.testcase.json', '**/*.testcases.json', '**/.tas/sync.json'],
      );
      // A new file is seen once the client says so; a deleted one leaves.
      writeFileSync(join(dir, 'later.testcase.json'), step('Later', device.id));
      await lsp.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
        changes: [{ uri: uriOf('later.testcase.json'), type: FileChangeType.Created }],
      });
      assert.deepEqual(where(await ask()), ['abroad.testcase.json:5', 'here.testcase.json:5', 'later.testcase.json:5']);
      rmSync(join(dir, 'abroad.testcase.json'));
      await lsp.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
        changes: [{ uri: uriOf('abroad.testcase.json'), type: FileChangeType.Deleted }],
      });
      assert.deepEqual(where(await ask()), ['here.testcase.json:5', 'later.testcase.json:5']);
      // unknown.testcase.json taken home: its id is this environment's now.
      writeFileSync(join(dir, '.tas', 'sync.json'), JSON.stringify({ version: 1, files: {} }));
      assert.deepEqual(where(await ask()), [
        'here.testcase.json:5',
        'later.testcase.json:5',
        'unknown.testcase.json:5',
      ]);
    } finally {
      assert.equal(await lsp.stop(), 0, lsp.stderr);
    }
  });

  test('offline: ids of the active environment by value; a file of another environment is left out (no list to say who is who)', async () => {
    const offlineDir = mkdtempSync(join(tmpdir(), 'tas-wsrefs-offline-'));
    try {
      mkdirSync(join(offlineDir, '.tas'));
      const here = step('Here', 7);
      writeFileSync(join(offlineDir, 'here.testcase.json'), here);
      writeFileSync(join(offlineDir, 'also.testcase.json'), step('Also', 3, 7));
      writeFileSync(join(offlineDir, 'abroad.testcase.json'), step('Abroad', 7));
      writeFileSync(
        join(offlineDir, '.tas', 'sync.json'),
        JSON.stringify({
          version: 1,
          files: { 'abroad.testcase.json': { home: OTHER, links: { [OTHER]: { id: 1 } } } },
        }),
      );
      const lsp = await LspHarness.start({}, undefined, undefined, {}, [pathToFileURL(offlineDir).href]);
      try {
        const uri = pathToFileURL(join(offlineDir, 'here.testcase.json')).href;
        await lsp.open(uri, here);
        const found = await lsp.connection.sendRequest(ReferencesRequest.type, {
          textDocument: { uri },
          position: pos(here, '"mobileDeviceId": '),
          context: { includeDeclaration: true },
        });
        assert.deepEqual(where(found), ['also.testcase.json:9', 'here.testcase.json:5']);
      } finally {
        assert.equal(await lsp.stop(), 0, lsp.stderr);
      }
    } finally {
      rmSync(offlineDir, { recursive: true, force: true });
    }
  });
});
