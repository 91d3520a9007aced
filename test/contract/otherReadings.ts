import type { Readings } from '../emulator/readings';

// Every reading of the service's lists the project supports besides the emulator's own
// decisions (DECISIONS.md, "Readings"), by name: the contract tests of the client and of the
// history run under each.

export const OTHER_READINGS: [string, Partial<Readings>][] = [
  ['paged lists of 20', { pagedLists: 20 }],
  ['paged lists of 20 with a maximum page size of 20', { pagedLists: 20, maxPageSize: 20 }],
  ['summary items', { summaryItems: true }],
  ['start/end as time bounds', { startEnd: 'time' }],
  ['start/end ignored', { startEnd: 'ignored' }],
  ['executions oldest first', { executionsOldestFirst: true }],
  ['paged, time bounds and oldest first together', { pagedLists: 20, startEnd: 'time', executionsOldestFirst: true }],
  ['paged and oldest first with offsets', { pagedLists: 20, executionsOldestFirst: true }],
];
