import { UsageError } from './exitCodes';

// Readers for option values that say what was wrong in words (exit 2).

/** "30m", "90s", "2h", "1500ms", or plain seconds. */
export function parseDuration(text: string, option: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!m) throw new UsageError(`${option} takes a duration like 90s, 30m or 2h, not "${text}".`);
  const n = Number(m[1]);
  const unit = m[2] ?? 's';
  const ms = Math.round(n * (unit === 'ms' ? 1 : unit === 's' ? 1000 : unit === 'm' ? 60_000 : 3_600_000));
  if (ms <= 0) throw new UsageError(`${option} must be longer than 0, not "${text}".`);
  return ms;
}

export function parseId(text: string, what: string): number {
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`${what} must be a number, not "${text}".`);
  return Number(text.trim());
}

export function parseCount(text: string | undefined, option: string, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`${option} takes a whole number, not "${text}".`);
  return Number(text.trim());
}
