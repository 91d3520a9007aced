import { ApiError } from './errors';
import type { TestCasesApi } from './resources/testCases';
import type { ExportedTestCase, TestCase } from './types';

// Import and export in batches (the document gives no maximum). A batch the service refuses as
// too large (413) is split in half. A batch it rejects as invalid (400) is split down to single
// items, so each bad item gets its own error and the good ones still go in: the rejection is
// definite, nothing of it was applied, so the halves are new requests, not repeats. Batches
// that fail any other way are reported as failed and never sent again.

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

export async function importTestCases(api: Pick<TestCasesApi, 'importBatch'>, testCases: TestCase[], options: BatchOptions = {}): Promise<ImportResult> {
  const results: ItemResult[] = testCases.map((_, index) => ({ index }));
  let done = 0;
  await runChunks(testCases.length, options, async ({ start, end }) => {
    const ids = await api.importBatch(testCases.slice(start, end), options.signal);
    if (ids.length !== end - start) {
      throw new ApiError({
        kind: 'invalidResponse',
        method: 'POST',
        path: '/api/v2/testcases/import',
        serviceMessage: `sent ${end - start} test cases, got ${ids.length} ids back`,
      });
    }
    ids.forEach((id, i) => (results[start + i]!.id = id));
  }, (chunk, error) => {
    for (let i = chunk.start; i < chunk.end; i++) results[i]!.error = error;
  }, (settled) => {
    done += settled;
    options.onProgress?.(done, testCases.length);
  }, options.splitOnConflict ? ['tooLarge', 'invalidRequest', 'conflict'] : undefined);
  const failed = results.filter((r) => r.error).length;
  return { items: results, succeeded: results.length - failed, failed };
}

export interface ExportResult {
  testCases: ExportedTestCase[];
  /** Ids the service does not have (404 for that id alone). */
  missing: number[];
  /** Ids whose export failed otherwise. */
  failed: { id: number; error: ApiError }[];
}

export async function exportTestCases(api: Pick<TestCasesApi, 'exportBatch'>, ids: number[], options: BatchOptions = {}): Promise<ExportResult> {
  const found = new Map<number, ExportedTestCase[]>();
  const missing: number[] = [];
  const failed: { id: number; error: ApiError }[] = [];
  let done = 0;
  await runChunks(ids.length, options, async ({ start, end }) => {
    found.set(start, await api.exportBatch(ids.slice(start, end), options.signal));
  }, (chunk, error) => {
    for (const id of ids.slice(chunk.start, chunk.end)) {
      if (error.kind === 'notFound') missing.push(id);
      else failed.push({ id, error });
    }
  }, (settled) => {
    done += settled;
    options.onProgress?.(done, ids.length);
    // An answer too large or too deep for us (invalidResponse) is halved like one too large for
    // the service, so that one bad record fails alone and the others are exported.
  }, ['tooLarge', 'invalidRequest', 'notFound', 'invalidResponse']);
  const testCases = [...found.entries()].sort(([a], [b]) => a - b).flatMap(([, list]) => list);
  return { testCases, missing, failed };
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
      for (let start = chunk.start; start < chunk.end; start += size) pieces.push({ start, end: Math.min(chunk.end, start + size) });
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
      const error = err instanceof ApiError ? err : new ApiError({ kind: 'invalidResponse', method: 'POST', path: 'batch', cause: err });
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
