import type { Connection } from 'vscode-languageserver/node';
import { describeFailure, type EnvironmentState, type ExecutionWatcher, type Outcome, RunActions, RunFailure, type RunParams, type RunSync, type RunTestCaseResult, SIGNED_OUT } from '../../core';
import { RunTestCaseRequest } from '../../protocol';

// Thin adapter from RunTestCaseRequest to the transport-free run actions.

interface Services {
  env: EnvironmentState;
  watcher: ExecutionWatcher;
  /** Links and change states of local files (it follows the current environment itself). */
  sync: RunSync | undefined;
  extraFinal: () => readonly string[];
}

/** The run's answer, its failures in words. */
export async function runTestCase(s: Services, p: RunParams): Promise<Outcome<RunTestCaseResult>> {
  const env = s.env.current;
  if (!env) return { ok: false, error: SIGNED_OUT };
  try {
    return { ok: true, value: await new RunActions(env.client, s.sync, s.extraFinal, s.watcher).run(p) };
  } catch (err) {
    if (err instanceof RunFailure) return { ok: false, error: err.error };
    return { ok: false, error: describeFailure(err, { action: 'run the test case', starts: true }) };
  }
}

export function registerRunFeatures(connection: Connection, s: Services): void {
  connection.onRequest(RunTestCaseRequest, (p) => runTestCase(s, p));
}
