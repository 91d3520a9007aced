import type { Connection } from 'vscode-languageserver/node';
import { type EnvironmentState, recordWords, type ShownRecord, type Follower, int, isRecord, serviceQuery, summarizeTestCase, TestCaseDeletion, type TestCasePage, text } from '../../core';
import { DeleteTestCasesRequest, ListTestCasesRequest, TestCaseSuitesRequest } from '../../protocol';
import { EDITOR_WORDS } from '../words';
import { act, recordGone } from './outcome';

// Thin adapters from the Test Cases view's requests to the service. Running one goes through
// RunTestCaseRequest (runs/), adding to a suite through SetSuiteTestCasesRequest (executions/).

const testCase = (id: number, shown?: string): ShownRecord => ({ kind: 'testCase', id, ...(shown !== undefined && { name: shown }) });

interface Services {
  env: EnvironmentState;
  follower: Follower;
  extraFinal: () => readonly string[];
}

export function registerTestCaseFeatures(connection: Connection, s: Services): void {
  connection.onRequest(ListTestCasesRequest, (q) =>
    act(s.env, { action: 'read the test cases' }, async (env): Promise<TestCasePage> => {
      const query = serviceQuery(q);
      const page = await env.client.testCases.list(query);
      return {
        items: page.content.flatMap((raw) => summarizeTestCase(raw) ?? []),
        hasMore: !page.last && page.content.length > 0 && page.number + 1 < page.totalPages,
        total: page.totalElements,
      };
    }),
  );

  connection.onRequest(TestCaseSuitesRequest, ({ id, shown }) =>
    act(s.env, { action: `read the test suites of ${recordWords(testCase(id, shown))}`, record: testCase(id, shown) }, async (env) => {
      const [containing, all] = await Promise.all([env.client.testCases.suites(id), env.client.testSuites.list().catch(() => [])]);
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
    }),
  );

  connection.onRequest(DeleteTestCasesRequest, ({ ids, names }) => {
    const shown = new Map(Object.entries(names ?? {}).map(([id, name]) => [Number(id), name]));
    return act(s.env, { action: 'delete the test cases' }, (env) =>
      new TestCaseDeletion(env.client, s.extraFinal, EDITOR_WORDS, s.follower).deleteAll(ids, shown, (id) => recordGone(testCase(id, shown.get(id)))),
    );
  });
}
