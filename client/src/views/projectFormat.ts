import type { EntityAssignment, EntityRef, ProjectEntityType, ProjectRefInfo } from '../../../server/src/core';

// How Assign to Projects... and the Projects view word things; no `vscode` here, so unit tests
// can check the wording.

const KIND: Record<ProjectEntityType, [one: string, many: string]> = {
  TEST_CASE: ['test case', 'test cases'],
  TEST_SUITE: ['test suite', 'test suites'],
  MOBILE_ID: ['device', 'devices'],
  TEST_NODE: ['test node', 'test nodes'],
  TRACE_FILTER: ['trace filter', 'trace filters'],
  TOKEN: ['device token', 'device tokens'],
  API_CLIENT: ['API client', 'API clients'],
};

export const kindWord = (t: ProjectEntityType, count: number): string => KIND[t][count === 1 ? 0 : 1];

/** "Test cases (3)": a group heading in the Projects view. */
export function groupLabel(t: ProjectEntityType, count: number): string {
  const w = KIND[t][1];
  return `${w[0]!.toUpperCase()}${w.slice(1)} (${count})`;
}

/** The order of groups under a project. */
export const KIND_ORDER: ProjectEntityType[] = [
  'TEST_CASE',
  'TEST_SUITE',
  'MOBILE_ID',
  'TEST_NODE',
  'TRACE_FILTER',
  'TOKEN',
  'API_CLIENT',
];

const isEntityRef = (x: unknown): x is EntityRef =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as EntityRef).entityType === 'string' &&
  typeof (x as EntityRef).id === 'number';

/** The `entity` a tree node carries, if any. */
export function entityOf(node: unknown): EntityRef | undefined {
  const e = typeof node === 'object' && node !== null ? (node as { entity?: unknown }).entity : undefined;
  return isEntityRef(e) ? e : undefined;
}

/**
 * The records a view command acts on: VS Code passes the clicked node and the selection; the
 * selection counts when it holds the clicked node (else the click was outside it). Each record once.
 */
export function selectedEntities(clicked: unknown, selection: unknown): EntityRef[] {
  const one = entityOf(clicked);
  const many = Array.isArray(selection) ? selection.flatMap((n) => entityOf(n) ?? []) : [];
  const chosen =
    one && many.some((e) => e.entityType === one.entityType && e.id === one.id) ? many : one ? [one] : many;
  const seen = new Set<string>();
  return chosen.filter((e) => {
    const key = `${e.entityType}:${e.id}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** Records grouped by entity type: the service takes one type per request. */
export function byType(entities: readonly EntityRef[]): Map<ProjectEntityType, EntityRef[]> {
  const out = new Map<ProjectEntityType, EntityRef[]>();
  for (const e of entities) out.set(e.entityType, [...(out.get(e.entityType) ?? []), e]);
  return out;
}

export interface PickState {
  /** Projects every record is in: chosen at first. */
  common: ProjectRefInfo[];
  /** Projects some records are in, with how many. */
  partial: Map<number, number>;
}

/** What the picker starts with (rule 1's current sets). */
export function pickState(current: readonly EntityAssignment[]): PickState {
  const counts = new Map<number, number>();
  const byId = new Map<number, ProjectRefInfo>();
  for (const e of current) {
    for (const p of e.projects) {
      counts.set(p.id, (counts.get(p.id) ?? 0) + 1);
      byId.set(p.id, p);
    }
  }
  const common = [...counts].filter(([, n]) => n === current.length).map(([id]) => byId.get(id)!);
  const partial = new Map([...counts].filter(([, n]) => n < current.length));
  return { common, partial };
}

const list = (names: readonly string[]): string => (names.length === 0 ? 'no project' : names.join(', '));

/** What each record is now in, read back after the assignment (rule 6). */
export function assignmentSummary(
  entities: readonly EntityRef[],
  readBack: readonly EntityAssignment[],
  max = 5,
): string {
  const label = new Map(entities.map((e) => [e.id, e.label]));
  const lines = readBack.map((a) => `${label.get(a.id) ?? `#${a.id}`}: ${list(a.projects.map((p) => p.name))}`);
  const type = entities[0]?.entityType;
  if (readBack.length === 1 && type)
    return `${kindWord(type, 1)[0]!.toUpperCase()}${kindWord(type, 1).slice(1)} ${label.get(readBack[0]!.id) ?? readBack[0]!.id} is now in ${list(readBack[0]!.projects.map((p) => p.name))}.`;
  const shown = lines.slice(0, max).join('; ');
  const more = lines.length > max ? `; and ${lines.length - max} more` : '';
  return `${readBack.length} ${type ? kindWord(type, readBack.length) : 'records'} now: ${shown}${more}.`;
}

/** The confirmation before an empty choice clears every set (rule 3). */
export function clearQuestion(entities: readonly EntityRef[]): string {
  const what =
    entities.length === 1
      ? `${kindWord(entities[0]!.entityType, 1)} ${entities[0]!.label}`
      : `${entities.length} ${kindWord(entities[0]!.entityType, entities.length)}`;
  return `Remove ${what} from every project?`;
}

/** Trace filter ids a test-case file refers to; a cheap scan that also reads files being edited. */
/** The ids a test-case file's steps name in `params.apiClientId`. */
export function apiClientIdsIn(text: string): Set<number> {
  return new Set([...text.matchAll(/"apiClientId"\s*:\s*(\d+)/g)].map((m) => Number(m[1])));
}

export function traceFilterIdsIn(text: string): Set<number> {
  return new Set([...text.matchAll(/"traceFilterId"\s*:\s*(\d+)/g)].map((m) => Number(m[1])));
}

export function deviceIdsIn(text: string): Set<number> {
  return new Set([...text.matchAll(/"mobileDeviceId"\s*:\s*(\d+)/g)].map((m) => Number(m[1])));
}
