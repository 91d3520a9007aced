import type { Connection } from 'vscode-languageserver/node';

// The server's settings: the `tas` section of the editor's configuration when the client
// offers it, else these defaults (other editors may send none).

export interface ServerSettings {
  cacheTtlSeconds: number;
  debounceMs: number;
  requestTimeoutSeconds: number;
}

export const DEFAULT_SETTINGS: ServerSettings = { cacheTtlSeconds: 300, debounceMs: 200, requestTimeoutSeconds: 30 };

export class Settings {
  current: ServerSettings = { ...DEFAULT_SETTINGS };
  canPull = false;

  constructor(private readonly connection: Connection) {}

  async pull(): Promise<void> {
    if (!this.canPull) return;
    const raw = (await this.connection.workspace.getConfiguration('tas')) as
      | { cache?: { ttlSeconds?: unknown }; validation?: { debounceMs?: unknown }; requestTimeoutSeconds?: unknown }
      | null;
    const num = (v: unknown, fallback: number, min: number) => (typeof v === 'number' && v >= min ? v : fallback);
    this.current = {
      cacheTtlSeconds: num(raw?.cache?.ttlSeconds, DEFAULT_SETTINGS.cacheTtlSeconds, 0),
      debounceMs: num(raw?.validation?.debounceMs, DEFAULT_SETTINGS.debounceMs, 0),
      requestTimeoutSeconds: num(raw?.requestTimeoutSeconds, DEFAULT_SETTINGS.requestTimeoutSeconds, 1),
    };
  }
}
