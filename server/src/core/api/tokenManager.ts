// The bearer token of one environment: fetched on first use, shared by concurrent callers
// (one request in flight), refreshed shortly before it expires, dropped when the service refuses it.

export interface IssuedToken {
  accessToken: string;
  /** Seconds, as the service reports them. */
  expiresIn: number;
}

export class TokenManager {
  private current: { value: string; refreshAt: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly fetchToken: () => Promise<IssuedToken>,
    private readonly now: () => number,
  ) {}

  async get(): Promise<string> {
    if (this.current && this.now() < this.current.refreshAt) return this.current.value;
    this.pending ??= this.fetchToken().then(
      (issued) => {
        this.pending = undefined;
        const lifetimeMs = issued.expiresIn * 1000;
        // Refresh a little early (10% of the lifetime, at most a minute) so no call carries a dying token.
        const margin = Math.min(60_000, lifetimeMs / 10);
        this.current = { value: issued.accessToken, refreshAt: this.now() + lifetimeMs - margin };
        return issued.accessToken;
      },
      (err: unknown) => {
        this.pending = undefined;
        throw err;
      },
    );
    return this.pending;
  }

  /** Forgets the token if it is still the one given, so the next call fetches a new one. */
  invalidate(token: string): void {
    if (this.current?.value === token) this.current = undefined;
  }
}
