import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { LspHarness } from './lspHarness';

// Issue 19: a workspace's settings come with the repository and are read as input. Numbers out
// of range are clamped where the server reads them, and the log says so once.

const LIMIT = { timeout: 60_000 };
const msg = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);

let emu: Emulator;
before(async () => {
  emu = await startEmulator();
});
after(async () => {
  await emu.close();
});

describe('numeric settings out of range', () => {
  test(
    'a 10^10 s request timeout is clamped to 3600 s, not a timer that fires at once; said once in the log',
    LIMIT,
    async () => {
      const settings = { requestTimeoutSeconds: 1e10, validation: { debounceMs: 0 }, cache: { ttlSeconds: 'soon' } };
      const lsp = await LspHarness.start({}, undefined, settings);
      try {
        assert.deepEqual(await lsp.signIn(emu.url, DEMO_CREDENTIALS.admin), {
          state: 'connected',
          environment: 'emulator',
        });
        // Settings are read again on every change: the clamp is said once all the same.
        await lsp.changeConfiguration();
        const mark = lsp.statuses.length;
        await lsp.setEnvironment(null);
        await lsp.finalStatus(mark);
        const said = lsp.logs.filter((l) => l.includes('tas.requestTimeoutSeconds'));
        assert.deepEqual(said, [
          'The setting tas.requestTimeoutSeconds is 10000000000, outside 1..3600: 3600 is used.',
        ]);
        assert.deepEqual(
          lsp.logs.filter((l) => l.includes('tas.cache.ttlSeconds')),
          ['The setting tas.cache.ttlSeconds is "soon", not a number: 300 is used.'],
        );
      } finally {
        assert.equal(await lsp.stop(), 0, lsp.stderr);
      }
    },
  );

  test(
    'tas.validation.maxProblems of 10^9 is clamped to 10,000: a file of 20,000 mistakes publishes 10,001 diagnostics',
    LIMIT,
    async () => {
      const lsp = await LspHarness.start({}, undefined, { validation: { debounceMs: 0, maxProblems: 1e9 } });
      try {
        await lsp.configured;
        const uri = 'file:///ws/many.testcase.json';
        const lines = Array.from({ length: 20_000 }, (_, i) => `  "unknownKey${i}": 1`);
        await lsp.open(uri, `{\n  "name": "many",\n${lines.join(',\n')}\n}`);
        const { diagnostics } = await lsp.finalDiagnostics(uri);
        assert.equal(diagnostics.length, 10_001);
        assert.match(
          msg(diagnostics.at(-1)!),
          /^10,00\d more problems in this file are not shown \(at most 10000 are\)/,
        );
        assert.equal(lsp.logs.filter((l) => l.includes('maxProblems')).length, 1);
      } finally {
        assert.equal(await lsp.stop(), 0, lsp.stderr);
      }
    },
  );
});
