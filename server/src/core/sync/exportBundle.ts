import type { ExportedTestCase } from '../api/types';
import { isRecord } from '../base/read';
import { NotARegularFileError } from '../files/safeRead';
import type { ExportItemResult } from '../model/sync';
import { readExisting, parseOrUndefined, writeExport, type Existing } from './exportTarget';
import { bundleFileText } from './fileText';
import { uriToPath } from './local';
import { syncHash } from './projection';
import { stateKey, type SyncStates, updatedOf } from './state';
import type { SyncRun } from './types';

// Export into one bundle file (`*.testcases.json`): the export array as the service returns it,
// secrets masked, written whole or not at all; every item carries the file's outcome.

/** One bundle file: the export array as returned, secrets masked; returns the secrets replaced. */
export async function exportBundle(
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
  // Every item carries the outcome and its reason; the file's message and text are said once, on the first.
  const each = (outcome: ExportItemResult['outcome'], { reason, ...extra }: Partial<ExportItemResult> = {}) =>
    records.forEach((r, index) =>
      results.push({
        id: r.id,
        name: r.name,
        uri: bundleUri,
        index,
        outcome,
        ...(reason !== undefined && { reason }),
        ...(index === 0 ? extra : {}),
      }),
    );
  const link = () =>
    records.forEach((r, i) =>
      state.setLink(stateKey(state.root, path, i), run.env, { id: r.id, base: hashes[i]!, ...updatedOf(r) }, run.env),
    );
  let found: Existing;
  try {
    found = await readExisting(path);
  } catch (err) {
    each('failed', {
      reason: 'fileProblem',
      message:
        err instanceof NotARegularFileError
          ? `${path} is ${err.kind}, not a regular file: it was not replaced.`
          : `Could not read ${path}: ${err instanceof Error ? err.message : String(err)}`,
    });
    return 0;
  }
  if (found.kind === 'foreign' && decision !== 'overwriteFile') {
    if (decision === 'skip') each('skipped', { message: 'Skipped, as you chose.' });
    else each('needsDecision', { reason: 'foreignFile', serviceText: text, message: `${path} ${found.why}.` });
    return 0;
  }
  const existingText = found.kind === 'text' ? found.text : undefined;
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
      const bases = (localHashes ?? [undefined]).map(
        (_, i) => state.link(stateKey(state.root, path, i), run.env)?.base,
      );
      const reason = isDirty
        ? 'unsavedChanges'
        : !localHashes || bases.some((b) => b === undefined)
          ? 'notSynced'
          : localHashes.some((h, i) => h !== bases[i])
            ? 'localChanges'
            : undefined;
      if (reason) {
        each('needsDecision', {
          reason,
          serviceText: text,
          message: `${path} holds changes that the export would overwrite. Compare it with the service's version, then overwrite the file or skip it.`,
        });
        return 0;
      }
    }
  }
  let said: string | undefined;
  try {
    if (!dryRun) said = await writeExport(run, path, bundleUri, text, isDirty, existingText, {});
  } catch (err) {
    each('failed', { reason: 'fileProblem', message: err instanceof Error ? err.message : String(err) });
    return 0;
  }
  link();
  each('written', said !== undefined ? { message: said } : {});
  return replaced;
}
