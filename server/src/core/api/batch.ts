import { ApiError } from './errors';
import type { TestCasesApi } from './resources/testCases';
import { int, readItem, shown } from '../base/read';
import type { ExportedTestCase, TestCase } from './types';

// Import and export in batches (the document gives no maximum). A batch the service refuses as
// too large (413) is split in half. A batch it rejects as invalid (400) is split down to single
// items, so each bad item gets its own error and the good ones still go in: the rejection is
// definite, nothing of it was applied, so the halves are new requests, not repeats. Batches
// that fail any other way are reported as failed and never sent again. An export (a read) whose
// answer leaves ids unaccounted for beside an item it cannot place is asked again in halves.

export interface BatchOptions {
  batchSize?: number;
  signal?: AbortSignal;
  /** Called after each batch with the number of items settled so far. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Import only: also split batches the service refuses with 409 (a name held by another case),
   * down to the item at fault. A 409 is a definite refusal, so the halves are not repeats.
   */
  splitOnConflict?: boolean;
}

export interface ItemResult {
  /** Index of the item in the input. */
  index: number;
  /** The service id, when it succeeded. */
  id?: number;
  error?: ApiError;
}

export interface ImportResult {
  items: ItemResult[];
  succeeded: number;
  failed: number;
}

export const DEFAULT_BATCH_SIZE = 200;

interface Chunk {
  start: number;
  end: number;
}

export async function importTestCases(
  api: Pick<TestCasesApi, 'importBatch'>,
  testCases: TestCase[],
  options: BatchOptions = {},
): Promise<ImportResult> {
  const results: ItemResult[] = testCases.map((_, index) => ({ index }));
  let done = 0;
  await runChunks(
    testCases.length,
    options,
    async ({ start, end }) => {
      const ids = await api.importBatch(testCases.slice(start, end), options.signal);
      if (ids.length !== end - start) {
        throw new ApiError({
          kind: 'invalidResponse',
          method: 'POST',
          path: '/api/v2/testcases/import',
          serviceMessage: `sent ${end - start} test cases, got ${ids.length} ids back`,
        });
      }
      // An id that is no whole number names nothing: that item was taken, but cannot be linked.
      ids.forEach((raw, i) => {
        const id = int(raw);
        if (id !== undefined) results[start + i]!.id = id;
        else
          results[start + i]!.error = new ApiError({
            kind: 'invalidResponse',
            method: 'POST',
            path: '/api/v2/testcases/import',
            serviceMessage: `the answer gave it the id ${shown(raw)}, not a whole number`,
          });
      });
    },
    (chunk, error) => {
      for (let i = chunk.start; i < chunk.end; i++) results[i]!.error = error;
    },
    (settled) => {
      done += settled;
      options.onProgress?.(done, testCases.length);
    },
    options.splitOnConflict ? ['tooLarge', 'invalidRequest', 'conflict'] : undefined,
  );
  const failed = results.filter((r) => r.error).length;
  return { items: results, succeeded: results.length - failed, failed };
}

export interface ExportResult {
  /** The usable records, in the order of the ids asked (each id once). */
  testCases: ExportedTestCase[];
  /** Ids the service does not have (404 for that id alone). */
  missing: number[];
  /** Ids whose export failed otherwise. */
  failed: { id: number; error: ApiError }[];
  /** Ids the service answered without: its answer held no record of them (and nothing it could be). */
  notHeld: number[];
  /** Ids the service answered with a record that cannot be used, and why ("has the name 7, not text"). */
  unusable: { id: number; why: string }[];
}

/** What an exported record must have to be written and linked: an id, and a name that is text. */
const WHOLE = { id: true, text: ['name'] } as const;

/** Kinds after which a chunk of an export is halved; a single id failing so is reported. */
const EXPORT_SPLIT = ['tooLarge', 'invalidRequest', 'notFound', 'invalidResponse'];

/**
 * Exports by id, in batches, and accounts for every id asked: a usable record, missing (404),
 * failed, not held by the answer, or held in a form that cannot be used. An item of an answer
 * that names no id asked (its id is not a number, say) cannot be told apart: the ids its answer
 * left unaccounted for are asked again in halves, down to one, whose answer is then its own.
 * Exports only read, so asking again repeats nothing.
 */
export async function exportTestCases(
  api: Pick<TestCasesApi, 'exportBatch'>,
  asked: number[],
  options: BatchOptions = {},
): Promise<ExportResult> {
  const ids = [...new Set(asked)];
  const found = new Map<number, ExportedTestCase>();
  const result: ExportResult = { testCases: [], missing: [], failed: [], notHeld: [], unusable: [] };
  const again: number[][] = [];
  /** Reads one answer for `chunk`; the ids it leaves unaccounted for beside an item without a usable id are asked again. */
  const settle = (chunk: number[], answer: unknown[]): void => {
    const open = new Set(chunk);
    const nameless: string[] = [];
    for (const item of answer) {
      const read = readItem(item, WHOLE);
      if (read.id === undefined) {
        if (read.why !== undefined) nameless.push(read.why);
      } else if (open.delete(read.id)) {
        if (read.why !== undefined) result.unusable.push({ id: read.id, why: read.why });
        else found.set(read.id, read.record as ExportedTestCase);
      }
      // A record of an id not asked here (or sent twice) is not what was asked: left out.
    }
    const rest = chunk.filter((id) => open.has(id));
    if (nameless.length === 0 || rest.length === 0) result.notHeld.push(...rest);
    else if (rest.length === 1) result.unusable.push({ id: rest[0]!, why: nameless[0]! });
    else {
      const mid = Math.ceil(rest.length / 2);
      again.push(rest.slice(0, mid), rest.slice(mid));
    }
  };
  const ask = (list: number[], opts: BatchOptions, progress: (settled: number) => void) =>
    runChunks(
      list.length,
      opts,
      async ({ start, end }) => {
        const chunk = list.slice(start, end);
        settle(chunk, await api.exportBatch(chunk, options.signal));
      },
      (chunk, error) => {
        for (const id of list.slice(chunk.start, chunk.end)) {
          if (error.kind === 'notFound') result.missing.push(id);
          else result.failed.push({ id, error });
        }
      },
      progress,
      EXPORT_SPLIT,
    );
  let done = 0;
  // An answer too large or too deep for us (invalidResponse) is halved like one too large for
  // the service, so that one bad record fails alone and the others are exported.
  await ask(ids, options, (settled) => {
    done += settled;
    options.onProgress?.(done, ids.length);
  });
  // Asked again: already counted as settled by the first pass.
  for (let group = again.shift(); group !== undefined; group = again.shift())
    await ask(group, { ...options, batchSize: group.length }, () => undefined);
  result.testCases = ids.flatMap((id) => found.get(id) ?? []);
  return result;
}

/**
 * Sends chunks one after another. A chunk failing with a `splitOn` kind is halved and both halves
 * are sent in its place; a single item that fails, or any other failure, is reported.
 */
async function runChunks(
  total: number,
  options: BatchOptions,
  send: (chunk: Chunk) => Promise<void>,
  fail: (chunk: Chunk, error: ApiError) => void,
  progress: (settled: number) => void,
  splitOn: readonly string[] = ['tooLarge', 'invalidRequest'],
): Promise<void> {
  let size = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const queue: Chunk[] = [];
  for (let start = 0; start < total; start += size) queue.push({ start, end: Math.min(total, start + size) });
  while (queue.length > 0) {
    const chunk = queue.shift()!;
    if (chunk.end - chunk.start > size) {
      // The service took a smaller size since this chunk was cut: cut it again.
      const pieces: Chunk[] = [];
      for (let start = chunk.start; start < chunk.end; start += size)
        pieces.push({ start, end: Math.min(chunk.end, start + size) });
      queue.unshift(...pieces);
      continue;
    }
    if (options.signal?.aborted) {
      fail(chunk, new ApiError({ kind: 'cancelled', method: 'POST', path: 'batch' }));
      progress(chunk.end - chunk.start);
      continue;
    }
    try {
      await send(chunk);
      progress(chunk.end - chunk.start);
    } catch (err) {
      const error =
        err instanceof ApiError
          ? err
          : new ApiError({ kind: 'invalidResponse', method: 'POST', path: 'batch', cause: err });
      const length = chunk.end - chunk.start;
      if (length > 1 && splitOn.includes(error.kind)) {
        const mid = chunk.start + Math.ceil(length / 2);
        if (error.kind === 'tooLarge') size = Math.min(size, mid - chunk.start);
        queue.unshift({ start: chunk.start, end: mid }, { start: mid, end: chunk.end });
        continue;
      }
      fail(chunk, error);
      progress(length);
    }
  }
}
