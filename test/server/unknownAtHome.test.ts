import { strict as assert } from 'node:assert';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { ExportTestCasesRequest, ImportFilesRequest } from '../../server/src/protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import type { Emulator } from '../emulator/emulator';
import { caseOn, shuffle, type Moved } from '../twoEnvironments';
import type { LspHarness } from './lspHarness';
import { twoEnvironmentsOverLsp } from './twoEnvironmentsOverLsp';
import { value } from './outcomes';

// The editor's way back from another environment: a service version naming a phone the file's
// home does not know is neither exported into the file (overwrite or not) nor taken into it.

describe('references unknown at home, in the editor', { timeout: 60_000 }, () => {
  let a: Emulator;
  let b: Emulator;
  let moved: Moved;
  let lsp: LspHarness;
  let dir: string;
  twoEnvironmentsOverLsp('tas-unknown-home-', (s) => {
    ({ a, b, lsp, dir } = s);
    moved = shuffle(b);
  });

  test('neither an export (overwrite included) nor "take the service\'s version" writes it into the file', async () => {
    await lsp.setEnvironment({ name: 'A', baseUrl: a.url, ...DEMO_CREDENTIALS.admin });
    const c = caseOn(a, 'Changed in B to an unknown phone', 4, 6);
    const folder = pathToFileURL(join(dir, 'cases')).href;
    const uri = value(await lsp.connection.sendRequest(ExportTestCasesRequest, { ids: [c.id], folder })).results[0]!
      .uri;
    const text = await readFile(fileURLToPath(uri), 'utf8');
    await lsp.setEnvironment({ name: 'B', baseUrl: b.url, ...DEMO_CREDENTIALS.admin });
    const id = value(await lsp.connection.sendRequest(ImportFilesRequest, { uris: [uri] })).results[0]!.id!;
    // B's twin of A's device 2, which no file names (its id is not 4: a coincidence would hide it).
    const other = moved.device.get(2)!;
    assert.notEqual(other, 4);
    (b.store.testCases.get(id)!.testStepList[0] as { mobileDeviceId: number }).mobileDeviceId = other;

    for (const decisions of [undefined, { [uri]: 'overwriteFile' as const }]) {
      const r = value(
        await lsp.connection.sendRequest(ExportTestCasesRequest, {
          ids: [id],
          folder,
          ...(decisions && { decisions }),
        }),
      ).results[0]!;
      assert.equal(r.outcome, 'needsDecision');
      assert.equal(r.reason, 'unknownAtHome');
      assert.match(r.message ?? '', new RegExp(`testStepList\\[0\\]\\.mobileDeviceId names device ${other} of `));
    }
    const taken = value(
      await lsp.connection.sendRequest(ImportFilesRequest, { uris: [uri], decisions: { [uri]: 'takeService' } }),
    ).results[0]!;
    assert.equal(taken.outcome, 'refused', JSON.stringify(taken));
    assert.match(taken.message ?? '', /was not changed: testStepList\[0\]\.mobileDeviceId names device/);
    assert.equal(await readFile(fileURLToPath(uri), 'utf8'), text, 'the file keeps its home ids');
  });
});
