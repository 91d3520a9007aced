import { performance } from 'node:perf_hooks';

// Timing helpers. Contenders take turns in rounds (a block of iterations each, after a garbage
// collection when node runs with --expose-gc), so a slow phase of a shared machine falls on all
// of them alike and one contender's garbage is not collected on another's clock; the order
// rotates from round to round, so no contender always follows the same one.

export interface Sample {
  p50: number;
  p95: number;
  iterations: number;
}

export interface Plan {
  rounds: number;
  /** Untimed calls before each block. */
  warmup: number;
  /** Timed calls per block. */
  iterations: number;
}

export interface Contender {
  name: string;
  /** Synchronous contenders are timed without an await in between. */
  run: (() => unknown) | (() => Promise<unknown>);
  async?: boolean;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function summarize(durations: readonly number[]): Sample {
  const sorted = [...durations].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), iterations: sorted.length };
}

/** A full garbage collection, when node runs with --expose-gc: before each contender's timed work. */
export const collect = (): void => (globalThis as { gc?: () => void }).gc?.();

// Results go to a sink so the optimizer cannot drop the work.
let sink: unknown;
export const sinkValue = (): unknown => sink;

function block(run: () => unknown, plan: Plan, out: number[]): void {
  for (let i = 0; i < plan.warmup; i++) sink = run();
  collect();
  for (let i = 0; i < plan.iterations; i++) {
    const start = performance.now();
    sink = run();
    out.push(performance.now() - start);
  }
}

async function asyncBlock(run: () => Promise<unknown>, plan: Plan, out: number[]): Promise<void> {
  for (let i = 0; i < plan.warmup; i++) sink = await run();
  collect();
  for (let i = 0; i < plan.iterations; i++) {
    const start = performance.now();
    sink = await run();
    out.push(performance.now() - start);
  }
}

/** Times every contender, in turns, and returns a sample for each by name. */
export async function compare(contenders: readonly Contender[], plan: Plan): Promise<Map<string, Sample>> {
  const durations = new Map(contenders.map((c) => [c.name, [] as number[]]));
  for (let r = 0; r < plan.rounds; r++) {
    // Each round starts one contender later: none always runs right after the same one (the
    // block after another's often runs slower while the engine recompiles what it shares).
    for (let k = 0; k < contenders.length; k++) {
      const c = contenders[(k + r) % contenders.length]!;
      const out = durations.get(c.name)!;
      if (c.async) await asyncBlock(c.run as () => Promise<unknown>, plan, out);
      else block(c.run, plan, out);
    }
  }
  return new Map([...durations].map(([name, d]) => [name, summarize(d)]));
}

/** Milliseconds with sensible precision for a table. */
export const ms = (v: number): string =>
  v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v >= 1 ? v.toFixed(2) : v.toFixed(3);

/** The plans of the validation part: small documents many times, large ones a few. */
export const SMALL_PLAN: Plan = { rounds: 5, warmup: 100, iterations: 400 };
export const LARGE_PLAN: Plan = { rounds: 5, warmup: 2, iterations: 10 };

/** A sample as the tables show it: `p50 / p95`. */
export const pair = (s: { p50: number; p95: number }): string => `${ms(s.p50)} / ${ms(s.p95)}`;
