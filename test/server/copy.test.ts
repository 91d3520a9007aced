import { strict as assert } from 'node:assert';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { CopyTestCasesRequest, ExportTestCasesRequest, ImportFilesRequest } from '../../server/src/protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import type { Emulator } from '../emulator/emulator';
import { caseOn, shuffle, type Moved } from '../twoEnvironments';
import type { LspHarness } from './lspHarness';
import { twoEnvironmentsOverLsp } from './twoEnvironmentsOverLsp';
import { value } from './outcomes';

// Copy to Environment and the editor's import preview at the LSP boundary: a dry run names every
// mapping and what a person may pick; a pick is sent, kept in the sync state, and used the next
// time; an import into another environment asked to confirm its mappings sends nothing.

describe('copy and mapped imports at the LSP boundary', { timeout: 60_000 }, () => {
  let a: Emulator;
  let b: Emulator;
  let moved: Moved;
  let lsp: LspHarness;
  let dir: string;
  const A = () => ({ name: 'A', baseUrl: a.url, ...DEMO_CREDENTIALS.admin });
  const B = () => ({ name: 'B', baseUrl: b.url, ...DEMO_CREDENTIALS.admin });
  twoEnvironmentsOverLsp('tas-copy-', (s) => {
    ({ a, b, lsp, dir } = s);
    moved = shuffle(b);
  });

  test("a copy previews every mapping, offers B's phones for one B lacks, and keeps the pick", async () => {
    await lsp.setEnvironment(A());
    const lost = caseOn(a, 'Copy over LSP', 5, 6);
    b.store.devices.delete(moved.device.get(5)!);
    const posts = () => b.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/testcases/import').length;

    const dry = value(
      await lsp.connection.sendRequest(CopyTestCasesRequest, { ids: [lost.id], target: B(), dryRun: true }),
    );
    const stopped = dry.results[0]!;
    assert.equal(stopped.outcome, 'refused');
    assert.deepEqual(
      stopped.unmapped?.map((u) => [u.kind, u.id, u.candidates, u.where]),
      [
        ['device', 5, [], 'testStepList[0].mobileDeviceId'],
        ['device', 5, [], 'traceFilters[0].mobileDeviceId'],
      ],
    );
    assert.deepEqual(
      stopped.unmapped[0]!.choices.map((c) => c.id),
      b.store.devices
        .all()
        .map((d) => d.id)
        .sort((x, y) => x - y),
      'no counterpart: every phone of B may be picked',
    );
    assert.equal(stopped.unmapped[0]!.home, 'A', 'the picker names where the reference belongs');
    assert.equal(posts(), 0);

    const chosen = moved.device.get(1)!;
    const real = value(
      await lsp.connection.sendRequest(CopyTestCasesRequest, {
        ids: [lost.id],
        target: B(),
        map: { device: { '5': chosen } },
        remember: true,
        choicesAt: dir,
      }),
    );
    assert.equal(real.results[0]!.outcome, 'created', real.results[0]!.message);
    assert.ok(real.results[0]!.mappings?.includes(`device 5 -> ${chosen} (chosen)`), JSON.stringify(real.results[0]));
    assert.ok(
      real.results[0]!.mappings?.some((m) => m.startsWith(`device 6 -> ${moved.device.get(6)} (MSISDN`)),
      'the others by identity',
    );
    const made = b.store.testCases.get(real.results[0]!.id!)!;
    assert.equal((made.testStepList as { mobileDeviceId?: number }[])[0]!.mobileDeviceId, chosen);
    assert.equal(posts(), 1);

    const state = JSON.parse(await readFile(join(dir, '.tas', 'sync.json'), 'utf8')) as {
      choices: Record<string, Record<string, { device: Record<string, number> }>>;
    };
    assert.deepEqual(
      Object.values(Object.values(state.choices)[0]!)[0]!.device,
      { '5': chosen },
      'the pick is kept: ids only',
    );
    assert.ok(!JSON.stringify(state).includes(DEMO_CREDENTIALS.admin.clientSecret), 'no secret in the sync state');

    const again = caseOn(a, 'Copy over LSP, remembered', 5, 6);
    const next = value(
      await lsp.connection.sendRequest(CopyTestCasesRequest, {
        ids: [again.id],
        target: B(),
        dryRun: true,
        choicesAt: dir,
      }),
    );
    assert.equal(next.results[0]!.outcome, 'created', 'the kept pick maps it');
    assert.ok(next.results[0]!.mappings?.includes(`device 5 -> ${chosen} (chosen)`));
  });

  test('an import into B asked to confirm its mappings sends nothing and answers the preview', async () => {
    await lsp.setEnvironment(A());
    const c = caseOn(a, 'Imported with a preview', 4, 6);
    const exported = value(
      await lsp.connection.sendRequest(ExportTestCasesRequest, {
        ids: [c.id],
        folder: pathToFileURL(join(dir, 'cases')).href,
      }),
    );
    const uri = exported.results[0]!.uri;
    const seen = b.requests.at(-1)?.seq ?? 0;
    await lsp.setEnvironment(B());
    const before = b.store.testCases.size;
    const preview = value(await lsp.connection.sendRequest(ImportFilesRequest, { uris: [uri], confirmMappings: true }));
    assert.equal(preview.needsConfirmation, true);
    assert.equal(preview.results[0]!.outcome, 'created');
    assert.ok(
      preview.results[0]!.mappings?.includes(
        `device 4 -> ${moved.device.get(4)} (MSISDN ${a.store.devices.get(4)!.msisdn} ("${a.store.devices.get(4)!.name}"))`,
      ),
      JSON.stringify(preview.results[0]),
    );
    assert.equal(b.store.testCases.size, before, 'nothing sent');
    const sent = value(await lsp.connection.sendRequest(ImportFilesRequest, { uris: [uri] }));
    assert.equal(sent.needsConfirmation, undefined);
    assert.equal(sent.results[0]!.outcome, 'created');
    assert.equal(b.store.testCases.size, before + 1);
    // The preview and the import map with the lists the server caches for its reference checks: one read of each.
    const reads = b.requests.filter((r) => r.seq > seen && r.method === 'GET');
    const lists = (path: string) => reads.filter((r) => r.path === `/api/v2/${path}`).length;
    assert.deepEqual(
      [lists('mobiledevices'), lists('apiclients'), lists('tracefilters')],
      [1, 1, 1],
      reads.map((r) => `${r.path}${r.query}`).join('\n'),
    );
  });

  test("an import whose device has no counterpart in B is refused, naming the file's home for the picker", async () => {
    await lsp.setEnvironment(A());
    const c = caseOn(a, 'Imported without a counterpart', 2, 3);
    const exported = value(
      await lsp.connection.sendRequest(ExportTestCasesRequest, {
        ids: [c.id],
        folder: pathToFileURL(join(dir, 'cases')).href,
      }),
    );
    b.store.devices.delete(moved.device.get(2)!);
    await lsp.setEnvironment(B());
    const before = b.store.testCases.size;
    const r = value(
      await lsp.connection.sendRequest(ImportFilesRequest, { uris: [exported.results[0]!.uri], confirmMappings: true }),
    ).results[0]!;
    assert.equal(r.outcome, 'refused', r.message);
    // The server knows environments by base URL; the editor names them from its settings (environmentNamed).
    assert.deepEqual(
      r.unmapped?.map((u) => [u.kind, u.id, u.home]),
      [
        ['device', 2, a.url],
        ['device', 2, a.url],
      ],
    );
    assert.ok(r.message?.includes(`its references belong to ${a.url}.`), r.message);
    assert.equal(b.store.testCases.size, before, 'nothing sent');
  });
});
