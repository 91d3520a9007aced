import { createHash } from 'node:crypto';
import { isRecord } from '../base/read';
import { maskSecrets } from '../secrets/secrets';

// The syncable projection of a test case: what import sends and export writes, without what the
// service alone decides (ids, projects, times, the devices and API clients of a bundle item, the
// device names it adds to trace filters). Its hash is the sync base that tells local and service
// changes apart.

const NOT_SYNCED = new Set(['id', '$schema', 'projects', 'created', 'updated', 'devices', 'apiClients']);
const RESPONSE_ONLY_IN_FILTERS = ['mobileDeviceName', 'msisdn'];
/** Known fields at their empty default: an omitted field is left as it is on update. */
const EMPTY_DEFAULTS: Record<string, unknown> = {
  description: '',
  tags: '',
  disableReason: '',
  notes: '',
  disabled: false,
  testStepList: [],
  traceFilters: [],
  sipTraceFilters: [],
};

function isEmptyDefault(key: string, value: unknown): boolean {
  const d = EMPTY_DEFAULTS[key];
  if (d === undefined) return false;
  return Array.isArray(d) ? Array.isArray(value) && value.length === 0 : value === d;
}

/**
 * The fields that sync compares (empty defaults dropped) or, with `forSending`, the fields import
 * sends (empty values kept: a field cleared in the file must be cleared on the service).
 * Secrets are not masked here.
 */
export function syncFields(testCase: Record<string, unknown>, forSending = false): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(testCase)) {
    if (NOT_SYNCED.has(key) || (!forSending && isEmptyDefault(key, value))) continue;
    if ((key === 'traceFilters' || key === 'sipTraceFilters') && Array.isArray(value)) {
      out[key] = value.map((item: unknown) => {
        if (!isRecord(item)) return item;
        const copy = { ...item };
        for (const k of RESPONSE_ONLY_IN_FILTERS) delete copy[k];
        return copy;
      });
    } else out[key] = value;
  }
  return out;
}

/** Keys sorted recursively: one text for one value, whatever order its members came in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (!isRecord(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) sorted[k] = v[k];
    return sorted;
  });
}

/**
 * The sync base of a test case (a file's, or a service record): secrets masked on both sides, so a
 * placeholder in a file and the service's real value at the same place compare equal.
 */
export function syncHash(testCase: Record<string, unknown>): string {
  const masked = maskSecrets(syncFields(testCase)).value;
  return `sha256:${createHash('sha256').update(canonicalJson(masked)).digest('hex')}`;
}
