import { pathToFileURL } from 'node:url';
import {
  type CaseLinks,
  createServiceSession,
  type Diagnostic,
  envKey,
  type FileKind,
  type ReferenceState,
  type ServiceSession,
  validation,
  type Wanted,
} from '../../server/src/core';
import type { Context } from './context';
import { Exit, exitCodeOf, type ExitCode } from './exitCodes';
import { checkLocal, type FileResult, messageText, readForCheck, withReferences, type LocalResult } from './validation';

// The files `tas validate` checks, checked as the editor checks them, with the service's lists
// read once for all of them; `tas mcp`'s validation tool checks through the same function, so
// an assistant is told what `tas validate` says.

export const SEVERITY = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' } as const;
/** Files checked between two looks at the network while the reference lists load. */
const LOCAL_CHUNK = 25;

/**
 * A session with the service for `ctx`'s credentials: a run's (`tas validate`) reads each list,
 * record and function once, shared by every file; a longer one (`tas mcp`) keeps them `cacheTtlMs`.
 */
export function serviceSession(ctx: Context, cacheTtlMs = Number.POSITIVE_INFINITY): ServiceSession {
  const { environment, from } = ctx.source;
  const onRequest = ctx.sessionOptions().onRequest;
  const session = createServiceSession({
    words: ctx.words,
    sessionOptions: () => ctx.sessionOptions(),
    ...(onRequest && { onRequest }),
    cacheTtlMs: () => cacheTtlMs,
  });
  session.environment.set({ name: from, ...environment });
  return session;
}

type Lists = ServiceSession['lists'];

/**
 * The service's lists once for the whole run, or why they cannot be had. The ids the files name
 * that the lists lack (`wanted`, once the files are read) are then confirmed by their own records.
 */
async function referenceStates(
  refs: Lists,
  kinds: Set<FileKind>,
  wanted: () => Promise<{ ids: Map<FileKind, Wanted>; apiClients: boolean }>,
): Promise<Map<FileKind, ReferenceState>> {
  const states = new Map<FileKind, ReferenceState>();
  for (const kind of kinds) states.set(kind, await refs.state(kind));
  if ([...states.values()].some((s) => s.status !== 'ok')) return states;
  const { ids, apiClients } = await wanted();
  // A file of another environment naming an API client: its counterpart is looked up by name in the list.
  const clients = apiClients ? await refs.apiClients().catch(() => undefined) : undefined;
  for (const [kind, state] of states) {
    const w = ids.get(kind);
    const confirmed = w ? await refs.confirm(state, w) : state;
    states.set(
      kind,
      clients && confirmed.status === 'ok'
        ? { ...confirmed, data: { ...confirmed.data, apiClients: clients } }
        : confirmed,
    );
  }
  return states;
}

/** Every id the files name, per kind of file (the union: one confirmation serves every file). */
function wantedIds(locals: readonly LocalResult[], links: readonly (CaseLinks | undefined)[]): Map<FileKind, Wanted> {
  const out = new Map<FileKind, Wanted>();
  locals.forEach((l, i) => {
    if (!l.parsed) return;
    out.set(l.parsed.kind, validation.referencedIds(l.parsed.kind, l.parsed.value, links[i], out.get(l.parsed.kind)));
  });
  return out;
}

/** One diagnostic as --format json prints it (1-based lines and columns). */
export interface JsonDiagnostic {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: (typeof SEVERITY)[keyof typeof SEVERITY];
  code: string;
  message: string;
}

export const jsonDiagnostic = (d: Diagnostic): JsonDiagnostic => ({
  line: d.range.start.line + 1,
  column: d.range.start.character + 1,
  endLine: d.range.end.line + 1,
  endColumn: d.range.end.character + 1,
  severity: SEVERITY[d.severity ?? 1],
  code: String(d.code ?? ''),
  message: messageText(d),
});

/**
 * Asks the service about each step function the files name as soon as a file names it (a read,
 * once per name, kept in the reference cache): the answers arrive while the other files are
 * checked, instead of after the last one (about a fifth of a run over 1,000 files). A failure is
 * met again, and said, where the steps are checked.
 */
function askAhead(refs: Lists): (kind: FileKind, value: unknown) => void {
  const asked = new Set<string>();
  return (kind, value) => {
    for (const name of validation.functionsNamed(kind, value)) {
      if (asked.has(name)) continue;
      asked.add(name);
      refs.functionInfo(name).catch(() => undefined);
    }
  };
}

/**
 * Every file checked as the editor checks it: the local checks first, while the service's lists
 * are on their way, then (online, once the lists are had) references, step functions and API
 * clients. `states` undefined: references not checked (offline, or `unverified` says why).
 */
export interface CheckOptions {
  /** A session kept by the caller (its cached lists), left open; none: one for this check, closed after it. */
  session?: ServiceSession;
  /** A file's text and its problem; none: read from disk (`readForCheck`). */
  read?: (path: string) => ReturnType<typeof readForCheck>;
}

export async function checkFiles(
  ctx: Context,
  files: string[],
  maxProblems: number,
  online: boolean,
  options: CheckOptions = {},
): Promise<{
  results: FileResult[];
  states?: Map<FileKind, ReferenceState>;
  unverified?: { reason: string; code: ExitCode };
}> {
  const kinds = new Set(
    files.flatMap((f): FileKind[] =>
      f.endsWith('.testcases.json') ? ['bundle'] : f.endsWith('.testcase.json') ? ['testCase'] : [],
    ),
  );
  // A file's id names a test case only in its home environment (the sync state says which);
  // the sync states are read while the files are checked.
  const env = online ? envKey(ctx.source.environment.baseUrl) : undefined;
  const syncStates = validation.syncStates();
  const uris = files.map((f) => pathToFileURL(f).href);
  const links =
    env === undefined ? undefined : uris.map((uri) => validation.links(uri, env, syncStates).catch(() => undefined));
  let localsRead!: (locals: LocalResult[]) => void;
  const localsDone = new Promise<LocalResult[]>((resolve) => (localsRead = resolve));
  const service = online ? (options.session ?? serviceSession(ctx)) : undefined;
  const read = options.read ?? readForCheck;
  try {
    const pending = service
      ? referenceStates(service.lists, kinds, async () => {
          const [read, linked] = [await localsDone, links ? await Promise.all(links) : []];
          return {
            ids: wantedIds(read, linked),
            apiClients: read.some(
              (l, i) =>
                l.parsed !== undefined && validation.namesForeignApiClient(l.parsed.kind, l.parsed.value, linked[i]),
            ),
          };
        })
      : undefined;
    // Awaited below; marked handled now, so a failure meanwhile is not an unhandled rejection.
    pending?.catch(() => undefined);
    // The local checks run while the service's lists are on their way, a chunk of files at a
    // time, so that the answers are read (and the next requests sent) in between.
    const locals: LocalResult[] = [];
    const ask = service && askAhead(service.lists);
    try {
      for (let i = 0; i < files.length; i += LOCAL_CHUNK) {
        if (pending && i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
        for (let k = i; k < Math.min(i + LOCAL_CHUNK, files.length); k++) {
          // A file that cannot be read is an error of that file, not the end of the run.
          const { text, problem } = read(files[k]!);
          const local: LocalResult =
            text === undefined
              ? { path: files[k]!, diagnostics: [] }
              : checkLocal(files[k]!, text, uris[k], maxProblems);
          if (problem) local.diagnostics.unshift(problem);
          locals.push(local);
          if (ask && local.parsed) ask(local.parsed.kind, local.parsed.value);
        }
      }
    } finally {
      // Also on a failure, so the confirmations end.
      localsRead(locals);
    }
    const states = pending ? await pending : undefined;
    const failed = states && [...states.values()].find((s) => s.status === 'unavailable');
    if (failed?.status === 'unavailable') {
      // One line for the run instead of a note in every file.
      return {
        results: locals.map((l) => withReferences(l)),
        unverified: { reason: failed.reason, code: exitCodeOf(failed.cause) === Exit.auth ? Exit.auth : Exit.service },
      };
    }
    const linksOf = states && links ? await Promise.all(links) : [];
    // Steps against each function's description and the API clients they name, as the editor
    // checks them: with the lists at hand (the service answered), each answer asked once a run.
    const steps = await Promise.all(
      locals.map((l, i) =>
        service && states && l.parsed
          ? validation.steps(
              l.parsed.doc,
              l.parsed.kind,
              l.parsed.value,
              service.lists,
              true,
              l.maxProblems,
              linksOf[i],
            )
          : Promise.resolve([]),
      ),
    );
    return {
      results: locals.map((l, i) => withReferences(l, states && ((kind) => states.get(kind)), linksOf[i], steps[i])),
      ...(states && { states }),
    };
  } finally {
    // Also on a failure, so the client ends (a session the caller keeps stays open).
    if (!options.session) await service?.dispose();
  }
}
