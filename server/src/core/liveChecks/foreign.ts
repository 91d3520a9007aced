import { identityWords, kindWords, referenceSites, type Identity } from '../sync/identities';
import { referenceKindOfSync, type ReferenceKind, type SyncReferenceKind } from '../model/entityKinds';
import type { ForeignHome } from '../sync/caseLinks';
import { DiagnosticCode, Severity, type Finding } from '../model/diagnostics';
import { testCasesIn, type TestCaseAt } from '../document/testCaseModel';
import type { FileKind } from '../document/fileKind';
import type { ReferenceSnapshot } from './referenceData';
import { counterpartHere } from './counterpart';

// A test case checked in an environment that is not its home: its ids are the home's, so each is
// looked up by who it is there (sync/identities.ts) and never by its id here. A reference with
// one counterpart here (or one a person chose) is fine (import maps it); none or several is
// `foreign-reference`, whose quick fixes offer the candidates.

/** The current environment's records of a kind, as identities; undefined when the snapshot lacks the kind. */
export function listOf(
  kind: ReferenceKind,
  data: Pick<ReferenceSnapshot, 'devices' | 'traceFilters' | 'apiClients'>,
): Map<number, Identity> | undefined {
  if (kind === 'mobileDevice') return data.devices;
  if (kind === 'traceFilter') return data.traceFilters;
  return data.apiClients;
}

/** What the quick fixes of a `foreign-reference` need: the reference, its home, and the candidates here. */
export interface ForeignFixData {
  /** As the sync state's choices spell it: the quick fix's choice is kept there. */
  kind: SyncReferenceKind;
  from: number;
  home: string;
  candidates: { id: number; name?: string; msisdn?: string }[];
}

/** Who a record is, and nothing else of it, for the quick fixes' titles. */
const pick = (who: Identity | undefined): Identity => ({
  ...(who?.name !== undefined && { name: who.name }),
  ...(who?.msisdn !== undefined && { msisdn: who.msisdn }),
});

/** The counterpart here of each reference of `tc`, or a finding where there is no single one. */
export function foreignReferences(tc: TestCaseAt, data: ReferenceSnapshot, home: ForeignHome): Finding[] {
  const out: Finding[] = [];
  for (const site of referenceSites(tc.value)) {
    const list = listOf(referenceKindOfSync(site.kind), data);
    if (!list) continue;
    const { who, candidates } = counterpartHere(referenceKindOfSync(site.kind), site.id, home, list);
    if (candidates.length === 1) continue;
    const what = `${kindWords(site.kind)} ${site.id}`;
    const there = who
      ? `${identityWords(site.kind, who)} in ${home.env}`
      : `whose identity in ${home.env} was never recorded (export or refresh the file from there once)`;
    const here =
      candidates.length === 0
        ? 'no record here has it'
        : `${candidates.length} records here have it: ${candidates.join(', ')}`;
    const fix: ForeignFixData = {
      kind: site.kind,
      from: site.id,
      home: home.env,
      candidates: candidates.map((id) => ({ id, ...pick(list.get(id)) })),
    };
    out.push({
      path: [...tc.path, ...site.path],
      on: 'value',
      message: `This file's ids belong to ${home.env}: ${what} is ${there}, and ${here}. Importing it here would stop at this reference.`,
      code: DiagnosticCode.foreignReference,
      severity: Severity.Error,
      data: fix,
    });
  }
  return out;
}

/** Whether a test case of the document is of another environment and names an API client (their list is then read too). */
export function namesForeignApiClient(
  kind: FileKind,
  value: unknown,
  linkOf: ((index: number | undefined) => { home?: ForeignHome } | undefined) | undefined,
): boolean {
  if (!linkOf) return false;
  return testCasesIn(kind, value).some(
    (tc) =>
      linkOf(typeof tc.path[0] === 'number' ? tc.path[0] : undefined)?.home !== undefined &&
      referenceSites(tc.value).some((s) => s.kind === 'apiClient'),
  );
}
