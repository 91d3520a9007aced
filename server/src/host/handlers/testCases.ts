import type { Connection } from 'vscode-languageserver/node';
import { type ServiceSession, recordWords, type ShownRecord, shownRecord } from '../../core';
import { DeleteTestCasesRequest, ListTestCasesRequest, TestCaseSuitesRequest } from '../../protocol';

// Thin adapters from the Test Cases view's requests to the test case actions. Running one goes
// through RunTestCaseRequest (runs.ts), adding to a suite through SetSuiteTestCasesRequest (executions.ts).

const testCase = (id: number, shown?: string): ShownRecord => shownRecord('testCase', id, shown);

export function registerTestCaseFeatures(connection: Connection, s: { session: ServiceSession }): void {
  connection.onRequest(ListTestCasesRequest, (q) =>
    s.session.act({ action: 'read the test cases' }, (env) => s.session.actions(env).testCases.page(q)),
  );

  connection.onRequest(TestCaseSuitesRequest, ({ id, shown }) =>
    s.session.act(
      { action: `read the test suites of ${recordWords(testCase(id, shown))}`, record: testCase(id, shown) },
      (env) => s.session.actions(env).testCases.suites(id),
    ),
  );

  connection.onRequest(DeleteTestCasesRequest, ({ ids, names }) => {
    const shown = new Map(Object.entries(names ?? {}).map(([id, name]) => [Number(id), name]));
    return s.session.act({ action: 'delete the test cases' }, (env) =>
      s.session.actions(env).testCases.deleteAll(ids, shown, (id) => s.session.recordGone(testCase(id, shown.get(id)))),
    );
  });
}
