import { fileKindOf } from '../document/fileKind';
import { namesForeignApiClient } from '../liveChecks/foreign';
import { referencedIds } from '../liveChecks/referenceChecks';
import { analyzeReferences } from '../liveChecks/referenceProblems';
import { stepProblems } from '../liveChecks/stepChecks';
import { functionsNamed } from '../liveChecks/stepFunctions';
import { caseLinks } from '../sync/caseLinks';
import { envKey } from '../sync/envKey';
import { SyncStates } from '../sync/state';
import { recordDiagnostics } from '../recordDocuments/language';
import type { Diagnostic } from '../text/shapes';
import type { TextDocument } from '../text/textDocument';
import {
  analyzeDuplicateKeys,
  analyzeLocal,
  analyzeLocalSteps,
  limitProblems,
  type LocalResult,
  type Problems,
} from '../validation/analyze';
import type { ServiceSession } from './serviceSession';

// Validation of test-case files, the editor's and `tas validate`'s: the pipeline's stages as
// the hosts drive them. The language server checks one document in stages, letting other
// messages go first between them (documentChecks); `tas validate` checks many files at once,
// reading the service's lists once for all of them (the stages of `validation`).

/** One document's checks, in the order the language server runs and publishes them. */
export interface DocumentChecks {
  /** Syntax, schema and local rules, in steps: a large file yields between them, so the host answers other messages. */
  localSteps(): Generator<void, LocalResult, void>;
  /** Keys repeated within one object, after the local checks of the same text. */
  duplicateKeys(local: LocalResult): Problems;
  /**
   * The live checks against the service (references, step functions, API clients), with the
   * connection status updated by what the lists said. Undefined when the environment changed
   * or `current()` says the text did meanwhile; `turn` lets the host's other work go first.
   */
  live(local: LocalResult, current: () => boolean, turn: () => Promise<void>): Promise<Problems[] | undefined>;
  /** What to publish: the parts in order, at most the cap, and one more saying how many are left out. */
  diagnostics(parts: readonly Problems[]): Diagnostic[];
}

/** The checks of `doc` with the session's lists, at most `maxProblems` per part; undefined for a document that is not a test-case file. */
export function documentChecks(
  session: ServiceSession,
  doc: TextDocument,
  maxProblems: number,
): DocumentChecks | undefined {
  const kind = fileKindOf(doc.uri);
  if (!kind) return undefined;
  const { environment: env, lists, status } = session;
  return {
    localSteps: () => analyzeLocalSteps(doc, kind, maxProblems),
    duplicateKeys: (local) => analyzeDuplicateKeys(doc, local, maxProblems),
    async live(local, current, turn) {
      const generation = env.current?.generation;
      const read = await lists.state(kind);
      // The service cannot be reached: the lists last read tell which references to name as not verified.
      const kept = read.status === 'unavailable' ? await lists.keptWhileOffline() : undefined;
      const state = kept ? { ...read, kept: { devices: kept.devices, traceFilters: kept.traceFilters } } : read;
      // Asked of an environment that has since been replaced (its client closed): the switch
      // checks every document again, so this result must not overwrite the newer one.
      if (env.current?.generation !== generation) return undefined;
      status.update(state.status === 'ok' ? { ok: true } : { ok: false, error: state.cause });
      await turn();
      if (!current()) return undefined; // a newer version is on its way
      const active = env.current;
      const links = active ? await caseLinks(doc.uri, envKey(active.baseUrl)).catch(() => undefined) : undefined;
      if (!current()) return undefined;
      // Ids the lists lack are confirmed by their own records before any is called unknown.
      // Steps are checked against each function's own description beside it (issue 21).
      const online = state.status === 'ok';
      const [confirmed, stepChecks] = await Promise.all([
        lists.confirm(state, referencedIds(kind, local.value, links)),
        stepProblems(doc, kind, local.value, lists, online, maxProblems, links),
      ]);
      if (env.current?.generation !== generation || !current()) return undefined;
      // A case of another environment naming an API client: its counterpart is looked up by name in the cached list.
      const withClients =
        confirmed.status === 'ok' && namesForeignApiClient(kind, local.value, links)
          ? { ...confirmed, data: { ...confirmed.data, apiClients: await lists.apiClients().catch(() => undefined) } }
          : confirmed;
      if (env.current?.generation !== generation || !current()) return undefined;
      return [analyzeReferences(doc, kind, local.value, withClients, maxProblems, links), ...stepChecks];
    },
    diagnostics: (parts) => limitProblems(doc, parts, maxProblems),
  };
}

/**
 * The pipeline's stages, for a host that checks many files itself (`tas validate`): local
 * checks, repeated keys, references given the lists' state, steps against each function, the
 * cap, and what the files name (to confirm and to ask for ahead). The same functions the
 * language server's checks run.
 */
export const validation = {
  local: analyzeLocal,
  duplicateKeys: analyzeDuplicateKeys,
  references: analyzeReferences,
  steps: stepProblems,
  limit: limitProblems,
  referencedIds,
  functionsNamed,
  namesForeignApiClient,
  /** A file's links in one environment (its envKey), from the sync state; `states` shares the reads among files. */
  links: caseLinks,
  /** The sync states of many files, each read once. */
  syncStates: () => new SyncStates(),
  /** A record document's own problems, without the service's lists (`tas apply`). */
  recordDocument: (doc: TextDocument): Promise<Diagnostic[]> => recordDiagnostics(doc, undefined, undefined, undefined),
} as const;
