// Trace filters and projects as the views show them.

/** A trace filter as the view shows it; the record view (Open Record) shows every other field. */
export interface TraceFilterSummary {
  id: number;
  name: string;
  filter: string;
  projects: { id: number; name: string }[];
}

export interface ProjectRefInfo {
  id: number;
  name: string;
}

export interface ProjectPage {
  items: ProjectRefInfo[];
  /** More follow on page `page + 1`. */
  hasMore: boolean;
  total: number;
}

export interface EntityAssignment {
  id: number;
  projects: ProjectRefInfo[];
}
