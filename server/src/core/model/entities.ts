// A service record as any view hands it to commands (projects, Open Record).

/** The interface document's entity types for projects (create body and assignments). */
export type ProjectEntityType = 'TEST_NODE' | 'TEST_CASE' | 'TEST_SUITE' | 'MOBILE_ID' | 'API_CLIENT' | 'TRACE_FILTER' | 'TOKEN';

/**
 * What every tree item of a service record hands to commands that work on any record
 * (Assign to Projects..., Open record): the views' node objects carry it as `entity`.
 */
export interface EntityRef {
  entityType: ProjectEntityType;
  id: number;
  /** The record's name as shown, for questions and messages. */
  label: string;
}

/** The kinds of record the views show and act on. */
export type ShownKind = 'testCase' | 'testSuite' | 'execution' | 'mobileDevice' | 'testNode' | 'deviceToken' | 'traceFilter' | 'apiClient' | 'project';

/**
 * A record a view showed and the user acted on: by kind and id, with the name the user saw, so
 * messages say it by name, and a 404 takes it out of every view that shows it.
 */
export interface ShownRecord {
  kind: ShownKind;
  id: number;
  name?: string;
}
