import type { ExecutionSummary } from '../model/executions';
import type { ExecutionFollow } from './follow';
import { sameExecution, summarizeExecution } from './state';

// The one timer that polls the service for what changes on its own: the executions that views,
// runs and the status bar follow (kept here), and the topics added to it (device and node
// statuses, devices/follow.ts), so one loop paces every poll and a new environment resets them
// all. Executions are asked slower while nothing changes or nobody looks, and dropped at their
// final state; there is no time cap: an hour-long run is followed for an hour.

/** Where the executions are read; topics read through their own client, but only while this is set. */
export interface FollowerSource {
  /** `GET /testexecutions/{id}`. */
  get(id: number, signal: AbortSignal): Promise<unknown>;
  /** The newest `count` executions, newest first: one request for many followed executions. */
  recent(count: number, signal: AbortSignal): Promise<unknown[]>;
}

export interface FollowerTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface FollowerOptions {
  /** First interval after a change, ms. */
  baseIntervalMs: number;
  /** Longest interval while someone looks, ms. */
  maxIntervalMs: number;
  /** Interval for a state the follower does not know, ms. */
  unknownIntervalMs: number;
  /** Intervals are this many times longer while no view or run needs the executions. */
  idleFactor: number;
  /** From this many due executions on, one list request replaces the single reads. */
  listThreshold: number;
  /** How many of the newest executions that list request reads. */
  listSize: number;
  /** Extra final state names (a setting). */
  extraFinalStates: () => readonly string[];
}

export const DEFAULT_FOLLOWER_OPTIONS: FollowerOptions = {
  baseIntervalMs: 2000,
  maxIntervalMs: 15000,
  unknownIntervalMs: 60000,
  idleFactor: 4,
  listThreshold: 3,
  listSize: 100,
  extraFinalStates: () => [],
};

const realTimers: FollowerTimers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

interface Entry {
  summary: ExecutionSummary | undefined;
  intervalMs: number;
  dueAt: number;
}

/**
 * Something else followed on the follower's one timer (device and node statuses): it says when
 * it is next due and reads what is due; a failure it throws is paced like the executions'.
 */
export interface FollowTopic {
  /** The earliest time one of its entries is due; Infinity when nothing is. */
  nextDue(): number;
  /** Reads the entries due at `now`; throws (an ApiError) when the service failed. */
  poll(now: number, signal: AbortSignal): Promise<void>;
  /** The poll failed: the due entries back off, and wait at least `pauseMs` (Retry-After). */
  failed(now: number, pauseMs: number | undefined): void;
  /** A new environment: everything followed belonged to the old one. */
  reset(): void;
}

export type ChangeListener = (changed: ExecutionSummary[], active: ExecutionSummary[]) => void;

/** Every reading the follower makes or is given, followed or not (the history keeps them: no read of its own). */
export type ReadingsListener = (readings: readonly ExecutionSummary[]) => void;

/**
 * The follower: follows executions (its first topic, kept here), and polls its other topics
 * (device and node statuses) on the same timer.
 */
export class Follower implements ExecutionFollow {
  private readonly entries = new Map<number, Entry>();
  private readonly listeners: ChangeListener[] = [];
  private readonly readingListeners: ReadingsListener[] = [];
  private readonly topics: FollowTopic[] = [];
  private timer: unknown;
  private polling: AbortController | undefined;
  private attention = true;
  private generation = 0;
  /** Requests made, for the benchmark and tests. */
  requests = 0;

  constructor(
    private source: FollowerSource | undefined,
    private readonly options: FollowerOptions = DEFAULT_FOLLOWER_OPTIONS,
    private readonly timers: FollowerTimers = realTimers,
  ) {}

  /** A new environment (or none): everything followed belonged to the old one. */
  setSource(source: FollowerSource | undefined): void {
    this.source = source;
    this.generation += 1;
    this.polling?.abort();
    this.polling = undefined;
    const hadActive = this.active().length > 0;
    this.entries.clear();
    for (const t of this.topics) t.reset();
    this.reschedule();
    if (hadActive) this.emit([]);
  }

  /** Follows a topic on the same timer; it calls `wake` when its due times change. */
  addTopic(topic: FollowTopic): void {
    this.topics.push(topic);
    this.reschedule();
  }

  /** A topic's due times changed: the timer is set again. */
  wake(): void {
    this.reschedule();
  }

  /** Whether the source is set (a topic reads through its own client, but only with one). */
  get hasSource(): boolean {
    return this.source !== undefined;
  }

  onChange(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  onReadings(listener: ReadingsListener): void {
    this.readingListeners.push(listener);
  }

  private told(readings: readonly ExecutionSummary[]): void {
    if (readings.length > 0) for (const l of this.readingListeners) l(readings);
  }

  /** Follow these executions until they end; a known reading avoids one request. */
  follow(ids: readonly number[], known: readonly ExecutionSummary[] = []): void {
    const now = this.timers.now();
    if (known.length > 0) this.observe(known);
    for (const id of ids) {
      const e = this.entries.get(id);
      if (e?.summary?.final) continue;
      if (e) {
        // Someone new cares: ask soon, even if it had slowed down.
        e.intervalMs = this.options.baseIntervalMs;
        e.dueAt = Math.min(e.dueAt, now + this.options.baseIntervalMs);
      } else this.entries.set(id, { summary: undefined, intervalMs: this.options.baseIntervalMs, dueAt: now });
    }
    this.reschedule();
  }

  /**
   * Readings from elsewhere (a page of the Executions view): active ones are followed from now
   * on, and a followed one that changed is reported.
   */
  observe(summaries: readonly ExecutionSummary[]): void {
    this.told(summaries);
    const changed: ExecutionSummary[] = [];
    const now = this.timers.now();
    for (const s of summaries) {
      const e = this.entries.get(s.id);
      if (e) {
        if (!sameExecution(e.summary, s)) {
          changed.push(s);
          e.intervalMs = this.options.baseIntervalMs;
        }
        e.summary = s;
        e.dueAt = now + this.intervalFor(e);
      } else if (!s.final) {
        const entry = { summary: s, intervalMs: this.options.baseIntervalMs, dueAt: 0 };
        entry.dueAt = now + this.intervalFor(entry);
        this.entries.set(s.id, entry);
        changed.push(s);
      }
    }
    this.prune();
    if (changed.length > 0) this.emit(changed);
    this.reschedule();
  }

  /** Whether a view shows executions or a run waits for one (else polling slows down). */
  setAttention(needed: boolean): void {
    if (needed === this.attention) return;
    this.attention = needed;
    // Catch up soon on what slowed down while nobody looked; slow down at once otherwise.
    const now = this.timers.now();
    for (const e of this.entries.values())
      e.dueAt = needed ? Math.min(e.dueAt, now + this.intervalFor(e)) : Math.max(e.dueAt, now + this.intervalFor(e));
    this.reschedule();
  }

  /** What is followed and not yet final. */
  active(): ExecutionSummary[] {
    return [...this.entries.values()].flatMap((e) => (e.summary && !e.summary.final ? [e.summary] : []));
  }

  /** The last reading of an execution, followed or recently ended. */
  get(id: number): ExecutionSummary | undefined {
    return this.entries.get(id)?.summary;
  }

  get following(): number {
    return this.entries.size;
  }

  dispose(): void {
    this.polling?.abort();
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.entries.clear();
  }

  private intervalFor(e: Entry): number {
    const unknown = e.summary !== undefined && e.summary.kind === 'unknown';
    const base = unknown ? Math.max(e.intervalMs, this.options.unknownIntervalMs) : e.intervalMs;
    return this.attention ? base : base * this.options.idleFactor;
  }

  /** Final executions are kept until the next poll reports them, then dropped. */
  private prune(): void {
    for (const [id, e] of this.entries) if (e.summary?.final) this.entries.delete(id);
  }

  private emit(changed: ExecutionSummary[]): void {
    const active = this.active();
    for (const l of this.listeners) l(changed, active);
  }

  private reschedule(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.polling || !this.source) return;
    let next = Infinity;
    for (const e of this.entries.values()) next = Math.min(next, e.dueAt);
    for (const t of this.topics) next = Math.min(next, t.nextDue());
    if (next === Infinity) return;
    const delay = Math.max(0, next - this.timers.now());
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      void this.poll();
    }, delay);
  }

  private async poll(): Promise<void> {
    if (!this.source) return;
    const generation = this.generation;
    const controller = new AbortController();
    this.polling = controller;
    const now = this.timers.now();
    try {
      await this.pollExecutions(now, generation, controller.signal);
      for (const t of this.topics) {
        if (generation !== this.generation) return;
        if (t.nextDue() > now) continue;
        try {
          await t.poll(now, controller.signal);
        } catch (err) {
          // Paced like the executions: slower, or as long as the service asked.
          if (generation === this.generation) t.failed(this.timers.now(), retryAfterOf(err));
        }
      }
    } finally {
      if (this.polling === controller) this.polling = undefined;
    }
    if (generation !== this.generation) return;
    this.reschedule();
  }

  private async pollExecutions(now: number, generation: number, signal: AbortSignal): Promise<void> {
    const source = this.source;
    if (!source) return;
    const due = [...this.entries].filter(([, e]) => e.dueAt <= now).map(([id]) => id);
    if (due.length === 0) return;
    const readings: ExecutionSummary[] = [];
    const gone: number[] = [];
    try {
      let single = due;
      if (due.length >= this.options.listThreshold) {
        this.requests += 1;
        const list = await source.recent(this.options.listSize, signal);
        const byId = new Map<number, ExecutionSummary>();
        for (const raw of list) {
          const s = summarizeExecution(raw, this.options.extraFinalStates());
          if (s) byId.set(s.id, s);
        }
        if (generation === this.generation) this.told([...byId.values()]);
        single = due.filter((id) => {
          const s = byId.get(id);
          if (s) readings.push(s);
          return !s;
        });
      }
      for (const id of single) {
        if (generation !== this.generation) return;
        this.requests += 1;
        try {
          const s = summarizeExecution(await source.get(id, signal), this.options.extraFinalStates());
          if (s) {
            readings.push(s);
            if (generation === this.generation) this.told([s]);
          }
        } catch (err) {
          if (kindOf(err) === 'notFound') gone.push(id);
          else throw err;
        }
      }
    } catch (err) {
      // A failed poll slows down (or waits as long as the service asked) and tries again:
      // following never gives up on its own.
      const pauseMs = retryAfterOf(err);
      if (generation === this.generation) {
        for (const id of due) {
          const e = this.entries.get(id);
          if (!e) continue;
          e.intervalMs = Math.min(e.intervalMs * 2, this.options.maxIntervalMs);
          e.dueAt = this.timers.now() + Math.max(pauseMs ?? 0, this.intervalFor(e));
        }
      }
    }
    if (generation === this.generation) this.apply(due, readings, gone);
  }

  private apply(due: number[], readings: ExecutionSummary[], gone: number[]): void {
    const changed: ExecutionSummary[] = [];
    const now = this.timers.now();
    for (const s of readings) {
      const e = this.entries.get(s.id);
      if (!e) continue;
      if (sameExecution(e.summary, s))
        e.intervalMs = Math.min(Math.round(e.intervalMs * 1.5), this.options.maxIntervalMs);
      else {
        e.intervalMs = this.options.baseIntervalMs;
        changed.push(s);
      }
      e.summary = s;
      e.dueAt = now + this.intervalFor(e);
    }
    for (const id of gone) {
      const e = this.entries.get(id);
      // Deleted on the service: its follow ends; views drop it.
      const s: ExecutionSummary = { ...(e?.summary ?? { id }), id, status: 'DELETED', kind: 'unknown', final: true };
      if (e) e.summary = s;
      changed.push(s);
      this.told([s]);
    }
    for (const id of due) {
      const e = this.entries.get(id);
      // Due but not read (neither listed nor fetched): ask again later.
      if (e && e.dueAt <= now) e.dueAt = now + this.intervalFor(e);
    }
    this.prune();
    if (changed.length > 0) this.emit(changed);
  }
}

function kindOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'kind' in err ? String(err.kind) : undefined;
}

function retryAfterOf(err: unknown): number | undefined {
  const v = typeof err === 'object' && err !== null && 'retryAfterMs' in err ? err.retryAfterMs : undefined;
  return typeof v === 'number' && v > 0 ? v : undefined;
}
