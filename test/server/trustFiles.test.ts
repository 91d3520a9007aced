import { strict as assert } from 'node:assert';
import { lstat, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ExportTestCasesRequest, ImportFilesRequest, RunTestCaseRequest } from '../../server/src/protocol';
import type { ExportReport, ImportReport, SyncDecision } from '../../server/src/core/model/sync';
import { envKey } from '../../server/src/core/sync/envKey';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { LspHarness } from './lspHarness';
import { value } from './outcomes';

// Issue 19 at the LSP boundary (the built server against the emulator): links in
// .tas/sync.json are data, files outside the sync root are never read, an open file with
// unsaved changes is overwritten in its editor (never on disk behind it), "Import and run" of
// one bundle item sends that item alone, and a rename of a service test case is said.

describe('sync at the LSP boundary: nothing lost, leaked or overwritten', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let lsp: LspHarness;
  let dir: string;
  let outside: string;
  let folder: string;
  let n = 0;
  const uri = (name: string) => pathToFileURL(join(folder, name)).href;
  const read = (name: string) => readFile(join(folder, name), 'utf8');
  const exportCases = async (
    ids: number[],
    extra: { bundle?: string; dirtyUris?: string[]; decisions?: Record<string, SyncDecision> } = {},
  ): Promise<ExportReport> =>
    value(
      await lsp.connection.sendRequest(ExportTestCasesRequest, { ids, folder: pathToFileURL(folder).href, ...extra }),
    );
  const importFiles = async (uris: string[], decisions?: Record<string, SyncDecision>): Promise<ImportReport> =>
    value(await lsp.connection.sendRequest(ImportFilesRequest, { uris, ...(decisions && { decisions }) }));
  const importBodies = () =>
    emu.requests
      .filter((r) => r.method === 'POST' && r.path === '/api/v2/testcases/import')
      .map((r) => r.body as Record<string, unknown>[]);
  const runnable = () =>
    emu.store.testCases
      .all()
      .filter((t) => !t.disabled && t.testStepList.length > 0 && !t.tags.includes('expect-fail'));

  before(async () => {
    emu = await startEmulator({ keepBodies: true, settings: { executionStepMs: 40 } });
    dir = await mkdtemp(join(tmpdir(), 'tas-trust-lsp-'));
    outside = await mkdtemp(join(tmpdir(), 'tas-trust-outside-'));
    await mkdir(join(dir, '.git'));
    lsp = await LspHarness.start({}, { environmentFromClient: true });
    await lsp.setEnvironment({ name: 'A', baseUrl: emu.url, ...DEMO_CREDENTIALS.admin });
  });
  after(async () => {
    await lsp.stop();
    await emu.close();
    await rm(dir, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });
  beforeEach(async () => {
    folder = join(dir, `t${++n}`);
    await mkdir(folder);
  });

  test('overwriting a file with unsaved changes updates its editor buffer, not the disk behind it', async () => {
    const name = (await exportCases([3])).results[0]!.uri.split('/').pop()!;
    const onDisk = await read(name);
    emu.store.testCases.get(3)!.description = 'Changed on the service, taken into the editor';
    const buffer = onDisk.replace(/"tags": "[^"]*"/, '"tags": "unsaved in the editor"');
    await lsp.open(uri(name), buffer);
    const asked = await exportCases([3], { dirtyUris: [uri(name)] });
    assert.equal(asked.results[0]!.reason, 'unsavedChanges');
    const edits = lsp.applyEdits.length;
    const r = await exportCases([3], { dirtyUris: [uri(name)], decisions: { [uri(name)]: 'overwriteFile' } });
    assert.equal(r.results[0]!.outcome, 'written');
    assert.match(r.results[0]!.message!, /open editor.*save it/);
    assert.equal(
      await read(name),
      onDisk,
      'the disk is left to the editor: no dirty buffer over a file changed behind it',
    );
    const edit = lsp.applyEdits.slice(edits).find((e) => e.edit.changes?.[uri(name)]);
    assert.ok(edit, 'the buffer is changed through workspace/applyEdit');
    const applied = TextDocument.applyEdits(
      TextDocument.create(uri(name), 'json', 1, buffer),
      edit.edit.changes![uri(name)]!,
    );
    assert.equal(applied, asked.results[0]!.serviceText, "the buffer now holds the service's version");
    await lsp.close(uri(name));
  });

  test('"Import and run" of one bundle item sends that item alone', async () => {
    const [first, second] = runnable();
    const bundle = uri('two.testcases.json');
    await exportCases([first!.id, second!.id], { bundle });
    const items = JSON.parse(await read('two.testcases.json')) as Record<string, unknown>[];
    items[0]!['description'] = 'First item changed locally';
    items[1]!['description'] = 'Second item changed locally, not to be sent';
    await writeFile(join(folder, 'two.testcases.json'), `${JSON.stringify(items, null, 2)}\n`);
    const [firstId, secondId] = items.map((x) => x['id'] as number);
    assert.deepEqual(new Set([firstId, secondId]), new Set([first!.id, second!.id]));
    const secondBefore = emu.store.testCases.get(secondId!)!.description;
    const sent = importBodies().length;
    const r = value(
      await lsp.connection.sendRequest(RunTestCaseRequest, { uri: bundle, index: 0, choice: 'importAndRun' }),
    );
    assert.equal(r.kind, 'started');
    const bodies = importBodies().slice(sent);
    assert.deepEqual(
      bodies.map((b) => b.map((x) => x['id'])),
      [[firstId]],
      'one import, of the first item only',
    );
    assert.equal(emu.store.testCases.get(firstId!)?.description, 'First item changed locally');
    assert.equal(emu.store.testCases.get(secondId!)?.description, secondBefore);
  });

  test('an import that renames a service test case names both: updated and conflict results', async () => {
    const id = emu.store.testCases.insert((i) => ({
      ...emu.store.testCases.get(1)!,
      id: i,
      name: 'LSP before rename',
      ownerId: 1,
    })).id;
    const name = (await exportCases([id])).results[0]!.uri.split('/').pop()!;
    await writeFile(join(folder, name), (await read(name)).replace('"LSP before rename"', '"LSP after rename"'));
    emu.store.testCases.get(id)!.notes = 'changed on the service too';
    const conflict = (await importFiles([uri(name)])).results[0]!;
    assert.equal(conflict.outcome, 'conflict');
    assert.equal(conflict.renamedFrom, 'LSP before rename');
    const updated = (await importFiles([uri(name)], { [uri(name)]: 'overwriteService' })).results[0]!;
    assert.equal(updated.outcome, 'updated');
    assert.equal(updated.renamedFrom, 'LSP before rename');
    assert.equal(updated.name, 'LSP after rename');
    assert.equal(emu.store.testCases.get(id)?.name, 'LSP after rename');
  });

  test('links of .tas/sync.json that leave the sync root are warned about and never written to', async () => {
    const env = envKey(emu.url);
    const prefix = `t${n}/`;
    await mkdir(join(dir, '.tas'), { recursive: true });
    await writeFile(
      join(dir, '.tas', 'sync.json'),
      JSON.stringify({
        version: 1,
        files: {
          [`${prefix}..\\..\\evil.bat`]: { home: env, links: { [env]: { id: 2 } } },
          [`${prefix}CON.testcase.json`]: { home: env, links: { [env]: { id: 4 } } },
        },
      }),
    );
    const r = await exportCases([2, 4]);
    assert.deepEqual(
      r.results.map((x) => x.outcome),
      ['written', 'written'],
    );
    assert.equal(r.warnings?.length, 2);
    assert.match(r.warnings[0]!, /evil\.bat".*was ignored: it uses a backslash/);
    assert.match(r.warnings[1]!, /CON\.testcase\.json".*was ignored: it uses the device name CON/);
    assert.ok(r.results.every((x) => !fileURLToPath(x.uri).includes('\\') && !/\/CON\.testcase\.json$/.test(x.uri)));
    await rm(join(dir, '.tas'), { recursive: true, force: true });
  });

  test('a test-case file that is a link to outside the repository is refused, never sent, and stays a link', async () => {
    const target = join(outside, `secret${n}.testcase.json`);
    await writeFile(target, JSON.stringify({ name: 'LSP outside the repository' }));
    await symlink(target, join(folder, 'link.testcase.json'));
    const sent = importBodies().length;
    const r = await importFiles([pathToFileURL(folder).href]);
    assert.equal(r.results.length, 1);
    assert.equal(r.results[0]!.outcome, 'refused');
    assert.match(r.results[0]!.message!, /is a symbolic link, not a regular file/);
    assert.equal(importBodies().length, sent);
    assert.ok((await lstat(join(folder, 'link.testcase.json'))).isSymbolicLink());
  });
});
