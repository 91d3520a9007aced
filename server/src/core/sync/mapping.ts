import type { TasClient } from '../api/client';
import {
  candidatesFor,
  Directories,
  identityWords,
  kindWords,
  referenceSites,
  withIds,
  type Identity,
  type ListSource,
  type RefSite,
} from './identities';
import type { SyncState } from './state';
import type { SyncReferenceKind } from '../model/entityKinds';

// References carried between environments. A file's ids belong to its home environment; sent to
// another environment each is replaced by that environment's record with the same identity, in
// the body sent only, and what comes back is translated home again, so A -> B -> file changes
// no byte. Nothing is guessed: no counterpart, two candidates or an identity never recorded stop
// the case, unless the user said which record it is (`overrides`).

/** The user's choices: per kind, a home id (as text) to the id in the target environment. */
export type RefOverrides = Partial<Record<SyncReferenceKind, Record<string, number>>>;

export interface AppliedMapping {
  kind: SyncReferenceKind;
  from: number;
  to: number;
  identity?: Identity;
  /** The user chose it (a flag, a mapping file, a quick pick). */
  chosen?: boolean;
}

/** More records than a person picks from in a list: the rest are named by id (`--map`). */
const MAX_CHOICES = 500;

/** A record a person may pick as the counterpart: its id and who it is. */
export interface CounterpartChoice extends Identity {
  id: number;
}

export interface UnmappedReference {
  kind: SyncReferenceKind;
  id: number;
  /** Its identity in the home environment; undefined when never recorded there. */
  identity?: Identity;
  candidates: number[];
  /** What a person may pick from: the candidates, else every record of the kind here. */
  choices: CounterpartChoice[];
  /** Where in the test case, e.g. `testStepList[2].mobileDeviceId`. */
  where: string;
}

/** A reference of this environment with no known counterpart in the file's home environment. */
export interface UnknownAtHome {
  kind: SyncReferenceKind;
  id: number;
  /** Who it is here; undefined when this environment does not list it. */
  identity?: Identity;
  path: (string | number)[];
  where: string;
}

/** One sentence per reference the way back could not name: what it is here, and that home has no known counterpart. */
export function unknownAtHomeWords(u: UnknownAtHome, home: string, env: string): string {
  const who = u.identity ? identityWords(u.kind, u.identity) : `which ${env} does not list`;
  return `${u.where} names ${kindWords(u.kind)} ${u.id} of ${env} (${who}), and no ${kindWords(u.kind)} of ${home} is known to be it`;
}

/** Who a home id is: recorded in the sync state (files), or read from the source environment (copy). */
export type HomeIdentity = (
  kind: SyncReferenceKind,
  id: number,
) => Identity | undefined | Promise<Identity | undefined>;

export interface Mapped {
  value: Record<string, unknown>;
  applied: AppliedMapping[];
  unmapped: UnmappedReference[];
}

const whereOf = (path: (string | number)[]): string =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');

export const mappingWords = (m: AppliedMapping): string =>
  `${kindWords(m.kind)} ${m.from} -> ${m.to}${m.chosen ? ' (chosen)' : m.identity ? ` (${identityWords(m.kind, m.identity)})` : ''}`;

/** One sentence per reference that stopped a case: what, who it is at home, and the candidates here. */
export function unmappedWords(u: UnmappedReference, home: string, env: string): string {
  const who = u.identity
    ? `${identityWords(u.kind, u.identity)} in ${home}`
    : `whose identity in ${home} was never recorded (export or refresh it from there once)`;
  const there =
    u.candidates.length === 0
      ? `no ${kindWords(u.kind)} in ${env} has it`
      : `${env} has ${u.candidates.length} candidates: ${u.candidates.join(', ')}`;
  return `${u.where} names ${kindWords(u.kind)} ${u.id}, ${who}; ${there}`;
}

/** The mapper of one import, export or copy: the target environment's lists read once, lazily. */
export class ReferenceMapper {
  private readonly dirs: Directories;
  private readonly homeTables = new WeakMap<SyncState, Map<string, Map<number, Identity>>>();

  private readonly overrides: RefOverrides;
  /** Counterparts the user chose (overrides) are kept in the sync state for the next time. */
  private readonly remember: boolean;

  constructor(
    client: TasClient,
    /** The environment the run talks to. */
    readonly env: string,
    options: { overrides?: RefOverrides; signal?: AbortSignal; remember?: boolean; lists?: ListSource } = {},
  ) {
    this.overrides = options.overrides ?? {};
    this.remember = options.remember === true;
    this.dirs = new Directories(client, options.signal, options.lists);
  }

  /**
   * Records who the records `value` names are in this environment (its ids are this
   * environment's). Only ids not yet recorded read a list.
   */
  async record(state: SyncState, value: Record<string, unknown>): Promise<void> {
    for (const site of referenceSites(value)) {
      if (state.identity(this.env, site.kind, site.id)) continue;
      const who = (await this.dirs.of(site.kind)).get(site.id);
      if (who && (who.msisdn !== undefined || who.name !== undefined))
        state.recordIdentity(this.env, site.kind, site.id, who);
    }
  }

  /**
   * The one rule of carrying references here: `value` with each home id replaced by this
   * environment's record of the same identity, or by the id chosen for it (`chosen`, then this
   * run's overrides); what could not be mapped listed with what a person may pick from.
   */
  async map(value: Record<string, unknown>, homeIdentity: HomeIdentity, chosen: RefOverrides = {}): Promise<Mapped> {
    const sites = referenceSites(value);
    const applied: AppliedMapping[] = [];
    const unmapped: UnmappedReference[] = [];
    const to = new Map<RefSite, number>();
    for (const site of sites) {
      const picked = this.overrides[site.kind]?.[String(site.id)] ?? chosen[site.kind]?.[String(site.id)];
      const found = homeIdentity(site.kind, site.id);
      const identity = found instanceof Promise ? await found : found;
      if (picked !== undefined) {
        to.set(site, picked);
        applied.push({ kind: site.kind, from: site.id, to: picked, ...(identity && { identity }), chosen: true });
        continue;
      }
      const here = identity ? (this.dirs.ready(site.kind) ?? (await this.dirs.of(site.kind))) : undefined;
      const candidates = identity && here ? candidatesFor(site.kind, identity, here) : [];
      if (identity && candidates.length === 1) {
        to.set(site, candidates[0]!);
        applied.push({ kind: site.kind, from: site.id, to: candidates[0]!, identity });
        continue;
      }
      const list = here ?? (await this.dirs.of(site.kind));
      const offered = candidates.length > 0 ? candidates : [...list.keys()].sort((x, y) => x - y);
      const choices = offered.slice(0, MAX_CHOICES).map((id) => ({ id, ...list.get(id) }));
      unmapped.push({
        kind: site.kind,
        id: site.id,
        ...(identity && { identity }),
        candidates,
        choices,
        where: whereOf(site.path),
      });
    }
    return { value: withIds(value, sites, (s) => to.get(s)), applied: dedupe(applied), unmapped };
  }

  /** `value` with its home ids replaced by this environment's (mapping by identities recorded at home, and choices remembered). */
  async toEnv(state: SyncState, home: string, value: Record<string, unknown>): Promise<Mapped> {
    const mapped = await this.map(value, (kind, id) => state.identity(home, kind, id), state.choices(home, this.env));
    if (mapped.unmapped.length === 0) {
      // The counterparts' identities here are known now: recorded for the way back.
      await this.record(state, mapped.value);
      if (this.remember)
        for (const m of mapped.applied) if (m.chosen) state.rememberChoice(home, this.env, m.kind, m.from, m.to);
    }
    return mapped;
  }

  /**
   * The way back: `value` (this environment's ids) with each id replaced by its counterpart at
   * home: the one a person chose (this run's overrides, then the choices remembered), else the one
   * recorded at home with the same identity. An id with none is left as it is and listed in
   * `unknown`: written as it is, it would name another record at home.
   */
  async back(
    state: SyncState,
    home: string,
    value: Record<string, unknown>,
  ): Promise<{ value: Record<string, unknown>; unknown: UnknownAtHome[] }> {
    const sites = referenceSites(value);
    if (sites.length === 0) return { value, unknown: [] };
    const to = new Map<RefSite, number>();
    const unknown: UnknownAtHome[] = [];
    const picks: RefSite[] = [];
    for (const site of sites) {
      const picked = reverseChoice(this.overrides, site.kind, site.id);
      if (picked !== undefined) picks.push(site);
      const chosen = picked ?? reverseChoice(state.choices(home, this.env), site.kind, site.id);
      const who = chosen === undefined ? (await this.dirs.of(site.kind)).get(site.id) : undefined;
      const found = chosen ?? (who && this.uniqueHome(state, home, site.kind, who));
      if (found !== undefined) to.set(site, found);
      else
        unknown.push({
          kind: site.kind,
          id: site.id,
          ...(who && { identity: who }),
          path: site.path,
          where: whereOf(site.path),
        });
    }
    // Kept once every site was read with the choices as they were.
    if (this.remember)
      for (const site of picks) state.rememberChoice(home, this.env, site.kind, to.get(site)!, site.id);
    return { value: withIds(value, sites, (s) => to.get(s)), unknown };
  }

  /** `value` (this environment's ids) with each id that has a counterpart at home replaced by it (see `back`). */
  async toHome(state: SyncState, home: string, value: Record<string, unknown>): Promise<Record<string, unknown>> {
    return (await this.back(state, home, value)).value;
  }

  /** The home record recorded with this identity, if exactly one. The home's table does not change during a run: read once per state. */
  private uniqueHome(state: SyncState, home: string, kind: SyncReferenceKind, who: Identity): number | undefined {
    const key = `${home}\n${kind}`;
    let byState = this.homeTables.get(state);
    if (!byState) this.homeTables.set(state, (byState = new Map<string, Map<number, Identity>>()));
    let recorded = byState.get(key);
    if (!recorded) byState.set(key, (recorded = new Map(state.recorded(home, kind))));
    const ids = candidatesFor(kind, who, recorded);
    return ids.length === 1 ? ids[0] : undefined;
  }
}

function reverseChoice(choices: RefOverrides, kind: SyncReferenceKind, id: number): number | undefined {
  const found = Object.entries(choices[kind] ?? {}).filter(([, v]) => v === id);
  return found.length === 1 ? Number(found[0]![0]) : undefined;
}

function dedupe(list: AppliedMapping[]): AppliedMapping[] {
  const seen = new Set<string>();
  return list.filter((m) => {
    const k = `${m.kind}:${m.from}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
