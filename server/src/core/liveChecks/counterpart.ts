import { candidatesFor, type Identity } from '../sync/identities';
import { syncReferenceKind, type ReferenceKind } from '../model/entityKinds';
import type { CaseLinks, ForeignHome } from '../sync/caseLinks';
import type { FileKind } from '../document/fileKind';
import type { Path } from '../document/testCaseModel';

// The one lookup of a reference of another environment here, for validation, hover and
// completion alike: who the id is at home (the sync state's identities), and the records here
// with that identity, or the one a person chose.

export interface Counterpart {
  /** Who it is at home; undefined when never recorded there. */
  who?: Identity;
  /** The records here it may be: one is its counterpart; none or several stop an import. */
  candidates: number[];
  /** The single candidate was chosen by a person, not found by identity. */
  chosen?: boolean;
}

export function counterpartHere(
  kind: ReferenceKind,
  id: number,
  home: ForeignHome,
  list: Map<number, Identity>,
): Counterpart {
  const k = syncReferenceKind(kind);
  const who = home.identity(k, id);
  const picked = home.chosen(k, id);
  if (picked !== undefined && list.has(picked)) return { ...(who && { who }), candidates: [picked], chosen: true };
  return { ...(who && { who }), candidates: who ? candidatesFor(k, who, list) : [] };
}

/** Each home id recorded for `kind` whose counterpart here is single, with that counterpart: what completion offers in a file of another environment. */
export function homeIdsHere(
  kind: ReferenceKind,
  home: ForeignHome,
  list: Map<number, Identity>,
): { homeId: number; hereId: number }[] {
  const out: { homeId: number; hereId: number }[] = [];
  for (const [homeId] of home.recorded(syncReferenceKind(kind))) {
    const c = counterpartHere(kind, homeId, home, list);
    if (c.candidates.length === 1) out.push({ homeId, hereId: c.candidates[0]! });
  }
  return out.sort((a, b) => a.homeId - b.homeId);
}

/** The home of the test case at `path` (in a bundle, its first step is the item's index) when it is another environment. */
export function homeAt(links: CaseLinks | undefined, kind: FileKind, path: Path): ForeignHome | undefined {
  return links?.(kind === 'bundle' && typeof path[0] === 'number' ? path[0] : undefined)?.home;
}
