import { exactStr, isRecord } from '../base/read';
import type { TasClient } from '../api/client';
import { ENTITY_KIND_WORDS, referenceKindOfSync, type SyncReferenceKind } from '../model/entityKinds';

// Who the records a test case names are, independent of their ids: a device by MSISDN (then
// name), an API client and a trace filter by name. Ids differ between environments; identities
// do not, so they carry a reference from one environment to another. Recorded per environment in
// the sync state (state.ts `identities`): no secret, only what a list item shows anyone.

export interface Identity {
  msisdn?: string;
  name?: string;
}

/** Per kind, id (as text: a JSON key) to identity: one environment's part of the sync state. */
export type IdentityTable = Partial<Record<SyncReferenceKind, Record<string, Identity>>>;

/** One id a test case names, and where (a path into the case, for messages and edits). */
export interface RefSite {
  kind: SyncReferenceKind;
  id: number;
  path: (string | number)[];
}

export const kindWords = (kind: SyncReferenceKind): string => ENTITY_KIND_WORDS[referenceKindOfSync(kind)];

export function identityWords(kind: SyncReferenceKind, who: Identity | undefined): string {
  if (!who) return 'not recorded';
  if (kind === 'device' && who.msisdn) return `MSISDN ${who.msisdn}${who.name ? ` ("${who.name}")` : ''}`;
  return who.name !== undefined ? `"${who.name}"` : 'no name';
}

/** The ids of records a test case names: steps' devices and API clients, trace filters' devices and filters. */
export function referenceSites(value: Record<string, unknown>): RefSite[] {
  const out: RefSite[] = [];
  const add = (kind: SyncReferenceKind, v: unknown, path: (string | number)[]) => {
    if (typeof v === 'number' && Number.isInteger(v)) out.push({ kind, id: v, path });
  };
  const steps = value['testStepList'];
  if (Array.isArray(steps)) {
    steps.forEach((s: unknown, i) => {
      if (!isRecord(s)) return;
      add('device', s['mobileDeviceId'], ['testStepList', i, 'mobileDeviceId']);
      if (isRecord(s['params']))
        add('apiClient', s['params']['apiClientId'], ['testStepList', i, 'params', 'apiClientId']);
    });
  }
  for (const list of ['traceFilters', 'sipTraceFilters'] as const) {
    const items = value[list];
    if (!Array.isArray(items)) continue;
    items.forEach((t: unknown, i) => {
      if (!isRecord(t)) return;
      add('device', t['mobileDeviceId'], [list, i, 'mobileDeviceId']);
      if (list === 'traceFilters') add('traceFilter', t['traceFilterId'], [list, i, 'traceFilterId']);
    });
  }
  return out;
}

/**
 * A copy of `value` with each site's id replaced by `to(site)` (undefined: left as it is). Only
 * the objects and arrays on the sites' paths are copied (10,000 cases are mapped per import); the
 * rest is shared with `value`, which is never changed.
 */
export function withIds(
  value: Record<string, unknown>,
  sites: RefSite[],
  to: (site: RefSite) => number | undefined,
): Record<string, unknown> {
  const copies = new Set<unknown>();
  const own = <T extends object>(x: T): T => {
    const c = (Array.isArray(x) ? [...(x as unknown[])] : { ...x }) as T;
    copies.add(c);
    return c;
  };
  const root = own(value);
  for (const site of sites) {
    const id = to(site);
    if (id === undefined) continue;
    let at = root as Record<string | number, unknown>;
    for (const step of site.path.slice(0, -1)) {
      let next = at[step] as Record<string | number, unknown>;
      if (!copies.has(next)) at[step] = next = own(next);
      at = next;
    }
    at[site.path[site.path.length - 1]!] = id;
  }
  return root;
}

/** One environment's records of the three kinds, by id, as identities. */
export type Directory = Record<SyncReferenceKind, Map<number, Identity>>;

const identityOf = (item: Record<string, unknown>, withMsisdn: boolean): Identity => {
  const msisdn = withMsisdn ? exactStr(item['msisdn']) : undefined;
  const name = exactStr(item['name']);
  return { ...(msisdn !== undefined && msisdn !== '' && { msisdn }), ...(name !== undefined && { name }) };
};

const toDirectory = (items: unknown[], withMsisdn: boolean): Map<number, Identity> =>
  new Map(
    items.flatMap((x) =>
      isRecord(x) && typeof x['id'] === 'number' ? [[x['id'], identityOf(x, withMsisdn)] as const] : [],
    ),
  );

/**
 * Where a host already keeps an environment's lists (the language server's reference cache):
 * undefined when it has none for the run's environment (it changed since), which then reads its own.
 */
export type ListSource = (
  kind: SyncReferenceKind,
) => Promise<Map<number, { name?: string; msisdn?: string }>> | undefined;

/** Who a listed record is, and nothing else of it (the identities are written into the sync state). */
const onlyIdentity = (kind: SyncReferenceKind, it: { name?: string; msisdn?: string }): Identity => ({
  ...(kind === 'device' && typeof it.msisdn === 'string' && it.msisdn !== '' && { msisdn: it.msisdn }),
  ...(typeof it.name === 'string' && { name: it.name }),
});

/**
 * The lists of one environment, each read once for the run and only when a kind is needed (an
 * import in the file's own environment whose identities are all recorded reads none). With
 * `cached`, the host's own lists are used and no request is added to them.
 */
export class Directories {
  private readonly lists = new Map<SyncReferenceKind, Promise<Map<number, Identity>>>();
  private readonly known = new Map<SyncReferenceKind, Map<number, Identity>>();

  constructor(
    private readonly client: TasClient,
    private readonly signal?: AbortSignal,
    private readonly cached?: ListSource,
  ) {}

  of(kind: SyncReferenceKind): Promise<Map<number, Identity>> {
    let list = this.lists.get(kind);
    if (!list) {
      const s = this.signal;
      const cached = this.cached?.(kind);
      list = cached
        ? cached.then((m) => new Map([...m].map(([id, it]) => [id, onlyIdentity(kind, it)] as const)))
        : kind === 'device'
          ? this.client.devices.list(s).then((l) => toDirectory(l, true))
          : kind === 'apiClient'
            ? this.client.apiClients.all({ pageSize: 1000, ...(s && { signal: s }) }).then((l) => toDirectory(l, false))
            : this.client.traceFilters.list(s).then((l) => toDirectory(l, false));
      this.lists.set(kind, list);
      void list.then((l) => this.known.set(kind, l)).catch(() => undefined);
    }
    return list;
  }

  /** The list of a kind once it has been read (no await: 10,000 cases ask for it per reference). */
  ready(kind: SyncReferenceKind): Map<number, Identity> | undefined {
    return this.known.get(kind);
  }
}

/** A list by MSISDN and by name, made once per list (an import asks it per reference). */
interface ListIndex {
  /** The list's size when indexed: a cache that forgets a record deletes it in place, and the index is then made again. */
  size: number;
  byMsisdn: Map<string, number[]>;
  byName: Map<string, number[]>;
}
const indexes = new WeakMap<Map<number, Identity>, ListIndex>();

function indexOf(list: Map<number, Identity>): ListIndex {
  let index = indexes.get(list);
  if (!index || index.size !== list.size) {
    index = { size: list.size, byMsisdn: new Map(), byName: new Map() };
    const add = (m: Map<string, number[]>, k: string | undefined, id: number) => {
      if (k !== undefined) m.set(k, [...(m.get(k) ?? []), id]);
    };
    for (const [id, it] of list) {
      add(index.byMsisdn, it.msisdn, id);
      add(index.byName, it.name, id);
    }
    indexes.set(list, index);
  }
  return index;
}

/** The records of `list` with this identity: a device by MSISDN when both have one, else by name. */
export function candidatesFor(kind: SyncReferenceKind, who: Identity, list: Map<number, Identity>): number[] {
  const index = indexOf(list);
  const out =
    kind === 'device' && who.msisdn !== undefined
      ? [...(index.byMsisdn.get(who.msisdn) ?? [])]
      : who.name !== undefined
        ? [...(index.byName.get(who.name) ?? [])]
        : [];
  // Two phones with one MSISDN: the name settles it if it can.
  if (out.length > 1 && kind === 'device' && who.name !== undefined) {
    const named = out.filter((id) => list.get(id)?.name === who.name);
    if (named.length === 1) return named;
  }
  return out.sort((a, b) => a - b);
}
