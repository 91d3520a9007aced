import { type ActionContext, type ActiveEnvironment, type EnvironmentState, outcome, type Outcome, SIGNED_OUT } from '../../core';

// How every custom request that can fail in an expected way answers: an Outcome, its failure in
// the failure table's words. One helper, so "not signed in" and the wording are the same everywhere.

/** Runs an action in the current environment, or says that there is none. */
export function act<T>(env: EnvironmentState, ctx: ActionContext, run: (env: ActiveEnvironment) => Promise<T>): Promise<Outcome<T>> {
  const current = env.current;
  if (!current) return Promise.resolve({ ok: false, error: SIGNED_OUT });
  return outcome(ctx, () => run(current));
}
