import { join } from 'node:path';
import { importTestCases } from '../api/batch';
import type { TasClient } from '../api/client';
import type { ExportedTestCase, TestCase } from '../api/types';
import { describeFailure, type HostWords } from '../failures/failures';
import type { CopyItemResult, CopyReport } from '../model/sync';
import { Directories, type ListSource } from './identities';
import { mappingWords, ReferenceMapper, unmappedWords, type RefOverrides } from './mapping';
import { syncFields } from './projection';
import { idsByName, readRecords } from './remote';
import { unusableServiceWords } from './notDone';
import { sendFailure } from './sendFailure';
import { SyncStates, type SyncState } from './state';
import type { ProgressSink } from './types';
import { schemaRefusal } from './wouldRefuse';

// Copy: test cases of one environment created in another, without files. Their references are
// carried by the import's rule (mapping.ts): who each record is comes from the source's lists, and
// the target's record with that identity is sent; a reference with no single counterpart stops
// its case (nothing of it is sent). A name the target already holds is never overwritten. The
// create is sent once and never again.

/** One side of a copy: its client, its key (envKey of the base URL) and the name a person knows it by. */
export interface CopyEnd {
  client: TasClient;
  env: string;
  name: string;
  /** The host's cached lists of this environment, if it keeps them (the language server's active one). */
  lists?: ListSource;
}

export interface CopyOptions {
  dryRun?: boolean;
  /** The person's counterparts: per kind, the source's id to the target's. */
  map?: RefOverrides;
  /** Keep the counterparts of `map` that were used in the sync state of `choicesAt` (the editor's picks). */
  remember?: boolean;
  /** A folder whose sync state holds remembered counterparts (the workspace); none: nothing remembered is read or kept. */
  choicesAt?: string;
  signal?: AbortSignal;
  progress?: ProgressSink;
  batchSize?: number;
  /** Every id was named by the person (`tas copy 1 2`): one that names nothing stops the copy, nothing sent. */
  allNamed?: boolean;
  /** The host's next steps in the failures of single items. */
  words: HostWords;
}

const describe = (id: number, name: string | undefined, env: string): string =>
  `Test case ${id}${name ? ` "${name}"` : ''} of ${env}`;

export async function copyTestCases(
  from: CopyEnd,
  to: CopyEnd,
  ids: number[],
  options: CopyOptions,
): Promise<CopyReport> {
  const report: CopyReport = { from: from.env, to: to.env, ...(options.dryRun && { dryRun: true }), results: [] };
  const results = report.results;
  if (from.env === to.env) {
    for (const id of ids)
      results.push({
        sourceId: id,
        outcome: 'refused',
        message: `${describe(id, undefined, from.name)} is already there: copy it to another environment.`,
      });
    return report;
  }
  const batch = {
    ...(options.batchSize !== undefined && { batchSize: options.batchSize }),
    ...(options.signal && { signal: options.signal }),
  };
  const say = (message: string) => (done: number, total: number) => options.progress?.({ done, total, message });
  const records = await readRecords(from.client, ids, {
    ...batch,
    onProgress: say(`Reading the test cases of ${from.name}`),
  });
  if (options.allNamed && records.missing.size > 0) {
    for (const id of records.missing)
      results.push({
        sourceId: id,
        outcome: 'refused',
        reason: 'notOnService',
        message: `${from.name} has no test case ${id}: check the id. Nothing was copied.`,
      });
    return sorted(report);
  }
  const state: SyncState | undefined =
    options.choicesAt !== undefined
      ? await new SyncStates().forFile(join(options.choicesAt, 'copy.testcase.json'))
      : undefined;
  const chosen = state?.choices(from.env, to.env) ?? {};
  const mapper = new ReferenceMapper(to.client, to.env, {
    ...(options.map && { overrides: options.map }),
    ...(options.signal && { signal: options.signal }),
  });
  const source = new Directories(from.client, options.signal, from.lists);

  const toSend: {
    sourceId: number;
    name: string;
    body: TestCase;
    mappings: string[];
    chosen: { kind: keyof RefOverrides; from: number; to: number }[];
  }[] = [];
  for (const id of [...new Set(ids)]) {
    const record: ExportedTestCase | undefined = records.byId.get(id);
    if (!record) {
      const failed = records.failed.get(id);
      const unusable = records.unusable.get(id);
      if (failed)
        results.push({
          sourceId: id,
          outcome: 'refused',
          message: describeFailure(failed, { action: `read test case ${id} of ${from.name}` }, options.words).message,
        });
      else if (unusable !== undefined)
        results.push({
          sourceId: id,
          outcome: 'refused',
          message: `Not copied: ${unusableServiceWords(id, unusable)}`,
        });
      else
        results.push({
          sourceId: id,
          outcome: 'refused',
          reason: 'notOnService',
          message: `${from.name} has no test case ${id}.`,
        });
      continue;
    }
    const name = typeof record.name === 'string' ? record.name : undefined;
    const what = describe(id, name, from.name);
    const mapped = await mapper.map(
      syncFields(record, true),
      async (kind, ref) => (await source.of(kind)).get(ref),
      chosen,
    );
    if (mapped.unmapped.length > 0) {
      results.push({
        sourceId: id,
        ...(name !== undefined && { name }),
        outcome: 'refused',
        unmapped: mapped.unmapped.map((u) => ({ ...u, home: from.name })),
        message: `${what} was not copied: ${mapped.unmapped.map((u) => unmappedWords(u, from.name, to.name)).join('; ')}. Choose their counterparts, then copy again.`,
      });
      continue;
    }
    if (name === undefined || name.trim() === '') {
      results.push({
        sourceId: id,
        outcome: 'refused',
        message: `${what} has no name, and names tell test cases apart. Name it, then copy again.`,
      });
      continue;
    }
    const refusal = schemaRefusal(mapped.value);
    if (refusal !== undefined) {
      results.push({
        sourceId: id,
        name,
        outcome: 'refused',
        message: `${what} would be refused by ${to.name}: ${refusal}`,
      });
      continue;
    }
    const picks = mapped.applied.filter((m) => m.chosen).map((m) => ({ kind: m.kind, from: m.from, to: m.to }));
    toSend.push({
      sourceId: id,
      name,
      body: mapped.value as TestCase,
      mappings: mapped.applied.map(mappingWords),
      chosen: picks,
    });
  }

  // A name the target holds already is another test case: it is never overwritten.
  const taken = await idsByName(
    to.client,
    toSend.map((x) => x.name),
    options.signal,
  );
  const sending = toSend.filter((x) => {
    const held = taken.get(x.name);
    if (held === undefined) return true;
    results.push({
      sourceId: x.sourceId,
      name: x.name,
      outcome: 'nameTaken',
      takenById: held,
      message: `${describe(x.sourceId, x.name, from.name)}: test case ${held} of ${to.name} already has this name. Rename one of them, then copy again.`,
    });
    return false;
  });
  const withMappings = (x: (typeof toSend)[number]) => (x.mappings.length > 0 ? { mappings: x.mappings } : {});
  if (options.dryRun) {
    for (const x of sending)
      results.push({ sourceId: x.sourceId, name: x.name, outcome: 'created', ...withMappings(x) });
    return sorted(report);
  }

  const created = await importTestCases(
    to.client.testCases,
    sending.map((x) => x.body),
    { ...batch, splitOnConflict: true, onProgress: say(`Creating them in ${to.name}`) },
  );
  for (const item of created.items) {
    const x = sending[item.index]!;
    if (item.id !== undefined) {
      results.push({ sourceId: x.sourceId, name: x.name, outcome: 'created', id: item.id, ...withMappings(x) });
      if (options.remember) for (const c of x.chosen) state?.rememberChoice(from.env, to.env, c.kind, c.from, c.to);
    } else
      results.push({
        sourceId: x.sourceId,
        name: x.name,
        ...sendFailure(describe(x.sourceId, x.name, from.name), item.error, options.words, 'copy'),
      });
  }
  await state?.save();
  return sorted(report);
}

/** Results in the order of the source's ids. */
function sorted(report: CopyReport): CopyReport {
  report.results.sort((a, b) => a.sourceId - b.sourceId);
  return report;
}

export type { CopyItemResult };
