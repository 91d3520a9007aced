// Messages of projects and what is assigned to them (the Projects view, Assign to Projects...).
// Declared once here, re-exported by server/src/protocol.ts.

import type { EntityAssignment, EntityRef, Outcome, ProjectEntityType, ProjectPage, ProjectRefInfo } from '../core';
import { clientRequest, type IdParams } from './message';

export interface ListProjectsParams {
  page: number;
  /** 20 by default. */
  size?: number;
}

/** A kind of record whose members could not be read, with the reason in words. */
export interface UnreadableKind {
  entityType: ProjectEntityType;
  message: string;
}

export interface ProjectContentsResult {
  members: EntityRef[];
  unreadable: UnreadableKind[];
}

export interface CreateProjectParams {
  name: string;
  entityType?: ProjectEntityType;
  entityIds?: number[];
}

export interface CreateProjectResult {
  id: number;
}

export interface RenameProjectParams extends IdParams {
  name: string;
}

/** Records of one kind, by id. */
export interface EntitiesParams {
  entityType: ProjectEntityType;
  ids: number[];
}

export interface ProjectAssignmentsResult {
  entities: EntityAssignment[];
  /** Every project, for the picker. */
  projects: ProjectRefInfo[];
}

export interface AssignProjectsParams extends EntitiesParams {
  projectNames: string[];
}

export interface AssignProjectsResult {
  entities: EntityAssignment[];
}

/** client -> server: one page of projects (the service pages them; size 20 by default). */
export const ListProjectsRequest = clientRequest<ListProjectsParams, Outcome<ProjectPage>>('tas/projects/list');

/**
 * client -> server: what a project holds, by entity type. Test cases through the list's project
 * filter; the other kinds by listing their records and asking listAssignments for their ids.
 * `unreadable`: kinds whose records could not be read, with the reason in words.
 */
export const ProjectContentsRequest = clientRequest<IdParams, Outcome<ProjectContentsResult>>('tas/projects/contents');

/** client -> server: create a project, empty or with entities of one type (never retried). */
export const CreateProjectRequest = clientRequest<CreateProjectParams, Outcome<CreateProjectResult>>(
  'tas/projects/create',
);

/** client -> server: rename a project (PUT). */
export const RenameProjectRequest = clientRequest<RenameProjectParams, Outcome<ProjectRefInfo>>('tas/projects/rename');

/** client -> server: delete a project; a 409 says entities are still assigned to it. */
export const DeleteProjectRequest = clientRequest<IdParams, Outcome<null>>('tas/projects/delete');

/** client -> server: the entities' current projects (listAssignments, rule 1) and every project, for the picker. */
export const ProjectAssignmentsRequest = clientRequest<EntitiesParams, Outcome<ProjectAssignmentsResult>>(
  'tas/projects/assignments',
);

/**
 * client -> server: replace each entity's projects with these names (rule 2; [] clears, rule 3;
 * unknown names create projects, rule 5), never retried, then read back (rule 6).
 */
export const AssignProjectsRequest = clientRequest<AssignProjectsParams, Outcome<AssignProjectsResult>>(
  'tas/projects/assign',
);
