import { createHash } from 'node:crypto';
import { exactStr, isRecord, type Loose } from '../base/read';
import { failureOf } from '../failures/classify';
import { envKey } from '../sync/envKey';
import type { ApiClientInfo, DeviceInfo, Kept, TraceFilterInfo } from './referenceData';
import { byId, deviceInfo, functionInfo, traceFilterInfo, type FunctionInfo } from './recordInfo';

// A VPN that drops: per environment, the last lists read (devices, trace filters, API clients by
// id and name, step functions with their parameters) kept in the host's storage with the time
// each was read, so completion, hover and inlay hints still name records while the service cannot
// be reached. Nothing secret is kept: an API client is its id and name only. The storage is the
// host's (a folder the editor gives the server); the core only reads and writes JSON text by key.

/** Where the host keeps a JSON text by key (a key is safe as a file name). */
export interface ListStorage {
  /** The text kept under `key`; undefined when there is none (or it is too large to read). */
  read(key: string): Promise<string | undefined>;
  write(key: string, text: string): Promise<void>;
}

/** A kept list is dropped rather than written past this size (and not read past it). */
export const KEPT_LISTS_MAX_BYTES = 8 * 1024 * 1024;

const FORMAT_VERSION = 1;

export type { Kept } from './referenceData';

/** What is kept of one environment. */
export interface KeptEnvironment {
  devices?: Kept<Map<number, DeviceInfo>>;
  traceFilters?: Kept<Map<number, TraceFilterInfo>>;
  apiClients?: Kept<Map<number, ApiClientInfo>>;
  /** Step functions by name, each with the time it was read. */
  functions?: Map<string, Kept<FunctionInfo>>;
}

/** Which kept list a read of the reference cache (by its key) feeds, if any. */
export type KeptRead =
  | { list: 'devices'; items: Map<number, DeviceInfo> }
  | { list: 'traceFilters'; items: Map<number, TraceFilterInfo> }
  | { list: 'apiClients'; items: Map<number, ApiClientInfo> }
  | { list: 'function'; info: FunctionInfo };

/** The kept list a value read under the reference cache's `key` belongs to. */
export function keptRead(key: string, value: unknown): KeptRead | undefined {
  if (value instanceof Map) {
    // The cache's keys say what each map holds (referenceCache.ts).
    const map = value as Map<number, never>;
    if (key === 'devices' || key === 'completedDevices') return { list: 'devices', items: map };
    if (key === 'traceFilters' || key === 'completedTraceFilters') return { list: 'traceFilters', items: map };
    if (key === 'apiClients') return { list: 'apiClients', items: map };
  }
  if (key.startsWith('function:') && isRecord(value))
    return { list: 'function', info: value as unknown as FunctionInfo };
  return undefined;
}

/**
 * The service cannot be reached (no connection, or no answer in time): kept lists stand in. An
 * answer, even a 5xx of one endpoint, means it can: that failure is the endpoint's own.
 */
export function isUnreachable(err: unknown): boolean {
  const kind = failureOf(err).kind;
  return kind === 'network' || kind === 'timeout';
}

/** "as of 14:02 (service unreachable)": the day too when it was not today. */
export function asOfWords(at: number, now: number = Date.now()): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const sameDay = new Date(now).toDateString() === d.toDateString();
  const day = sameDay ? '' : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} `;
  return `as of ${day}${time} (service unreachable)`;
}

/** The storage key of an environment: its base URL hashed, so it is safe as a file name and says nothing. */
export function keptKey(baseUrl: string): string {
  return `lists-${createHash('sha256').update(envKey(baseUrl)).digest('hex').slice(0, 24)}`;
}

export class KeptLists {
  private readonly loaded = new Map<string, Promise<KeptEnvironment>>();
  /** Writes per key, one after another; a key queued takes the latest lists when its turn comes. */
  private readonly writes = new Map<string, Promise<void>>();
  private readonly queued = new Set<string>();

  constructor(
    private readonly storage: ListStorage | undefined,
    /** A line for the host's log (a kept file ignored or not written). */
    private readonly log: (line: string) => void,
  ) {}

  /** What is kept of the environment at `baseUrl`, read from the storage once. */
  of(baseUrl: string): Promise<KeptEnvironment> {
    const key = keptKey(baseUrl);
    let kept = this.loaded.get(key);
    if (!kept) {
      kept = this.read(key, envKey(baseUrl));
      this.loaded.set(key, kept);
    }
    return kept;
  }

  /** A list or function just read from the service at `baseUrl`, at `at`: kept, and written soon. */
  async remember(baseUrl: string, read: KeptRead, at: number): Promise<void> {
    const kept = await this.of(baseUrl);
    if (read.list === 'function') {
      kept.functions ??= new Map();
      kept.functions.set(read.info.name, { at, items: read.info });
    } else if (read.list === 'devices') kept.devices = { at, items: read.items };
    else if (read.list === 'traceFilters') kept.traceFilters = { at, items: read.items };
    else kept.apiClients = { at, items: read.items };
    this.save(keptKey(baseUrl), envKey(baseUrl), kept);
  }

  /** Settles once every write asked for so far is done (the host waits on shutdown). */
  async flush(): Promise<void> {
    await Promise.all([...this.writes.values()]);
  }

  private save(key: string, environment: string, kept: KeptEnvironment): void {
    if (!this.storage || this.queued.has(key)) return;
    const storage = this.storage;
    this.queued.add(key);
    const next = (this.writes.get(key) ?? Promise.resolve()).then(async () => {
      this.queued.delete(key);
      const text = keptText(environment, kept);
      if (Buffer.byteLength(text) > KEPT_LISTS_MAX_BYTES) {
        this.log(
          `The lists of ${environment} are larger than ${KEPT_LISTS_MAX_BYTES} bytes: not kept for offline use.`,
        );
        return;
      }
      await storage.write(key, text).catch((err: unknown) => {
        this.log(
          `Could not keep the lists of ${environment} for offline use: ${err instanceof Error ? err.message : String(err)}`,
        );
      });
    });
    this.writes.set(key, next);
  }

  private async read(key: string, environment: string): Promise<KeptEnvironment> {
    let text: string | undefined;
    try {
      text = await this.storage?.read(key);
    } catch (err) {
      this.log(
        `The kept lists of ${environment} could not be read (${err instanceof Error ? err.message : String(err)}): ignored.`,
      );
      return {};
    }
    if (text === undefined) return {};
    const kept = parseKept(text, environment);
    if (!kept) this.log(`The kept lists of ${environment} are not in the expected form: ignored.`);
    return kept ?? {};
  }
}

/** The kept lists as written: arrays of plain records, an API client as its id and name only. */
function keptText(environment: string, kept: KeptEnvironment): string {
  const list = <T>(k: Kept<Map<number, T>> | undefined, shape: (v: T) => unknown = (v) => v) =>
    k && { at: k.at, items: [...k.items.values()].map(shape) };
  return JSON.stringify({
    version: FORMAT_VERSION,
    environment,
    devices: list(kept.devices),
    traceFilters: list(kept.traceFilters),
    apiClients: list(kept.apiClients, (a: ApiClientInfo) => ({ id: a.id, name: a.name })),
    functions: kept.functions && [...kept.functions.values()].map((f) => ({ at: f.at, ...f.items })),
  });
}

/** Kept lists read leniently: a part in another form is left out; another environment's file, or none at all, is undefined. */
export function parseKept(text: string, environment: string): KeptEnvironment | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || value['version'] !== FORMAT_VERSION || value['environment'] !== environment) return undefined;
  const part = <T>(v: unknown, info: (item: Loose & { id: number }) => T): Kept<Map<number, T>> | undefined =>
    isRecord(v) && typeof v['at'] === 'number' && Array.isArray(v['items'])
      ? { at: v['at'], items: byId(v['items'].filter(isRecord), info) }
      : undefined;
  const out: KeptEnvironment = {};
  const devices = part(value['devices'], deviceInfo);
  const traceFilters = part(value['traceFilters'], traceFilterInfo);
  const apiClients = part(value['apiClients'], (a) => ({ id: a.id, name: exactStr(a['name']) }));
  if (devices) out.devices = devices;
  if (traceFilters) out.traceFilters = traceFilters;
  if (apiClients) out.apiClients = apiClients;
  if (Array.isArray(value['functions'])) {
    out.functions = new Map();
    for (const f of value['functions'].filter(isRecord)) {
      const name = exactStr(f['name']);
      const info = name !== undefined && typeof f['at'] === 'number' ? functionInfo(name, f) : undefined;
      if (info) out.functions.set(name!, { at: f['at'] as number, items: info });
    }
  }
  return out;
}
