import type { BatchOptions } from '../api/batch';
import type { TasClient } from '../api/client';
import type { ExportedTestCase } from '../api/types';
import { describeFailure, type HostWords } from '../failures/failures';
import type { NotDoneReason } from '../model/sync';
import { notDoneReason, unusableServiceWords } from './notDone';
import type { LocalCase } from './local';
import { syncHash } from './projection';
import { idsByName, readRecords } from './remote';
import { stateKey, type SyncState, type SyncStates } from './state';

// Which test case of the current environment each local case stands for. The file's `id` is
// trusted only for its home environment: elsewhere the link comes from the sync state, or from
// an exact name match, never from the id (it could name an unrelated case there).

export type Standing =
  /** Linked to `id` here; `base` undefined when no synced version is known (adopted, matched). */
  | {
      kind: 'linked';
      id: number;
      base: string | undefined;
      record: ExportedTestCase;
      how: 'state' | 'adopted' | 'byName';
    }
  /** Not linked and meant to be created here; `takenById`: a case here already holds its name. */
  | { kind: 'new'; takenById: number | undefined }
  /** Belongs to another environment and no case here holds its name: created here, id kept. */
  | { kind: 'foreign' }
  /** The linked case no longer exists here (name lookups off). */
  | { kind: 'missing'; id: number }
  | { kind: 'error'; message: string; cancelled: boolean; reason: NotDoneReason };

export interface Placed {
  local: LocalCase;
  state: SyncState;
  key: string;
  standing: Standing;
}

export interface ResolveOptions extends BatchOptions {
  /** Look names up for cases not linked (import); status leaves them `notLinked` without asking. */
  byName: boolean;
  /** The host's next steps in the failure of a read. */
  words: HostWords;
}

export async function resolve(
  client: TasClient,
  env: string,
  cases: LocalCase[],
  states: SyncStates,
  options: ResolveOptions,
): Promise<Placed[]> {
  const placed: Placed[] = [];
  const candidates = new Map<Placed, { id: number; base: string | undefined; how: 'state' | 'adopted' }>();
  for (const local of cases) {
    const state = await states.forFile(local.file.path);
    const key = stateKey(state.root, local.file.path, local.index);
    const entry = state.entry(key);
    const link = entry?.links[env];
    const p: Placed = { local, state, key, standing: { kind: 'foreign' } };
    if (link) candidates.set(p, { id: link.id, base: link.base, how: 'state' });
    else if (!entry && local.fileId !== undefined)
      candidates.set(p, { id: local.fileId, base: undefined, how: 'adopted' });
    else if (!entry) p.standing = { kind: 'new', takenById: undefined };
    placed.push(p);
  }

  const records = await readRecords(
    client,
    [...candidates.values()].map((c) => c.id),
    options,
  );
  for (const [p, c] of candidates) {
    const record = records.byId.get(c.id);
    const failed = records.failed.get(c.id);
    const unusable = records.unusable.get(c.id);
    if (failed)
      p.standing = {
        kind: 'error',
        message: describeFailure(failed, { action: `read test case ${c.id}` }, options.words).message,
        cancelled: failed.kind === 'cancelled',
        reason: notDoneReason(failed),
      };
    // Held in a form that cannot be compared: never taken for a deleted case (that would create it again).
    else if (unusable !== undefined)
      p.standing = {
        kind: 'error',
        message: unusableServiceWords(c.id, unusable),
        cancelled: false,
        reason: 'unusableRecord',
      };
    else if (record && (c.how === 'state' || record.name === p.local.name))
      p.standing = { kind: 'linked', id: c.id, base: c.base, record, how: c.how };
    else if (c.how === 'state')
      p.standing = options.byName ? { kind: 'new', takenById: undefined } : { kind: 'missing', id: c.id };
    // An id that names nothing here, or another case: it belongs to some other environment.
    else p.standing = { kind: 'foreign' };
    if (c.how === 'state' && !record && !failed && unusable === undefined && options.byName) {
      // The linked case was deleted here: the link goes; the file is matched or created again.
      p.state.dropLink(p.key, env);
      if (p.state.entry(p.key)?.home !== env) p.standing = { kind: 'foreign' };
    }
  }
  if (!options.byName) return placed;

  const unlinked = placed.filter(
    (p) => (p.standing.kind === 'new' || p.standing.kind === 'foreign') && p.local.name !== undefined,
  );
  const held = await idsByName(
    client,
    unlinked.map((p) => p.local.name!),
    options.signal,
  );
  const matched = new Map<Placed, number>();
  for (const p of unlinked) {
    const id = held.get(p.local.name!);
    if (id === undefined) continue;
    if (p.standing.kind === 'new') p.standing = { kind: 'new', takenById: id };
    matched.set(p, id);
  }
  // Another environment's file matched by name here: linked without a base, like an adoption.
  // A new file whose name is taken by a case with the very same content (an import whose answer
  // was lost arrived after all) is that case: linked, so it shows as unchanged. Different content
  // stays a taken name for the user to decide.
  const more = await readRecords(client, [...new Set(matched.values())], options);
  for (const [p, id] of matched) {
    const record = more.byId.get(id);
    if (!record) continue;
    if (p.standing.kind === 'new' && syncHash(record) !== syncHash(p.local.value)) continue;
    p.standing = { kind: 'linked', id, base: undefined, record, how: 'byName' };
  }
  return placed;
}
