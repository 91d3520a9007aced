import type { FileSyncState } from '../model/sync';

// How a linked local case stands against its service record, from three hashes: the file's,
// the service's and the sync base (the version last synced). Pure, so the table is tested whole.

export interface Hashes {
  local: string;
  /** undefined: the linked test case no longer exists on the service. */
  service: string | undefined;
  /** undefined: linked without a known base (a fresh clone, a file linked by hand). */
  base: string | undefined;
}

export function classify(h: Hashes): FileSyncState {
  if (h.service === undefined) return 'missingOnService';
  if (h.local === h.service) return 'unchanged';
  if (h.base === undefined) return 'conflict';
  const localChanged = h.local !== h.base;
  const serviceChanged = h.service !== h.base;
  if (localChanged && serviceChanged) return 'conflict';
  if (localChanged) return 'localChanged';
  return 'serviceChanged';
}
