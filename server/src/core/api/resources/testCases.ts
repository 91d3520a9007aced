import { ApiError } from '../errors';
import { OPERATIONS as O } from '../operations';
import { pageLimits } from '../lists';
import { iteratePages } from '../paging';
import { asId, asList, asPage, asRecord } from '../parse';
import type { ApiSession } from '../session';
import type { DirectRun, ExportedTestCase, Page, TestCase, TestCaseListItem, TestCaseQuery } from '../types';

export class TestCasesApi {
  constructor(private readonly s: ApiSession) {}

  async list(query: TestCaseQuery = {}, signal?: AbortSignal): Promise<Page<TestCaseListItem>> {
    const prj = Array.isArray(query.prj) ? query.prj.join(',') : query.prj;
    const body = await this.s.call(O.listTestCases, { query: { ...query, prj }, signal });
    return asPage<TestCaseListItem>(body, O.listTestCases, { page: query.page ?? 0, size: query.size ?? 20 });
  }

  iterate(options: Omit<TestCaseQuery, 'page'> & { signal?: AbortSignal } = {}): AsyncGenerator<TestCaseListItem> {
    const { signal, ...filter } = options;
    return iteratePages((q) => this.list({ ...filter, ...q }, signal), {
      ...options,
      ...pageLimits(this.s, O.listTestCases),
    });
  }

  /** Creates a test case (201 {id}); never retried. */
  async create(testCase: TestCase, signal?: AbortSignal): Promise<number> {
    return asId(await this.s.call(O.createTestCase, { body: testCase, signal }), O.createTestCase);
  }

  async get(id: number, signal?: AbortSignal): Promise<TestCase> {
    return asRecord<TestCase>(await this.s.call(O.getTestCase, { params: { id }, signal }), O.getTestCase);
  }

  async update(id: number, testCase: TestCase, signal?: AbortSignal): Promise<TestCase> {
    const body = await this.s.call(O.updateTestCase, { params: { id }, body: testCase, signal });
    // The answer is "test case fields"; an empty one leaves what was sent.
    return body === undefined ? { ...testCase, id } : asRecord<TestCase>(body, O.updateTestCase);
  }

  async delete(id: number, signal?: AbortSignal): Promise<void> {
    await this.s.call(O.deleteTestCase, { params: { id }, signal });
  }

  /**
   * One import request: ids in request order. An item's id is sent: it names the test case the
   * item updates. Batching is in batch.ts. Never retried.
   */
  async importBatch(testCases: TestCase[], signal?: AbortSignal): Promise<number[]> {
    const body = asRecord<{ ids?: unknown }>(
      await this.s.call(O.importTestCases, { body: testCases, signal }),
      O.importTestCases,
    );
    return asList<number>(body.ids, O.importTestCases);
  }

  /** One export request. Batching is in batch.ts. */
  async exportBatch(ids: number[], signal?: AbortSignal): Promise<ExportedTestCase[]> {
    return asList<ExportedTestCase>(await this.s.call(O.exportTestCases, { body: { ids }, signal }), O.exportTestCases);
  }

  async suites(id: number, signal?: AbortSignal): Promise<{ name: string }[]> {
    return asList<{ name: string }>(
      await this.s.call(O.listTestCaseSuites, { params: { id }, signal }),
      O.listTestCaseSuites,
    );
  }

  /** Starts a direct run; never retried, so a test runs at most once per call. */
  async run(id: number, signal?: AbortSignal): Promise<DirectRun> {
    const body = asRecord<DirectRun>(await this.s.call(O.runTestCase, { params: { id }, signal }), O.runTestCase);
    if (typeof body.executionId !== 'number') {
      throw new ApiError({
        kind: 'invalidResponse',
        method: 'POST',
        path: O.runTestCase.path,
        serviceMessage: 'the run response has no executionId',
      });
    }
    return body;
  }
}
