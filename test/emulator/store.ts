import {
  type ApiClient,
  type Credential,
  type DeviceModel,
  type DeviceToken,
  ENTITY_TYPES,
  type EntityType,
  type Execution,
  type FunctionDef,
  type MobileDevice,
  type Project,
  type TestCase,
  type TestNode,
  type TestSuite,
  type TraceFilter,
  type User,
} from './model';

/** A collection of records keyed by id, with its own id sequence. */
export class Table<T extends { id: number }> {
  readonly rows = new Map<number, T>();
  private next = 1;

  insert(make: (id: number) => T): T {
    const row = make(this.next++);
    this.rows.set(row.id, row);
    return row;
  }

  get(id: number): T | undefined {
    return this.rows.get(id);
  }

  delete(id: number): boolean {
    return this.rows.delete(id);
  }

  all(): T[] {
    return [...this.rows.values()];
  }

  get size(): number {
    return this.rows.size;
  }

  toJSON(): { next: number; rows: T[] } {
    return { next: this.next, rows: this.all() };
  }

  load(data: { next: number; rows: T[] }): void {
    this.rows.clear();
    for (const row of data.rows) this.rows.set(row.id, row);
    this.next = Math.max(data.next, ...data.rows.map((r) => r.id + 1), 1);
  }
}

/** Everything the emulator knows, in memory. `snapshot()`/`restore()` make it a JSON file. */
export class Store {
  readonly users = new Table<User>();
  credentials: Credential[] = [];
  readonly projects = new Table<Project>();
  readonly testNodes = new Table<TestNode>();
  readonly devices = new Table<MobileDevice>();
  readonly deviceModels = new Table<DeviceModel>();
  readonly apiClients = new Table<ApiClient>();
  readonly traceFilters = new Table<TraceFilter>();
  readonly testCases = new Table<TestCase>();
  readonly testSuites = new Table<TestSuite>();
  readonly executions = new Table<Execution>();
  readonly tokens = new Table<DeviceToken>();
  functions: FunctionDef[] = [];
  agentConfigs: Record<string, Record<string, unknown>> = {};
  /** Project assignments: entity type, then entity id, to the set of project ids. */
  readonly assignments = new Map<EntityType, Map<number, Set<number>>>(
    ENTITY_TYPES.map((t) => [t, new Map<number, Set<number>>()]),
  );

  /** The table that holds entities of a project entity type. */
  entityTable(type: EntityType): Table<{ id: number; ownerId: number }> {
    switch (type) {
      case 'TEST_NODE':
        return this.testNodes;
      case 'TEST_CASE':
        return this.testCases;
      case 'TEST_SUITE':
        return this.testSuites;
      case 'MOBILE_ID':
        return this.devices;
      case 'API_CLIENT':
        return this.apiClients;
      case 'TRACE_FILTER':
        return this.traceFilters;
      case 'TOKEN':
        return this.tokens;
    }
  }

  projectIdsOf(type: EntityType, id: number): Set<number> {
    return this.assignments.get(type)?.get(id) ?? new Set();
  }

  /** The `projects` array of an entity: project references sorted by id. */
  projectRefs(type: EntityType, id: number): { id: number; name: string }[] {
    return [...this.projectIdsOf(type, id)]
      .sort((a, b) => a - b)
      .flatMap((pid) => {
        const p = this.projects.get(pid);
        return p ? [{ id: p.id, name: p.name }] : [];
      });
  }

  setProjects(type: EntityType, id: number, projectIds: Iterable<number>): void {
    const set = new Set(projectIds);
    const byType = this.assignments.get(type)!;
    if (set.size === 0) byType.delete(id);
    else byType.set(id, set);
  }

  /** Drops an entity's assignments when the entity is deleted. */
  forgetEntity(type: EntityType, id: number): void {
    this.assignments.get(type)!.delete(id);
  }

  /** True when any entity of any type is assigned to the project. */
  projectInUse(projectId: number): boolean {
    for (const byType of this.assignments.values()) {
      for (const set of byType.values()) if (set.has(projectId)) return true;
    }
    return false;
  }

  snapshot(): unknown {
    const tables = this.tables();
    return {
      version: 1,
      tables: Object.fromEntries(Object.entries(tables).map(([k, t]) => [k, t.toJSON()])),
      credentials: this.credentials,
      functions: this.functions,
      agentConfigs: this.agentConfigs,
      assignments: Object.fromEntries(
        [...this.assignments].map(([type, byId]) => [type, [...byId].map(([id, set]) => [id, [...set]])]),
      ),
    };
  }

  restore(data: unknown): void {
    const d = data as {
      version: number;
      tables: Record<string, { next: number; rows: { id: number }[] }>;
      credentials: Credential[];
      functions: FunctionDef[];
      agentConfigs: Record<string, Record<string, unknown>>;
      assignments: Record<string, [number, number[]][]>;
    };
    if (d?.version !== 1 || typeof d.tables !== 'object') throw new Error('not an emulator snapshot (version 1)');
    const tables = this.tables();
    for (const [name, table] of Object.entries(tables)) {
      const saved = d.tables[name];
      if (saved) (table as Table<{ id: number }>).load(saved);
    }
    this.credentials = d.credentials ?? [];
    this.functions = d.functions ?? [];
    this.agentConfigs = d.agentConfigs ?? {};
    for (const type of ENTITY_TYPES) {
      const byId = this.assignments.get(type)!;
      byId.clear();
      for (const [id, pids] of d.assignments?.[type] ?? []) byId.set(id, new Set(pids));
    }
  }

  private tables(): Record<string, Table<{ id: number }>> {
    return {
      users: this.users,
      projects: this.projects,
      testNodes: this.testNodes,
      devices: this.devices,
      deviceModels: this.deviceModels,
      apiClients: this.apiClients,
      traceFilters: this.traceFilters,
      testCases: this.testCases,
      testSuites: this.testSuites,
      executions: this.executions,
      tokens: this.tokens,
    };
  }
}
