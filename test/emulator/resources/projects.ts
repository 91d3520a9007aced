import { owns } from '../access';
import { Body } from '../body';
import { HttpError, badRequest, conflict, notFound } from '../errors';
import { ENTITY_TYPES, type EntityType, type Project, type User } from '../model';
import { pageOf, parsePage, sortRows } from '../paging';
import { created, emptyOk, intParam, type RequestContext, type Router } from '../router';
import type { Store } from '../store';

// Projects and the assignment rules 1-7 of the interface document.

const view = (p: Project) => ({ id: p.id, name: p.name });

/** 404 for a project: the document says the error body has the resource's shape. */
const projectNotFound = (id: number) => notFound(`Project ${id} was not found`, { id, name: null });

function readEntityType(b: Body, required: boolean): EntityType | undefined {
  const t = b.str('entityType', required);
  if (t === undefined) return undefined;
  if (!(ENTITY_TYPES as readonly string[]).includes(t)) {
    throw badRequest(`'entityType' must be one of ${ENTITY_TYPES.join(', ')}, got '${t}'`);
  }
  return t as EntityType;
}

/** Every entity must exist (404) and, for a non-ADMIN user, be theirs (401, rule 7). */
function checkEntities(store: Store, user: User, type: EntityType, ids: number[]): void {
  const table = store.entityTable(type);
  const missing = ids.filter((id) => !table.get(id));
  if (missing.length > 0) throw notFound(`${type} entities not found: ${missing.join(', ')}`);
  const foreign = ids.filter((id) => !owns(user, table.get(id)!));
  if (foreign.length > 0) {
    throw new HttpError(401, `Not authorized for entity: ${type} ${foreign.join(', ')} not owned by ${user.email}`);
  }
}

function findByName(store: Store, name: string): Project | undefined {
  return store.projects.all().find((p) => p.name === name);
}

function listProjects(c: RequestContext) {
  const req = parsePage(c.query, ['id', 'name'], c.emu.readings.maxPageSize);
  const rows = sortRows(store(c).projects.all(), req.sort, (p, f) => (f === 'name' ? p.name : p.id));
  return pageOf(rows.map(view), req);
}

function createProject(c: RequestContext) {
  const b = Body.object(c.body, 'project');
  const name = b.str('name', true).trim();
  if (name === '') throw badRequest("'name' must not be empty");
  const existing = findByName(store(c), name);
  if (existing) throw conflict(`A project named '${name}' already exists`, { id: existing.id });
  const type = readEntityType(b, false);
  const ids = b.intArray('entityIds') ?? [];
  if (ids.length > 0 && !type) throw badRequest("'entityType' is required when 'entityIds' is given");
  if (type) checkEntities(store(c), c.user, type, ids);
  const project = store(c).projects.insert((id) => ({ id, ownerId: c.user.id, name }));
  for (const id of ids) store(c).setProjects(type!, id, [...store(c).projectIdsOf(type!, id), project.id]);
  return created(project.id);
}

function renameProject(c: RequestContext) {
  const id = intParam(c);
  const project = store(c).projects.get(id);
  if (!project) throw projectNotFound(id);
  const name = Body.object(c.body, 'project').str('name', true).trim();
  if (name === '') throw badRequest("'name' must not be empty");
  const other = findByName(store(c), name);
  if (other && other.id !== id) throw conflict(`A project named '${name}' already exists`, { id: other.id });
  project.name = name;
  return view(project);
}

function deleteProject(c: RequestContext) {
  const id = intParam(c);
  if (!store(c).projects.get(id)) throw projectNotFound(id);
  if (store(c).projectInUse(id)) {
    throw conflict(`Project ${id} cannot be deleted: entities are still assigned to it`);
  }
  store(c).projects.delete(id);
  return emptyOk();
}

/** Rule 1: keys are the requested ids; each value lists the entity's projects ([] for none). */
function listAssignments(c: RequestContext) {
  const b = Body.object(c.body, 'listAssignments');
  const type = readEntityType(b, true)!;
  const ids = b.intArray('entityIds', true);
  const table = store(c).entityTable(type);
  const missing = ids.filter((id) => !table.get(id));
  if (missing.length > 0) throw notFound(`${type} entities not found: ${missing.join(', ')}`);
  const assignments: Record<string, { id: number; name: string }[]> = {};
  for (const id of ids) assignments[String(id)] = store(c).projectRefs(type, id);
  return { entityType: type, assignments };
}

/**
 * Rules 2-7: replace each entity's project set with the named projects (creating unknown names),
 * clear it when no names are given, check every id before changing any, 401 for foreign entities.
 */
function assign(c: RequestContext) {
  const b = Body.object(c.body, 'assignments');
  const type = readEntityType(b, true)!;
  const ids = b.intArray('entityIds', true);
  const names = [...new Set((b.strArray('projectNames') ?? []).map((n) => n.trim()))];
  if (names.some((n) => n === '')) throw badRequest("'projectNames' must not contain empty names");
  checkEntities(store(c), c.user, type, ids);
  const projectIds = names.map(
    (name) => (findByName(store(c), name) ?? store(c).projects.insert((id) => ({ id, ownerId: c.user.id, name }))).id,
  );
  for (const id of ids) store(c).setProjects(type, id, projectIds);
  return emptyOk();
}

const store = (c: RequestContext) => c.emu.store;

export function registerProjects(r: Router): void {
  r.add('GET', '/api/v2/projects', listProjects);
  r.add('POST', '/api/v2/projects', createProject);
  r.add('POST', '/api/v2/projects/listAssignments', listAssignments);
  r.add('POST', '/api/v2/projects/assignments', assign);
  r.add('GET', '/api/v2/projects/{id}', (c) => {
    const id = intParam(c);
    const p = store(c).projects.get(id);
    if (!p) throw projectNotFound(id);
    return view(p);
  });
  r.add('PUT', '/api/v2/projects/{id}', renameProject);
  r.add('DELETE', '/api/v2/projects/{id}', deleteProject);
}
