import { stat } from 'node:fs/promises';
import { syncReferenceKind, type ReferenceKind } from '../model/entityKinds';
import { candidatesFor, type Identity } from '../sync/identities';
import { SyncState, stateKey, statePath } from '../sync/state';

// Which environment the ids of a workspace test case belong to, for Find All References: the
// home its sync state (`.tas/sync.json`) records, else the active environment. An id names the
// same record only in the same environment; across environments a reference is the same record
// when who it is (MSISDN, name: sync/identities.ts) names exactly that one record here.

/** The active environment's key and its records as identities (undefined: signed out, or the list cannot be had). */
export interface HereContext {
  env?: string;
  directory(kind: ReferenceKind): Promise<Map<number, Identity> | undefined>;
}

/** A reference's place among environments: the environment its id belongs to, and who it is there. */
export interface Owner {
  /** Undefined: the active environment (signed out: "here", whatever that is). */
  env: string | undefined;
  identity(kind: ReferenceKind, id: number): Identity | undefined;
}

/** The active environment's ids. */
export const HERE: Owner = { env: undefined, identity: () => undefined };

/** The sync states of the workspace's roots, each read again when its file changed. */
export class Homes {
  private readonly states = new Map<string, { mtimeMs: number; state: SyncState | undefined }>();

  /** Reads the roots' sync states that changed since the last query (a handful of stats). */
  async refresh(roots: Iterable<string>): Promise<void> {
    await Promise.all(
      [...new Set(roots)].map(async (root) => {
        const mtimeMs = await stat(statePath(root)).then(
          (s) => s.mtimeMs,
          () => -1,
        );
        const known = this.states.get(root);
        if (known && known.mtimeMs === mtimeMs) return;
        // A state file that cannot be read links nothing: its files count as the active environment's.
        const state = mtimeMs < 0 ? undefined : await SyncState.load(root).catch(() => undefined);
        this.states.set(root, { mtimeMs, state });
      }),
    );
  }

  /** Whose ids a test case holds: its recorded home, or the active environment. */
  ownerOf(root: string, path: string, index: number | undefined, here: string | undefined): Owner {
    const state = this.states.get(root)?.state;
    const home = state?.entry(stateKey(root, path, index))?.home;
    if (!state || home === undefined || home === here) return HERE;
    return { env: home, identity: (kind, id) => state.identity(home, syncReferenceKind(kind), id) };
  }
}

/**
 * Whether reference `ref` (of `refOwner`) names the same record as `target` (of `targetOwner`).
 * `list`: the active environment's records of the kind, needed only across environments.
 */
export function sameRecord(
  kind: ReferenceKind,
  ref: number,
  refOwner: Owner,
  target: number,
  targetOwner: Owner,
  list: Map<number, Identity> | undefined,
): boolean {
  if (refOwner.env === targetOwner.env) return ref === target;
  if (!list) return false;
  const k = syncReferenceKind(kind);
  // One side is here: the other's identity must name exactly that record here.
  if (targetOwner.env === undefined) {
    const who = refOwner.identity(kind, ref);
    const c = who ? candidatesFor(k, who, list) : [];
    return c.length === 1 && c[0] === target;
  }
  if (refOwner.env === undefined) {
    const who = targetOwner.identity(kind, target);
    const c = who ? candidatesFor(k, who, list) : [];
    return c.length === 1 && c[0] === ref;
  }
  // Two other environments: both must name the same single record here.
  const a = refOwner.identity(kind, ref);
  const b = targetOwner.identity(kind, target);
  const ca = a ? candidatesFor(k, a, list) : [];
  const cb = b ? candidatesFor(k, b, list) : [];
  return ca.length === 1 && cb.length === 1 && ca[0] === cb[0];
}
