import { mkdir, readdir } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { exportTestCases } from '../api/batch';
import { isRecord } from '../api/read';
import { writeAtomic } from '../files/atomicWrite';
import type { ExportedTestCase } from '../api/types';
import { describeFailure } from '../failures/failures';
import type { ExportItemResult, ExportReport } from '../model/sync';
import { readText } from './fastFs';
import { assignFileNames } from './fileNames';
import { bundleFileText, testCaseFileText } from './fileText';
import { pathToUri, uriToPath } from './local';
import { mapLimit } from './pool';
import { syncHash } from './projection';
import { stateKey, type SyncState, SyncStates } from './state';
import type { ExportParams, SyncRun } from './types';

// Export: service -> files. One canonical file per case (or one bundle); a file whose local
// content would be lost (unsaved buffer, changes since the last sync, never synced) is not
// written until the user decides; a file whose content would not change is not touched at all.
// A dry run takes every decision the same way but writes nothing: no folder, file or sync state.

const FILES_IN_FLIGHT = 16;

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readText(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const updatedOf = (record: ExportedTestCase): { updated?: string } => (typeof record['updated'] === 'string' ? { updated: record['updated'] } : {});

export async function exportCases(run: SyncRun, params: ExportParams): Promise<ExportReport> {
  const say = (message: string) => (done: number, total: number) => run.progress?.({ done, total, message });
  const batch = { ...(run.batchSize !== undefined && { batchSize: run.batchSize }), ...(run.signal && { signal: run.signal }) };
  const read = await exportTestCases(run.client.testCases, params.ids, { ...batch, onProgress: say('Reading test cases') });
  const results: ExportItemResult[] = [];
  for (const id of read.missing) {
    results.push({ id, uri: params.folder, outcome: 'failed', message: `Test case ${id} does not exist on the service (any more).` });
  }
  for (const { id, error } of read.failed) {
    results.push(
      error.kind === 'cancelled'
        ? { id, uri: params.folder, outcome: 'skipped', message: 'Not exported: the export was cancelled.' }
        : { id, uri: params.folder, outcome: 'failed', message: describeFailure(error, { action: `export test case ${id}` }).message },
    );
  }
  const records = read.testCases.filter((r): r is ExportedTestCase & { id: number } => typeof r.id === 'number');
  const states = new SyncStates();
  const dirty = new Set(params.dirtyUris ?? []);
  const decisions = params.decisions ?? {};
  let secretsReplaced = 0;

  if (params.bundle !== undefined) {
    secretsReplaced += await exportBundle(run, params.bundle, records, states, dirty.has(params.bundle), decisions[params.bundle], results, params.dryRun === true);
  } else {
    const folder = uriToPath(params.folder);
    if (!params.dryRun) await mkdir(folder, { recursive: true });
    // One listing instead of a failed open per new file.
    const present = new Set(await listFolder(folder));
    const state = await states.forFile(join(folder, 'x.testcase.json'));
    const { linkedFiles, filesLinkedTo } = linksInFolder(state, stateKey(state.root, join(folder, 'x')).replace(/x$/, ''), run.env);
    const names = assignFileNames({ cases: records.map((r) => ({ id: r.id, name: typeof r.name === 'string' ? r.name : `test-case-${r.id}` })), linkedFiles, filesLinkedTo });
    let done = 0;
    const written = await mapLimit(records, FILES_IN_FLIGHT, async (record) => {
      const path = join(folder, names.get(record.id)!);
      const uri = pathToUri(path);
      const r = await exportOne(run, record, path, uri, stateKey(state.root, path), state, dirty.has(uri), decisions[uri], present.has(names.get(record.id)!), params.dryRun === true);
      if (++done % 500 === 0 || done === records.length) say(params.dryRun ? 'Comparing files' : 'Writing files')(done, records.length);
      return r;
    });
    for (const r of written) {
      secretsReplaced += r.replaced;
      results.push(r.result);
    }
  }
  if (!params.dryRun) await states.saveAll();
  return { results, secretsReplaced };
}

/** The names in a folder; none when it does not exist yet (a dry run does not make it). */
async function listFolder(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Files directly in the folder with a link here: case id -> file name, and file name -> case id. */
function linksInFolder(state: SyncState, prefix: string, env: string): { linkedFiles: Map<number, string>; filesLinkedTo: Map<string, number> } {
  const linkedFiles = new Map<number, string>();
  const filesLinkedTo = new Map<string, number>();
  for (const [key, entry] of Object.entries(state.data.files)) {
    if (!key.startsWith(prefix) || key.includes('#')) continue;
    const name = key.slice(prefix.length);
    if (name.includes('/')) continue;
    const link = entry.links[env];
    // A file linked only elsewhere still holds its name: -1 stands for "another case".
    filesLinkedTo.set(name, link?.id ?? -1);
    if (link) linkedFiles.set(link.id, posix.basename(name));
  }
  return { linkedFiles, filesLinkedTo };
}

async function exportOne(
  run: SyncRun,
  record: ExportedTestCase & { id: number },
  path: string,
  uri: string,
  key: string,
  state: SyncState,
  isDirty: boolean,
  decision: string | undefined,
  present: boolean,
  dryRun: boolean,
): Promise<{ result: ExportItemResult; replaced: number }> {
  const base = { id: record.id, ...(typeof record.name === 'string' && { name: record.name }), uri };
  const entry = state.entry(key);
  const home = entry?.home ?? run.env;
  let existingText: string | undefined;
  try {
    existingText = present ? await readIfExists(path) : undefined;
  } catch (err) {
    return { result: { ...base, outcome: 'failed', message: `Could not read ${path}: ${err instanceof Error ? err.message : String(err)}` }, replaced: 0 };
  }
  const existing = existingText === undefined ? undefined : parseOrUndefined(existingText);
  const existingValue = isRecord(existing) ? existing : undefined;
  // The file's id belongs to its home environment: another environment's export leaves it.
  const fileId = home === run.env ? record.id : typeof existingValue?.['id'] === 'number' ? existingValue['id'] : undefined;
  const { text, replaced } = testCaseFileText(record, {
    ...(fileId !== undefined && { id: fileId }),
    ...(existingValue?.['$schema'] !== undefined && { schema: existingValue['$schema'] }),
  });
  const serviceHash = syncHash(record);
  const link = { id: record.id, base: serviceHash, ...updatedOf(record) };
  if (existingText !== undefined) {
    const localHash = existingValue ? syncHash(existingValue) : undefined;
    if (localHash === serviceHash) {
      state.setLink(key, run.env, link, home);
      return { result: { ...base, outcome: 'unchanged' }, replaced: 0 };
    }
    if (decision === 'skip') return { result: { ...base, outcome: 'skipped', message: 'Skipped, as you chose.' }, replaced: 0 };
    if (decision !== 'overwriteFile') {
      const syncedBase = entry?.links[run.env]?.base;
      const reason = isDirty ? 'unsavedChanges' : syncedBase === undefined ? 'notSynced' : localHash !== syncedBase ? 'localChanges' : undefined;
      if (reason) {
        const why =
          reason === 'unsavedChanges'
            ? 'has unsaved changes'
            : reason === 'notSynced'
              ? 'was never synced with this test case'
              : 'has changes not imported to the service';
        return {
          result: { ...base, outcome: 'needsDecision', reason, serviceText: text, message: `${path} ${why}. Compare it with the service's version, then overwrite the file or skip it.` },
          replaced: 0,
        };
      }
    }
  }
  try {
    if (!dryRun) await writeAtomic(path, text, { folderExists: true });
  } catch (err) {
    return { result: { ...base, outcome: 'failed', message: err instanceof Error ? err.message : String(err) }, replaced: 0 };
  }
  state.setLink(key, run.env, link, home);
  return { result: { ...base, outcome: 'written' }, replaced };
}

/** One bundle file: the export array as returned, secrets masked; returns the secrets replaced. */
async function exportBundle(
  run: SyncRun,
  bundleUri: string,
  records: (ExportedTestCase & { id: number })[],
  states: SyncStates,
  isDirty: boolean,
  decision: string | undefined,
  results: ExportItemResult[],
  dryRun: boolean,
): Promise<number> {
  const path = uriToPath(bundleUri);
  const state = await states.forFile(path);
  const { text, replaced } = bundleFileText(records);
  const hashes = records.map(syncHash);
  const each = (outcome: ExportItemResult['outcome'], extra: Partial<ExportItemResult> = {}) =>
    records.forEach((r, index) => results.push({ id: r.id, ...(typeof r.name === 'string' && { name: r.name }), uri: bundleUri, index, outcome, ...(index === 0 ? extra : {}) }));
  const link = () => records.forEach((r, i) => state.setLink(stateKey(state.root, path, i), run.env, { id: r.id, base: hashes[i]!, ...updatedOf(r) }, run.env));
  const existingText = await readIfExists(path);
  if (existingText !== undefined) {
    const existing = parseOrUndefined(existingText);
    const items = Array.isArray(existing) ? existing : undefined;
    const localHashes = items?.map((v: unknown) => (isRecord(v) ? syncHash(v) : undefined));
    if (localHashes && localHashes.length === hashes.length && localHashes.every((h, i) => h === hashes[i])) {
      link();
      each('unchanged');
      return 0;
    }
    if (decision === 'skip') {
      each('skipped', { message: 'Skipped, as you chose.' });
      return 0;
    }
    if (decision !== 'overwriteFile') {
      const bases = (localHashes ?? [undefined]).map((_, i) => state.link(stateKey(state.root, path, i), run.env)?.base);
      const reason = isDirty
        ? 'unsavedChanges'
        : !localHashes || bases.some((b) => b === undefined)
          ? 'notSynced'
          : localHashes.some((h, i) => h !== bases[i])
            ? 'localChanges'
            : undefined;
      if (reason) {
        each('needsDecision', { reason, serviceText: text, message: `${path} holds changes that the export would overwrite. Compare it with the service's version, then overwrite the file or skip it.` });
        for (const r of results) if (r.uri === bundleUri && r.outcome === 'needsDecision') r.reason = reason;
        return 0;
      }
    }
  }
  if (!dryRun) await writeAtomic(path, text);
  link();
  each('written');
  return replaced;
}
