import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';

// `tas export` and `tas import` on the sync core: files, ids and .tas/sync.json, no overwrite
// without --force (exit 5), --dry-run sends and writes nothing.

describe('tas import and export', { timeout: 90_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator();
  });
  after(async () => {
    await emu.close();
    dir?.remove();
  });
  beforeEach(() => {
    emu.faults.reset();
    dir?.remove();
    dir = tempDir();
  });
  const run = (args: string[]) => tas(args, { cwd: dir.path, env: credentials(emu) });
  const casesDir = () => join(dir.path, 'cases');
  const files = () =>
    readdirSync(casesDir())
      .filter((f) => f.endsWith('.testcase.json'))
      .sort();
  const edit = (file: string, change: (v: Record<string, unknown>) => void) => {
    const path = join(casesDir(), file);
    const v = JSON.parse(readFileSync(path, 'utf8'));
    change(v);
    writeFileSync(path, `${JSON.stringify(v, null, 2)}\n`);
  };
  const writes = () =>
    emu.requests.filter(
      (r) => r.method !== 'GET' && r.path !== '/api/v2/connect/token' && r.path !== '/api/v2/testcases/export',
    ).length;

  test('export writes one file per case and the sync state; import of unchanged files sends nothing', async () => {
    const r = await run(['export', '1', '2', '--out', 'cases', '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(
      JSON.parse(r.stdout).results.map((x: { outcome: string }) => x.outcome),
      ['written', 'written'],
    );
    assert.equal(files().length, 2);
    const state = JSON.parse(readFileSync(join(casesDir(), '.tas', 'sync.json'), 'utf8'));
    assert.equal(Object.keys(state.files).length, 2);
    const before = writes();
    const again = await run(['import', 'cases']);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /^unchanged\s+cases\/.*\(test case [12]\)$/m);
    assert.equal(writes(), before, 'nothing sent for unchanged files');
    const reexport = await run(['export', '1', '2', '--out', 'cases']);
    assert.match(reexport.stdout, /^unchanged/m);
    assert.match(reexport.stderr, /^2 asked: 0 written, 2 unchanged, 0 not written\.$/m);
  });

  test('a new file is created and its id written back; a local change is updated; --dry-run sends nothing', async () => {
    await run(['export', '1', '--out', 'cases']);
    const [file] = files();
    edit(file!, (v) => (v['description'] = 'changed locally'));
    writeFileSync(
      join(casesDir(), 'new.testcase.json'),
      `${JSON.stringify({ name: 'Made in a terminal', testStepList: [] }, null, 2)}\n`,
    );
    const before = writes();
    const dry = await run(['import', 'cases', '--dry-run']);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /^would create cases\/new\.testcase\.json$/m);
    assert.match(dry.stdout, /^would update cases\/.+ \(test case 1\)$/m);
    assert.match(dry.stderr, /2 asked: would create 1, update 1, leave 0 unchanged, not import 0\./);
    assert.equal(writes(), before, 'a dry run sends no change');
    assert.equal(JSON.parse(readFileSync(join(casesDir(), 'new.testcase.json'), 'utf8')).id, undefined);

    const r = await run(['import', 'cases', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const results = JSON.parse(r.stdout).results as { path: string; outcome: string; id?: number }[];
    const created = results.find((x) => x.path.endsWith('new.testcase.json'))!;
    assert.equal(created.outcome, 'created');
    assert.equal(JSON.parse(readFileSync(join(casesDir(), 'new.testcase.json'), 'utf8')).id, created.id);
    assert.equal(results.find((x) => x.id === 1)?.outcome, 'updated');
    assert.equal(emu.store.testCases.get(1)?.description, 'changed locally');
  });

  test('conflicts: import refuses with 5 until --force; export keeps local changes until --force', async () => {
    await run(['export', '1', '--out', 'cases']);
    const [file] = files();
    edit(file!, (v) => (v['description'] = 'mine'));
    const tc = emu.store.testCases.get(1)!;
    tc.description = 'theirs';
    const dryRefused = await run(['import', 'cases', '--dry-run']);
    assert.equal(dryRefused.code, 5, 'a dry run exits as the import would');
    assert.match(dryRefused.stdout, /^would refuse cases\/.+ \(test case 1\): the file and the service both changed/m);
    const dryForced = await run(['import', 'cases', '--dry-run', '--force']);
    assert.equal(dryForced.code, 0, dryForced.stdout + dryForced.stderr);
    assert.match(dryForced.stdout, /^would update cases\/.+ \(test case 1\)$/m);
    assert.equal(emu.store.testCases.get(1)?.description, 'theirs', 'a dry run with --force sends nothing');
    const refused = await run(['import', 'cases']);
    assert.equal(refused.code, 5, refused.stdout + refused.stderr);
    assert.match(refused.stdout, /^conflict\s+cases\/.*tas import cases\/\S+ --force/m);
    assert.match(
      refused.stdout,
      /take the service version with tas export 1 --out cases --force/,
      'advice that works: export without --force would refuse the changed file',
    );
    assert.equal(emu.store.testCases.get(1)?.description, 'theirs');

    const kept = await run(['export', '1', '--out', 'cases']);
    assert.equal(kept.code, 5);
    assert.match(kept.stdout, /^needsDecision.*--force/m);
    assert.equal(JSON.parse(readFileSync(join(casesDir(), file!), 'utf8')).description, 'mine');

    const forced = await run(['import', 'cases', '--force']);
    assert.equal(forced.code, 0, forced.stdout + forced.stderr);
    assert.equal(emu.store.testCases.get(1)?.description, 'mine');

    emu.store.testCases.get(1)!.description = 'theirs again';
    edit(file!, (v) => (v['description'] = 'mine again'));
    const overwritten = await run(['export', '1', '--out', 'cases', '--force']);
    assert.equal(overwritten.code, 0, overwritten.stdout);
    assert.equal(JSON.parse(readFileSync(join(casesDir(), file!), 'utf8')).description, 'theirs again');
  });

  test("a conflict shows its difference: a unified diff (the service's lines, then the file's), cut in length, and the commands that settle it", async () => {
    await run(['export', '1', '--out', 'cases']);
    const [file] = files();
    edit(file!, (v) => (v['description'] = 'mine'));
    emu.store.testCases.get(1)!.description = 'theirs, for the diff';
    const r = await run(['import', 'cases']);
    assert.equal(r.code, 5, r.stdout + r.stderr);
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('conflict'));
    assert.match(
      lines[at]!,
      new RegExp(
        `replace the service version with tas import cases/${file!.replace(/[.]/g, '\\.')} --force, or take the service version with tas export 1 --out cases --force`,
      ),
    );
    assert.deepEqual(lines.slice(at + 1, at + 3), ['--- service: test case 1', `+++ cases/${file}`]);
    assert.match(lines[at + 3]!, /^@@ -\d+,\d+ \+\d+,\d+ @@$/);
    const hunk = lines.slice(at + 3).filter((l) => /^[-+]/.test(l));
    assert.deepEqual(
      hunk.map((l) => l.replace(/,$/, '')),
      ['-  "description": "theirs, for the diff"', '+  "description": "mine"'],
    );

    const cut = await tas(['import', 'cases'], { cwd: dir.path, env: { ...credentials(emu), TAS_DIFF_LINES: '3' } });
    const cutLines = cut.stdout.split('\n');
    const c = cutLines.findIndex((l) => l.startsWith('conflict'));
    assert.match(cutLines[c + 3]!, /^@@ /);
    assert.match(cutLines[c + 4]!, /^\.\.\. \d+ more diff lines \(TAS_DIFF_LINES=\d+ shows them all\)$/);

    const json = JSON.parse((await run(['import', 'cases', '--json'])).stdout) as {
      results: { outcome: string; diff?: string }[];
    };
    assert.equal(json.results[0]?.outcome, 'conflict');
    assert.match(
      json.results[0]?.diff ?? '',
      /^--- service: test case 1\n\+\+\+ cases\/.*\n@@ [^]*\n- {2}"description": "theirs, for the diff",?\n\+ {2}"description": "mine",?\n/,
    );

    // One case of a bundle: its item against the service's version of that case.
    assert.equal((await run(['export', '2', '--bundle', '--out', 'bundle'])).code, 0);
    const bundle = join(dir.path, 'bundle', 'export.testcases.json');
    const items = JSON.parse(readFileSync(bundle, 'utf8'));
    items[0].notes = 'my notes';
    writeFileSync(bundle, `${JSON.stringify(items, null, 2)}\n`);
    emu.store.testCases.get(2)!.notes = 'their notes';
    const b = await run(['import', 'bundle/export.testcases.json']);
    assert.equal(b.code, 5, b.stdout + b.stderr);
    assert.match(b.stdout, /^--- service: test case 2\n\+\+\+ bundle\/export\.testcases\.json#0\n@@ /m);
    assert.match(b.stdout, /^- {2}"notes": "their notes",?\n\+ {2}"notes": "my notes",?$/m);
  });

  /** Every file under `root` (the .tas folder included) with its bytes, to compare before and after. */
  const snapshot = (root: string): Record<string, string> => {
    const out: Record<string, string> = {};
    const walk = (d: string) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        const p = join(d, e.name);
        if (e.isDirectory()) walk(p);
        else out[p.slice(root.length)] = readFileSync(p).toString('base64');
      }
    };
    if (existsSync(root)) walk(root);
    return out;
  };

  test('export --dry-run writes nothing and says what it would do: a new case, an unchanged file, a locally changed one', async () => {
    assert.equal((await run(['export', '1', '2', '--out', 'cases'])).code, 0);
    const byId = (id: number) => files().find((f) => JSON.parse(readFileSync(join(casesDir(), f), 'utf8')).id === id)!;
    const changed = byId(2);
    edit(changed, (v) => (v['description'] = 'changed locally'));
    const before = snapshot(dir.path);
    const stateTime = statSync(join(casesDir(), '.tas', 'sync.json')).mtimeMs;

    const dry = await run(['export', '1', '2', '3', '--out', 'cases', '--dry-run', '--json']);
    assert.equal(dry.code, 5, 'exit 5 as the real export would refuse to overwrite the changed file');
    const report = JSON.parse(dry.stdout) as {
      dryRun: boolean;
      results: { id: number; path: string; outcome: string; reason?: string }[];
    };
    assert.equal(report.dryRun, true);
    const of = (id: number) => report.results.find((r) => r.id === id);
    assert.equal(of(1)?.outcome, 'unchanged');
    assert.equal(of(2)?.outcome, 'needsDecision');
    assert.equal(of(2)?.reason, 'localChanges');
    assert.equal(of(3)?.outcome, 'written');
    assert.match(of(3)!.path, /^cases\/.+\.testcase\.json$/);
    assert.deepEqual(snapshot(dir.path), before, 'the folder and .tas are byte for byte as before');
    assert.equal(statSync(join(casesDir(), '.tas', 'sync.json')).mtimeMs, stateTime);

    const text = await run(['export', '3', '--out', 'fresh', '--dry-run']);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^would write\s+fresh\/.+\.testcase\.json \(test case 3/m);
    assert.equal(existsSync(join(dir.path, 'fresh')), false, 'not even the folder is made');
    assert.deepEqual(snapshot(dir.path), before);
  });

  test('import --dry-run saves no link: .tas/sync.json stays absent for a fresh clone with ids', async () => {
    assert.equal((await run(['export', '1', '--out', 'cases'])).code, 0);
    // A fresh clone: the files with their ids, no sync state.
    const [file] = files();
    const text = readFileSync(join(casesDir(), file!), 'utf8');
    dir.remove();
    dir = tempDir();
    const clone = join(dir.path, 'cases');
    mkdirSync(clone);
    writeFileSync(join(clone, file!), text);
    const dry = await run(['import', 'cases', '--dry-run', '--json']);
    assert.equal(dry.code, 0, dry.stderr);
    const report = JSON.parse(dry.stdout) as { dryRun: boolean; results: { id?: number; outcome: string }[] };
    assert.equal(report.dryRun, true);
    assert.deepEqual(
      report.results.map((r) => [r.outcome, r.id]),
      [['unchanged', 1]],
    );
    assert.equal(existsSync(join(clone, '.tas')), false, 'no sync state written');
    assert.equal(readFileSync(join(clone, file!), 'utf8'), text);
  });

  test('import --dry-run looks names up: a new file whose name is taken would be refused (5), or linked with --link-existing', async () => {
    const taken = emu.store.testCases.get(2)!;
    mkdirSync(casesDir());
    writeFileSync(
      join(casesDir(), 'same-name.testcase.json'),
      `${JSON.stringify({ name: taken.name, description: 'written here', testStepList: [] }, null, 2)}\n`,
    );
    const before = writes();
    const dry = await run(['import', 'cases', '--dry-run']);
    assert.equal(dry.code, 5, 'the import would refuse the taken name: ' + dry.stdout + dry.stderr);
    assert.match(
      dry.stdout,
      /^would refuse cases\/same-name\.testcase\.json \(name held by test case 2\): .*--link-existing/m,
    );
    const linked = await run(['import', 'cases', '--dry-run', '--link-existing', '--json']);
    assert.equal(
      linked.code,
      5,
      'linked, the file and the service differ with no sync base: a conflict ' + linked.stdout,
    );
    const results = JSON.parse(linked.stdout).results as { outcome: string; id?: number }[];
    assert.deepEqual(
      results.map((r) => [r.outcome, r.id]),
      [['conflict', 2]],
    );
    const forced = await run(['import', 'cases', '--dry-run', '--link-existing', '--force']);
    assert.equal(forced.code, 0, forced.stdout + forced.stderr);
    assert.match(forced.stdout, /^would update cases\/same-name\.testcase\.json \(test case 2\)$/m);
    assert.equal(writes(), before, 'dry runs send nothing');
    assert.equal(existsSync(join(casesDir(), '.tas')), false, 'and write no sync state');
    assert.equal(
      JSON.parse(readFileSync(join(casesDir(), 'same-name.testcase.json'), 'utf8')).id,
      undefined,
      'nor an id',
    );

    const real = await run(['import', 'cases', '--link-existing', '--force']);
    assert.equal(real.code, 0, real.stdout + real.stderr);
    assert.match(real.stdout, /^updated\s+cases\/same-name\.testcase\.json \(test case 2\)$/m);
    assert.equal(emu.store.testCases.get(2)?.description, 'written here');
    assert.equal(
      JSON.parse(readFileSync(join(casesDir(), 'same-name.testcase.json'), 'utf8')).id,
      2,
      'linked: the id is written back',
    );
  });

  test('a file with a byte order mark imports like any other, and keeps its mark when the id is written back', async () => {
    mkdirSync(casesDir());
    const path = join(casesDir(), 'bom.testcase.json');
    writeFileSync(path, `\uFEFF${JSON.stringify({ name: 'Saved by Notepad', testStepList: [] }, null, 2)}\n`);
    const r = await run(['import', 'cases', '--json']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const [result] = JSON.parse(r.stdout).results as { outcome: string; id: number }[];
    assert.equal(result?.outcome, 'created');
    const text = readFileSync(path, 'utf8');
    assert.equal(text.charCodeAt(0), 0xfeff, 'the mark is kept');
    assert.equal(JSON.parse(text.slice(1)).id, result?.id);
    const again = await run(['import', 'cases', '--json']);
    assert.deepEqual(
      (JSON.parse(again.stdout).results as { outcome: string }[]).map((x) => x.outcome),
      ['unchanged'],
    );
  });

  test('two cases of one import with the same name: the first is imported, the other refused (not overwritten in turn)', async () => {
    mkdirSync(casesDir());
    const item = (notes: string) => ({
      name: 'Twice the same name',
      notes,
      testStepList: [],
      traceFilters: [],
      sipTraceFilters: [],
    });
    writeFileSync(
      join(casesDir(), 'twice.testcases.json'),
      `${JSON.stringify([item('first'), item('second')], null, 2)}\n`,
    );
    const dry = await run(['import', 'cases', '--dry-run']);
    assert.equal(dry.code, 1, dry.stdout + dry.stderr);
    assert.match(dry.stdout, /^would create cases\/twice\.testcases\.json#0$/m);
    assert.match(
      dry.stdout,
      /^would refuse cases\/twice\.testcases\.json#1: .*\(item 0\) in this import has the same name/m,
    );
    const r = await run(['import', 'cases', '--json']);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const results = JSON.parse(r.stdout).results as { index: number; outcome: string; id?: number }[];
    assert.deepEqual(
      results.map((x) => [x.index, x.outcome]),
      [
        [0, 'created'],
        [1, 'refused'],
      ],
    );
    const created = emu.store.testCases.get(results[0]!.id!)!;
    assert.equal(created.notes, 'first');
    const written = JSON.parse(readFileSync(join(casesDir(), 'twice.testcases.json'), 'utf8'));
    assert.deepEqual(
      written.map((x: { id?: number }) => x.id),
      [created.id, undefined],
      'only the imported item gets the id',
    );
  });

  test('export selects by --filter and --all, or one bundle; usage errors exit 2', async () => {
    const r = await run(['export', '--filter', 'sms round trip', '--out', 'cases']);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(files().length > 0 && files().every((f) => /^SMS-round-trip/.test(f)), files().join());
    const bundle = await run(['export', '1', '2', '--bundle', '--out', 'b']);
    assert.equal(bundle.code, 0, bundle.stderr);
    const items = JSON.parse(readFileSync(join(dir.path, 'b', 'export.testcases.json'), 'utf8'));
    assert.equal(Array.isArray(items) ? items.length : -1, 2);
    assert.equal((await run(['export'])).code, 2);
    const voice = await run(['export', '--project', 'Voice', '--out', 'voice', '--json']);
    assert.equal(voice.code, 0, voice.stderr);
    const inVoice = emu.store.testCases
      .all()
      .filter((t) => emu.store.projectIdsOf('TEST_CASE', t.id).has(2))
      .map((t) => t.id)
      .sort((a, b) => a - b);
    assert.ok(inVoice.length > 0);
    assert.deepEqual(
      (JSON.parse(voice.stdout).results as { id: number }[]).map((r) => r.id).sort((a, b) => a - b),
      inVoice,
    );
    const byId = await run(['export', '--project', '2', '--out', 'voice', '--dry-run', '--json']);
    assert.equal(JSON.parse(byId.stdout).results.length, inVoice.length);
    const unknown = await run(['export', '--project', 'Nope', '--out', 'x']);
    assert.equal(unknown.code, 2, 'an unknown project is a mistake, not "nothing to export"');
    assert.match(unknown.stderr, /no project is named "Nope"\. The projects: Core Network, Voice/);
    writeFileSync(join(dir.path, 'afile'), '');
    const intoFile = await run(['export', '1', '--out', 'afile']);
    assert.equal(intoFile.code, 2);
    assert.match(intoFile.stderr, /--out afile is a file; give a folder/);
    const underFile = await run(['export', '1', '--out', 'afile/sub']);
    assert.equal(underFile.code, 2);
    assert.match(underFile.stderr, /--out afile\/sub: the folder cannot be made \(ENOTDIR/);
    assert.equal((await run(['export', '1', '--all'])).code, 2);
    assert.equal((await run(['import', 'nothing-here'])).code, 2);
    mkdirSync(join(dir.path, 'empty'));
    const empty = await run(['import', 'empty']);
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /no \*\.testcase\.json or \*\.testcases\.json files in empty/);
  });
});
