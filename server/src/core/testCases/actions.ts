import type { TasClient } from '../api/client';
import { int, isRecord, text } from '../base/read';
import type { ExecutionFollow } from '../executions/follow';
import type { HostWords } from '../failures/failures';
import type { TestCaseListQuery, TestCasePage } from '../model/testCases';
import { TestCaseDeletion } from './deletion';
import { serviceQuery, summarizeTestCase } from './list';

// The Test Cases view's actions: a page of the list, the suites that hold a test case, and
// deletion. Running one goes through the runs (sync façade), adding to a suite through the suites.

export class TestCaseActions {
  private readonly deletion: TestCaseDeletion;

  constructor(
    private readonly client: TasClient,
    extraFinal: () => readonly string[],
    words: HostWords,
    follower?: Pick<ExecutionFollow, 'active'>,
  ) {
    this.deletion = new TestCaseDeletion(client, extraFinal, words, follower);
  }

  async page(q: TestCaseListQuery): Promise<TestCasePage> {
    const page = await this.client.testCases.list(serviceQuery(q));
    return {
      items: page.content.flatMap((raw) => summarizeTestCase(raw) ?? []),
      hasMore: !page.last && page.content.length > 0 && page.number + 1 < page.totalPages,
      total: page.totalElements,
    };
  }

  /** The suites that hold a test case, by name, with the id of each whose name is unique. */
  async suites(id: number): Promise<{ name: string; id?: number }[]> {
    const [containing, all] = await Promise.all([
      this.client.testCases.suites(id),
      this.client.testSuites.list().catch(() => []),
    ]);
    // The answer names suites only; an id from the suite list opens them, when the name is unique.
    const ids = new Map<string, number | null>();
    for (const raw of all as unknown[]) {
      if (!isRecord(raw)) continue;
      const name = text(raw['name']);
      const sid = int(raw['id']);
      if (name !== undefined && sid !== undefined) ids.set(name, ids.has(name) ? null : sid);
    }
    return (containing as unknown[]).flatMap((raw) => {
      const name = isRecord(raw) ? text(raw['name']) : undefined;
      if (name === undefined) return [];
      const sid = (isRecord(raw) ? int(raw['id']) : undefined) ?? ids.get(name) ?? undefined;
      return [{ name, ...(sid !== undefined && { id: sid }) }];
    });
  }

  /** One request per test case; never stops at the first failure (TestCaseDeletion). */
  deleteAll(...args: Parameters<TestCaseDeletion['deleteAll']>): ReturnType<TestCaseDeletion['deleteAll']> {
    return this.deletion.deleteAll(...args);
  }
}
