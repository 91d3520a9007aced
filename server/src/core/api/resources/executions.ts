import { OPERATIONS as O } from '../operations';
import { readList, type Listed } from '../lists';
import { iterateRange } from '../range';
import { RangeList, type Window } from '../rangeLists';
import { asId, asOpen, asRecord } from '../parse';
import { isRecord } from '../../base/read';
import type { ApiSession } from '../session';
import type { Loose, RangeQuery, TestExecution, TestSuite, TestSuiteCreate, TestSuiteUpdate } from '../types';

export class TestExecutionsApi {
  private readonly range: RangeList<TestExecution>;

  constructor(private readonly s: ApiSession) {
    this.range = new RangeList<TestExecution>(s, O.listTestExecutions);
  }

  /** One answer for this query, as the service gives it (its pages followed). */
  list(query: RangeQuery = {}, signal?: AbortSignal): Promise<Listed<TestExecution>> {
    return readList<TestExecution>(this.s, O.listTestExecutions, { query: { ...query }, ...(signal && { signal }) });
  }

  /**
   * The newest `count` executions after the first `start`, newest first, whatever the service
   * makes of start/end and in whichever order it lists (rangeLists.ts).
   */
  newest(
    start: number,
    count: number,
    options: { search?: string; signal?: AbortSignal } = {},
  ): Promise<Window<TestExecution>> {
    return this.range.newest(start, count, options.search, options.signal);
  }

  /** Windows of `pageSize` read as offsets (the emulator's reading); `newest` reads any service. */
  iterate(options: { pageSize?: number; search?: string; signal?: AbortSignal } = {}): AsyncGenerator<TestExecution> {
    return iterateRange((q) => this.list(q, options.signal), options);
  }

  async get(id: number, signal?: AbortSignal): Promise<TestExecution> {
    return asRecord<TestExecution>(
      await this.s.call(O.getTestExecution, { params: { id }, signal }),
      O.getTestExecution,
    );
  }

  async delete(id: number, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.deleteTestExecution, { params: { id }, signal }));
  }

  /** Starts the execution again; never retried. */
  async rerun(id: number, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.rerunTestExecution, { params: { id }, signal }));
  }
}

export class TestSuitesApi {
  constructor(private readonly s: ApiSession) {}

  list(signal?: AbortSignal): Promise<Listed<TestSuite>> {
    return readList<TestSuite>(this.s, O.listTestSuites, { ...(signal && { signal }) });
  }

  /** Creates a suite and returns its id (the answer is not shown: `{id}` or the record). */
  async create(suite: TestSuiteCreate, signal?: AbortSignal): Promise<number> {
    return asId(await this.s.call(O.createTestSuite, { body: suite, signal }), O.createTestSuite);
  }

  async get(id: number, signal?: AbortSignal): Promise<TestSuite> {
    return asRecord<TestSuite>(await this.s.call(O.getTestSuite, { params: { id }, signal }), O.getTestSuite);
  }

  async update(id: number, suite: TestSuiteUpdate, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.updateTestSuite, { params: { id }, body: suite, signal }));
  }

  async delete(id: number, signal?: AbortSignal): Promise<void> {
    await this.s.call(O.deleteTestSuite, { params: { id }, signal });
  }

  /** Starts every test case of the suite; never retried. */
  async execute(id: number, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.executeTestSuite, { params: { id }, signal }));
  }

  async cancel(id: number, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.cancelTestSuite, { params: { id }, signal }));
  }
}

/** Execution ids from an execute or rerun answer, whatever shape the service chose. */
export function executionIdsOf(answer: unknown): number[] {
  if (!isRecord(answer)) return [];
  if (Array.isArray(answer['executionIds']))
    return (answer['executionIds'] as unknown[]).filter((x): x is number => typeof x === 'number');
  if (typeof answer['executionId'] === 'number') return [answer['executionId']];
  if (typeof answer['id'] === 'number') return [answer['id']];
  return [];
}
