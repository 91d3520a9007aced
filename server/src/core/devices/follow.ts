import type { StatusReading } from '../model/devices';
import type { StatusTarget as Target } from '../model/entityKinds';
import type { FollowerOptions, FollowTopic } from '../executions/follower';
import { readStatus, sameReading } from './model';

// Device and test node statuses, followed on the follower's timer (a FollowTopic): only
// while the Devices view is visible, or while a Prepare or Restart Agent started here settles.
// Same pacing as executions: the first interval after a change, 1.5 times longer while nothing
// changes (up to the maximum), twice as long after a failure, and never before a Retry-After.

export interface StatusSource {
  device(id: number, signal: AbortSignal): Promise<unknown>;
  node(id: number, signal: AbortSignal): Promise<unknown>;
}

interface Entry {
  target: Target;
  id: number;
  reading: StatusReading | undefined;
  intervalMs: number;
  dueAt: number;
  /** A Prepare or Restart Agent started here: followed whether or not the view is visible. */
  settling: boolean;
  /** The action's passing state (preparing, restarting) has been seen. */
  sawTransition: boolean;
  readsSinceAction: number;
  /** In the Devices view: followed while it is visible. */
  shown: boolean;
}

/** Without seeing the passing state, this many readings in a settled state end the follow. */
const SETTLE_WITHOUT_TRANSITION = 3;

const keyOf = (target: Target, id: number) => `${target}:${id}`;

export class StatusFollow implements FollowTopic {
  private readonly entries = new Map<string, Entry>();
  private visible = false;
  private listener: (readings: StatusReading[]) => void = () => undefined;
  /** Requests made, for tests. */
  requests = 0;

  constructor(
    private readonly source: () => StatusSource | undefined,
    private readonly options: FollowerOptions,
    private readonly now: () => number,
    /** Sets the follower's timer again after due times changed. */
    private readonly wake: () => void,
  ) {}

  onChange(listener: (readings: StatusReading[]) => void): void {
    this.listener = listener;
  }

  /** The Devices view became visible or hidden. */
  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    // Catch up at once on what was not read while hidden.
    if (visible) for (const e of this.entries.values()) if (e.shown) e.dueAt = Math.min(e.dueAt, this.now());
    this.wake();
  }

  get isVisible(): boolean {
    return this.visible;
  }

  /** What the view shows now: these are followed while it is visible; others are dropped unless settling. */
  show(nodes: readonly number[], devices: readonly number[], known: readonly StatusReading[] = []): void {
    const wanted = new Set([...nodes.map((id) => keyOf('node', id)), ...devices.map((id) => keyOf('device', id))]);
    for (const [k, e] of this.entries) {
      e.shown = wanted.has(k);
      if (!e.shown && !e.settling) this.entries.delete(k);
    }
    const now = this.now();
    const knownByKey = new Map(known.map((r) => [keyOf(r.target, r.id), r]));
    for (const k of wanted) {
      if (this.entries.has(k)) continue;
      const [target, id] = k.split(':') as [Target, string];
      const reading = knownByKey.get(k);
      // A status the list already carried is read again after one interval; others at once.
      this.entries.set(k, {
        ...this.fresh(target, Number(id)),
        reading,
        shown: true,
        dueAt: reading ? now + this.options.baseIntervalMs : now,
      });
    }
    this.wake();
  }

  /** An action started here: follow until the status settles. `reading`: the action's answer, if it had a state. */
  settle(target: Target, id: number, reading: StatusReading | undefined): StatusReading {
    const k = keyOf(target, id);
    const e = this.entries.get(k) ?? this.fresh(target, id);
    e.settling = true;
    e.sawTransition = reading !== undefined && this.inTransition(e, reading);
    e.readsSinceAction = 0;
    e.intervalMs = this.options.baseIntervalMs;
    e.dueAt = this.now() + this.options.baseIntervalMs;
    e.reading = reading ? { ...reading, settling: true } : e.reading && { ...e.reading, settling: true };
    this.entries.set(k, e);
    this.wake();
    return e.reading ?? readStatus(target, id, undefined, true);
  }

  /** The last reading of a device or node. */
  get(target: Target, id: number): StatusReading | undefined {
    return this.entries.get(keyOf(target, id))?.reading;
  }

  nextDue(): number {
    let next = Infinity;
    for (const e of this.entries.values()) if (this.active(e)) next = Math.min(next, e.dueAt);
    return next;
  }

  async poll(now: number, signal: AbortSignal): Promise<void> {
    const source = this.source();
    if (!source) return;
    const due = [...this.entries.values()].filter((e) => this.active(e) && e.dueAt <= now);
    const changed: StatusReading[] = [];
    const restarted: number[] = [];
    try {
      for (const e of due) {
        if (signal.aborted) return;
        this.requests += 1;
        let reading: StatusReading;
        try {
          reading = readStatus(
            e.target,
            e.id,
            await (e.target === 'device' ? source.device(e.id, signal) : source.node(e.id, signal)),
          );
        } catch (err) {
          if (kindOf(err) !== 'notFound') throw err;
          // Deleted on the service: the view drops it, and nothing follows it any more.
          reading = { ...(e.reading ?? readStatus(e.target, e.id, undefined)), gone: true };
          e.settling = false;
        }
        if (e.settling) {
          e.readsSinceAction += 1;
          if (this.inTransition(e, reading)) e.sawTransition = true;
          else if (this.settled(e, reading)) {
            e.settling = false;
            if (e.target === 'node') restarted.push(e.id);
          }
        }
        reading.settling = e.settling;
        if (sameReading(e.reading, reading))
          e.intervalMs = Math.min(Math.round(e.intervalMs * 1.5), this.options.maxIntervalMs);
        else {
          e.intervalMs = this.options.baseIntervalMs;
          changed.push(reading);
        }
        e.reading = reading;
        e.dueAt = this.now() + e.intervalMs;
        if (reading.gone) this.entries.delete(keyOf(e.target, e.id));
        else if (!e.shown && !e.settling) this.entries.delete(keyOf(e.target, e.id));
      }
    } finally {
      // A node back online: its devices were offline meanwhile, so read them soon.
      if (restarted.length > 0)
        for (const e of this.entries.values()) if (e.target === 'device') e.dueAt = Math.min(e.dueAt, this.now());
      if (changed.length > 0) this.listener(changed);
    }
  }

  failed(now: number, pauseMs: number | undefined): void {
    for (const e of this.entries.values()) {
      if (!this.active(e) || e.dueAt > now) continue;
      e.intervalMs = Math.min(e.intervalMs * 2, this.options.maxIntervalMs);
      e.dueAt = now + Math.max(pauseMs ?? 0, e.intervalMs);
    }
  }

  reset(): void {
    this.entries.clear();
  }

  private fresh(target: Target, id: number): Entry {
    return {
      target,
      id,
      reading: undefined,
      intervalMs: this.options.baseIntervalMs,
      dueAt: this.now(),
      settling: false,
      sawTransition: false,
      readsSinceAction: 0,
      shown: false,
    };
  }

  private active(e: Entry): boolean {
    return e.settling || (e.shown && this.visible);
  }

  private inTransition(e: Entry, r: StatusReading): boolean {
    return e.target === 'device' ? r.kind === 'preparing' : r.kind === 'restarting';
  }

  /** Prepared: no longer preparing. Restarted: online (offline may be on the way back). */
  private settled(e: Entry, r: StatusReading): boolean {
    const done = e.target === 'device' ? r.kind !== 'preparing' : r.kind === 'online';
    return done && (e.sawTransition || e.readsSinceAction >= SETTLE_WITHOUT_TRANSITION);
  }
}

function kindOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'kind' in err ? String(err.kind) : undefined;
}
