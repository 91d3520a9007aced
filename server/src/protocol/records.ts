// Messages of the service's records as every view shows them: one gone, one read for a remote
// view. Declared once here, re-exported by server/src/protocol.ts.

import type { Outcome, RemoteViewKind, ShownRecord } from '../core';
import { clientRequest, serverNotification, type TitledText } from './message';

export interface RecordGoneParams {
  record: ShownRecord;
}

export interface GetRecordParams {
  kind: RemoteViewKind;
  id: number;
}

/**
 * server -> client: a record an action or read found gone (404). Every view that shows it drops
 * it at once; the server's reference cache already has.
 */
export const RecordGoneNotification = serverNotification<RecordGoneParams>('tas/records/gone');

/** client -> server: a remote record as pretty JSON, for the read-only view a link opens. */
export const GetRecordRequest = clientRequest<GetRecordParams, Outcome<TitledText>>('tas/getRecord');
