import type { TasClient } from '../api/client';
import { candidatesFor, Directories, identityWords, kindWords, referenceSites, withIds, type Identity, type RefKind, type RefSite } from './identities';
import type { SyncState } from './state';

// References carried between environments. A file's ids belong to its home environment; sent to
// another environment each is replaced by that environment's record with the same identity, in
// the body sent only, and what comes back is translated home again, so A -> B -> file changes
// no byte. Nothing is guessed: no counterpart, two candidates or an identity never recorded stop
// the case, unless the user said which record it is (`overrides`).

/** The user's choices: per kind, a home id (as text) to the id in the target environment. */
export type RefOverrides = Partial<Record<RefKind, Record<string, number>>>;

export interface AppliedMapping {
  kind: RefKind;
  from: number;
  to: number;
  identity?: Identity;
  /** The user chose it (a flag, a mapping file, a quick pick). */
  chosen?: boolean;
}

export interface UnmappedReference {
  kind: RefKind;
  id: number;
  /** Its identity in the home environment; undefined when never recorded there. */
  identity?: Identity;
  candidates: number[];
  /** Where in the test case, e.g. `testStepList[2].mobileDeviceId`. */
  where: string;
}

export interface Mapped {
  value: Record<string, unknown>;
  applied: AppliedMapping[];
  unmapped: UnmappedReference[];
}

const whereOf = (path: (string | number)[]): string => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');

export const mappingWords = (m: AppliedMapping): string =>
  `${kindWords(m.kind)} ${m.from} -> ${m.to}${m.chosen ? ' (chosen)' : m.identity ? ` (${identityWords(m.kind, m.identity)})` : ''}`;

/** One sentence per reference that stopped a case: what, who it is at home, and the candidates here. */
export function unmappedWords(u: UnmappedReference, home: string, env: string): string {
  const who = u.identity ? `${identityWords(u.kind, u.identity)} in ${home}` : `whose identity in ${home} was never recorded (export or refresh it from there once)`;
  const there = u.candidates.length === 0 ? `no ${kindWords(u.kind)} in ${env} has it` : `${env} has ${u.candidates.length} candidates: ${u.candidates.join(', ')}`;
  return `${u.where} names ${kindWords(u.kind)} ${u.id}, ${who}; ${there}`;
}

/** The mapper of one import or export: the target environment's lists read once, lazily. */
export class ReferenceMapper {
  private readonly dirs: Directories;

  constructor(
    client: TasClient,
    /** The environment the run talks to. */
    readonly env: string,
    private readonly overrides: RefOverrides = {},
    signal?: AbortSignal,
  ) {
    this.dirs = new Directories(client, signal);
  }

  /**
   * Records who the records `value` names are in this environment (its ids are this
   * environment's). Only ids not yet recorded read a list.
   */
  async record(state: SyncState, value: Record<string, unknown>): Promise<void> {
    for (const site of referenceSites(value)) {
      if (state.identity(this.env, site.kind, site.id)) continue;
      const who = (await this.dirs.of(site.kind)).get(site.id);
      if (who && (who.msisdn !== undefined || who.name !== undefined)) state.recordIdentity(this.env, site.kind, site.id, who);
    }
  }

  /** `value` with its home ids replaced by this environment's; what could not be mapped listed. */
  async toEnv(state: SyncState, home: string, value: Record<string, unknown>): Promise<Mapped> {
    const sites = referenceSites(value);
    const applied: AppliedMapping[] = [];
    const unmapped: UnmappedReference[] = [];
    const to = new Map<RefSite, number>();
    for (const site of sites) {
      const chosen = this.overrides[site.kind]?.[String(site.id)];
      const identity = state.identity(home, site.kind, site.id);
      if (chosen !== undefined) {
        to.set(site, chosen);
        applied.push({ kind: site.kind, from: site.id, to: chosen, ...(identity && { identity }), chosen: true });
        continue;
      }
      const candidates = identity ? candidatesFor(site.kind, identity, await this.dirs.of(site.kind)) : [];
      if (identity && candidates.length === 1) {
        to.set(site, candidates[0]!);
        applied.push({ kind: site.kind, from: site.id, to: candidates[0]!, identity });
      } else unmapped.push({ kind: site.kind, id: site.id, ...(identity && { identity }), candidates, where: whereOf(site.path) });
    }
    const mapped = withIds(value, sites, (s) => to.get(s));
    // The counterparts' identities here are known now: recorded for the way back.
    if (unmapped.length === 0) await this.record(state, mapped);
    return { value: mapped, applied: dedupe(applied), unmapped };
  }

  /** `value` (this environment's ids) with each id this environment's record has a recorded counterpart of at home replaced by it. */
  async toHome(state: SyncState, home: string, value: Record<string, unknown>): Promise<Record<string, unknown>> {
    const sites = referenceSites(value);
    if (sites.length === 0) return value;
    const to = new Map<RefSite, number>();
    for (const site of sites) {
      const who = (await this.dirs.of(site.kind)).get(site.id);
      if (!who) continue;
      const back = uniqueHome(state, home, site.kind, who) ?? this.reverseChoice(site.kind, site.id);
      if (back !== undefined) to.set(site, back);
    }
    return withIds(value, sites, (s) => to.get(s));
  }

  private reverseChoice(kind: RefKind, id: number): number | undefined {
    const found = Object.entries(this.overrides[kind] ?? {}).filter(([, v]) => v === id);
    return found.length === 1 ? Number(found[0]![0]) : undefined;
  }
}

function uniqueHome(state: SyncState, home: string, kind: RefKind, who: Identity): number | undefined {
  const recorded = new Map(state.recorded(home, kind));
  const ids = candidatesFor(kind, who, recorded);
  return ids.length === 1 ? ids[0] : undefined;
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
