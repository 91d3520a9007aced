import { fileURLToPath } from 'node:url';
import type { Identity, RefKind } from './identities';
import { SyncStates, stateKey } from './state';

// What the sync state says of a file's test cases in one environment, for the language server's
// identity checks: the file's `id` names a test case only in its home environment.

export interface CaseLink {
  /** The linked test case in this environment, if any. */
  id?: number;
  /** Whether the file's own `id` member belongs to this environment. */
  fileIdHere: boolean;
  /** Not here: the file's home environment and who its references are there (identities.ts), for the foreign-reference check. */
  home?: { env: string; identity: (kind: RefKind, id: number) => Identity | undefined };
}

/** By bundle index (undefined for a single test-case file); undefined: the state has no entry. */
export type CaseLinks = (index: number | undefined) => CaseLink | undefined;

/** `states`: shared by the calls of one run (the CLI checks many files against one state file). */
export async function caseLinks(uri: string, env: string, states: SyncStates = new SyncStates()): Promise<CaseLinks | undefined> {
  if (!uri.startsWith('file:')) return undefined;
  const path = fileURLToPath(uri);
  const state = await states.forFile(path);
  return (index) => {
    const entry = state.entry(stateKey(state.root, path, index));
    if (!entry) return undefined;
    const id = entry.links[env]?.id;
    const here = entry.home === env;
    return { ...(id !== undefined && { id }), fileIdHere: here, ...(!here && { home: { env: entry.home, identity: (kind: RefKind, ref: number) => state.identity(entry.home, kind, ref) } }) };
  };
}
