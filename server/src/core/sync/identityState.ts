import { exactStr, isRecord } from '../base/read';
import { type Identity, type IdentityTable } from './identities';
import { SYNC_REFERENCE_KINDS, type SyncReferenceKind } from '../model/entityKinds';

export type { Identity, IdentityTable };

// The `identities` member of `.tas/sync.json` read leniently: an entry that is not an id with a
// name or MSISDN is dropped (the file may be crafted), never used.

export function parseIdentities(raw: unknown): Record<string, IdentityTable> | undefined {
  if (!isRecord(raw)) return undefined;
  const out = Object.create(null) as Record<string, IdentityTable>;
  for (const [env, table] of Object.entries(raw)) {
    if (!isRecord(table)) continue;
    const kept: IdentityTable = {};
    for (const kind of SYNC_REFERENCE_KINDS) {
      const ids = table[kind];
      if (!isRecord(ids)) continue;
      const byId = Object.create(null) as Record<string, Identity>;
      for (const [id, who] of Object.entries(ids)) {
        if (!/^\d+$/.test(id) || !isRecord(who)) continue;
        const msisdn = exactStr(who['msisdn']);
        const name = exactStr(who['name']);
        if (msisdn === undefined && name === undefined) continue;
        byId[id] = { ...(msisdn !== undefined && { msisdn }), ...(name !== undefined && { name }) };
      }
      kept[kind] = byId;
    }
    out[env] = kept;
  }
  return out;
}

/** Per kind, a home id (as text) to the id chosen for it in another environment. */
export type ChoiceTable = Partial<Record<SyncReferenceKind, Record<string, number>>>;

/**
 * The `choices` member: counterparts a person picked where identities did not settle it, per home
 * environment, then per target environment. Read as leniently as identities.
 */
export function parseChoices(raw: unknown): Record<string, Record<string, ChoiceTable>> | undefined {
  if (!isRecord(raw)) return undefined;
  const out = Object.create(null) as Record<string, Record<string, ChoiceTable>>;
  for (const [home, targets] of Object.entries(raw)) {
    if (!isRecord(targets)) continue;
    const byTarget = Object.create(null) as Record<string, ChoiceTable>;
    for (const [target, table] of Object.entries(targets)) {
      if (!isRecord(table)) continue;
      const kept: ChoiceTable = {};
      for (const kind of SYNC_REFERENCE_KINDS) {
        const ids = table[kind];
        if (!isRecord(ids)) continue;
        const byId = Object.create(null) as Record<string, number>;
        for (const [id, to] of Object.entries(ids))
          if (/^\d+$/.test(id) && typeof to === 'number' && Number.isSafeInteger(to) && to > 0) byId[id] = to;
        kept[kind] = byId;
      }
      byTarget[target] = kept;
    }
    out[home] = byTarget;
  }
  return out;
}
