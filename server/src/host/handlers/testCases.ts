import type { Connection } from 'vscode-languageserver/node';
import { type ActionContext, type ActiveEnvironment, type EnvironmentState, type ExecutionWatcher, int, isRecord, outcome, type Outcome, serviceQuery, SIGNED_OUT, summarizeTestCase, TestCaseDeletion, type TestCasePage, text } from '../../core';
import { DeleteTestCasesRequest, ListTestCasesRequest, TestCaseSuitesRequest } from '../../protocol';

// Thin adapters from the Test Cases view's requests to the service. Running one goes through
// RunTestCaseRequest (runs/), adding to a suite through SetSuiteTestCasesRequest (executions/).

interface Services {
  env: EnvironmentState;
  watcher: ExecutionWatcher;
  extraFinal: () => readonly string[];
}

export function registerTestCaseFeatures(connection: Connection, s: Services): void {
  async function act<T>(ctx: ActionContext, run: (env: ActiveEnvironment) => Promise<T>): Promise<Outcome<T>> {
    const env = s.env.current;
    if (!env) return { ok: false, error: SIGNED_OUT };
    return outcome(ctx, () => run(env));
  }

  connection.onRequest(ListTestCasesRequest, (q) =>
    act({ action: 'read the test cases' }, async (env): Promise<TestCasePage> => {
      const query = serviceQuery(q);
      const page = await env.client.testCases.list(query);
      return {
        items: page.content.flatMap((raw) => summarizeTestCase(raw) ?? []),
        hasMore: !page.last && page.content.length > 0 && page.number + 1 < page.totalPages,
        total: page.totalElements,
      };
    }),
  );

  connection.onRequest(TestCaseSuitesRequest, ({ id }) =>
    act({ action: `read the test suites of test case ${id}` }, async (env) => {
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
    const labels = new Map(Object.entries(names ?? {}).map(([id, name]) => [Number(id), `test case "${name}"`]));
    return act({ action: 'delete the test cases' }, (env) => new TestCaseDeletion(env.client, s.extraFinal, s.watcher).deleteAll(ids, labels));
  });
}
