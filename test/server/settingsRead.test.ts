import { strict as assert } from 'node:assert';
import { after, before, test } from 'node:test';
import { DidChangeConfigurationNotification } from 'vscode-languageserver-protocol/node';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { LspHarness } from './lspHarness';

// Workspace trust, as any client sees it: whatever the server does (start, a settings change, a
// document checked against the service), it asks the client for the `tas` section and the editor's
// `http` (proxy) section, nothing else. The syntax-tree half of this guarantee is in
// test/unit/workspaceTrust.test.ts.

let emu: Emulator;
let lsp: LspHarness;
before(async () => {
  emu = await startEmulator();
  lsp = await LspHarness.signedIn(emu.url, DEMO_CREDENTIALS.admin, { validation: { debounceMs: 0 } });
});
after(async () => {
  await lsp.stop();
  await emu.close();
});

test('the server asks for the tas and http sections only, on start and on every settings change', async () => {
  const uri = 'file:///settings-read/a.testcase.json';
  await lsp.open(uri, JSON.stringify({ name: 'a', steps: [{ function: 'CALL', mobileDeviceId: 1 }] }));
  await lsp.finalDiagnostics(uri);
  const before = lsp.configurationItems.length;
  await lsp.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
  await lsp.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
  await lsp.change(uri, JSON.stringify({ name: 'b', steps: [{ function: 'CALL', mobileDeviceId: 2 }] }), 2);
  await lsp.finalDiagnostics(uri, 2);
  // Both changes were read (the server pulls on each), so the check below saw them.
  await lsp.configurationAsked(before + 4);
  const sections = new Set(lsp.configurationItems.map((i) => i.section ?? '(whole configuration)'));
  assert.deepEqual([...sections].sort(), ['http', 'tas']);
});
