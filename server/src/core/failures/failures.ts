import type { ShownRecord } from '../model/entities';
import { ENTITY_KIND_WORDS } from '../model/entityKinds';
import type { FailureState } from '../model/environment';
import type { ActionError, FailureKind, Outcome } from '../model/outcome';
import { type Failure, failureOf, WordedFailure } from './classify';

// The one table that words each kind of failure (classify.ts sorts errors into kinds), for a
// failed action ("Could not ...") and for the state of the service (the status bar, the
// sign-in check, "References not verified"). The editor and a terminal differ only in their
// next steps (HostWords), which each host gives the core: the core holds no host's words. Calls that start something and lose their answer are "may have
// started": they are never sent again on their own.

/** The next steps where the editor and a terminal really differ: what the user can see and run there. */
export interface HostWords {
  /** How to give credentials, as a sentence. */
  signIn: string;
  /** What to do when the service refused them. */
  reenter: string;
  /** Where the base URL is set. */
  url: string;
  /** What to do when the URL answers but not as the service. */
  changeUrl: string;
  /** Where executions are seen, before a call that may have started some is repeated. */
  executions: string;
  /** A record the service does not have: the editor showed it (so it is gone), a terminal was given its id. */
  notFound: string;
  /** After "<record> was deleted on the service; ": what became of it here. */
  gone: string;
  /** How to opt in to plain http to another machine, as the end of a sentence. */
  allowHttp: string;
  /** Where the proxy and its credentials are set, as the object of "Check". */
  proxy: string;
  /** How to make an authority trusted, as a sentence. */
  trust: string;
}

export interface ActionContext {
  /** What the user asked, as a verb phrase: "execute test suite Smoke". */
  action: string;
  /** The call can start executions: a lost answer means they may have started. */
  starts?: boolean;
  /** Words for a 409 of this action, when the service gives none. */
  conflict?: string;
  /** Words for a 404 of this action, when the host's (a record shown, or an id given) do not fit. */
  notFound?: string;
  /** With `starts`: what to check before trying again, when it is not the executions. */
  startedWhat?: string;
  /** Words for a lost answer of a call that may have changed something (not started a run). */
  lost?: string;
  /** The record acted on as the user saw it: a 404 says it was deleted, by name, and the views drop it. */
  record?: ShownRecord;
}

/** A record in a sentence: 'trace filter "Ghost filter"', or 'trace filter 7' when no name is known. */
export function recordWords(r: ShownRecord): string {
  const name = r.name?.trim();
  return name ? `${ENTITY_KIND_WORDS[r.kind]} "${name}"` : `${ENTITY_KIND_WORDS[r.kind]} ${r.id}`;
}

/** The same at the start of a sentence. */
const RecordWords = (r: ShownRecord): string => {
  const w = recordWords(r);
  return w[0]!.toUpperCase() + w.slice(1);
};

/** What a row of the table words a failure from. */
interface Words {
  f: Failure;
  host: HostWords;
  /** Of the action that failed: `action` is empty where only the service's state is worded. */
  ctx: ActionContext;
  /** " The service said: ...", or nothing. */
  said: string;
}

/** What a failure says about the service itself, one of three things a user can act on. */
interface ServiceWords {
  state: FailureState;
  say(baseUrl: string, w: Words): string;
}

const REFUSED: ServiceWords = {
  state: 'credentialsRefused',
  say: (url, w) => `The service at ${url} refused the client ID or secret (${w.f.detail}). ${w.host.reenter}`,
};
const NOT_SERVICE: ServiceWords = {
  state: 'notService',
  say: (url, w) => `${url} does not answer like a Test Automation Service (${w.f.detail}). ${w.host.changeUrl}`,
};
const UNREACHABLE: ServiceWords = {
  state: 'unreachable',
  say: (url, w) =>
    `Cannot reach the service at ${url} (${w.f.detail}). Check ${w.host.url} and the network, then try again.`,
};
/** Plain http to another machine without the opt-in: refused before anything was sent. */
const INSECURE: ServiceWords = {
  state: 'insecureHttp',
  say: (url, w) => `${url} ${plainHttp(w)}`,
};
const plainHttp = (w: Words) =>
  `uses plain http to another machine: the client secret and the token would cross the network unencrypted, so nothing was sent. Use https, or, on a network you trust, ${w.host.allowHttp}`;
/** The proxy, not the service, failed: its words name it and where it is set. */
const PROXY: ServiceWords = {
  state: 'unreachable',
  say: (url, w) => `Cannot reach the service at ${url}: ${w.f.detail}. ${proxyStep(w)}`,
};
const proxyStep = (w: Words) =>
  w.f.kind === 'proxyRefused'
    ? `Check the proxy's user name and password (${w.host.proxy}).`
    : `Check ${w.host.proxy}, and that the proxy is running, then try again.`;
/** The connection was refused for its certificate: which host, which authority, how to trust it. */
const CERTIFICATE: ServiceWords = {
  state: 'unreachable',
  say: (url, w) => `Cannot connect to the service at ${url} safely: ${w.f.detail}. ${w.host.trust}`,
};
/** No call fails this way with credentials set; without them, giving them is the next step, as for refused ones. */
const NO_CREDENTIALS: ServiceWords = {
  state: 'credentialsRefused',
  say: (_url, w) => `No service credentials are set. ${w.host.signIn}`,
};

interface Row {
  service: ServiceWords;
  /** The sentence for a failed action, with the next step. */
  action(w: Words): string;
}

const couldNot = (w: Words, what: string) => `Could not ${w.ctx.action}: ${what}`;

/** The one table: every kind, worded for an action and for the service's state. */
const WORDS: Record<FailureKind, Row> = {
  signedOut: { service: NO_CREDENTIALS, action: (w) => NO_CREDENTIALS.say('', w) },
  unauthorized: {
    service: REFUSED,
    action: (w) => couldNot(w, `the service refused the client ID or secret. ${w.host.reenter}`),
  },
  notOwner: {
    service: REFUSED,
    action: (w) =>
      couldNot(
        w,
        'without the ADMIN role you can assign only records you created. Ask their owner or an administrator to assign them.',
      ),
  },
  forbidden: { service: REFUSED, action: (w) => couldNot(w, `your role on the service does not allow it.${w.said}`) },
  notService: {
    service: NOT_SERVICE,
    action: (w) =>
      couldNot(w, `${w.host.url} does not answer like a Test Automation Service (${w.f.detail}). ${w.host.changeUrl}`),
  },
  // For the service's state, a 404 comes from reading the lists every service has: the URL is wrong.
  notFound: {
    service: NOT_SERVICE,
    action: (w) =>
      w.ctx.record && w.ctx.notFound === undefined
        ? `${RecordWords(w.ctx.record)} was deleted on the service; ${w.host.gone}`
        : couldNot(w, `${w.ctx.notFound ?? w.host.notFound}${w.said}`),
  },
  conflict: {
    service: UNREACHABLE,
    action: (w) =>
      `The service refused to ${w.ctx.action}${w.ctx.conflict ? `: ${w.ctx.conflict}` : ' in its current state.'}${w.said}`,
  },
  invalidRequest: {
    service: UNREACHABLE,
    action: (w) => `The service rejected the request to ${w.ctx.action}.${w.said}`,
  },
  tooLarge: {
    service: UNREACHABLE,
    action: (w) => `The service rejected the request to ${w.ctx.action}: the batch is too large for it.${w.said}`,
  },
  rateLimited: {
    service: UNREACHABLE,
    action: (w) => couldNot(w, 'the service is limiting requests. Try again in a minute.'),
  },
  unavailable: {
    service: UNREACHABLE,
    action: (w) => couldNot(w, `the service had a problem (HTTP ${w.f.status ?? '5xx'}). Try again later.${w.said}`),
  },
  timeout: { service: UNREACHABLE, action: (w) => noAnswer(w) },
  network: { service: UNREACHABLE, action: (w) => noAnswer(w) },
  proxyUnreachable: { service: PROXY, action: (w) => couldNot(w, `${w.f.detail}. ${proxyStep(w)}`) },
  proxyRefused: { service: PROXY, action: (w) => couldNot(w, `${w.f.detail}. ${proxyStep(w)}`) },
  certificate: { service: CERTIFICATE, action: (w) => couldNot(w, `${w.f.detail}. ${w.host.trust}`) },
  invalidResponse: {
    service: NOT_SERVICE,
    action: (w) => couldNot(w, `the service answered in an unexpected way.${w.said}`),
  },
  cancelled: { service: UNREACHABLE, action: (w) => `Cancelled: ${w.ctx.action}.` },
  insecureHttp: { service: INSECURE, action: (w) => couldNot(w, `${w.host.url} ${plainHttp(w)}`) },
  mayHaveStarted: {
    service: UNREACHABLE,
    action: (w) =>
      `The answer to "${w.ctx.action}" was lost on the way: it may have started. ${w.ctx.startedWhat ?? `Check ${w.host.executions} before trying again.`}`,
  },
  mayHaveChanged: {
    service: UNREACHABLE,
    action: (w) => `The answer to "${w.ctx.action}" was lost on the way: ${w.ctx.lost ?? 'it may have changed.'}`,
  },
  internal: { service: UNREACHABLE, action: (w) => couldNot(w, w.f.detail) },
};

function noAnswer(w: Words): string {
  return couldNot(
    w,
    `the service did not answer (${w.f.detail}). Check ${w.host.url} and the network, then try again.`,
  );
}

function words(f: Failure, host: HostWords, ctx: ActionContext): Words {
  return { f, host, ctx, said: f.serviceMessage ? ` The service said: ${f.serviceMessage}` : '' };
}

/** A lost answer is worded by what the action may have done. */
function kindFor(f: Failure, ctx: ActionContext): FailureKind {
  if (f.kind !== 'network' && f.kind !== 'timeout') return f.kind;
  return ctx.starts ? 'mayHaveStarted' : ctx.lost ? 'mayHaveChanged' : f.kind;
}

/** A failed action in plain words with the host's next step; a failure already in words is kept. */
export function describeFailure(err: unknown, ctx: ActionContext, host: HostWords): ActionError {
  if (err instanceof WordedFailure) return err.error;
  const f = failureOf(err);
  const kind = kindFor(f, ctx);
  return { kind, message: WORDS[kind].action(words(f, host, ctx)) };
}

/** What a failure says about the service: one of three states and its cause, for a host that words them itself. */
export function serviceState(err: unknown): { state: FailureState; detail: string; kind: FailureKind } {
  const f = failureOf(err);
  return { state: WORDS[f.kind].service.state, detail: f.detail, kind: f.kind };
}

/** What a failure says about the service at `baseUrl`: one of three states, its cause, and a sentence. */
export function serviceFailure(
  err: unknown,
  baseUrl: string,
  host: HostWords,
): { state: FailureState; detail: string; message: string } {
  const f = failureOf(err);
  const service = WORDS[f.kind].service;
  return { state: service.state, detail: f.detail, message: service.say(baseUrl, words(f, host, { action: '' })) };
}

/** Not signed in, in the host's words. */
export function signedOut(host: HostWords): ActionError {
  return {
    kind: 'signedOut',
    message: WORDS.signedOut.action(words({ kind: 'signedOut', detail: '' }, host, { action: '' })),
  };
}

/** A sentence continued after a colon ("Not verified: cannot reach ..."). */
export function asClause(sentence: string): string {
  return /^[A-Z][a-z]/.test(sentence) ? sentence[0]!.toLowerCase() + sentence.slice(1) : sentence;
}

/** Runs an action and turns its failure into the host's words. */
export async function outcome<T>(ctx: ActionContext, run: () => Promise<T>, host: HostWords): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    return { ok: false, error: describeFailure(err, ctx, host) };
  }
}
