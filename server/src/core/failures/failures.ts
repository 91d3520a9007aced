import { ApiError } from '../api/errors';
import type { ActionError, Outcome } from '../model/outcome';

// Failures of view actions in plain words, with the next step. Calls that start something and
// lose their answer are "may have started": they are never sent again on their own.

export interface ActionContext {
  /** What the user asked, as a verb phrase: "execute test suite Smoke". */
  action: string;
  /** The call can start executions: a lost answer means they may have started. */
  starts?: boolean;
  /** Words for a 409 of this action, when the service gives none. */
  conflict?: string;
  /** With `starts`: what to check before trying again, when it is not Executions. */
  startedWhat?: string;
  /** Words for a lost answer of a call that may have changed something (not started a run). */
  lost?: string;
}

export function describeFailure(err: unknown, ctx: ActionContext): ActionError {
  if (!(err instanceof ApiError)) {
    const message = err instanceof Error ? err.message : String(err);
    return { kind: 'internal', message: `Could not ${ctx.action}: ${message}` };
  }
  const said = err.serviceMessage ? ` The service said: ${err.serviceMessage}` : '';
  switch (err.kind) {
    case 'network':
    case 'timeout':
      if (ctx.starts) {
        return {
          kind: 'mayHaveStarted',
          message: `The answer to "${ctx.action}" was lost on the way: it may have started. ${ctx.startedWhat ?? 'Check Executions before trying again.'}`,
        };
      }
      if (ctx.lost) return { kind: 'mayHaveChanged', message: `The answer to "${ctx.action}" was lost on the way: ${ctx.lost}` };
      return { kind: err.kind, message: `Could not ${ctx.action}: the service did not answer. Check the connection and try again.` };
    case 'conflict':
      return { kind: 'conflict', message: `The service refused to ${ctx.action}${ctx.conflict ? `: ${ctx.conflict}` : '.'}${said}` };
    case 'notFound':
      return { kind: 'notFound', message: `Could not ${ctx.action}: it no longer exists on the service. Refresh the view.` };
    case 'unauthorized':
      return { kind: 'unauthorized', message: `Could not ${ctx.action}: the service refused the credentials. Run Test Automation: Sign In.` };
    case 'notOwner':
      return {
        kind: 'notOwner',
        message: `Could not ${ctx.action}: without the ADMIN role you can assign only records you created. Ask their owner or an administrator to assign them.`,
      };
    case 'forbidden':
      return { kind: 'forbidden', message: `Could not ${ctx.action}: your role on the service does not allow it.${said}` };
    case 'rateLimited':
      return { kind: 'rateLimited', message: `Could not ${ctx.action}: the service is limiting requests. Try again in a minute.` };
    case 'unavailable':
      return { kind: 'unavailable', message: `Could not ${ctx.action}: the service had a problem (HTTP ${err.status ?? '5xx'}). Try again later.${said}` };
    case 'invalidRequest':
      return { kind: 'invalidRequest', message: `The service rejected the request to ${ctx.action}.${said}` };
    case 'cancelled':
      return { kind: 'cancelled', message: `Cancelled: ${ctx.action}.` };
    default:
      return { kind: err.kind, message: `Could not ${ctx.action}: the service answered in an unexpected way.${said}` };
  }
}

export const SIGNED_OUT: ActionError = { kind: 'signedOut', message: 'Not signed in to a Test Automation Service: run Test Automation: Sign In.' };

/** Runs an action and turns its failure into words. */
export async function outcome<T>(ctx: ActionContext, run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    return { ok: false, error: describeFailure(err, ctx) };
  }
}
