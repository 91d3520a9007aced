// Every numeric `tas.*` setting with its range: a workspace's settings come with the repository,
// so they are input like any other. A value outside its range is clamped to the nearest end, a
// value of the wrong type falls back to the default, and the hosts say so once. package.json
// (`contributes.configuration`) and the manual's settings table (docs/reference.md) state the same
// ranges; a unit test keeps them equal.

export interface SettingRange {
  min: number;
  max: number;
  default: number;
  /** Whole numbers only (fractions are rounded down). */
  integer?: boolean;
}

export const SETTING_RANGES = {
  'tas.cache.ttlSeconds': { min: 0, max: 86_400, default: 300 },
  'tas.validation.debounceMs': { min: 0, max: 10_000, default: 200 },
  'tas.validation.maxProblems': { min: 1, max: 10_000, default: 300, integer: true },
  'tas.requestTimeoutSeconds': { min: 1, max: 3_600, default: 30 },
  'tas.executions.pollIntervalSeconds': { min: 0.05, max: 600, default: 2 },
  'tas.views.refreshSeconds': { min: 0, max: 86_400, default: 60 },
  'tas.history.executions': { min: 100, max: 50_000, default: 5_000, integer: true },
} as const satisfies Record<string, SettingRange>;

export type NumericSetting = keyof typeof SETTING_RANGES;

/** The longest delay a Node timer keeps: a longer one fires at once (setTimeout overflows). */
export const MAX_TIMER_MS = 2_147_483_647;

export interface Clamped {
  value: number;
  /** Why the value read is not the value used; undefined when it is. */
  note?: string;
}

/**
 * The value to use for `name` given what was read (`undefined`: not set, the default, no note).
 * `label`: how the note names where the value came from (an environment variable for `tas`).
 */
export function clampSetting(name: NumericSetting, read: unknown, label = `The setting ${name}`): Clamped {
  return clampToRange(SETTING_RANGES[name], read, label);
}

/** The same for any range (a `tas` environment variable that has no editor setting). */
export function clampToRange(range: SettingRange, read: unknown, label: string): Clamped {
  if (read === undefined || read === null) return { value: range.default };
  if (typeof read !== 'number' || !Number.isFinite(read)) {
    return { value: range.default, note: `${label} is ${shown(read)}, not a number: ${range.default} is used.` };
  }
  const whole = range.integer ? Math.floor(read) : read;
  const value = Math.min(range.max, Math.max(range.min, whole));
  if (value === whole) return { value };
  return { value, note: `${label} is ${read}, outside ${range.min}..${range.max}: ${value} is used.` };
}

const shown = (v: unknown): string => {
  const text = typeof v === 'string' ? JSON.stringify(v) : String(v);
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
};

/**
 * Clamps and says each clamp once: the same setting read again with the same value is not
 * said again (settings are read on every change of any of them).
 */
export class SettingClamps {
  private readonly said = new Map<string, string>();

  constructor(private readonly say: (message: string) => void) {}

  read(name: NumericSetting, raw: unknown, label?: string): number {
    return this.tell(name, clampSetting(name, raw, label));
  }

  /** `key`: what counts as the same value read again (a variable's name). */
  readRange(key: string, range: SettingRange, raw: unknown, label: string): number {
    return this.tell(key, clampToRange(range, raw, label));
  }

  private tell(key: string, { value, note }: Clamped): number {
    if (note === undefined) this.said.delete(key);
    else if (this.said.get(key) !== note) {
      this.said.set(key, note);
      this.say(note);
    }
    return value;
  }
}
