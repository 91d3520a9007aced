import { candidatesFor, identityWords, kindWords, referenceSites, type Identity, type RefKind } from '../sync/identities';
import type { CaseLink } from '../sync/caseLinks';
import { DiagnosticCode, Severity, type Finding } from '../validation/diagnostics';
import type { TestCaseAt } from '../document/testCaseModel';
import type { ReferenceSnapshot } from './referenceData';

// A test case checked in an environment that is not its home: its ids are the home's, so each is
// looked up by who it is there (sync/identities.ts) and never by its id here. A reference with
// one counterpart here is fine (import maps it); none or several is `foreign-reference`.

/** The current environment's records of a kind, as identities; undefined when the snapshot lacks the kind. */
function listOf(kind: RefKind, data: ReferenceSnapshot): Map<number, Identity> | undefined {
  if (kind === 'device') return data.devices;
  if (kind === 'traceFilter') return data.traceFilters;
  return undefined;
}

/** The counterpart here of each reference of `tc`, or a finding where there is no single one. */
export function foreignReferences(tc: TestCaseAt, data: ReferenceSnapshot, home: NonNullable<CaseLink['home']>): Finding[] {
  const out: Finding[] = [];
  for (const site of referenceSites(tc.value)) {
    const list = listOf(site.kind, data);
    if (!list) continue;
    const who = home.identity(site.kind, site.id);
    const candidates = who ? candidatesFor(site.kind, who, list) : [];
    if (candidates.length === 1) continue;
    const what = `${kindWords(site.kind)} ${site.id}`;
    const there = who ? `${identityWords(site.kind, who)} in ${home.env}` : `whose identity in ${home.env} was never recorded (export or refresh the file from there once)`;
    const here = candidates.length === 0 ? 'no record here has it' : `${candidates.length} records here have it: ${candidates.join(', ')}`;
    out.push({
      path: [...tc.path, ...site.path],
      on: 'value',
      message: `This file's ids belong to ${home.env}: ${what} is ${there}, and ${here}. Importing it here would stop at this reference.`,
      code: DiagnosticCode.foreignReference,
      severity: Severity.Error,
      data: { kind: site.kind, candidates: candidates.map((id) => ({ id, name: list.get(id)?.name })) },
    });
  }
  return out;
}
