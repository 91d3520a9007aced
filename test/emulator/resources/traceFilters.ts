import { mustGet } from '../access';
import { Body } from '../body';
import { badRequest, conflict } from '../errors';
import type { TraceFilter } from '../model';
import { created, emptyOk, intParam, type RequestContext, type Router } from '../router';
import type { Store } from '../store';
import { listReply } from '../readings';

// Trace filters (DECISIONS.md, "Trace filters"): bodies are {name, filter}; the record
// and the responses are ours.

function view(store: Store, f: TraceFilter): Record<string, unknown> {
  return { id: f.id, name: f.name, filter: f.filter, projects: store.projectRefs('TRACE_FILTER', f.id) };
}

/** A non-empty trimmed name, unique among trace filters (409 with {id} of the holder, as for projects). */
function readName(store: Store, b: Body, selfId: number | null, required: boolean): string | undefined {
  const raw = b.str('name', required);
  if (raw === undefined) return undefined;
  const name = raw.trim();
  if (name === '') throw badRequest("trace filter: 'name' must not be empty");
  const other = store.traceFilters.all().find((f) => f.name === name && f.id !== selfId);
  if (other) throw conflict(`A trace filter named '${name}' already exists`, { id: other.id });
  return name;
}

function createFilter(c: RequestContext) {
  const b = Body.object(c.body, 'trace filter');
  const filter = b.str('filter', true);
  const name = readName(c.emu.store, b, null, true)!;
  const row = c.emu.store.traceFilters.insert((id) => ({ id, ownerId: c.user.id, name, filter }));
  return created(row.id);
}

/** PUT merges: an absent field keeps its value. */
function updateFilter(c: RequestContext) {
  const f = mustGet(c.emu.store.traceFilters, intParam(c), 'Trace filter');
  const b = Body.object(c.body, 'trace filter');
  const filter = b.str('filter');
  const name = readName(c.emu.store, b, f.id, false);
  if (name !== undefined) f.name = name;
  if (filter !== undefined) f.filter = filter;
  return view(c.emu.store, f);
}

/** Test cases that use the filter keep their references (they dangle), as for devices. */
function deleteFilter(c: RequestContext) {
  const f = mustGet(c.emu.store.traceFilters, intParam(c), 'Trace filter');
  c.emu.store.traceFilters.delete(f.id);
  c.emu.store.forgetEntity('TRACE_FILTER', f.id);
  return emptyOk();
}

export function registerTraceFilters(r: Router): void {
  r.add('GET', '/api/v2/tracefilters', (c) =>
    listReply(
      c,
      c.emu.store.traceFilters
        .all()
        .sort((a, b) => a.id - b.id)
        .map((f) => view(c.emu.store, f)),
      { summary: true },
    ),
  );
  r.add('POST', '/api/v2/tracefilters', createFilter);
  r.add('GET', '/api/v2/tracefilters/{id}', (c) =>
    view(c.emu.store, mustGet(c.emu.store.traceFilters, intParam(c), 'Trace filter')),
  );
  r.add('PUT', '/api/v2/tracefilters/{id}', updateFilter);
  r.add('DELETE', '/api/v2/tracefilters/{id}', deleteFilter);
}
