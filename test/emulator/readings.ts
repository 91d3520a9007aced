import { badRequest } from './errors';
import { pageOf, parseRange } from './paging';
import { Reply, type RequestContext } from './router';

// Other readings of what the interface document leaves open, each one a service may choose
// (DECISIONS.md, "Readings"). The defaults are the emulator's own decisions; an option (or PUT
// /_emulator/readings) makes the emulator answer as such a service would, so the project's tests
// prove that the extension and `tas` work whichever reading a service picked.

export type StartEndReading = 'offsets' | 'time' | 'ignored';

export interface Readings {
  /**
   * Lists whose answer the document does not show (devices, nodes, trace filters, suites,
   * tokens, users, device models, a device's test cases, executions, API clients) answer the
   * document's page wrapper, pages of this many items unless `size` says otherwise (`page`
   * zero-based). 0: plain arrays (the emulator's decision).
   */
  pagedLists: number;
  /** The largest page the paged lists serve: a larger `size` is served as this many, as Spring's max-page-size does. 0: sizes above 2000 are a 400. */
  maxPageSize: number;
  /** `start`/`end` of executions and API clients: item offsets (the decision), bounds on the creation time (epoch ms or ISO 8601), or ignored. */
  startEnd: StartEndReading;
  /** Executions listed oldest first (the decision: newest first). */
  executionsOldestFirst: boolean;
  /** Device, trace filter and API client list items are summaries `{id, name}`; `GET /{id}` has the record. */
  summaryItems: boolean;
}

export const DEFAULT_READINGS: Readings = {
  pagedLists: 0,
  maxPageSize: 0,
  startEnd: 'offsets',
  executionsOldestFirst: false,
  summaryItems: false,
};

const START_END: readonly StartEndReading[] = ['offsets', 'time', 'ignored'];

/** Readings from a JSON object (options, the control route): unknown keys and wrong types are refused. */
export function readReadings(raw: unknown, base: Readings): Readings {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw badRequest('readings: expected a JSON object');
  const r = raw as Record<string, unknown>;
  const out: Readings = { ...base };
  for (const [key, v] of Object.entries(r)) {
    if (key === 'pagedLists' || key === 'maxPageSize') {
      if (!Number.isInteger(v) || (v as number) < 0)
        throw badRequest(`readings: '${key}' must be a non-negative integer`);
      out[key] = v as number;
    } else if (key === 'startEnd') {
      if (!START_END.includes(v as StartEndReading))
        throw badRequest(`readings: 'startEnd' must be one of ${START_END.join(', ')}`);
      out.startEnd = v as StartEndReading;
    } else if (key === 'executionsOldestFirst' || key === 'summaryItems') {
      if (typeof v !== 'boolean') throw badRequest(`readings: '${key}' must be true or false`);
      out[key] = v;
    } else throw badRequest(`readings: unknown reading '${key}'`);
  }
  return out;
}

function count(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw badRequest(`Query parameter '${name}' must be a non-negative integer, got '${raw}'`);
  return Number(raw);
}

/**
 * The answer of a list the document leaves open: a plain array (the decision), or with
 * `pagedLists` the page wrapper; `summary` lists give `{id, name}` items with `summaryItems`.
 */
export function listReply(
  c: RequestContext,
  rows: readonly Record<string, unknown>[],
  options: { summary?: boolean; headers?: Record<string, string> } = {},
): Reply {
  const r = c.emu.readings;
  const items =
    options.summary && r.summaryItems ? rows.map((row) => ({ id: row['id'], name: row['name'] })) : [...rows];
  if (r.pagedLists <= 0) return new Reply(200, items, options.headers);
  const page = count(c.query, 'page', 0);
  let size = count(c.query, 'size', r.pagedLists);
  if (size < 1) throw badRequest("Query parameter 'size' must be at least 1");
  if (r.maxPageSize > 0) size = Math.min(size, r.maxPageSize);
  return new Reply(200, pageOf(items, { page, size, sort: [] }), options.headers);
}

/** A bound of the time reading: epoch milliseconds or an ISO 8601 date. */
function timeBound(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  const ms = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  if (Number.isNaN(ms))
    throw badRequest(`Query parameter '${name}' must be a time (epoch milliseconds or ISO 8601), got '${raw}'`);
  return ms;
}

/** `start`/`end` applied to rows in list order, as the reading in force reads them. */
export function rangeRows<T>(c: RequestContext, rows: T[], timeOf: (row: T) => number): T[] {
  const reading = c.emu.readings.startEnd;
  if (reading === 'ignored') return rows;
  if (reading === 'time') {
    const start = timeBound(c.query, 'start');
    const end = timeBound(c.query, 'end');
    return rows.filter(
      (row) => (start === undefined || timeOf(row) >= start) && (end === undefined || timeOf(row) <= end),
    );
  }
  const { start, end } = parseRange(c.query);
  return rows.slice(start, end);
}
