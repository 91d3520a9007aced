import { strict as assert } from 'node:assert';
import { after, before } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials } from './featureHelpers';
import { LspHarness } from './lspHarness';

// The usual setting of a language-feature test file: one emulator, and the built server signed in
// to it with the demo admin's credentials, started before the file's tests; after them the server
// must exit cleanly (code 0) and the emulator closes.

export function serverOverEmulator(started: (both: { emu: Emulator; lsp: LspHarness }) => void): void {
  let emu: Emulator | undefined;
  let lsp: LspHarness | undefined;
  before(async () => {
    emu = await startEmulator();
    lsp = await LspHarness.start(credentials(emu));
    started({ emu, lsp });
  });
  after(async () => {
    if (lsp) assert.equal(await lsp.stop(), 0, lsp.stderr);
    await emu?.close();
  });
}
