import { strict as assert } from 'node:assert';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { RefreshRequest } from '../../server/src/protocol';
import type { Emulator } from '../emulator/emulator';
import type { LspHarness } from './lspHarness';
import { syncOverLsp, type StateFile } from './syncOverLsp';

// Import and export in two environments at the LSP boundary: a file's id belongs to its home
// environment only, so it is never sent to another, each environment keeps its own link, and
// diagnostics read it so; a fresh clone's file (an id, no sync state) is adopted where the id
// names the same case. The rest of import and export: sync.test.ts.

describe('import and export in two environments at the LSP boundary', { timeout: 60_000 }, () => {
  let a: Emulator;
  let b: Emulator;
  let lsp: LspHarness;
  let dir: string;
  let n = 0;
  /** A fresh folder (inside the sync root) per test. */
  let folder: string;
  const { uri, read, useB, importFiles, exportCases, status, importBodies, tc, fileOf } = syncOverLsp(
    'tas-sync-',
    (s) => ({ a, b, lsp, dir, n, folder } = s),
  );

  test("another environment's id is never sent; each environment keeps its own link", async () => {
    const name = (await exportCases([7])).results[0]!.uri.split('/').pop()!;
    const file = uri(name);
    // B holds an unrelated case under the same id: sending the id would overwrite it.
    for (let i = 0; i < 8; i++)
      b.store.testCases.insert((id) => ({ ...tc(a, 1), id, name: `B case ${id}`, ownerId: 1 }));
    const unrelated = JSON.stringify(tc(b, 7));
    await useB();
    const r = (await importFiles([file])).results[0]!;
    assert.equal(r.outcome, 'created');
    assert.notEqual(r.id, 7);
    assert.equal(JSON.stringify(tc(b, 7)), unrelated);
    const bodies = importBodies(b).flat();
    assert.ok(bodies.length > 0 && bodies.every((x) => !('id' in x)), 'no id went to B');
    assert.equal((await fileOf(name))['id'], 7, "the file's id stays A's");
    const state = JSON.parse(await readFile(join(dir, '.tas', 'sync.json'), 'utf8')) as StateFile;
    const entry = state.files[`t${n}/${name}`]!;
    assert.equal(entry.home, a.url);
    assert.equal(entry.links[a.url]!.id, 7);
    assert.equal(entry.links[b.url]!.id, r.id);
    // Changed in the file: B's case is updated by B's id, A's id still not sent.
    await writeFile(join(folder, name), (await read(name)).replace(/"tags": "[^"]*"/, '"tags": "for B"'));
    const again = (await importFiles([file])).results[0]!;
    assert.equal(again.outcome, 'updated');
    assert.equal(tc(b, r.id!).tags, 'for B');
    assert.equal(importBodies(b).at(-1)![0]!['id'], r.id);
    assert.equal(JSON.stringify(tc(b, 7)), unrelated);
  });

  test("diagnostics read the file's id as its home environment's only: no false alarms in another environment", async () => {
    const name = (await exportCases([12])).results[0]!.uri.split('/').pop()!;
    const file = uri(name);
    const text = await read(name);
    const identity = async (version: number) =>
      (await lsp.finalDiagnostics(file, version)).diagnostics
        .filter((d) => d.code === 'unlinked-id' || d.code === 'name-taken')
        .map((d) => d.code);
    await useB();
    // B has no test case 12: the id is A's, so nothing is "no longer on the service".
    await lsp.open(file, text);
    assert.deepEqual(await identity(1), []);
    const r = (await importFiles([file])).results[0]!;
    assert.equal(r.outcome, 'created');
    assert.equal((await lsp.connection.sendRequest(RefreshRequest)).ok, true);
    // The case created in B holds the name: it is this file's own link there, not a clash.
    await lsp.change(file, text, 2);
    assert.deepEqual(await identity(2), []);
    // That case deleted on B: the link of .tas/sync.json names nothing there any more.
    assert.ok(b.store.testCases.delete(r.id!));
    assert.equal((await lsp.connection.sendRequest(RefreshRequest)).ok, true);
    await lsp.change(file, text, 3);
    assert.deepEqual(await identity(3), ['unlinked-id']);
    await lsp.close(file);
  });

  test('a file with an id and no sync state (a fresh clone): adopted where the id names the same case, foreign elsewhere', async () => {
    const record = tc(a, 11);
    await writeFile(
      join(folder, 'clone.testcase.json'),
      JSON.stringify(
        {
          id: 11,
          name: record.name,
          description: record.description,
          tags: record.tags,
          testStepList: record.testStepList,
          traceFilters: record.traceFilters,
          sipTraceFilters: record.sipTraceFilters,
          notes: record.notes,
          disabled: record.disabled,
          disableReason: record.disableReason,
        },
        null,
        2,
      ),
    );
    const file = uri('clone.testcase.json');
    assert.equal((await status([file]))[0]!.state, 'unchanged');
    const sentA = importBodies(a).length;
    assert.equal((await importFiles([file])).results[0]!.outcome, 'unchanged');
    assert.equal(importBodies(a).length, sentA);

    // B: id 11 names an unrelated case there (or nothing): never sent, the case is created.
    while (!b.store.testCases.get(11))
      b.store.testCases.insert((id) => ({ ...tc(a, 1), id, name: `B case ${id}`, ownerId: 1 }));
    const unrelated = JSON.stringify(tc(b, 11));
    await writeFile(join(folder, 'clone2.testcase.json'), JSON.stringify({ id: 11, name: 'Sync fresh clone in B' }));
    await useB();
    const r = (await importFiles([uri('clone2.testcase.json')])).results[0]!;
    assert.equal(r.outcome, 'created');
    assert.notEqual(r.id, 11);
    assert.equal(JSON.stringify(tc(b, 11)), unrelated);
    assert.ok(
      importBodies(b)
        .at(-1)!
        .every((x) => !('id' in x)),
    );
    assert.equal((await fileOf('clone2.testcase.json'))['id'], 11, 'the id of an unknown environment is left as it is');
  });
});
