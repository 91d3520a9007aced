import type { TasClient } from '../api/client';
import { int, isRecord, text } from '../base/read';
import type { EntityAssignment, ProjectPage, ProjectRefInfo } from '../model/projects';
import type { EntityRef } from '../model/entities';
import type { ProjectEntityType } from '../model/entityKinds';
import { ApiError } from '../api/errors';
import { WordedFailure } from '../failures/classify';
import { describeFailure, type HostWords } from '../failures/failures';
import { projectHeldWords } from '../failures/held';
import { chunks, projectsField } from './projectsField';

// Projects and their assignments (the document's rules 1-7). What a project holds is found per
// entity type: test cases through the list's `prj` filter; every other kind by listing its
// records and reading their `projects` field, or asking listAssignments when a record lacks it.

const BATCH = 100;

interface Listed {
  entity: EntityRef;
  /** The record's own `projects` field, when it has one. */
  projects?: ProjectRefInfo[];
}

const PLURAL_WORDS: Record<ProjectEntityType, string> = {
  TEST_CASE: 'test cases',
  TEST_SUITE: 'test suites',
  MOBILE_ID: 'devices',
  TEST_NODE: 'test nodes',
  TRACE_FILTER: 'trace filters',
  TOKEN: 'device tokens',
  API_CLIENT: 'API clients',
};

/** Records of a project entity type in a sentence, plural: "devices". */
export const projectMemberWords = (t: ProjectEntityType): string => PLURAL_WORDS[t];

/** A list record as an entity of the given type; records without an integer id are left out. */
export function listedEntity(entityType: ProjectEntityType, raw: unknown): Listed | undefined {
  if (!isRecord(raw)) return undefined;
  const id = int(raw['id']);
  if (id === undefined) return undefined;
  const label =
    entityType === 'TOKEN'
      ? `Token ${id}${text(raw['mobileDeviceName']) ? ` for ${String(raw['mobileDeviceName'])}` : ''}`
      : (text(raw['name']) ?? `${PLURAL_WORDS[entityType].replace(/s$/, '')} ${id}`);
  const projects = projectsField(raw);
  return { entity: { entityType, id, label }, ...(projects && { projects }) };
}

/** Every project name once, trimmed, without empty ones, in the order given. */
export function cleanNames(names: readonly string[]): string[] {
  return [...new Set(names.map((n) => n.trim()).filter((n) => n !== ''))];
}

export class ProjectActions {
  constructor(
    private readonly client: TasClient,
    /** The host's next steps in failures worded here. */
    private readonly words: HostWords,
  ) {}

  async page(page: number, size = 20): Promise<ProjectPage> {
    const p = await this.client.projects.list({ page, size });
    const items = p.content.flatMap((raw) => {
      const id = int(raw.id);
      return id === undefined ? [] : [{ id, name: text(raw.name) ?? `Project ${id}` }];
    });
    return { items, hasMore: !p.last && p.content.length > 0, total: p.totalElements };
  }

  async all(): Promise<ProjectRefInfo[]> {
    const out: ProjectRefInfo[] = [];
    for await (const raw of this.client.projects.iterate({ size: 200 })) {
      const id = int(raw.id);
      if (id !== undefined) out.push({ id, name: text(raw.name) ?? `Project ${id}` });
    }
    return out;
  }

  async create(name: string, entityType?: ProjectEntityType, entityIds: number[] = []): Promise<{ id: number }> {
    const clean = name.trim();
    if (clean === '') throw new Error('a project needs a name');
    // A project may be created empty; the body still names a type, as the document's create body has one.
    const id = await this.client.projects.create({ name: clean, entityType: entityType ?? 'TEST_CASE', entityIds });
    return { id };
  }

  async rename(id: number, name: string): Promise<ProjectRefInfo> {
    const clean = name.trim();
    if (clean === '') throw new Error('a project needs a name');
    const answer = await this.client.projects.rename(id, clean);
    return { id, name: text(answer.name) ?? clean };
  }

  async delete(id: number): Promise<null> {
    await this.client.projects.delete(id);
    return null;
  }

  /** Deletes; a refusal (409) names the records still assigned, as read from the service. */
  async deleteSaying(id: number, label: string): Promise<null> {
    try {
      return await this.delete(id);
    } catch (err) {
      if (!(err instanceof ApiError && err.kind === 'conflict')) throw err;
      const members = await this.contents(id).then(
        (c) => c.members,
        () => [],
      );
      const words = members.map((m) => `${PLURAL_WORDS[m.entityType].replace(/s$/, '')} "${m.label}"`);
      throw new WordedFailure({ kind: 'conflict', message: projectHeldWords(label, words) });
    }
  }

  /** Rule 1: each entity's projects, [] when it is in none. */
  async assignments(entityType: ProjectEntityType, ids: number[]): Promise<EntityAssignment[]> {
    const found = new Map<number, ProjectRefInfo[]>();
    for (const batch of chunks([...new Set(ids)], BATCH)) {
      const list = await this.client.projects.listAssignments(entityType, batch);
      for (const id of batch) found.set(id, refs(list.assignments[String(id)]));
    }
    return ids.map((id) => ({ id, projects: found.get(id) ?? [] }));
  }

  /**
   * Rules 2, 3 and 5: one request replaces every entity's set with these names (none clears it,
   * unknown names create projects). Never repeated. Rule 6: the 200 only says it was accepted, so
   * the sets are read back.
   */
  async assign(entityType: ProjectEntityType, ids: number[], projectNames: string[]): Promise<EntityAssignment[]> {
    await this.client.projects.assign(entityType, ids, cleanNames(projectNames));
    return this.assignments(entityType, ids);
  }

  /** What the project holds, kind by kind; a kind that cannot be read is said, not fatal. */
  async contents(
    projectId: number,
  ): Promise<{ members: EntityRef[]; unreadable: { entityType: ProjectEntityType; message: string }[] }> {
    const kinds: [ProjectEntityType, () => Promise<unknown[]>][] = [
      ['TEST_SUITE', () => this.client.testSuites.list()],
      ['MOBILE_ID', () => this.client.devices.list()],
      ['TEST_NODE', () => this.client.testNodes.list()],
      ['TRACE_FILTER', () => this.client.traceFilters.list()],
      ['TOKEN', () => this.client.deviceTokens.list()],
      ['API_CLIENT', () => this.client.apiClients.all({ pageSize: 200 })],
    ];
    const members: EntityRef[] = [];
    const unreadable: { entityType: ProjectEntityType; message: string }[] = [];
    const results = await Promise.allSettled([
      this.testCasesIn(projectId),
      ...kinds.map(async ([type, list]) => this.membersOfKind(type, await list(), projectId)),
    ]);
    const types: ProjectEntityType[] = ['TEST_CASE', ...kinds.map(([t]) => t)];
    results.forEach((r, i) => {
      if (r.status === 'fulfilled') members.push(...r.value);
      else
        unreadable.push({
          entityType: types[i]!,
          message: describeFailure(r.reason, { action: `read the ${PLURAL_WORDS[types[i]!]}` }, this.words).message,
        });
    });
    return { members, unreadable };
  }

  private async testCasesIn(projectId: number): Promise<EntityRef[]> {
    const out: EntityRef[] = [];
    for await (const item of this.client.testCases.iterate({ prj: [projectId], size: 200 })) {
      const listed = listedEntity('TEST_CASE', item);
      // The filter's format is not shown: the items' own projects confirm the match.
      if (listed && (!listed.projects || listed.projects.some((p) => p.id === projectId))) out.push(listed.entity);
    }
    return out;
  }

  private async membersOfKind(
    entityType: ProjectEntityType,
    records: unknown[],
    projectId: number,
  ): Promise<EntityRef[]> {
    const listed = records.flatMap((r) => listedEntity(entityType, r) ?? []);
    const unknown = listed.filter((l) => !l.projects).map((l) => l.entity.id);
    const asked =
      unknown.length > 0
        ? new Map((await this.assignments(entityType, unknown)).map((a) => [a.id, a.projects]))
        : new Map<number, ProjectRefInfo[]>();
    return listed
      .filter((l) => (l.projects ?? asked.get(l.entity.id) ?? []).some((p) => p.id === projectId))
      .map((l) => l.entity);
  }
}

function refs(raw: unknown): ProjectRefInfo[] {
  return projectsField({ projects: raw }) ?? [];
}
