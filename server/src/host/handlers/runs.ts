import type { Connection } from 'vscode-languageserver/node';
import { describeFailure, SIGNED_OUT } from '../../core/failures/failures';
import type { ExecutionWatcher } from '../../core/executions/watcher';
import { RunTestCaseRequest, type Outcome, type RunTestCaseResult } from '../../protocol';
import type { EnvironmentState } from '../../core/environment/environment';
import { RunActions, RunFailure, type RunParams, type RunSync } from '../../core/runs/run';

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
    return { ok: true, value: await new RunActions(env.client, s.watcher, s.sync, s.extraFinal).run(p) };
  } catch (err) {
    if (err instanceof RunFailure) return { ok: false, error: err.error };
    return { ok: false, error: describeFailure(err, { action: 'run the test case', starts: true }) };
  }
}

export function registerRunFeatures(connection: Connection, s: Services): void {
  connection.onRequest(RunTestCaseRequest, (p) => runTestCase(s, p));
}
