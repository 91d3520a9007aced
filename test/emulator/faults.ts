// Fault knobs for reliability tests: random (seeded) rates, and scripted rules that hit the next
// matching requests exactly, so a test can say "the next run request loses its connection".

export interface FaultRates {
  /** Added to every /api/v2 request before it is answered. */
  latencyMs: number;
  /** Probability 0..1 of answering `errorStatus` instead. */
  errorRate: number;
  errorStatus: number;
  /** Probability 0..1 of answering 429 with `Retry-After: retryAfterSeconds`. */
  rateLimitRate: number;
  retryAfterSeconds: number;
  /** Probability 0..1 of destroying the connection without an answer. */
  dropRate: number;
}

export const NO_FAULTS: FaultRates = {
  latencyMs: 0,
  errorRate: 0,
  errorStatus: 503,
  rateLimitRate: 0,
  retryAfterSeconds: 1,
  dropRate: 0,
};

export type FaultAction =
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  | { kind: 'drop' }
  /** Drop after the request was processed: the change happened, the caller never hears of it. */
  | { kind: 'dropAfter' }
  | { kind: 'delay'; delayMs: number };

export interface FaultRule {
  /** HTTP method, or undefined for any. */
  method?: string;
  /** Path pattern; `*` matches one path segment, `**` any rest. Undefined matches any /api/v2 path. */
  path?: string;
  action: FaultAction;
  /** How many matching requests it hits before it is used up. */
  times: number;
}

export class Faults {
  rates: FaultRates = { ...NO_FAULTS };
  rules: FaultRule[] = [];
  private seed: number;

  constructor(seed = 42) {
    this.seed = seed >>> 0;
  }

  /** The action for this request, consuming one use of a scripted rule; random rates apply after rules. */
  pick(method: string, path: string): FaultAction | undefined {
    const rule = this.rules.find((r) => r.times > 0 && matches(r, method, path));
    if (rule) {
      rule.times -= 1;
      this.rules = this.rules.filter((r) => r.times > 0);
      return rule.action;
    }
    const r = this.rates;
    if (r.dropRate > 0 && this.random() < r.dropRate) return { kind: 'drop' };
    if (r.rateLimitRate > 0 && this.random() < r.rateLimitRate) {
      return { kind: 'status', status: 429, retryAfterSeconds: r.retryAfterSeconds };
    }
    if (r.errorRate > 0 && this.random() < r.errorRate) return { kind: 'status', status: r.errorStatus };
    return undefined;
  }

  reset(): void {
    this.rates = { ...NO_FAULTS };
    this.rules = [];
  }

  /** mulberry32: a small seeded generator, so a fault run can be repeated. */
  private random(): number {
    this.seed = (this.seed + 0x6d2b79f5) >>> 0;
    let t = this.seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method && rule.method.toUpperCase() !== method) return false;
  if (!rule.path) return true;
  const source = rule.path
    .split('/')
    .map((seg) => (seg === '**' ? '.*' : seg === '*' ? '[^/]+' : seg.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`).test(path);
}

export function validateRule(value: unknown): FaultRule {
  const v = value as Partial<FaultRule> | null;
  const a = v?.action as Partial<FaultAction> | undefined;
  const kinds = ['status', 'drop', 'dropAfter', 'delay'];
  if (!v || typeof v !== 'object' || !a || !kinds.includes(String(a.kind))) {
    throw new Error(`a fault rule needs an action with kind one of ${kinds.join(', ')}`);
  }
  if (a.kind === 'status' && !Number.isInteger((a as { status?: number }).status)) {
    throw new Error('a status fault needs an integer status');
  }
  if (a.kind === 'delay' && !Number.isInteger((a as { delayMs?: number }).delayMs)) {
    throw new Error('a delay fault needs an integer delayMs');
  }
  return { method: v.method, path: v.path, action: a as FaultAction, times: Number.isInteger(v.times) ? v.times! : 1 };
}
