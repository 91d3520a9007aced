// Messages of record documents: devices, test nodes, API clients, trace filters and suites
// edited as JSON (`tas-record:`). Declared once here, re-exported by server/src/protocol.ts.

import type { DeletableKind, Outcome, RecordDocumentKind, SaveResult } from '../core';
import { clientNotification, clientRequest, clientRequest0, type IdParams } from './message';

export interface ReadRecordDocumentParams {
  kind: RecordDocumentKind;
  id: number;
}

/** A record document's text. */
export interface RecordDocumentText {
  text: string;
}

export interface NewRecordDocumentParams {
  kind: RecordDocumentKind;
  testNodeId?: number;
  deviceModelId?: number;
}

/** A test node or device model to choose from. */
export interface PlaceChoice {
  id: number;
  name?: string;
}

export interface RecordChoicesResult {
  testNodes: PlaceChoice[];
  deviceModels: PlaceChoice[];
}

export interface SaveRecordDocumentParams extends RecordDocumentText {
  /** The text as read, for `merge`. */
  base?: string;
  merge?: boolean;
  /** Overwrite someone else's change. */
  force?: boolean;
}

export interface DeviceUsersParams {
  id: number;
}

export interface DeleteRecordParams extends IdParams {
  kind: DeletableKind;
}

export interface RecordDocumentBaseParams extends RecordDocumentText {
  uri: string;
}

/** client -> server: a record's document text, read from the service now. */
export const ReadRecordDocumentRequest = clientRequest<ReadRecordDocumentParams, Outcome<RecordDocumentText>>(
  'tas/recordDocuments/read',
);

/**
 * client -> server: a new record's document from the template, with the device model and test
 * node chosen (a device's).
 */
export const NewRecordDocumentRequest = clientRequest<NewRecordDocumentParams, Outcome<RecordDocumentText>>(
  'tas/recordDocuments/new',
);

/** client -> server: the device models and test nodes a new device is placed on. */
export const RecordChoicesRequest = clientRequest0<Outcome<RecordChoicesResult>>('tas/recordDocuments/choices');

/**
 * client -> server: saves a document's text (update, or create when it names no id; a create is
 * never retried). `base`: the text as read, for `merge`; `force` overwrites someone else's change.
 */
export const SaveRecordDocumentRequest = clientRequest<SaveRecordDocumentParams, Outcome<SaveResult>>(
  'tas/recordDocuments/save',
);

/** client -> server: the names of the test cases the service says use a device. */
export const DeviceUsersRequest = clientRequest<DeviceUsersParams, Outcome<string[]>>(
  'tas/recordDocuments/deviceUsers',
);

/** client -> server: deletes a device or an API client. */
export const DeleteRecordRequest = clientRequest<DeleteRecordParams, Outcome<null>>('tas/recordDocuments/delete');

/**
 * client -> server: what the document was read as (its text), so read-only fields changed in it
 * are told; sent when the client opens or saves a record document.
 */
export const RecordDocumentBaseNotification = clientNotification<RecordDocumentBaseParams>('tas/recordDocuments/base');
