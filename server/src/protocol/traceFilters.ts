// Messages of trace filters (the Trace Filters view). Declared once here, re-exported by
// server/src/protocol.ts.

import type { Outcome, TraceFilterSummary } from '../core';
import { clientRequest, clientRequest0, type CreatedId, type IdParams } from './message';

export interface CreateTraceFilterParams {
  name: string;
  filter: string;
}

export interface UpdateTraceFilterParams extends IdParams, CreateTraceFilterParams {}

/** client -> server: every trace filter. */
export const ListTraceFiltersRequest = clientRequest0<Outcome<TraceFilterSummary[]>>('tas/traceFilters/list');

/** client -> server: create a trace filter (never retried); answers its id when the service gives one. */
export const CreateTraceFilterRequest = clientRequest<CreateTraceFilterParams, Outcome<CreatedId>>(
  'tas/traceFilters/create',
);

/** client -> server: change a trace filter's name and filter (PUT). */
export const UpdateTraceFilterRequest = clientRequest<UpdateTraceFilterParams, Outcome<null>>(
  'tas/traceFilters/update',
);

/** client -> server: delete a trace filter. */
export const DeleteTraceFilterRequest = clientRequest<IdParams, Outcome<null>>('tas/traceFilters/delete');
