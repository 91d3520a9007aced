import type { Connection } from 'vscode-languageserver/node';
import { type EnvironmentState, type Follower, type Outcome, RunActions, type RunParams, type RunSync, type RunTestCaseResult } from '../../core';
import { RunTestCaseRequest } from '../../protocol';
import { act } from './outcome';
import { EDITOR_WORDS } from '../words';

// Thin adapter from RunTestCaseRequest to the transport-free run actions.

interface Services {
  env: EnvironmentState;
  follower: Follower;
  /** Links and change states of local files (it follows the current environment itself). */
  sync: RunSync | undefined;
  extraFinal: () => readonly string[];
}

/** The run's answer, its failures in words (a step's RunFailure keeps its own). */
export function runTestCase(s: Services, p: RunParams): Promise<Outcome<RunTestCaseResult>> {
  const record = p.id !== undefined ? { record: { kind: 'testCase' as const, id: p.id, ...(p.shown !== undefined && { name: p.shown }) } } : {};
  return act(s.env, { action: 'run the test case', starts: true, ...record }, (env) => new RunActions(env.client, s.sync, s.extraFinal, EDITOR_WORDS, s.follower).run(p));
}

export function registerRunFeatures(connection: Connection, s: Services): void {
  connection.onRequest(RunTestCaseRequest, (p) => runTestCase(s, p));
}
