import { exactStr, isRecord } from '../api/read';
import { REF_KINDS, type Identity, type IdentityTable, type RefKind } from './identities';

export type { Identity, IdentityTable, RefKind };

// The `identities` member of `.tas/sync.json` read leniently: an entry that is not an id with a
// name or MSISDN is dropped (the file may be crafted), never used.

export function parseIdentities(raw: unknown): Record<string, IdentityTable> | undefined {
  if (!isRecord(raw)) return undefined;
  const out = Object.create(null) as Record<string, IdentityTable>;
  for (const [env, table] of Object.entries(raw)) {
    if (!isRecord(table)) continue;
    const kept: IdentityTable = {};
    for (const kind of REF_KINDS) {
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
