import { strict as assert } from 'node:assert';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { ExportTestCasesRequest, ImportFilesRequest } from '../../server/src/protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { mangledExport, startHostileService, type HostileService } from '../emulator/hostileService';
import { LspHarness } from './lspHarness';
import { value } from './outcomes';

// Issue 42, every test case accounted for, at the LSP boundary (what the editor's export and
// import reports show): against a service whose export answer leaves an asked test case out,
// holds one whose id is no number and one whose name is no text, each comes back named with its
// reason, one result per test case asked, and the good one is written and linked. The same
// rules at the `tas` boundary: test/cli/account.test.ts.

describe('the export and import account over LSP', { timeout: 120_000 }, () => {
  let emu: Emulator;
  let hostile: HostileService;
  let lsp: LspHarness;
  let dir: string;
  before(async () => {
    emu = await startEmulator();
    hostile = await startHostileService(emu.url);
    dir = await mkdtemp(join(tmpdir(), 'tas-account-'));
    await mkdir(join(dir, '.git'));
    lsp = await LspHarness.signedIn(hostile.url, DEMO_CREDENTIALS.admin);
  });
  after(async () => {
    await lsp.stop();
    await hostile.close();
    await emu.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('export: one result per test case asked, each not written with its reason; the good one written and linked; import says why it refuses', async () => {
    // Asked for 1 to 4: the answer holds 1 with the id "abc", 2 with the name 7, leaves 3 out, and 4 as it is.
    hostile.routes.set(
      '/api/v2/testcases/export',
      mangledExport(emu.url, (r) =>
        r['id'] === 1 ? [{ ...r, id: 'abc' }] : r['id'] === 2 ? [{ ...r, name: 7 }] : r['id'] === 3 ? [] : [r],
      ),
    );
    const folder = join(dir, 'cases');
    const report = value(
      await lsp.connection.sendRequest(ExportTestCasesRequest, {
        ids: [1, 2, 3, 4],
        folder: pathToFileURL(folder).href,
        listed: true,
      }),
    );
    assert.deepEqual(
      report.results.map((r) => [r.id, r.outcome, r.reason]),
      [
        [1, 'failed', 'unusableRecord'],
        [2, 'failed', 'unusableRecord'],
        [3, 'failed', 'notInAnswer'],
        [4, 'written', undefined],
      ],
    );
    assert.match(report.results[0]!.message!, /has the id "abc", not a whole number, so it was not written/);
    assert.match(report.results[1]!.message!, /has the name 7, not text, so it was not written/);
    assert.match(
      report.results[2]!.message!,
      /^The service listed it, but its export answer did not hold it, so it was not written\./,
    );
    // Not picked from the list (Refresh from Service asks for a linked id): it is not said to have been listed.
    const refreshed = value(
      await lsp.connection.sendRequest(ExportTestCasesRequest, { ids: [3], folder: pathToFileURL(folder).href }),
    );
    assert.match(
      refreshed.results[0]!.message!,
      /^The service's export answer did not hold it, so it was not written\./,
    );
    const files = (await readdir(folder)).filter((f) => f.endsWith('.testcase.json'));
    assert.equal(files.length, 1);
    const written = files[0]!;
    const state = JSON.parse(await readFile(join(dir, '.tas', 'sync.json'), 'utf8')) as {
      files: Record<string, { links: Record<string, { id: number }> }>;
    };
    assert.deepEqual(Object.keys(state.files), [`cases/${written}`]);
    assert.equal(Object.values(state.files[`cases/${written}`]!.links)[0]!.id, 4);

    // Import: the linked case's service record now has a name that is no text; a bundle holds a
    // new case and an item that is no test case.
    hostile.routes.set(
      '/api/v2/testcases/export',
      mangledExport(emu.url, (r) => (r['id'] === 4 ? [{ ...r, name: 7 }] : [r])),
    );
    const path = join(folder, written);
    await writeFile(
      path,
      (await readFile(path, 'utf8')).replace(/"description": "[^"]*"/, '"description": "changed here"'),
    );
    await writeFile(
      join(folder, 'more.testcases.json'),
      `${JSON.stringify([{ name: 'Account over LSP', testStepList: [] }, 42], null, 2)}\n`,
    );
    const imported = value(
      await lsp.connection.sendRequest(ImportFilesRequest, { uris: [pathToFileURL(folder).href] }),
    );
    const by = (end: string, index?: number) => imported.results.find((r) => r.uri.endsWith(end) && r.index === index)!;
    assert.equal(imported.results.length, 3, 'one result per item asked');
    assert.deepEqual([by(written).outcome, by(written).reason], ['refused', 'unusableRecord']);
    assert.match(
      by(written).message!,
      /the service's version of test case 4 cannot be used: the record its export answer holds for it has the name 7, not text/,
    );
    assert.equal(by('more.testcases.json', 0).outcome, 'created');
    assert.deepEqual(
      [by('more.testcases.json', 1).outcome, by('more.testcases.json', 1).reason],
      ['refused', 'fileProblem'],
    );
    assert.match(by('more.testcases.json', 1).message!, /\(item 1\) is a number, not a record/);
    assert.notEqual(
      emu.store.testCases.get(4)!.description,
      'changed here',
      'nothing sent for the case that could not be compared',
    );
  });
});
