import type { Edit } from 'jsonc-parser';
import { importTestCases, type ItemResult } from '../api/batch';
import type { ExportedTestCase } from '../api/types';
import type { ImportItemResult, ImportReport, LocalCaseRef, SyncDecision } from '../model/sync';
import { classify } from './classify';
import { testCaseFileText } from './fileText';
import { idEdits, itemEdits } from './idEdit';
import { describeCase, type LocalCase, type LocalFile } from './local';
import { syncHash } from './projection';
import { readRecords } from './remote';
import { resolve, type Placed } from './resolve';
import { maskSecrets } from '../secrets/secrets';
import { SyncStates, updatedOf } from './state';
import type { SyncRun } from './types';
import { applyFileEdits } from './writeBack';
import { ReferenceMapper, unknownAtHomeWords, type RefOverrides, type UnknownAtHome } from './mapping';
import { schemaRefusal } from './wouldRefuse';
import { sendFailure } from './sendFailure';
import { notDoneReason } from './notDone';
import { casesAsked } from './importAsked';
import { preparePush, renameOf, type Push } from './importPush';

// Import: files -> service. Unchanged cases are not sent; changes made only locally are pushed;
// changes on the service, conflicts and taken names wait for the user's decision; nothing is
// overwritten silently in either direction. Batches are never sent twice. The cases asked for:
// importAsked.ts; what is sent for one case, or why it is not: importPush.ts.

/** The service's version as the file would hold it: a whole file, or one bundle item. */
export function serviceTextFor(local: LocalCase, record: ExportedTestCase, fileId: number | undefined): string {
  if (local.index !== undefined) return `${JSON.stringify(maskSecrets(record).value, null, 2)}\n`;
  return testCaseFileText(record, {
    ...(fileId !== undefined && { id: fileId }),
    ...(local.value['$schema'] !== undefined && { schema: local.value['$schema'] }),
  }).text;
}

/**
 * `force`: a case changed on the service since the last sync (or on both sides) is replaced, as
 * if it had the decision overwriteService (`tas import --force`). `dryRun`: plan only; the
 * service is read and every case classified as for the real import, what would be sent is
 * reported as `created` or `updated` without being sent, and no file or sync state is written.
 * `only`: these cases alone (one case of a bundle, to run it): the others are neither read from
 * the service, sent, linked nor reported.
 */
export async function importFiles(
  run: SyncRun,
  uris: string[],
  decisions: Record<string, SyncDecision>,
  options: {
    force?: boolean;
    dryRun?: boolean;
    only?: LocalCaseRef[];
    map?: RefOverrides;
    remember?: boolean;
    confirmMappings?: boolean;
  } = {},
): Promise<ImportReport> {
  const { cases, results } = await casesAsked(run, uris, options.only);
  const states = new SyncStates();
  const say = (message: string) => (done: number, total: number) => run.progress?.({ done, total, message });
  const batch = {
    ...(run.batchSize !== undefined && { batchSize: run.batchSize }),
    ...(run.signal && { signal: run.signal }),
  };
  const placed = await resolve(run.client, run.env, cases, states, {
    ...batch,
    byName: true,
    words: run.host.words,
    onProgress: say("Reading the service's versions"),
  });

  // "Link to the existing test case": its record is read, then the case is classified as linked.
  const linkTo = placed.filter(
    (p) =>
      p.standing.kind === 'new' && p.standing.takenById !== undefined && decisions[p.local.key] === 'linkToExisting',
  );
  const linkRecords = await readRecords(
    run.client,
    linkTo.map((p) => (p.standing as { takenById: number }).takenById),
    batch,
  );
  for (const p of linkTo) {
    const id = (p.standing as { takenById: number }).takenById;
    const record = linkRecords.byId.get(id);
    if (record) p.standing = { kind: 'linked', id, base: undefined, record, how: 'byName' };
  }

  const edits = new Map<LocalFile, Edit[]>();
  const addEdits = (file: LocalFile, more: Edit[]) => edits.set(file, [...(edits.get(file) ?? []), ...more]);
  /** The home of the case's entry once linked here: its existing one, else here, else unknown. */
  const homeOf = (p: Placed): string =>
    p.state.entry(p.key)?.home ??
    (p.local.fileId === undefined || (p.standing.kind === 'linked' && p.standing.how === 'adopted') ? run.env : '');
  // References: a case at home records who its records are; one from another environment is
  // compared and sent with this environment's ids (mapping.ts).
  const mapper = new ReferenceMapper(run.client, run.env, {
    ...(options.map && { overrides: options.map }),
    ...(run.signal && { signal: run.signal }),
    remember: options.remember === true,
    ...(run.lists && { lists: run.lists }),
  });
  const refHome = (p: Placed): string => homeOf(p) || run.env;
  // A service version naming records with no known counterpart at home is never taken into the file.
  const unknownAtHome = new Map<Placed, UnknownAtHome[]>();
  for (const p of placed) {
    if (refHome(p) === run.env) await mapper.record(p.state, p.local.value);
    else if (p.standing.kind === 'linked') {
      const back = await mapper.back(p.state, refHome(p), p.standing.record);
      p.standing.record = back.value as ExportedTestCase;
      if (back.unknown.length > 0) unknownAtHome.set(p, back.unknown);
    }
  }
  const writeIdIfHome = (p: Placed, id: number) => {
    if (homeOf(p) === run.env && p.local.fileId !== id)
      addEdits(p.local.file, idEdits(p.local.file.text, id, p.local.index));
  };
  const pushes: Push[] = [];
  const result = (p: Placed, r: Omit<ImportItemResult, 'uri'>) =>
    results.push({
      uri: p.local.uri,
      ...(p.local.index !== undefined && { index: p.local.index }),
      ...(p.local.name !== undefined && { name: p.local.name }),
      ...r,
    });

  const push = async (p: Placed, targetId: number | undefined, record: ExportedTestCase | undefined) => {
    const prepared = await preparePush(p, targetId, record, refHome(p), run.env, mapper);
    if ('refusal' in prepared) result(p, prepared.refusal);
    else pushes.push(prepared);
  };

  for (const p of placed) {
    const decision = decisions[p.local.key];
    const s = p.standing;
    if (decision === 'skip') {
      result(p, { outcome: 'skipped', message: 'Skipped, as you chose.' });
      continue;
    }
    switch (s.kind) {
      case 'error':
        result(
          p,
          s.cancelled
            ? { outcome: 'skipped', message: `${describeCase(p.local)} was not sent: the import was cancelled.` }
            : { outcome: 'refused', reason: s.reason, message: `${describeCase(p.local)}: ${s.message}` },
        );
        break;
      case 'missing':
      case 'foreign':
        await push(p, undefined, undefined);
        break;
      case 'new':
        if (s.takenById === undefined) await push(p, undefined, undefined);
        else
          result(p, {
            outcome: 'nameTaken',
            takenById: s.takenById,
            message: `${describeCase(p.local)}: test case ${s.takenById} on the service already has this name. Link the file to it, rename the test case, or skip it.`,
          });
        break;
      case 'linked': {
        const serviceHash = syncHash(s.record);
        const state = classify({ local: syncHash(p.local.value), service: serviceHash, base: s.base });
        const fileId = homeOf(p) === run.env ? s.id : p.local.fileId;
        if (state === 'unchanged') {
          p.state.setLink(p.key, run.env, { id: s.id, base: serviceHash, ...updatedOf(s.record) }, homeOf(p));
          writeIdIfHome(p, s.id);
          result(p, { outcome: 'unchanged', id: s.id });
        } else if (
          state === 'localChanged' ||
          decision === 'overwriteService' ||
          (options.force && decision !== 'takeService')
        ) {
          await push(p, s.id, s.record);
        } else if (decision === 'takeService' && unknownAtHome.has(p)) {
          const words = unknownAtHome
            .get(p)!
            .map((u) => unknownAtHomeWords(u, refHome(p), run.env))
            .join('; ');
          result(p, {
            outcome: 'refused',
            id: s.id,
            message: `${describeCase(p.local)} was not changed: ${words}. Name the counterpart of each in ${refHome(p)}, then take the service's version again.`,
          });
        } else if (decision === 'takeService') {
          if (p.local.index === undefined) {
            addEdits(p.local.file, [
              { offset: 0, length: p.local.file.text.length, content: serviceTextFor(p.local, s.record, fileId) },
            ]);
          } else {
            addEdits(p.local.file, itemEdits(p.local.file.text, p.local.index, maskSecrets(s.record).value));
          }
          p.state.setLink(p.key, run.env, { id: s.id, base: serviceHash, ...updatedOf(s.record) }, homeOf(p));
          result(p, { outcome: 'tookService', id: s.id });
        } else {
          // Keep the link found (adopted, matched by name, chosen) so the decision can follow.
          if (s.how !== 'state') {
            p.state.setLink(p.key, run.env, { id: s.id }, homeOf(p));
            writeIdIfHome(p, s.id);
          }
          const both = state === 'conflict';
          result(p, {
            outcome: both ? 'conflict' : 'serviceChanged',
            id: s.id,
            ...renameOf(p.local, s.record),
            serviceText: serviceTextFor(p.local, s.record, fileId),
            message: both
              ? `${describeCase(p.local)} changed here and on the service${s.base === undefined ? ' (or was never synced)' : ''}. Compare them, then overwrite the service or take the service's version.`
              : `${describeCase(p.local)} changed on the service since it was last synced. Take the service's version, or overwrite the service.`,
          });
        }
        break;
      }
    }
  }

  // Names are unique on the service: of several cases of this import with one name, the first is
  // sent and the others are refused (sent together, each would overwrite the one before).
  const byName = new Map<string, Push>();
  const toSend = pushes.filter((x) => {
    const name = x.p.local.name!.trim();
    const first = byName.get(name);
    if (!first) {
      byName.set(name, x);
      return true;
    }
    const where =
      first.p.local.index !== undefined
        ? `${first.p.local.file.path} (item ${first.p.local.index})`
        : first.p.local.file.path;
    result(x.p, {
      outcome: 'refused',
      reason: 'fileProblem',
      message: `${describeCase(x.p.local)} was not imported: ${where} in this import has the same name, and names must be unique. Rename one of them.`,
    });
    return false;
  });

  const warnings = await states.warnings();
  // A mapping is shown before anything is sent when the host asks (the editor's preview).
  const confirm =
    options.confirmMappings === true &&
    (toSend.some((x) => x.mappings.length > 0) || results.some((r) => (r.unmapped?.length ?? 0) > 0));
  const report = (): ImportReport => ({
    results: inFileOrder(results),
    ...(warnings.length > 0 && { warnings }),
    ...(confirm && { needsConfirmation: true }),
  });
  const renamed = (x: Push) => ({
    ...(x.renamedFrom !== undefined && { renamedFrom: x.renamedFrom }),
    ...(x.mappings.length > 0 && { mappings: x.mappings }),
  });
  if (options.dryRun || confirm) {
    for (const x of toSend) {
      const refusal = schemaRefusal(x.body);
      // Said as the real import would end: the service's refusal.
      if (refusal !== undefined)
        result(x.p, {
          outcome: 'refused',
          reason: 'refusedByService',
          message: `${describeCase(x.p.local)} would be refused by the service: ${refusal}`,
        });
      else
        result(x.p, {
          outcome: x.targetId === undefined ? 'created' : 'updated',
          ...(x.targetId !== undefined && { id: x.targetId }),
          ...renamed(x),
        });
    }
    return report();
  }

  const imported = await importTestCases(
    run.client.testCases,
    toSend.map((x) => x.body),
    { ...batch, splitOnConflict: true, onProgress: say('Importing') },
  );
  const pushed: { x: Push; id: number }[] = [];
  imported.items.forEach((item: ItemResult) => {
    const x = toSend[item.index]!;
    if (item.id !== undefined) pushed.push({ x, id: item.id });
    else {
      const failure = sendFailure(describeCase(x.p.local), item.error, run.host.words);
      result(
        x.p,
        failure.outcome === 'refused' && item.error ? { ...failure, reason: notDoneReason(item.error) } : failure,
      );
    }
  });

  // Bases come from the records as the service now holds them (it may normalise what it got).
  const after = await readRecords(
    run.client,
    pushed.map((y) => y.id),
    { ...batch, onProgress: say('Reading the imported versions') },
  );
  for (const { x, id } of pushed) {
    const served = after.byId.get(id);
    const home = homeOf(x.p);
    const record =
      served && refHome(x.p) !== run.env
        ? ((await mapper.toHome(x.p.state, refHome(x.p), served)) as ExportedTestCase)
        : served;
    x.p.state.setLink(x.p.key, run.env, { id, ...(record && { base: syncHash(record), ...updatedOf(record) }) }, home);
    writeIdIfHome(x.p, id);
    result(x.p, { outcome: x.targetId === undefined ? 'created' : 'updated', id, ...renamed(x) });
  }

  for (const [file, list] of edits) {
    try {
      await applyFileEdits(run.host, file, list);
    } catch (err) {
      for (const r of results)
        if (r.uri === file.uri)
          r.message = `${r.message ? `${r.message} ` : ''}${err instanceof Error ? err.message : String(err)}`;
    }
  }
  await states.saveAll();
  return report();
}

/** Results by file, then bundle item: the order a person reads them in. */
const inFileOrder = (results: ImportItemResult[]): ImportItemResult[] =>
  results.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : (a.index ?? -1) - (b.index ?? -1)));
