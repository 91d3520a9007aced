import { type ActionContext, type ActiveEnvironment, type EnvironmentState, outcome, type Outcome, type ShownRecord } from '../../core';
import { EDITOR_WORDS, SIGNED_OUT } from '../words';

// How every custom request that can fail in an expected way answers: an Outcome, its failure in
// the failure table's words. One helper, so "not signed in" and the wording are the same everywhere.

/** Told of every record an action found gone (404): the views and the reference cache drop it. */
let goneListener: (record: ShownRecord) => void = () => undefined;

/** server.ts says who is told; set once at start. */
export function onRecordGone(listener: (record: ShownRecord) => void): void {
  goneListener = listener;
}

/** A record the service answered 404 for, outside `act` (one item of a batch). */
export function recordGone(record: ShownRecord): void {
  goneListener(record);
}

/** Runs an action in the current environment, or says that there is none. */
export async function act<T>(env: EnvironmentState, ctx: ActionContext, run: (env: ActiveEnvironment) => Promise<T>): Promise<Outcome<T>> {
  const current = env.current;
  if (!current) return { ok: false, error: SIGNED_OUT };
  const o = await outcome(ctx, () => run(current), EDITOR_WORDS);
  // Only a 404 of the record itself: a notFound worded otherwise (ctx.notFound) is about something else.
  if (!o.ok && o.error.kind === 'notFound' && ctx.record && ctx.notFound === undefined) goneListener(ctx.record);
  return o;
}
