// Test cases on the service: the list, its query and its pages.
import type { EntityRef } from './entities';
import type { ProjectRefInfo } from './projects';

/** The fields the list can be filtered by (`filterName`). */
export type TestCaseFilterField = 'name' | 'description' | 'tags' | 'device';

/** `name`: A to Z; `updated`: the last changed first. */
export type TestCaseSort = 'name' | 'updated';

export interface TestCaseListQuery {
  page: number;
  size?: number;
  /** Only test cases in any of these projects (`prj`). */
  projectIds?: number[];
  filter?: { field: TestCaseFilterField; value: string };
  sort?: TestCaseSort;
}

/** A test case list item, read leniently; missing fields stay undefined or empty. */
export interface TestCaseSummary {
  id: number;
  name: string;
  description?: string;
  stepCount?: number;
  devices: string[];
  projects: ProjectRefInfo[];
  created?: string;
  updated?: string;
  entity: EntityRef;
}

export interface TestCasePage {
  items: TestCaseSummary[];
  /** More follow on page `page + 1`. */
  hasMore: boolean;
  total?: number;
}
