import type { Connection } from 'vscode-languageserver/node';
import {
  CancelSuiteRequest,
  CreateSuiteRequest,
  DeleteExecutionsRequest,
  DeleteSuiteRequest,
  ExecuteSuiteRequest,
  ExecutionDetailsRequest,
  ExecutionsChangedNotification,
  FollowExecutionsNotification,
  ListExecutionsRequest,
  ListSuitesRequest,
  RerunExecutionRequest,
  SetSuiteTestCasesRequest,
  TestCaseChoicesRequest,
  ExecutionsAttentionNotification,
} from '../../protocol';
import {
  type ActiveEnvironment,
  describeFailure,
  recordWords,
  type ServiceSession,
  type ShownRecord,
  shownRecord,
} from '../../core';

const suite = (id: number, shown?: string): ShownRecord => shownRecord('testSuite', id, shown);
const execution = (id: number, shown?: string): ShownRecord => shownRecord('execution', id, shown);

// Thin adapters from the views' requests to the suite and execution actions.

interface Services {
  session: ServiceSession;
}

export function registerExecutionFeatures(connection: Connection, s: Services): void {
  const suites = (env: ActiveEnvironment) => s.session.actions(env).suites;
  const executions = (env: ActiveEnvironment) => s.session.actions(env).executions;
  const follower = s.session.follower;

  follower.onChange(
    (changed, active) => void connection.sendNotification(ExecutionsChangedNotification, { changed, active }),
  );

  connection.onRequest(ListSuitesRequest, () =>
    s.session.act({ action: 'read the test suites' }, (env) => suites(env).list()),
  );
  connection.onRequest(ExecuteSuiteRequest, ({ id, shown }) =>
    s.session.act(
      {
        action: `execute ${recordWords(suite(id, shown))}`,
        starts: true,
        conflict: 'it is disabled, has no test cases, or none of them can start now.',
        record: suite(id, shown),
      },
      (env) => suites(env).execute(id),
    ),
  );
  connection.onRequest(CancelSuiteRequest, ({ id, shown }) =>
    s.session.act({ action: `cancel ${recordWords(suite(id, shown))}`, record: suite(id, shown) }, (env) =>
      suites(env).cancel(id),
    ),
  );
  connection.onRequest(DeleteSuiteRequest, ({ id, shown }) =>
    s.session.act({ action: `delete ${recordWords(suite(id, shown))}`, record: suite(id, shown) }, (env) =>
      suites(env).delete(id, recordWords(suite(id, shown))),
    ),
  );
  connection.onRequest(CreateSuiteRequest, ({ name, description, testCaseIds }) =>
    s.session.act(
      { action: `create test suite "${name}"`, starts: true, conflict: 'another test suite already has this name.' },
      (env) => suites(env).create(name, testCaseIds, description),
    ),
  );
  connection.onRequest(SetSuiteTestCasesRequest, ({ id, testCaseIds, shown }) =>
    s.session.act({ action: `change the test cases of ${recordWords(suite(id, shown))}` }, (env) =>
      suites(env).setTestCases(id, testCaseIds),
    ),
  );
  connection.onRequest(TestCaseChoicesRequest, () =>
    s.session.act({ action: 'read the test cases' }, (env) => suites(env).testCaseChoices()),
  );

  connection.onRequest(ListExecutionsRequest, ({ start, count, search }) =>
    s.session.act({ action: 'read the executions' }, (env) => executions(env).page(start, count, search)),
  );
  connection.onRequest(ExecutionDetailsRequest, ({ id, shown }) =>
    s.session.act({ action: `read ${recordWords(execution(id, shown))}`, record: execution(id, shown) }, (env) =>
      executions(env).details(id),
    ),
  );
  connection.onRequest(RerunExecutionRequest, ({ id, shown }) =>
    s.session.act(
      {
        action: `rerun ${recordWords(execution(id, shown))}`,
        starts: true,
        conflict: 'it is still queued or running, or its test case cannot start now.',
        record: execution(id, shown),
      },
      (env) => executions(env).rerun(id),
    ),
  );
  connection.onRequest(DeleteExecutionsRequest, ({ ids }) =>
    s.session.act({ action: 'delete executions' }, (env) =>
      executions(env).delete(ids, (err, id) => {
        const failure = describeFailure(
          err,
          {
            action: `delete execution ${id}`,
            record: execution(id),
            conflict: 'it is still queued or running. Wait for it to end, or cancel its test suite, then delete it.',
          },
          s.session.words,
        );
        if (failure.kind === 'notFound') s.session.recordGone(execution(id));
        return failure.message;
      }),
    ),
  );

  connection.onNotification(FollowExecutionsNotification, ({ ids }) => follower.follow(ids));
  connection.onNotification(ExecutionsAttentionNotification, ({ looking, focused }) =>
    follower.setAttention(looking && focused),
  );
}
