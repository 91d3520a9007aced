import { strict as assert } from 'node:assert';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ExportTestCasesRequest, LinkedCasesRequest, SyncProgressNotification } from '../../server/src/protocol';
import { TasClient } from '../../server/src/core/api/client';
import { SECRET_PLACEHOLDER } from '../../server/src/core/secrets/secrets';
import { SyncEngine } from '../../server/src/core/sync/engine';
import { EDITOR_WORDS } from '../../server/src/host/words';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import type { LspHarness } from './lspHarness';
import { value } from './outcomes';
import { syncOverLsp, type StateFile } from './syncOverLsp';

// Import and export at the LSP boundary: the built server against two emulators (two
// environments), files in a temporary folder. Nothing is sent that could lose work. A file's id
// in another environment: syncEnvironments.test.ts.

describe('import and export at the LSP boundary', { timeout: 60_000 }, () => {
  let a: Emulator;
  let lsp: LspHarness;
  let dir: string;
  let n = 0;
  /** A fresh folder (inside the sync root) per test. */
  let folder: string;
  const { uri, read, importFiles, exportCases, status, importBodies, tc, fileOf } = syncOverLsp(
    'tas-sync-',
    (s) => ({ a, lsp, dir, n, folder } = s),
  );

  test('export writes canonical files and the sync state; a re-export changes no byte and writes nothing', async () => {
    const progress: number[] = [];
    const sub = lsp.connection.onNotification(SyncProgressNotification, (p) => {
      if (p.operation === 'op1') progress.push(p.done);
    });
    const r = value(
      await lsp.connection.sendRequest(ExportTestCasesRequest, {
        ids: [1, 2],
        folder: pathToFileURL(folder).href,
        operation: 'op1',
      }),
    );
    sub.dispose();
    assert.deepEqual(
      r.results.map((x) => x.outcome),
      ['written', 'written'],
    );
    assert.ok(progress.length > 0);
    const name = r.results[0]!.uri.split('/').pop()!;
    const text = await read(name);
    assert.ok(text.startsWith(`{\n  "id": 1,\n  "name": ${JSON.stringify(tc(a, 1).name)},\n  "description"`));
    assert.ok(text.endsWith('\n'));
    const state = JSON.parse(await readFile(join(dir, '.tas', 'sync.json'), 'utf8')) as StateFile;
    const entry = state.files[`t${n}/${name}`]!;
    assert.equal(entry.home, a.url);
    assert.equal(entry.links[a.url]!.id, 1);
    assert.match(entry.links[a.url]!.base, /^sha256:/);
    const before = await stat(join(folder, name));
    const again = await exportCases([1, 2]);
    assert.deepEqual(
      again.results.map((x) => x.outcome),
      ['unchanged', 'unchanged'],
    );
    const afterStat = await stat(join(folder, name));
    assert.equal(afterStat.mtimeMs, before.mtimeMs);
    assert.equal(await read(name), text);
  });

  test('overwrite protection: unsaved buffer, local changes, never synced; overwriting replaces the file atomically', async () => {
    const name = (await exportCases([3])).results[0]!.uri.split('/').pop()!;
    tc(a, 3).description = 'changed on the service';
    const dirty = await exportCases([3], { dirtyUris: [uri(name)] });
    assert.equal(dirty.results[0]!.outcome, 'needsDecision');
    assert.equal(dirty.results[0]!.reason, 'unsavedChanges');
    assert.match(dirty.results[0]!.serviceText!, /changed on the service/);

    const local = await read(name);
    await writeFile(join(folder, name), local.replace(/"tags": "[^"]*"/, '"tags": "mine"'));
    const changed = await exportCases([3]);
    assert.equal(changed.results[0]!.reason, 'localChanges');
    assert.match(await read(name), /"tags": "mine"/);

    await writeFile(join(folder, 'Unrelated.testcase.json'), '{ "name": "hand-written" }\n');
    const other = tc(a, 4);
    other.name = 'Unrelated';
    const notSynced = await exportCases([4]);
    assert.equal(notSynced.results[0]!.reason, 'notSynced');

    const inode = (await stat(join(folder, name))).ino;
    const forced = await exportCases([3], { decisions: { [uri(name)]: 'overwriteFile' } });
    assert.equal(forced.results[0]!.outcome, 'written');
    assert.match(await read(name), /changed on the service/);
    assert.notEqual((await stat(join(folder, name))).ino, inode, 'written to a new file and renamed over the old one');
    assert.deepEqual(
      (await readdir(folder)).filter((f) => f.endsWith('.tmp')),
      [],
    );
  });

  test('import of new files: created, ids written back (closed file on disk, open file through the editor)', async () => {
    const closedText = '{\n    "name": "Sync closed file",\n    "tags": "x"\n}\n';
    await writeFile(join(folder, 'closed.testcase.json'), closedText);
    const openText = '{\n  "name": "Sync open file"\n}\n';
    await writeFile(join(folder, 'open.testcase.json'), openText);
    const buffer = '{\n  "name": "Sync open file",\n  "notes": "unsaved"\n}\n';
    await lsp.open(uri('open.testcase.json'), buffer);
    const edits = lsp.applyEdits.length;
    const r = await importFiles([pathToFileURL(folder).href]);
    const closed = r.results.find((x) => x.uri.endsWith('closed.testcase.json'))!;
    const open = r.results.find((x) => x.uri.endsWith('open.testcase.json'))!;
    assert.equal(closed.outcome, 'created');
    assert.equal(open.outcome, 'created');
    assert.equal(
      await read('closed.testcase.json'),
      `{\n    "id": ${closed.id},\n    "name": "Sync closed file",\n    "tags": "x"\n}\n`,
    );
    assert.equal(tc(a, open.id!).notes, 'unsaved', 'the open buffer is imported, not the disk');
    assert.equal(await read('open.testcase.json'), openText, 'an open file is not written behind the editor');
    const edit = lsp.applyEdits.slice(edits).find((e) => e.edit.changes?.[uri('open.testcase.json')]);
    assert.ok(edit);
    const applied = TextDocument.applyEdits(
      TextDocument.create(uri('open.testcase.json'), 'json', 1, buffer),
      edit.edit.changes![uri('open.testcase.json')]!,
    );
    assert.equal(applied, `{\n  "id": ${open.id},\n  "name": "Sync open file",\n  "notes": "unsaved"\n}\n`);
    const linked = value(await lsp.connection.sendRequest(LinkedCasesRequest, { uris: [uri('closed.testcase.json')] }));
    assert.deepEqual(linked, [{ uri: uri('closed.testcase.json'), id: closed.id, name: 'Sync closed file' }]);
    await lsp.close(uri('open.testcase.json'));
  });

  test('every combination of local and service change', async () => {
    const name = (await exportCases([5])).results[0]!.uri.split('/').pop()!;
    const file = uri(name);
    const sent = () => importBodies(a).length;

    let before = sent();
    assert.equal((await status([file]))[0]!.state, 'unchanged');
    assert.equal((await importFiles([file])).results[0]!.outcome, 'unchanged');
    assert.equal(sent(), before, 'nothing sent for an unchanged file');

    await writeFile(join(folder, name), (await read(name)).replace(/"tags": "[^"]*"/, '"tags": "local"'));
    assert.equal((await status([file]))[0]!.state, 'localChanged');
    assert.equal((await importFiles([file])).results[0]!.outcome, 'updated');
    assert.equal(tc(a, 5).tags, 'local');

    tc(a, 5).notes = 'service';
    assert.equal((await status([file]))[0]!.state, 'serviceChanged');
    before = sent();
    const svc = (await importFiles([file])).results[0]!;
    assert.equal(svc.outcome, 'serviceChanged');
    assert.match(svc.serviceText!, /"notes": "service"/);
    assert.equal(sent(), before, 'a change on the service alone is not overwritten');
    assert.equal((await importFiles([file], { [file]: 'takeService' })).results[0]!.outcome, 'tookService');
    assert.equal((await fileOf(name))['notes'], 'service');
    assert.equal((await status([file]))[0]!.state, 'unchanged');

    tc(a, 5).notes = 'service again';
    await writeFile(join(folder, name), (await read(name)).replace(/"tags": "[^"]*"/, '"tags": "local again"'));
    assert.equal((await status([file]))[0]!.state, 'conflict');
    before = sent();
    const conflict = (await importFiles([file])).results[0]!;
    assert.equal(conflict.outcome, 'conflict');
    assert.match(conflict.serviceText!, /service again/);
    assert.equal(sent(), before);
    assert.equal((await importFiles([file], { [file]: 'overwriteService' })).results[0]!.outcome, 'updated');
    assert.equal(tc(a, 5).tags, 'local again');
    assert.equal(tc(a, 5).notes, 'service', "the file's version, as the user chose");

    a.store.testCases.delete(5);
    assert.equal((await status([file]))[0]!.state, 'missingOnService');
  });

  test('a name held on the service: nameTaken, then linked to it and compared', async () => {
    const taken = tc(a, 6);
    await writeFile(
      join(folder, 'mine.testcase.json'),
      JSON.stringify({ name: taken.name, description: 'my version' }, null, 2),
    );
    const file = uri('mine.testcase.json');
    const before = importBodies(a).length;
    const r = (await importFiles([file])).results[0]!;
    assert.equal(r.outcome, 'nameTaken');
    assert.equal(r.takenById, 6);
    assert.equal(importBodies(a).length, before, 'the other case is not overwritten');
    const linked = (await importFiles([file], { [file]: 'linkToExisting' })).results[0]!;
    assert.equal(linked.outcome, 'conflict');
    assert.equal((await fileOf('mine.testcase.json'))['id'], 6);
    assert.equal((await importFiles([file], { [file]: 'overwriteService' })).results[0]!.outcome, 'updated');
    assert.equal(tc(a, 6).description, 'my version');
  });

  test('secret placeholders are never sent: restored from the service, else refused', async () => {
    tc(a, 8).testStepList = [{ function: 'HTTP_CALL', params: { password: 'hunter2' } }];
    const r = await exportCases([8]);
    assert.equal(r.secretsReplaced, 1);
    const name = r.results[0]!.uri.split('/').pop()!;
    assert.ok(!(await read(name)).includes('hunter2'));
    await writeFile(join(folder, name), (await read(name)).replace(/"tags": "[^"]*"/, '"tags": "edited"'));
    assert.equal((await importFiles([uri(name)])).results[0]!.outcome, 'updated');
    assert.ok(JSON.stringify(tc(a, 8).testStepList).includes('"password":"hunter2"'));

    await writeFile(
      join(folder, 'new.testcase.json'),
      JSON.stringify({
        name: 'Sync secret',
        testStepList: [{ function: 'HTTP_CALL', params: { password: SECRET_PLACEHOLDER } }],
      }),
    );
    const refused = (await importFiles([uri('new.testcase.json')])).results[0]!;
    assert.equal(refused.outcome, 'refused');
    assert.match(refused.message!, /placeholder/);
    assert.ok(!JSON.stringify(a.requests.map((x) => x.body)).includes(SECRET_PLACEHOLDER));
  });

  test('a dropped answer to an import is reported and not sent again', async () => {
    await writeFile(join(folder, 'dropped.testcase.json'), JSON.stringify({ name: 'Sync dropped answer' }));
    a.faults.rules.push({ method: 'POST', path: '/api/v2/testcases/import', action: { kind: 'dropAfter' }, times: 1 });
    const before = importBodies(a).length;
    const r = (await importFiles([uri('dropped.testcase.json')])).results[0]!;
    assert.equal(r.outcome, 'refused');
    assert.match(r.message!, /may have been imported/);
    assert.equal(importBodies(a).length - before, 1);
  });

  test('lossless round trip: every demo case exported and imported back unchanged', async () => {
    const ids = a.store.testCases.all().map((t) => t.id);
    const before = JSON.stringify(a.store.testCases.all());
    const r = await exportCases(ids);
    assert.ok(r.results.every((x) => x.outcome === 'written' || x.outcome === 'unchanged'));
    const sent = importBodies(a).length;
    const back = await importFiles([pathToFileURL(folder).href]);
    assert.equal(back.results.length, ids.length);
    assert.deepEqual([...new Set(back.results.map((x) => x.outcome))], ['unchanged']);
    assert.equal(importBodies(a).length, sent);
    assert.equal(JSON.stringify(a.store.testCases.all()), before);

    // Unknown fields travel both ways: in the file, and kept when an edited file is imported.
    const withExtra = a.store.testCases.all().find((t) => Object.keys(t.extra ?? {}).length > 0);
    assert.ok(withExtra, 'the demo data has a test case with a field the document does not describe');
    const file = r.results
      .find((x) => x.id === withExtra.id)!
      .uri.split('/')
      .pop()!;
    const field = Object.keys(withExtra.extra)[0]!;
    assert.deepEqual((await fileOf(file))[field], withExtra.extra[field]);
    await writeFile(join(folder, file), (await read(file)).replace(/"tags": "[^"]*"/, '"tags": "round trip"'));
    const extraBefore = JSON.stringify(withExtra.extra);
    assert.equal((await importFiles([uri(file)])).results[0]!.outcome, 'updated');
    assert.equal(JSON.stringify(tc(a, withExtra.id).extra), extraBefore);
    assert.equal(importBodies(a).at(-1)![0]![field] !== undefined, true);
  });

  test('a bundle: exported as returned with secrets masked, its items imported by index', async () => {
    const bundle = uri('all.testcases.json');
    const r = await exportCases([9, 10], { bundle });
    assert.deepEqual(
      r.results.map((x) => [x.index, x.outcome]),
      [
        [0, 'written'],
        [1, 'written'],
      ],
    );
    const items = JSON.parse(await read('all.testcases.json')) as Record<string, unknown>[];
    assert.equal(items[0]!['id'], 9);
    assert.ok(!(await read('all.testcases.json')).includes('demo-api-password'));
    const back = await importFiles([bundle]);
    assert.deepEqual(
      back.results.map((x) => [x.index, x.outcome]),
      [
        [0, 'unchanged'],
        [1, 'unchanged'],
      ],
    );
  });
});

describe('the sync core: cancellation between batches', { timeout: 60_000 }, () => {
  test('cancelled after the first import batch: the rest is skipped as cancelled, never sent', async () => {
    const emu = await startEmulator({ keepBodies: true });
    const client = new TasClient({ baseUrl: emu.url, ...DEMO_CREDENTIALS.admin });
    const dir = await mkdtemp(join(tmpdir(), 'tas-sync-cancel-'));
    try {
      await mkdir(join(dir, '.git'));
      for (let i = 0; i < 5; i++)
        await writeFile(join(dir, `c${i}.testcase.json`), JSON.stringify({ name: `Sync cancel ${i}` }));
      const engine = new SyncEngine({
        environment: () => ({ baseUrl: emu.url, client }),
        openText: () => undefined,
        applyEdit: () => Promise.resolve(true),
        words: EDITOR_WORDS,
      });
      engine.batchSize = 2;
      const controller = new AbortController();
      const seen: string[] = [];
      const report = await engine.importFiles({ uris: [pathToFileURL(dir).href] }, controller.signal, (p) => {
        seen.push(`${p.message} ${p.done}/${p.total}`);
        if (p.message === 'Importing') controller.abort();
      });
      const outcomes = report.results.map((r) => r.outcome);
      assert.deepEqual(outcomes.filter((o) => o === 'created').length, 2);
      assert.deepEqual(outcomes.filter((o) => o === 'skipped').length, 3);
      assert.ok(report.results.filter((r) => r.outcome === 'skipped').every((r) => /cancelled/.test(r.message!)));
      assert.equal(emu.requests.filter((r) => r.path === '/api/v2/testcases/import').length, 1);
      assert.ok(seen.includes('Importing 2/5'));
    } finally {
      await client.close();
      await emu.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
