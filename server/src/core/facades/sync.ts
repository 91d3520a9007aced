import type { TasClient } from '../api/client';
import type { ActiveEnvironment } from '../environment/environment';
import { type HostWords, outcome } from '../failures/failures';
import type { SyncReferenceKind } from '../model/entityKinds';
import type { EnvironmentInfo } from '../model/environment';
import type { CopyReport, LocalCaseRef, RunTestCaseResult } from '../model/sync';
import type { Outcome } from '../model/outcome';
import { RunActions, type RunParams } from '../runs/run';
import { runSyncOf } from '../runs/syncAdapter';
import { copyTestCases, type CopyEnd, type CopyOptions } from '../sync/copy';
import { SyncEngine } from '../sync/engine';
import { envKey } from '../sync/envKey';
import type { TextEditLike } from '../sync/types';
import type { ServiceSession } from './serviceSession';

// Sync made in one call: links between files and the service's test cases, import, export,
// copy to another environment, and runs from a file (which import first when asked), worded in
// the host's words. The language server's works on its session's active environment and cached
// lists, with the editor's open buffers; `tas`'s on its one client, files on disk only.

interface SyncHostParts {
  /** The text of an open document (its unsaved buffer); none: every file is read from disk. */
  openText?: (uri: string) => string | undefined;
  /** Applies edits to an open document; none: no document is open, files are written. */
  applyEdit?: (uri: string, edits: TextEditLike[]) => Promise<boolean>;
}

export type SyncOptions = SyncHostParts &
  (
    | { session: ServiceSession }
    /** Without a session: the one environment and its client, and the host's words. */
    | { environment: () => { baseUrl: string; client: TasClient } | undefined; words: HostWords }
  );

/** What a copy is told besides the ids: the options of copyTestCases but the words, which are the host's. */
export type CopyParams = Omit<CopyOptions, 'words'>;

export interface Sync {
  readonly engine: SyncEngine;
  /** The links of these files in the current environment, from the sync state alone (no environment needed); an Outcome in the host's words. */
  linked(uris: string[]): Promise<Outcome<(LocalCaseRef & { id: number; name?: string; updated?: string })[]>>;
  /** Test cases of one environment created in another (`from` and `to`: each end's client, key and name). */
  copy(from: CopyEnd, to: CopyEnd, ids: number[], options: CopyParams): Promise<CopyReport>;
  /** With a session: a copy from the active environment to `target`, on a client of its own for this copy. */
  copyTo(
    active: ActiveEnvironment,
    target: EnvironmentInfo & { clientSecret: string },
    ids: number[],
    options: CopyParams,
  ): Promise<CopyReport>;
  /** With a session: one test case run by id, or from a file through its link (importing it first when asked). */
  run(params: RunParams): Promise<Outcome<RunTestCaseResult>>;
}

export function createSync(o: SyncOptions): Sync {
  const session = 'session' in o ? o.session : undefined;
  const words = 'session' in o ? o.session.words : o.words;
  const environment = 'session' in o ? () => o.session.environment.current : o.environment;
  // Mapping references reads the lists the live checks already cache (no request of its own),
  // while the cache is still the run's environment's: after a switch the run reads its own.
  const lists = session
    ? (client: TasClient) => (kind: SyncReferenceKind) =>
        session.environment.current?.client !== client
          ? undefined
          : kind === 'device'
            ? session.lists.devices()
            : kind === 'traceFilter'
              ? session.lists.traceFilters()
              : session.lists.apiClients()
    : undefined;
  const engine = new SyncEngine({
    environment,
    openText: o.openText ?? (() => undefined),
    applyEdit: o.applyEdit ?? (() => Promise.resolve(false)),
    ...(lists && { lists }),
    words,
  });
  const runSync = runSyncOf(engine);
  const withSession = (what: string): ServiceSession => {
    if (!session) throw new SyncWithoutSessionError(what);
    return session;
  };
  const copy = (from: CopyEnd, to: CopyEnd, ids: number[], options: CopyParams) =>
    copyTestCases(from, to, ids, { ...options, words });
  return {
    engine,
    linked: (uris) => outcome({ action: 'read the links of the files' }, () => engine.linked(uris), words),
    copy,
    copyTo(active, target, ids, options) {
      const s = withSession('copy from the active environment');
      // The target gets a client of its own for this copy; the active environment is untouched.
      return s.environment.withClientOf(target, (client) =>
        copy(
          {
            client: active.client,
            env: envKey(active.baseUrl),
            name: active.name,
            ...(lists && { lists: lists(active.client) }),
          },
          { client, env: envKey(target.baseUrl), name: target.name },
          ids,
          options,
        ),
      );
    },
    run(p) {
      const s = withSession('run a test case');
      const record =
        p.id !== undefined
          ? { record: { kind: 'testCase' as const, id: p.id, ...(p.shown !== undefined && { name: p.shown }) } }
          : {};
      return s.act({ action: 'run the test case', starts: true, ...record }, (env) =>
        new RunActions(env.client, runSync, s.finalStates, words, s.follower).run(p),
      );
    },
  };
}

/** A sync made without a session was asked for what needs one: a host's wiring mistake, said with what was asked. */
export class SyncWithoutSessionError extends Error {
  constructor(what: string) {
    super(`Cannot ${what}: this sync was made without a service session.`);
    this.name = 'SyncWithoutSessionError';
  }
}
