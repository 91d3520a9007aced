import type { ConnectionState } from '../model/environment';
import { type HostWords, serviceFailure } from '../failures/failures';
import type { EnvironmentState } from './environment';

// The connection state the status bar shows. Each change of environment is answered with
// 'connecting' and then exactly one final state (from the probe); a repeated environment gets
// the final state again, so a client that showed 'connecting' is never left waiting. Later
// validations and refreshes change the state only when it really changed.

export interface StatusParams {
  state: ConnectionState;
  environment?: string;
  message?: string;
}

/** What the probe reads after the token, and drops to read again: the lists the live checks cache (a ReferenceCache). */
export interface ProbedLists {
  devices(): Promise<unknown>;
  traceFilters(): Promise<unknown>;
  testCases(): Promise<unknown>;
  clear(): void;
}

interface Final extends StatusParams {
  /** The environment change the state belongs to. */
  change: number;
}

export class ConnectionStatusReporter {
  private final: Final | undefined;
  /** The change whose probe is running, if any. */
  private probing: number | undefined;

  constructor(
    private readonly env: EnvironmentState,
    private readonly refs: ProbedLists,
    private readonly send: (p: StatusParams) => void,
    /** The host's next steps in the state's message. */
    private readonly words: HostWords,
  ) {}

  /** After a change of environment: asks for a token, then the lists, and reports once. */
  async probe(): Promise<void> {
    const change = this.env.changes;
    const env = this.env.current;
    if (!env) {
      this.probing = undefined;
      this.settle(change, { state: 'signedOut' });
      return;
    }
    this.probing = change;
    this.send({ state: 'connecting', environment: env.name });
    let result: StatusParams;
    try {
      // The token first: a refused secret or a wrong URL shows as such, not as "unreachable".
      await env.client.session.authenticate();
      await Promise.all([this.refs.devices(), this.refs.traceFilters(), this.refs.testCases()]);
      result = { state: 'connected', environment: env.name };
    } catch (err) {
      result = this.failed(err, env.baseUrl, env.name);
    }
    if (this.env.changes !== change) return; // a newer environment has its own probe
    this.probing = undefined;
    this.settle(change, result);
  }

  /**
   * The same environment was set again (the client does so after a sign-in that changed
   * nothing): its final state once more, or soon from the running probe. A failed state is not
   * repeated but asked again, so a sign-in that the service now accepts does not leave it standing.
   */
  repeat(): void {
    const change = this.env.changes;
    if (this.probing === change) return;
    const failed =
      this.final?.change === change && this.final.state !== 'connected' && this.final.state !== 'signedOut';
    if (failed && this.env.current) {
      this.refs.clear();
      void this.probe();
    } else if (this.final?.change === change) this.send(strip(this.final));
    else if (!this.env.current) this.settle(change, { state: 'signedOut' });
  }

  /** A call to the service succeeded or failed after the probe: report it if the state changed. */
  update(outcome: { ok: true } | { ok: false; error: unknown }): void {
    const change = this.env.changes;
    const env = this.env.current;
    if (!env || this.probing === change || this.final?.change !== change) return;
    const next: StatusParams = outcome.ok
      ? { state: 'connected', environment: env.name }
      : this.failed(outcome.error, env.baseUrl, env.name);
    if (next.state === this.final.state && next.message === this.final.message) return;
    this.settle(change, next);
  }

  private failed(err: unknown, baseUrl: string, environment: string): StatusParams {
    const f = serviceFailure(err, baseUrl, this.words);
    return { state: f.state, environment, message: f.message };
  }

  private settle(change: number, p: StatusParams): void {
    this.final = { ...p, change };
    this.send(p);
  }
}

function strip(f: Final): StatusParams {
  return {
    state: f.state,
    ...(f.environment !== undefined && { environment: f.environment }),
    ...(f.message !== undefined && { message: f.message }),
  };
}
