import { OPERATIONS as O } from '../operations';
import { pageLimits } from '../lists';
import { iteratePages } from '../paging';
import { asId, asPage, asRecord } from '../parse';
import type { ApiSession } from '../session';
import type { ProjectEntityType } from '../../model/entityKinds';
import type { AssignmentList, Page, PageQuery, Project, ProjectCreate } from '../types';

export class ProjectsApi {
  constructor(private readonly s: ApiSession) {}

  async list(query: PageQuery = {}, signal?: AbortSignal): Promise<Page<Project>> {
    const body = await this.s.call(O.listProjects, { query: { ...query }, signal });
    return asPage<Project>(body, O.listProjects, { page: query.page ?? 0, size: query.size ?? 20 });
  }

  iterate(options: { size?: number; sort?: string | string[]; signal?: AbortSignal } = {}): AsyncGenerator<Project> {
    return iteratePages((q) => this.list(q, options.signal), { ...options, ...pageLimits(this.s, O.listProjects) });
  }

  /** Creates a project (201 {id}) and returns its id. */
  async create(project: ProjectCreate, signal?: AbortSignal): Promise<number> {
    return asId(await this.s.call(O.createProject, { body: project, signal }), O.createProject);
  }

  async get(id: number, signal?: AbortSignal): Promise<Project> {
    return asRecord<Project>(await this.s.call(O.getProject, { params: { id }, signal }), O.getProject);
  }

  async rename(id: number, name: string, signal?: AbortSignal): Promise<Project> {
    return asRecord<Project>(
      await this.s.call(O.updateProject, { params: { id }, body: { name }, signal }),
      O.updateProject,
    );
  }

  async delete(id: number, signal?: AbortSignal): Promise<void> {
    await this.s.call(O.deleteProject, { params: { id }, signal });
  }

  async listAssignments(
    entityType: ProjectEntityType,
    entityIds: number[],
    signal?: AbortSignal,
  ): Promise<AssignmentList> {
    const body = await this.s.call(O.listProjectAssignments, { body: { entityType, entityIds }, signal });
    const list = asRecord<AssignmentList>(body, O.listProjectAssignments);
    // Rule 1: keyed by the requested ids; a missing map reads as "no projects".
    return {
      ...list,
      assignments: asRecord<AssignmentList['assignments']>(list.assignments ?? {}, O.listProjectAssignments),
    };
  }

  /**
   * Replaces the project set of each entity with the named projects (rule 2); no names clears it
   * (rule 3); unknown names become new projects (rule 5). A 200 only means accepted (rule 6).
   */
  async assign(
    entityType: ProjectEntityType,
    entityIds: number[],
    projectNames: string[],
    signal?: AbortSignal,
  ): Promise<void> {
    await this.s.call(O.assignProjects, { body: { entityType, entityIds, projectNames }, signal });
  }
}
