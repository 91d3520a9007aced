import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { startEmulator, type Emulator, type EmulatorOptions } from '../emulator/emulator';
import { LspHarness } from './lspHarness';

// The setting of the several-environments tests at the LSP boundary: emulators A and B, a sync
// root (a temporary folder with `.git`), and a server whose environment the test sets as a client
// would; all of it gone after the file's tests.

export interface TwoEnvironments {
  a: Emulator;
  b: Emulator;
  lsp: LspHarness;
  /** The sync root. */
  dir: string;
}

export function twoEnvironmentsOverLsp(
  prefix: string,
  started: (s: TwoEnvironments) => void,
  bOptions: EmulatorOptions = {},
  aOptions: EmulatorOptions = {},
): void {
  let s: TwoEnvironments | undefined;
  before(async () => {
    const a = await startEmulator(aOptions);
    const b = await startEmulator(bOptions);
    const dir = await mkdtemp(join(tmpdir(), prefix));
    await mkdir(join(dir, '.git'));
    s = { a, b, dir, lsp: await LspHarness.start({}, { environmentFromClient: true }) };
    started(s);
  });
  after(async () => {
    if (!s) return;
    await s.lsp.stop();
    await Promise.all([s.a.close(), s.b.close()]);
    await rm(s.dir, { recursive: true, force: true });
  });
}
