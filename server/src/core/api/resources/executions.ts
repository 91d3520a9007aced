import { OPERATIONS as O } from '../operations';
import { iterateRange } from '../range';
import { asId, asList, asOpen, asRecord } from '../parse';
import { isRecord } from '../read';
import type { ApiSession } from '../session';
import type { Loose, RangeQuery, TestExecution, TestSuite, TestSuiteCreate, TestSuiteUpdate } from '../types';

export class TestExecutionsApi {
  constructor(private readonly s: ApiSession) {}

  async list(query: RangeQuery = {}, signal?: AbortSignal): Promise<TestExecution[]> {
    return asList<TestExecution>(await this.s.call(O.listTestExecutions, { query: { ...query }, signal }), O.listTestExecutions);
  }

  iterate(options: { pageSize?: number; search?: string; signal?: AbortSignal } = {}): AsyncGenerator<TestExecution> {
    return iterateRange((q) => this.list(q, options.signal), options);
  }

  async get(id: number, signal?: AbortSignal): Promise<TestExecution> {
    return asRecord<TestExecution>(await this.s.call(O.getTestExecution, { params: { id }, signal }), O.getTestExecution);
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

  async list(signal?: AbortSignal): Promise<TestSuite[]> {
    return asList<TestSuite>(await this.s.call(O.listTestSuites, { signal }), O.listTestSuites);
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
  if (Array.isArray(answer['executionIds'])) return (answer['executionIds'] as unknown[]).filter((x): x is number => typeof x === 'number');
  if (typeof answer['executionId'] === 'number') return [answer['executionId']];
  if (typeof answer['id'] === 'number') return [answer['id']];
  return [];
}
