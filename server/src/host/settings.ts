import type { Connection } from 'vscode-languageserver/node';
import { type NetworkOptions, SettingClamps, SETTING_RANGES } from '../core';

// The server's settings: the `tas` section of the editor's configuration when the client
// offers it, else these defaults (other editors may send none).

export interface ServerSettings {
  cacheTtlSeconds: number;
  debounceMs: number;
  /** At most this many diagnostics per file, plus one saying how many more there are. */
  maxProblems: number;
  requestTimeoutSeconds: number;
  /** The follower's first interval after a change. */
  pollIntervalMs: number;
  /** State names that end an execution, besides the ones the follower knows. */
  finalStates: string[];
  /** How many of the newest executions the history reads. */
  historyExecutions: number;
  /** tas.inlayHints.enabled: names after reference ids. */
  inlayHints: boolean;
  /** The editor's network settings (`http.proxy`, `http.proxyAuthorization`, `http.noProxy`, `http.proxyStrictSSL`, `http.systemCertificates`). */
  network: NetworkOptions;
}

export const DEFAULT_SETTINGS: ServerSettings = {
  cacheTtlSeconds: SETTING_RANGES['tas.cache.ttlSeconds'].default,
  debounceMs: SETTING_RANGES['tas.validation.debounceMs'].default,
  maxProblems: SETTING_RANGES['tas.validation.maxProblems'].default,
  requestTimeoutSeconds: SETTING_RANGES['tas.requestTimeoutSeconds'].default,
  pollIntervalMs: SETTING_RANGES['tas.executions.pollIntervalSeconds'].default * 1000,
  finalStates: [],
  historyExecutions: SETTING_RANGES['tas.history.executions'].default,
  inlayHints: true,
  network: {},
};

export class Settings {
  current: ServerSettings = { ...DEFAULT_SETTINGS };
  canPull = false;
  /**
   * Settles once the settings were first read (or the client cannot give them): no request goes
   * to the service before, so the first one already takes the editor's proxy.
   */
  readonly known: Promise<void>;
  /** Says the settings are known (after the first pull, or at once for a client without settings). */
  markKnown!: () => void;
  /** The workspace's settings are input: each number is clamped to its range, said once in the log. */
  private readonly clamps: SettingClamps;

  constructor(private readonly connection: Connection) {
    this.clamps = new SettingClamps((message) => connection.console.warn(message));
    this.known = new Promise((resolve) => (this.markKnown = resolve));
  }

  /** Reads the settings again; true when the network settings changed (clients must be rebuilt). */
  async pull(): Promise<boolean> {
    if (!this.canPull) return false;
    // A client that answers workspace/configuration with an error leaves the settings as they were.
    const [raw, http] = (await this.connection.workspace
      .getConfiguration([{ section: 'tas' }, { section: 'http' }])
      .catch((err: unknown) => {
        this.connection.console.warn(
          `The editor did not answer the request for settings (${err instanceof Error ? err.message : String(err)}); the settings stay as they were.`,
        );
        return [];
      })) as
      | [
          {
            cache?: { ttlSeconds?: unknown };
            validation?: { debounceMs?: unknown; maxProblems?: unknown };
            requestTimeoutSeconds?: unknown;
            executions?: { pollIntervalSeconds?: unknown; finalStates?: unknown };
            history?: { executions?: unknown };
            inlayHints?: { enabled?: unknown };
          } | null,
          {
            proxy?: unknown;
            proxyAuthorization?: unknown;
            noProxy?: unknown;
            proxyStrictSSL?: unknown;
            systemCertificates?: unknown;
          } | null,
        ]
      | [];
    // No answer at all (refused): keep what was read before (the defaults at first).
    if (raw === undefined && http === undefined) return false;
    const network: NetworkOptions = {
      ...(typeof http?.proxy === 'string' && http.proxy !== '' && { proxy: http.proxy }),
      ...(typeof http?.proxyAuthorization === 'string' &&
        http.proxyAuthorization !== '' && { proxyAuthorization: http.proxyAuthorization }),
      ...(Array.isArray(http?.noProxy) && http.noProxy.length > 0 && { noProxy: http.noProxy.join(',') }),
      ...(http?.proxyStrictSSL === false && { strictSSL: false }),
      ...(http?.systemCertificates === false && { systemCertificates: false }),
    };
    const changed = JSON.stringify(network) !== JSON.stringify(this.current.network);
    this.current = {
      cacheTtlSeconds: this.clamps.read('tas.cache.ttlSeconds', raw?.cache?.ttlSeconds),
      debounceMs: this.clamps.read('tas.validation.debounceMs', raw?.validation?.debounceMs),
      maxProblems: this.clamps.read('tas.validation.maxProblems', raw?.validation?.maxProblems),
      requestTimeoutSeconds: this.clamps.read('tas.requestTimeoutSeconds', raw?.requestTimeoutSeconds),
      pollIntervalMs:
        this.clamps.read('tas.executions.pollIntervalSeconds', raw?.executions?.pollIntervalSeconds) * 1000,
      finalStates: Array.isArray(raw?.executions?.finalStates)
        ? raw.executions.finalStates.filter((s): s is string => typeof s === 'string')
        : [],
      historyExecutions: this.clamps.read('tas.history.executions', raw?.history?.executions),
      inlayHints: raw?.inlayHints?.enabled !== false,
      network,
    };
    return changed;
  }
}
