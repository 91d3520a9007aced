import { fileURLToPath } from 'node:url';
import type { Identity } from './identities';
import { SyncStates, stateKey } from './state';
import type { SyncReferenceKind } from '../model/entityKinds';

// What the sync state says of a file's test cases in one environment, for the language server's
// identity checks: the file's `id` names a test case only in its home environment.

export interface CaseLink {
  /** The linked test case in this environment, if any. */
  id?: number;
  /** The service's time of that test case at the last sync (a change the history knows of). */
  updated?: string;
  /** Whether the file's own `id` member belongs to this environment. */
  fileIdHere: boolean;
  /** Not here: the file's home environment and who its references are there (identities.ts), for the foreign-reference check. */
  home?: ForeignHome;
}

/** A file's home environment as seen from another: who its references are there, and the counterparts chosen here. */
export interface ForeignHome {
  env: string;
  identity: (kind: SyncReferenceKind, id: number) => Identity | undefined;
  /** The home ids recorded for a kind, with who they are (completion offers them). */
  recorded: (kind: SyncReferenceKind) => [number, Identity][];
  /** The counterpart here a person chose for a home id (a quick pick, a quick fix), if any. */
  chosen: (kind: SyncReferenceKind, id: number) => number | undefined;
}

/** By bundle index (undefined for a single test-case file); undefined: the state has no entry. */
export type CaseLinks = (index: number | undefined) => CaseLink | undefined;

/** `states`: shared by the calls of one run (the CLI checks many files against one state file). */
export async function caseLinks(
  uri: string,
  env: string,
  states: SyncStates = new SyncStates(),
): Promise<CaseLinks | undefined> {
  if (!uri.startsWith('file:')) return undefined;
  const path = fileURLToPath(uri);
  const state = await states.forFile(path);
  return (index) => {
    const entry = state.entry(stateKey(state.root, path, index));
    if (!entry) return undefined;
    const id = entry.links[env]?.id;
    const updated = entry.links[env]?.updated;
    const here = entry.home === env;
    const home: ForeignHome = {
      env: entry.home,
      identity: (kind, ref) => state.identity(entry.home, kind, ref),
      recorded: (kind) => state.recorded(entry.home, kind),
      chosen: (kind, ref) => state.choices(entry.home, env)[kind]?.[String(ref)],
    };
    return {
      ...(id !== undefined && { id }),
      ...(updated !== undefined && { updated }),
      fileIdHere: here,
      ...(!here && { home }),
    };
  };
}
