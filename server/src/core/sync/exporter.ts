import { mkdir } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { exportTestCases, type ExportResult } from '../api/batch';
import { isRecord } from '../base/read';
import { NotARegularFileError } from '../files/safeRead';
import type { ExportedTestCase } from '../api/types';
import { describeFailure, type HostWords } from '../failures/failures';
import type { ExportItemResult, ExportReport } from '../model/sync';
import { assignFileNames } from './fileNames';
import { testCaseFileText } from './fileText';
import { pathToUri, uriToPath } from './local';
import { notDoneReason, notHeldWords, unusableWords } from './notDone';
import { mapLimit } from '../base/pool';
import { syncHash } from './projection';
import { ReferenceMapper } from './mapping';
import { unknownAtHomeResult } from './unknownAtHome';
import { stateKey, type SyncState, SyncStates, updatedOf } from './state';
import type { ExportParams, SyncRun } from './types';
import { exportBundle } from './exportBundle';
import { listFolder, outsideRoot, parseOrUndefined, readExisting, writeExport, type Existing } from './exportTarget';

// Export: service -> files. One distinct canonical file per case (or one bundle); a file whose
// local content would be lost (unsaved buffer, changes since the last sync, never synced, a
// file sync does not write: a link, not UTF-8) is not written until the user decides; a file
// whose content would not change is not touched at all. A file open with unsaved changes is
// overwritten in its editor, never on disk behind it. Links come only from the usable keys of
// the sync state (linkPaths.ts). A dry run takes every decision the same way but writes
// nothing: no folder, file or sync state. A bundle: exportBundle.ts; the files written and
// what is at them now: exportTarget.ts.

const FILES_IN_FLIGHT = 16;

export async function exportCases(run: SyncRun, params: ExportParams): Promise<ExportReport> {
  const say = (message: string) => (done: number, total: number) => run.progress?.({ done, total, message });
  const batch = {
    ...(run.batchSize !== undefined && { batchSize: run.batchSize }),
    ...(run.signal && { signal: run.signal }),
  };
  // Every id asked ends in exactly one result: the account adds up to what was asked.
  const ids = [...new Set(params.ids)];
  const read = await exportTestCases(run.client.testCases, ids, { ...batch, onProgress: say('Reading test cases') });
  const results: ExportItemResult[] = notRead(read, params, run.host.words);
  if (params.allNamed === true && read.missing.length > 0) {
    // A mistyped id stops the whole export: the others are accounted for, and nothing is written.
    const mistyped = read.missing.map((id) => `test case ${id}`).join(', ');
    for (const r of read.testCases) {
      results.push({
        id: r.id!,
        name: r.name,
        uri: params.bundle ?? params.folder,
        outcome: 'skipped',
        message: `Not written: ${mistyped}, also asked for, does not exist, so nothing was written. Check the ids, then export again.`,
      });
    }
    return { results: inAskedOrder(results, ids), secretsReplaced: 0 };
  }
  const records = read.testCases as (ExportedTestCase & { id: number })[];
  const states = new SyncStates();
  const dirty = new Set(params.dirtyUris ?? []);
  const decisions = params.decisions ?? {};
  let secretsReplaced = 0;

  // The target folder (links resolved, as far as it exists) must lie inside its sync root: a
  // folder that is a link out of the repository is refused before anything is made or written.
  const target = params.bundle !== undefined ? dirname(uriToPath(params.bundle)) : uriToPath(params.folder);
  const outside = await outsideRoot(target, (await states.forFile(join(target, 'x.testcase.json'))).root);
  if (outside !== undefined) {
    const message = `${target} is reached through a symbolic link to ${outside}, outside its sync root: nothing was written there.`;
    for (const r of records)
      results.push({
        id: r.id,
        name: r.name,
        uri: params.bundle ?? params.folder,
        outcome: 'failed',
        reason: 'fileProblem',
        message,
      });
  } else if (params.bundle !== undefined) {
    // No record to write: the bundle is left as it is (never emptied), and the account says why.
    if (records.length > 0)
      secretsReplaced += await exportBundle(
        run,
        params.bundle,
        records,
        states,
        dirty.has(params.bundle),
        decisions[params.bundle],
        results,
        params.dryRun === true,
      );
  } else {
    const folder = uriToPath(params.folder);
    if (!params.dryRun) await mkdir(folder, { recursive: true });
    // One listing instead of a failed open per new file.
    const listed = await listFolder(folder);
    const present = new Set(listed);
    const state = await states.forFile(join(folder, 'x.testcase.json'));
    const { linkedFiles, filesLinkedTo } = linksInFolder(
      state,
      stateKey(state.root, join(folder, 'x')).replace(/x$/, ''),
      run.env,
    );
    const names = assignFileNames({
      cases: records.map((r) => ({ id: r.id, name: r.name })),
      linkedFiles,
      filesLinkedTo,
      present: listed,
    });
    let done = 0;
    const mapper = new ReferenceMapper(run.client, run.env, {
      ...(params.map && { overrides: params.map }),
      remember: params.remember === true,
      ...(run.signal && { signal: run.signal }),
      ...(run.lists && { lists: run.lists }),
    });
    const written = await mapLimit(records, FILES_IN_FLIGHT, async (record) => {
      const path = join(folder, names.get(record.id)!);
      const uri = pathToUri(path);
      const r = await exportOne(
        run,
        record,
        path,
        uri,
        stateKey(state.root, path),
        state,
        dirty.has(uri),
        decisions[uri],
        present.has(names.get(record.id)!),
        params.dryRun === true,
        mapper,
      );
      if (++done % 500 === 0 || done === records.length)
        say(params.dryRun ? 'Comparing files' : 'Writing files')(done, records.length);
      return r;
    });
    for (const r of written) {
      secretsReplaced += r.replaced;
      results.push(r.result);
    }
  }
  if (!params.dryRun) await states.saveAll();
  const warnings = await states.warnings();
  return { results: inAskedOrder(results, ids), secretsReplaced, ...(warnings.length > 0 && { warnings }) };
}

/** The ids asked that no record can be written for: not on the service, failed, not held by the answer, or unusable. */
function notRead(read: ExportResult, params: ExportParams, words: HostWords): ExportItemResult[] {
  const uri = params.bundle ?? params.folder;
  return [
    ...read.missing.map((id): ExportItemResult => ({
      id,
      uri,
      outcome: 'failed',
      reason: 'notOnService',
      message: `Test case ${id} does not exist on the service (any more).`,
    })),
    ...read.failed.map(({ id, error }): ExportItemResult =>
      error.kind === 'cancelled'
        ? { id, uri, outcome: 'skipped', message: 'Not exported: the export was cancelled.' }
        : {
            id,
            uri,
            outcome: 'failed',
            reason: notDoneReason(error),
            message: describeFailure(error, { action: `export test case ${id}` }, words).message,
          },
    ),
    ...read.notHeld.map((id): ExportItemResult => ({
      id,
      uri,
      outcome: 'failed',
      reason: 'notInAnswer',
      message: notHeldWords(params.listed === true),
    })),
    ...read.unusable.map(({ id, why }): ExportItemResult => ({
      id,
      uri,
      outcome: 'failed',
      reason: 'unusableRecord',
      message: unusableWords(why),
    })),
  ];
}

/** Results in the order the ids were asked (a bundle's items by their place): the order a person reads them in. */
function inAskedOrder(results: ExportItemResult[], ids: number[]): ExportItemResult[] {
  const place = new Map(ids.map((id, i) => [id, i]));
  return results.sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
}

/** Files directly in the folder with a link here: case id -> file name, and file name -> case id. */
function linksInFolder(
  state: SyncState,
  prefix: string,
  env: string,
): { linkedFiles: Map<number, string>; filesLinkedTo: Map<string, number> } {
  const linkedFiles = new Map<number, string>();
  const filesLinkedTo = new Map<string, number>();
  for (const [key, entry] of state.usableEntries()) {
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
  served: ExportedTestCase & { id: number },
  path: string,
  uri: string,
  key: string,
  state: SyncState,
  isDirty: boolean,
  decision: string | undefined,
  present: boolean,
  dryRun: boolean,
  mapper: ReferenceMapper,
): Promise<{ result: ExportItemResult; replaced: number }> {
  const base = { id: served.id, name: served.name, uri };
  const entry = state.entry(key);
  const home = entry?.home ?? run.env;
  // A file keeps its home environment's references: another environment's record is translated back.
  const back = home === run.env ? undefined : await mapper.back(state, home, served);
  const record = back ? (back.value as ExportedTestCase & { id: number }) : served;
  if (home === run.env) await mapper.record(state, served);
  let found: Existing;
  try {
    found = present ? await readExisting(path) : { kind: 'none' };
  } catch (err) {
    const why =
      err instanceof NotARegularFileError
        ? `${path} is ${err.kind}, not a regular file: it was not replaced.`
        : `Could not read ${path}: ${err instanceof Error ? err.message : String(err)}`;
    return { result: { ...base, outcome: 'failed', reason: 'fileProblem', message: why }, replaced: 0 };
  }
  const existingText = found.kind === 'text' ? found.text : undefined;
  const existing = existingText === undefined ? undefined : parseOrUndefined(existingText);
  const existingValue = isRecord(existing) ? existing : undefined;
  if (back && back.unknown.length > 0)
    return { result: unknownAtHomeResult(base, path, back.unknown, home, run.env, existingValue), replaced: 0 };
  // The file's id belongs to its home environment: another environment's export leaves it.
  const fileId =
    home === run.env ? record.id : typeof existingValue?.['id'] === 'number' ? existingValue['id'] : undefined;
  const { text, replaced } = testCaseFileText(record, {
    ...(fileId !== undefined && { id: fileId }),
    ...(existingValue?.['$schema'] !== undefined && { schema: existingValue['$schema'] }),
  });
  const serviceHash = syncHash(record);
  const link = { id: record.id, base: serviceHash, ...updatedOf(record) };
  if (found.kind === 'foreign' && decision !== 'overwriteFile') {
    if (decision === 'skip')
      return { result: { ...base, outcome: 'skipped', message: 'Skipped, as you chose.' }, replaced: 0 };
    return {
      result: {
        ...base,
        outcome: 'needsDecision',
        reason: 'foreignFile',
        serviceText: text,
        message: `${path} ${found.why}.`,
      },
      replaced: 0,
    };
  }
  if (existingText !== undefined) {
    const localHash = existingValue ? syncHash(existingValue) : undefined;
    if (localHash === serviceHash) {
      state.setLink(key, run.env, link, home);
      return { result: { ...base, outcome: 'unchanged' }, replaced: 0 };
    }
    if (decision === 'skip')
      return { result: { ...base, outcome: 'skipped', message: 'Skipped, as you chose.' }, replaced: 0 };
    if (decision !== 'overwriteFile') {
      const syncedBase = entry?.links[run.env]?.base;
      // A recorded hash is trusted only for a file whose text is exactly what export writes:
      // .tas/sync.json comes with the repository, and a crafted link may carry a file's own hash.
      // And only for a file that holds the very case the link names (its id is the home's).
      const ownId = home === run.env ? record.id : entry?.links[home]?.id;
      const otherCase = ownId !== undefined && existingValue?.['id'] !== ownId;
      const handWritten =
        syncedBase !== undefined &&
        localHash === syncedBase &&
        (otherCase || !writtenByExport(existingText, existingValue));
      const reason = isDirty
        ? 'unsavedChanges'
        : syncedBase === undefined || handWritten
          ? 'notSynced'
          : localHash !== syncedBase
            ? 'localChanges'
            : undefined;
      if (reason) {
        const why =
          reason === 'unsavedChanges'
            ? 'has unsaved changes'
            : handWritten && otherCase
              ? `holds ${typeof existingValue?.['id'] === 'number' ? `test case ${existingValue['id']}` : 'a test case without an id'}, not the one .tas/sync.json links it to`
              : handWritten
                ? 'was not written by export (its text is not what export writes), though .tas/sync.json links it'
                : reason === 'notSynced'
                  ? 'was never synced with this test case'
                  : 'has changes not imported to the service';
        return {
          result: {
            ...base,
            outcome: 'needsDecision',
            reason,
            serviceText: text,
            message: `${path} ${why}. Compare it with the service's version, then overwrite the file or skip it.`,
          },
          replaced: 0,
        };
      }
    }
  }
  let said: string | undefined;
  try {
    if (!dryRun) said = await writeExport(run, path, uri, text, isDirty, existingText, { folderExists: true });
  } catch (err) {
    return {
      result: {
        ...base,
        outcome: 'failed',
        reason: 'fileProblem',
        message: err instanceof Error ? err.message : String(err),
      },
      replaced: 0,
    };
  }
  state.setLink(key, run.env, link, home);
  return { result: { ...base, outcome: 'written', ...(said !== undefined && { message: said }) }, replaced };
}

/** Whether a file's text is exactly what export writes for its own content (line ends aside). */
function writtenByExport(text: string, value: Record<string, unknown> | undefined): boolean {
  if (!value) return false;
  const again = testCaseFileText(value, {
    ...(typeof value['id'] === 'number' && { id: value['id'] }),
    ...(value['$schema'] !== undefined && { schema: value['$schema'] }),
  });
  return again.text === text.replace(/\r\n/g, '\n');
}
