import { insecureHttpAllowed } from '../api/baseUrl';
import { TasClient } from '../api/client';
import type { RequestLogEntry, SessionOptions } from '../api/session';
import { type EnvironmentInfo, startEndSetting } from '../model/environment';

// The service environment the server talks to: set by the editor (in memory), or read from
// TAS_BASE_URL, TAS_CLIENT_ID and TAS_CLIENT_SECRET when another editor starts the server.

export interface ActiveEnvironment {
  name: string;
  baseUrl: string;
  client: TasClient;
  /** Changes with every switch, so caches and results of an older environment are dropped. */
  generation: number;
}

export class EnvironmentState {
  private active: ActiveEnvironment | undefined;
  private info: (EnvironmentInfo & { clientSecret: string }) | null = null;
  private generation = 0;
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly sessionOptions: () => SessionOptions,
    private readonly log: (entry: RequestLogEntry) => void,
  ) {}

  /** From the process environment: the way other editors configure the server. */
  useProcessEnv(env: NodeJS.ProcessEnv): void {
    const baseUrl = env['TAS_BASE_URL'];
    const clientId = env['TAS_CLIENT_ID'];
    const clientSecret = env['TAS_CLIENT_SECRET'];
    const startEnd = startEndSetting(env['TAS_START_END']);
    const allowInsecureHttp = insecureHttpAllowed(env['TAS_ALLOW_INSECURE_HTTP']);
    if (baseUrl && clientId && clientSecret) {
      this.set({
        name: 'TAS_BASE_URL',
        baseUrl,
        clientId,
        clientSecret,
        ...(startEnd && { startEnd }),
        ...(allowInsecureHttp && { allowInsecureHttp }),
      });
    }
  }

  /** A new environment (or none): the old client is closed and listeners revalidate. False: the same again. */
  set(info: (EnvironmentInfo & { clientSecret: string }) | null): boolean {
    // The same environment again (a restart of the client, say) keeps the session and caches.
    if (JSON.stringify(info) === JSON.stringify(this.info)) return false;
    this.info = info;
    const old = this.active;
    this.generation += 1;
    this.active = info
      ? {
          name: info.name,
          baseUrl: info.baseUrl,
          generation: this.generation,
          client: new TasClient(
            {
              baseUrl: info.baseUrl,
              clientId: info.clientId,
              clientSecret: info.clientSecret,
              allowInsecureHttp: info.allowInsecureHttp === true,
            },
            { ...this.sessionOptions(), onRequest: this.log, ...(info.startEnd && { startEnd: info.startEnd }) },
          ),
        }
      : undefined;
    if (old) void old.client.close();
    for (const l of this.listeners) l();
    return true;
  }

  /** The same environment with a new client, after the network settings changed. */
  reconnect(): void {
    const info = this.info;
    this.info = null;
    if (info) this.set(info);
  }

  /** Counts every change, signing out included. */
  get changes(): number {
    return this.generation;
  }

  get current(): ActiveEnvironment | undefined {
    return this.active;
  }

  /**
   * A client of another environment (a copy's target) made as this one's are, for one action and
   * closed after it. Its secret stays in memory, as the active one's does.
   */
  async withClientOf<T>(
    info: EnvironmentInfo & { clientSecret: string },
    use: (client: TasClient) => Promise<T>,
  ): Promise<T> {
    const client = new TasClient(
      {
        baseUrl: info.baseUrl,
        clientId: info.clientId,
        clientSecret: info.clientSecret,
        allowInsecureHttp: info.allowInsecureHttp === true,
      },
      { ...this.sessionOptions(), onRequest: this.log, ...(info.startEnd && { startEnd: info.startEnd }) },
    );
    try {
      return await use(client);
    } finally {
      await client.close();
    }
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  async dispose(): Promise<void> {
    await this.active?.client.close();
  }
}
