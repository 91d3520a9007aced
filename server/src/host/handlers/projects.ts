import type { Connection } from 'vscode-languageserver/node';
import {
  type ActiveEnvironment,
  projectMemberWords,
  recordWords,
  type ServiceSession,
  type ShownRecord,
  shownRecord,
} from '../../core';
import {
  AssignProjectsRequest,
  CreateProjectRequest,
  CreateTraceFilterRequest,
  DeleteProjectRequest,
  DeleteTraceFilterRequest,
  ListProjectsRequest,
  ListTraceFiltersRequest,
  ProjectAssignmentsRequest,
  ProjectContentsRequest,
  RenameProjectRequest,
  UpdateTraceFilterRequest,
} from '../../protocol';

// Thin adapters from the Trace Filters and Projects views' requests to their actions.

interface Services {
  /** Its actions tell it when trace filters changed: references in open files are checked again. */
  session: ServiceSession;
}

const NAME_TAKEN = 'another project already has this name. Choose another name, or assign to the existing project.';

const filter = (id: number, shown?: string): ShownRecord => shownRecord('traceFilter', id, shown);
const project = (id: number, shown?: string): ShownRecord => shownRecord('project', id, shown);

export function registerProjectFeatures(connection: Connection, s: Services): void {
  const filters = (env: ActiveEnvironment) => s.session.actions(env).traceFilters;
  const projects = (env: ActiveEnvironment) => s.session.actions(env).projects;

  connection.onRequest(ListTraceFiltersRequest, () =>
    s.session.act({ action: 'read the trace filters' }, (env) => filters(env).list()),
  );
  connection.onRequest(CreateTraceFilterRequest, ({ name, filter }) =>
    s.session.act(
      {
        action: `create trace filter "${name}"`,
        conflict: 'another trace filter already has this name. Choose another name.',
        lost: 'the trace filter may have been created. Refresh Trace Filters before trying again.',
      },
      (env) => filters(env).create({ name, filter }),
    ),
  );
  connection.onRequest(UpdateTraceFilterRequest, ({ id, name, filter: expression, shown }) =>
    s.session.act(
      {
        action: `change ${recordWords(filter(id, shown))}`,
        conflict: 'another trace filter already has this name. Choose another name.',
        record: filter(id, shown),
      },
      (env) => filters(env).update(id, { name, filter: expression }),
    ),
  );
  connection.onRequest(DeleteTraceFilterRequest, ({ id, shown }) =>
    s.session.act({ action: `delete ${recordWords(filter(id, shown))}`, record: filter(id, shown) }, (env) =>
      filters(env).delete(id, recordWords(filter(id, shown))),
    ),
  );

  connection.onRequest(ListProjectsRequest, ({ page, size }) =>
    s.session.act({ action: 'read the projects' }, (env) => projects(env).page(page, size)),
  );
  connection.onRequest(ProjectContentsRequest, ({ id, shown }) =>
    s.session.act({ action: `read what ${recordWords(project(id, shown))} holds`, record: project(id, shown) }, (env) =>
      projects(env).contents(id),
    ),
  );
  connection.onRequest(CreateProjectRequest, ({ name, entityType, entityIds }) =>
    s.session.act(
      {
        action: `create project "${name}"`,
        conflict: NAME_TAKEN,
        lost: 'the project may have been created. Refresh Projects before trying again.',
      },
      (env) => projects(env).create(name, entityType, entityIds),
    ),
  );
  connection.onRequest(RenameProjectRequest, ({ id, name, shown }) =>
    s.session.act(
      {
        action: `rename ${recordWords(project(id, shown))} to "${name}"`,
        conflict: NAME_TAKEN,
        record: project(id, shown),
      },
      (env) => projects(env).rename(id, name),
    ),
  );
  connection.onRequest(DeleteProjectRequest, ({ id, shown }) =>
    s.session.act({ action: `delete ${recordWords(project(id, shown))}`, record: project(id, shown) }, (env) =>
      projects(env).deleteSaying(id, recordWords(project(id, shown))),
    ),
  );
  connection.onRequest(ProjectAssignmentsRequest, ({ entityType, ids }) =>
    s.session.act({ action: `read the projects of these ${projectMemberWords(entityType)}` }, async (env) => {
      const p = projects(env);
      const [entities, all] = await Promise.all([p.assignments(entityType, ids), p.all()]);
      return { entities, projects: all };
    }),
  );
  connection.onRequest(AssignProjectsRequest, ({ entityType, ids, projectNames }) =>
    s.session.act(
      {
        action: `assign ${ids.length === 1 ? projectMemberWords(entityType).replace(/s$/, '') : projectMemberWords(entityType)} to projects`,
        lost: 'the assignment may have been made. Run Assign to Projects... again to see the current projects before changing them.',
      },
      async (env) => ({ entities: await projects(env).assign(entityType, ids, projectNames) }),
    ),
  );
}
