import { int, isRecord, text } from '../base/read';
import type { TestCaseQuery } from '../api/types';
import { projectsField } from '../projects/projectsField';
import type { TestCaseListQuery, TestCaseSummary } from '../model/testCases';

// The Test Cases view's list: the query the service understands, and list items read leniently
// (the document names their fields but a service may leave some out or shape them otherwise).

/** Small pages keep a list of 10,000 test cases smooth; the view loads more on demand. */
export const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;

export function summarizeTestCase(raw: unknown): TestCaseSummary | undefined {
  if (!isRecord(raw)) return undefined;
  const id = int(raw['id']);
  if (id === undefined) return undefined;
  const name = text(raw['name']) ?? `Test case ${id}`;
  const devices = Array.isArray(raw['deviceList'])
    ? raw['deviceList'].flatMap((d) => (typeof d === 'string' && d !== '' ? [d] : []))
    : [];
  const stepCount =
    int(raw['testStepCount']) ?? (Array.isArray(raw['testStepList']) ? raw['testStepList'].length : undefined);
  const description = text(raw['description']);
  const created = text(raw['created']);
  const updated = text(raw['updated']);
  return {
    id,
    name,
    ...(description !== undefined && { description }),
    ...(stepCount !== undefined && { stepCount }),
    devices,
    projects: projectsField(raw) ?? [],
    ...(created !== undefined && { created }),
    ...(updated !== undefined && { updated }),
    entity: { entityType: 'TEST_CASE', id, label: name },
  };
}

/** The view's query as the service's query parameters. */
export function serviceQuery(q: TestCaseListQuery): TestCaseQuery {
  const size = Math.min(Math.max(1, Math.floor(q.size ?? DEFAULT_PAGE_SIZE)), MAX_PAGE_SIZE);
  const value = q.filter?.value.trim() ?? '';
  return {
    page: Math.max(0, Math.floor(q.page)),
    size,
    // Ties on the name (or no update time) keep a stable order across pages.
    sort: q.sort === 'updated' ? ['updated,desc', 'id,asc'] : ['name,asc', 'id,asc'],
    ...(q.projectIds && q.projectIds.length > 0 && { prj: q.projectIds }),
    ...(q.filter && value !== '' && { filterName: q.filter.field, filterValue: value }),
  };
}
