import type { Connection } from 'vscode-languageserver/node';
import { CancelSuiteRequest, CreateSuiteRequest, DeleteExecutionsRequest, DeleteSuiteRequest, ExecuteSuiteRequest, ExecutionDetailsRequest, ExecutionsChangedNotification, FollowExecutionsNotification, ListExecutionsRequest, ListSuitesRequest, RerunExecutionRequest, SetSuiteTestCasesRequest, TestCaseChoicesRequest, WatchAttentionNotification } from '../../protocol';
import { type ActiveEnvironment, describeFailure, type EnvironmentState, ExecutionActions, type ExecutionWatcher, type ReferenceCache, SuiteActions } from '../../core';
import { act } from './outcome';

// Thin adapters from the views' requests to the suite and execution actions.

interface Services {
  env: EnvironmentState;
  refs: ReferenceCache;
  watcher: ExecutionWatcher;
  extraFinal: () => readonly string[];
}

export function registerExecutionFeatures(connection: Connection, s: Services): void {
  const suites = (env: ActiveEnvironment) => new SuiteActions(env.client, () => s.refs.testCases(), s.extraFinal, s.watcher);
  const executions = (env: ActiveEnvironment) => new ExecutionActions(env.client, s.extraFinal, s.watcher);


  s.watcher.onChange((changed, active) => void connection.sendNotification(ExecutionsChangedNotification, { changed, active }));

  connection.onRequest(ListSuitesRequest, () => act(s.env, { action: 'read the test suites' }, (env) => suites(env).list()));
  connection.onRequest(ExecuteSuiteRequest, ({ id }) =>
    act(s.env, { action: `execute test suite ${id}`, starts: true, conflict: 'it is disabled, has no test cases, or none of them can start now.' }, (env) =>
      suites(env).execute(id),
    ),
  );
  connection.onRequest(CancelSuiteRequest, ({ id }) => act(s.env, { action: `cancel test suite ${id}` }, (env) => suites(env).cancel(id)));
  connection.onRequest(DeleteSuiteRequest, ({ id }) =>
    act(s.env, { action: `delete test suite ${id}`, conflict: 'it has queued or running executions. Cancel them first, then delete.' }, (env) => suites(env).delete(id)),
  );
  connection.onRequest(CreateSuiteRequest, ({ name, description, testCaseIds }) =>
    act(s.env, { action: `create test suite "${name}"`, starts: true, conflict: 'another test suite already has this name.' }, (env) =>
      suites(env).create(name, testCaseIds, description),
    ),
  );
  connection.onRequest(SetSuiteTestCasesRequest, ({ id, testCaseIds }) =>
    act(s.env, { action: `change the test cases of test suite ${id}` }, (env) => suites(env).setTestCases(id, testCaseIds)),
  );
  connection.onRequest(TestCaseChoicesRequest, () => act(s.env, { action: 'read the test cases' }, (env) => suites(env).testCaseChoices()));

  connection.onRequest(ListExecutionsRequest, ({ start, count, search }) =>
    act(s.env, { action: 'read the executions' }, (env) => executions(env).page(start, count, search)),
  );
  connection.onRequest(ExecutionDetailsRequest, ({ id }) => act(s.env, { action: `read execution ${id}` }, (env) => executions(env).details(id)));
  connection.onRequest(RerunExecutionRequest, ({ id }) =>
    act(s.env, { action: `rerun execution ${id}`, starts: true, conflict: 'it is still queued or running, or its test case cannot start now.' }, (env) =>
      executions(env).rerun(id),
    ),
  );
  connection.onRequest(DeleteExecutionsRequest, ({ ids }) =>
    act(s.env, { action: 'delete executions' }, (env) =>
      executions(env).delete(ids, (err, id) => describeFailure(err, { action: `delete execution ${id}` }).message),
    ),
  );

  connection.onNotification(FollowExecutionsNotification, ({ ids }) => s.watcher.follow(ids));
  connection.onNotification(WatchAttentionNotification, ({ watching, focused }) => s.watcher.setAttention(watching && focused));
}
