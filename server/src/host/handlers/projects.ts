import type { Connection } from 'vscode-languageserver/node';
import { type ActiveEnvironment, projectMemberWords, type EnvironmentState, ProjectActions, recordWords, type ReferenceCache, type ShownRecord, TraceFilterActions } from '../../core';
import { AssignProjectsRequest, CreateProjectRequest, CreateTraceFilterRequest, DeleteProjectRequest, DeleteTraceFilterRequest, ListProjectsRequest, ListTraceFiltersRequest, ProjectAssignmentsRequest, ProjectContentsRequest, RenameProjectRequest, UpdateTraceFilterRequest } from '../../protocol';
import { EDITOR_WORDS } from '../words';
import { act } from './outcome';

// Thin adapters from the Trace Filters and Projects views' requests to their actions.

interface Services {
  env: EnvironmentState;
  /** Trace filters changed: references in open files are checked again. */
  traceFiltersChanged: () => void;
  refs: ReferenceCache;
}

const NAME_TAKEN = 'another project already has this name. Choose another name, or assign to the existing project.';

const filter = (id: number, shown?: string): ShownRecord => ({ kind: 'traceFilter', id, ...(shown !== undefined && { name: shown }) });
const project = (id: number, shown?: string): ShownRecord => ({ kind: 'project', id, ...(shown !== undefined && { name: shown }) });

export function registerProjectFeatures(connection: Connection, s: Services): void {
  const filters = (env: ActiveEnvironment) => new TraceFilterActions(env.client, s.traceFiltersChanged, (id) => s.refs.traceFilterRaw(id));
  const projects = (env: ActiveEnvironment) => new ProjectActions(env.client, EDITOR_WORDS);


  connection.onRequest(ListTraceFiltersRequest, () => act(s.env, { action: 'read the trace filters' }, (env) => filters(env).list()));
  connection.onRequest(CreateTraceFilterRequest, ({ name, filter }) =>
    act(
      s.env,
      {
        action: `create trace filter "${name}"`,
        conflict: 'another trace filter already has this name. Choose another name.',
        lost: 'the trace filter may have been created. Refresh Trace Filters before trying again.',
      },
      (env) => filters(env).create({ name, filter }),
    ),
  );
  connection.onRequest(UpdateTraceFilterRequest, ({ id, name, filter: expression, shown }) =>
    act(
      s.env,
      { action: `change ${recordWords(filter(id, shown))}`, conflict: 'another trace filter already has this name. Choose another name.', record: filter(id, shown) },
      (env) => filters(env).update(id, { name, filter: expression }),
    ),
  );
  connection.onRequest(DeleteTraceFilterRequest, ({ id, shown }) =>
    act(s.env, { action: `delete ${recordWords(filter(id, shown))}`, record: filter(id, shown) }, (env) => filters(env).delete(id, recordWords(filter(id, shown)))),
  );

  connection.onRequest(ListProjectsRequest, ({ page, size }) => act(s.env, { action: 'read the projects' }, (env) => projects(env).page(page, size)));
  connection.onRequest(ProjectContentsRequest, ({ id, shown }) =>
    act(s.env, { action: `read what ${recordWords(project(id, shown))} holds`, record: project(id, shown) }, (env) => projects(env).contents(id)),
  );
  connection.onRequest(CreateProjectRequest, ({ name, entityType, entityIds }) =>
    act(
      s.env,
      { action: `create project "${name}"`, conflict: NAME_TAKEN, lost: 'the project may have been created. Refresh Projects before trying again.' },
      (env) => projects(env).create(name, entityType, entityIds),
    ),
  );
  connection.onRequest(RenameProjectRequest, ({ id, name, shown }) =>
    act(s.env, { action: `rename ${recordWords(project(id, shown))} to "${name}"`, conflict: NAME_TAKEN, record: project(id, shown) }, (env) =>
      projects(env).rename(id, name),
    ),
  );
  connection.onRequest(DeleteProjectRequest, ({ id, shown }) =>
    act(s.env, { action: `delete ${recordWords(project(id, shown))}`, record: project(id, shown) }, (env) => projects(env).deleteSaying(id, recordWords(project(id, shown)))),
  );
  connection.onRequest(ProjectAssignmentsRequest, ({ entityType, ids }) =>
    act(s.env, { action: `read the projects of these ${projectMemberWords(entityType)}` }, async (env) => {
      const p = projects(env);
      const [entities, all] = await Promise.all([p.assignments(entityType, ids), p.all()]);
      return { entities, projects: all };
    }),
  );
  connection.onRequest(AssignProjectsRequest, ({ entityType, ids, projectNames }) =>
    act(
      s.env,
      {
        action: `assign ${ids.length === 1 ? projectMemberWords(entityType).replace(/s$/, '') : projectMemberWords(entityType)} to projects`,
        lost: 'the assignment may have been made. Run Assign to Projects... again to see the current projects before changing them.',
      },
      async (env) => ({ entities: await projects(env).assign(entityType, ids, projectNames) }),
    ),
  );
}
