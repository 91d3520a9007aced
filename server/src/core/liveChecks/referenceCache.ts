import { ApiError } from '../api/errors';
import { completeItems, lacksField } from '../api/completeItems';
import { exactStr, isRecord } from '../base/read';
import type { Loose } from '../api/types';
import type { FileKind } from '../document/fileKind';
import type { ApiClientInfo, DeviceInfo, NamedInfo, ReferenceState, TraceFilterInfo, Wanted } from './referenceData';
import { asClause, type HostWords, serviceFailure, signedOut } from '../failures/failures';
import { NotSignedInError } from '../failures/classify';
import { confirmReferences, type RecordSource } from './confirm';
import type { EnvironmentState } from '../environment/environment';
import type { EntityKind } from '../model/entityKinds';
import { apiClientInfo, byId, deviceInfo, functionInfo, named, traceFilterInfo, type FunctionInfo } from './recordInfo';
import { isUnreachable, type KeptEnvironment, KeptLists, keptRead } from './keptLists';

// Per environment, the lists reference checks need, each fetched once per lifetime (a
// setting), shared by concurrent lookups, and dropped when the environment changes.

interface Entry<T> {
  generation: number;
  at: number;
  /** Set once loaded (the value itself may be undefined: "the service does not know it"). */
  outcome?: { value: T } | { error: Error };
  pending?: Promise<T>;
}

const FAILURE_TTL_MS = 15_000;
const PAGE_SIZE = 1000;

export class ReferenceCache implements RecordSource {
  private readonly entries = new Map<string, Entry<unknown>>();
  /** Step function names seen in this environment's documents: candidates for completion. */
  readonly seenFunctions = new Set<string>();
  /** The last call failed because the service could not be reached: kept lists stand in until one succeeds. */
  private offline = false;
  private readonly reconnectListeners: (() => void)[] = [];

  constructor(
    private readonly env: EnvironmentState,
    private readonly ttlMs: () => number,
    /** The host's next steps, for the reason the lists cannot be had. */
    private readonly host: HostWords,
    private readonly now: () => number = Date.now,
    /** The last lists read per environment, for while the service cannot be reached. */
    private readonly kept: KeptLists = new KeptLists(undefined, () => undefined),
  ) {
    env.onChange(() => {
      this.offline = false;
      this.clear();
    });
  }

  clear(): void {
    this.entries.clear();
    this.seenFunctions.clear();
  }

  /** The lists last read in the active environment, while the service cannot be reached; undefined when it can. */
  async keptWhileOffline(): Promise<KeptEnvironment | undefined> {
    const env = this.env.current;
    return env && this.offline ? this.kept.of(env.baseUrl) : undefined;
  }

  /** Told when a call succeeds after the service could not be reached; every list is then read again. */
  onReconnect(listener: () => void): void {
    this.reconnectListeners.push(listener);
  }

  /** Every kept list written (the host waits for it before it exits). */
  flushKept(): Promise<void> {
    return this.kept.flush();
  }

  /** A call answered: kept when it is a list kept for offline use; after an outage, everything else is read again. */
  private answered(key: string, value: unknown, baseUrl: string): void {
    const read = keptRead(key, value);
    if (read) void this.kept.remember(baseUrl, read, this.now());
    if (!this.offline) return;
    this.offline = false;
    // Lists read before the outage, and failures kept during it, are dropped; reads under way go on.
    for (const [k, e] of this.entries) if (k !== key && !e.pending) this.entries.delete(k);
    for (const listener of this.reconnectListeners) listener();
  }

  /**
   * A record an action found gone (404): it leaves the cached list at once and its own record
   * reads as missing, so a file naming it is told so without waiting for the lists' lifetime.
   */
  forget(kind: EntityKind, id: number): void {
    const lists: Partial<Record<EntityKind, [string, string]>> = {
      mobileDevice: ['devices', 'device'],
      traceFilter: ['traceFilters', 'traceFilter'],
      apiClient: ['apiClients', 'apiClient'],
      testCase: ['testCases', 'testCase'],
      testNode: ['testNodes', 'testNode'],
    };
    const keys = lists[kind];
    if (!keys) return;
    const list = this.entries.get(keys[0])?.outcome;
    if (list && 'value' in list && list.value instanceof Map) list.value.delete(id);
    const generation = this.env.current?.generation;
    if (generation !== undefined)
      this.entries.set(`record:${keys[1]}:${id}`, { generation, at: this.now(), outcome: { value: undefined } });
  }

  devices(): Promise<Map<number, DeviceInfo>> {
    return this.get('devices', async (c) => byId(await this.items('deviceItems', () => c.devices.list()), deviceInfo));
  }

  traceFilters(): Promise<Map<number, TraceFilterInfo>> {
    return this.get('traceFilters', async (c) =>
      byId(await this.items('traceFilterItems', () => c.traceFilters.list()), traceFilterInfo),
    );
  }

  /**
   * The devices with summary items completed by their own records (each read once per cache
   * life, a few at a time; one that cannot be read stays the summary): for completion and for
   * the device with the same MSISDN offered in place of an unknown one.
   */
  completedDevices(): Promise<Map<number, DeviceInfo>> {
    return this.get('completedDevices', async (c) =>
      byId(
        await completeItems(await this.items('deviceItems', () => c.devices.list()), lacksField('msisdn'), (id) =>
          this.deviceRaw(id),
        ),
        deviceInfo,
      ),
    );
  }

  /** The trace filters with summary items completed by their records, as `completedDevices`. */
  completedTraceFilters(): Promise<Map<number, TraceFilterInfo>> {
    return this.get('completedTraceFilters', async (c) =>
      byId(
        await completeItems(
          await this.items('traceFilterItems', () => c.traceFilters.list()),
          lacksField('filter'),
          (id) => this.traceFilterRaw(id),
        ),
        traceFilterInfo,
      ),
    );
  }

  /** A list as the service sends it, read once per cache life for the maps made of it. */
  private items(key: string, read: () => Promise<Loose[]>): Promise<Loose[]> {
    return this.get(key, read);
  }

  testCases(): Promise<Map<number, string>> {
    return this.get('testCases', async (c) => {
      const names = new Map<number, string>();
      for await (const item of c.testCases.iterate({ size: PAGE_SIZE })) names.set(item.id, item.name);
      return names;
    });
  }

  /** API clients by id: name, method, URL and auth type only (no secret is kept). */
  apiClients(): Promise<Map<number, ApiClientInfo>> {
    return this.get('apiClients', async (c) => {
      const out = new Map<number, ApiClientInfo>();
      for await (const a of c.apiClients.iterate({ pageSize: PAGE_SIZE })) {
        if (typeof a.id !== 'number') continue;
        out.set(a.id, apiClientInfo({ ...a, id: a.id }));
      }
      return out;
    });
  }

  /** GET /apiclients/{id}, once per cache life: undefined for a 404, a throw for any other failure. */
  apiClientRecord(id: number): Promise<ApiClientInfo | undefined> {
    return this.get(`record:apiClient:${id}`, (c) =>
      unlessMissing(async () => apiClientInfo({ ...(await c.apiClients.get(id)), id })),
    );
  }

  testNodes(): Promise<Map<number, NamedInfo>> {
    return this.get('testNodes', async (c) => named(await c.testNodes.list()));
  }

  deviceModels(): Promise<Map<number, NamedInfo> & { cut?: boolean }> {
    return this.get('deviceModels', async (c) => {
      const list = await c.catalog.deviceModels();
      return Object.assign(named(list), list.cut ? { cut: true } : {});
    });
  }

  /** The device for a hover: the list's, completed or confirmed by its own record; undefined when that answers 404. */
  async device(id: number): Promise<DeviceInfo | undefined> {
    const listed = (await this.devices()).get(id);
    if (listed && !listed.partial) return listed;
    if (listed) return this.deviceRecord(id).catch(() => listed);
    const record = await this.deviceRecord(id);
    if (record) this.incomplete('mobile devices', `device ${id}`);
    return record;
  }

  /** The trace filter for a hover, as `device` reads a device. */
  async traceFilter(id: number): Promise<TraceFilterInfo | undefined> {
    const listed = (await this.traceFilters()).get(id);
    if (listed && !listed.partial) return listed;
    if (listed) return this.traceFilterRecord(id).catch(() => listed);
    const record = await this.traceFilterRecord(id);
    if (record) this.incomplete('trace filters', `trace filter ${id}`);
    return record;
  }

  /** GET /mobiledevices/{id} as sent, once per cache life: undefined for a 404, a throw for any other failure. */
  deviceRaw(id: number): Promise<Loose | undefined> {
    return this.get(`record:device:${id}`, (c) => unlessMissing(() => c.devices.get(id)));
  }

  /** GET /tracefilters/{id} as sent, as `deviceRaw`. */
  traceFilterRaw(id: number): Promise<Loose | undefined> {
    return this.get(`record:traceFilter:${id}`, (c) => unlessMissing(() => c.traceFilters.get(id)));
  }

  async deviceRecord(id: number): Promise<DeviceInfo | undefined> {
    const raw = await this.deviceRaw(id);
    return raw && deviceInfo({ ...raw, id });
  }

  async traceFilterRecord(id: number): Promise<TraceFilterInfo | undefined> {
    const raw = await this.traceFilterRaw(id);
    return raw && traceFilterInfo({ ...raw, id });
  }

  testCaseRecord(id: number): Promise<NamedInfo | undefined> {
    return this.get(`record:testCase:${id}`, (c) =>
      unlessMissing(async () => ({ id, name: exactStr((await c.testCases.get(id)).name) })),
    );
  }

  testNodeRecord(id: number): Promise<NamedInfo | undefined> {
    return this.get(`record:testNode:${id}`, (c) =>
      unlessMissing(async () => ({ id, name: exactStr((await c.testNodes.get(id)).name) })),
    );
  }

  /** A record a list lacked exists after all: said once per list and environment. */
  incomplete(list: string, what: string): void {
    this.env.current?.client.session.notice(
      `incomplete:${list}`,
      `The service's list of ${list} did not include ${what}, which its own record shows: references missing from a list are confirmed one by one.`,
    );
  }

  /** The snapshot with the ids a document names that the lists lack settled by their own records. */
  confirm(state: ReferenceState, wanted: Wanted): Promise<ReferenceState> {
    return confirmReferences(this, state, wanted);
  }

  /** A step function's parameters; undefined when the service does not know the function. */
  functionInfo(name: string): Promise<FunctionInfo | undefined> {
    return this.get(`function:${name}`, async (c) => {
      try {
        return functionInfo(name, await c.catalog.functionParams(name));
      } catch (err) {
        // 404 only: any other failure leaves the function not verified, never unknown.
        if (err instanceof ApiError && err.kind === 'notFound') return undefined;
        throw err;
      }
    });
  }

  /** Live status of one device, for hovers: short-lived, never blocks validation. */
  deviceStatus(id: number): Promise<string | undefined> {
    return this.get(`status:${id}`, async (c) => {
      const s = await c.devices.status(id);
      return isRecord(s) && typeof s['status'] === 'string' ? s['status'] : undefined;
    });
  }

  /** Everything the checks of one kind of file need, or why it cannot be had. */
  async state(kind: FileKind): Promise<ReferenceState> {
    const env = this.env.current;
    if (!env) return { status: 'unavailable', reason: this.reason() };
    try {
      const [devices, traceFilters, testCases, testNodes, deviceModels] = await Promise.all([
        this.devices(),
        this.traceFilters(),
        this.testCases(),
        kind === 'bundle' ? this.testNodes() : undefined,
        kind === 'bundle' ? this.deviceModels() : undefined,
      ]);
      return {
        status: 'ok',
        data: {
          devices,
          traceFilters,
          testCases,
          testNodes,
          deviceModels,
          ...(deviceModels?.cut && { deviceModelsCut: true }),
        },
      };
    } catch (err) {
      return { status: 'unavailable', reason: this.reason(err), cause: err };
    }
  }

  /** Why the service's lists cannot be had (no error: not signed in), to follow "not verified: ". */
  reason(err?: unknown): string {
    const env = this.env.current;
    return asClause(
      env && err !== undefined ? serviceFailure(err, env.baseUrl, this.host).message : signedOut(this.host).message,
    );
  }

  private async get<T>(
    key: string,
    load: (client: NonNullable<EnvironmentState['current']>['client']) => Promise<T>,
  ): Promise<T> {
    const env = this.env.current;
    if (!env) throw new NotSignedInError();
    const now = this.now();
    const e = this.entries.get(key) as Entry<T> | undefined;
    if (e && e.generation === env.generation) {
      if (e.pending) return e.pending;
      const o = e.outcome;
      // Failures are kept briefly, so a dead service is not asked again on every keystroke.
      if (o && 'value' in o && now - e.at < this.ttlMs()) return o.value;
      if (o && 'error' in o && now - e.at < FAILURE_TTL_MS) throw o.error;
    }
    const entry: Entry<T> = { generation: env.generation, at: now };
    entry.pending = load(env.client).then(
      (value) => {
        entry.outcome = { value };
        entry.at = this.now();
        delete entry.pending;
        if (env.generation === this.env.current?.generation) this.answered(key, value, env.baseUrl);
        return value;
      },
      (err: unknown) => {
        const error = err instanceof Error ? err : new Error(String(err));
        if (env.generation === this.env.current?.generation && isUnreachable(error)) this.offline = true;
        entry.outcome = { error };
        entry.at = this.now();
        delete entry.pending;
        throw error;
      },
    );
    this.entries.set(key, entry);
    return entry.pending;
  }
}

/** The record, or undefined when the service answers 404. */
async function unlessMissing<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'notFound') return undefined;
    throw err;
  }
}
