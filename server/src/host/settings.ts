import type { Connection } from 'vscode-languageserver/node';
import type { NetworkOptions } from '../core';

// The server's settings: the `tas` section of the editor's configuration when the client
// offers it, else these defaults (other editors may send none).

export interface ServerSettings {
  cacheTtlSeconds: number;
  debounceMs: number;
  /** At most this many diagnostics per file, plus one saying how many more there are. */
  maxProblems: number;
  requestTimeoutSeconds: number;
  /** The execution watcher's first interval after a change. */
  pollIntervalMs: number;
  /** State names that end an execution, besides the ones the watcher knows. */
  finalStates: string[];
  /** The editor's proxy settings (`http.proxy`, `http.noProxy`, `http.proxyStrictSSL`). */
  network: NetworkOptions;
}

export const DEFAULT_SETTINGS: ServerSettings = {
  cacheTtlSeconds: 300,
  debounceMs: 200,
  maxProblems: 300,
  requestTimeoutSeconds: 30,
  pollIntervalMs: 2000,
  finalStates: [],
  network: {},
};

export class Settings {
  current: ServerSettings = { ...DEFAULT_SETTINGS };
  canPull = false;

  constructor(private readonly connection: Connection) {}

  /** Reads the settings again; true when the network settings changed (clients must be rebuilt). */
  async pull(): Promise<boolean> {
    if (!this.canPull) return false;
    const [raw, http] = (await this.connection.workspace.getConfiguration([{ section: 'tas' }, { section: 'http' }])) as [
      {
        cache?: { ttlSeconds?: unknown };
        validation?: { debounceMs?: unknown; maxProblems?: unknown };
        requestTimeoutSeconds?: unknown;
        executions?: { pollIntervalSeconds?: unknown; finalStates?: unknown };
      } | null,
      { proxy?: unknown; noProxy?: unknown; proxyStrictSSL?: unknown } | null,
    ];
    const num = (v: unknown, fallback: number, min: number) => (typeof v === 'number' && v >= min ? v : fallback);
    const network: NetworkOptions = {
      ...(typeof http?.proxy === 'string' && http.proxy !== '' && { proxy: http.proxy }),
      ...(Array.isArray(http?.noProxy) && http.noProxy.length > 0 && { noProxy: http.noProxy.join(',') }),
      ...(http?.proxyStrictSSL === false && { strictSSL: false }),
    };
    const changed = JSON.stringify(network) !== JSON.stringify(this.current.network);
    this.current = {
      cacheTtlSeconds: num(raw?.cache?.ttlSeconds, DEFAULT_SETTINGS.cacheTtlSeconds, 0),
      debounceMs: num(raw?.validation?.debounceMs, DEFAULT_SETTINGS.debounceMs, 0),
      maxProblems: Math.floor(num(raw?.validation?.maxProblems, DEFAULT_SETTINGS.maxProblems, 1)),
      requestTimeoutSeconds: num(raw?.requestTimeoutSeconds, DEFAULT_SETTINGS.requestTimeoutSeconds, 1),
      pollIntervalMs: num(raw?.executions?.pollIntervalSeconds, DEFAULT_SETTINGS.pollIntervalMs / 1000, 0.05) * 1000,
      finalStates: Array.isArray(raw?.executions?.finalStates) ? raw.executions.finalStates.filter((s): s is string => typeof s === 'string') : [],
      network,
    };
    return changed;
  }
}
