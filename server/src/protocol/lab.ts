// Messages of the lab (issue 29): users, a test node's agent configuration, device tokens checked,
// and records edited as documents. Declared once here, re-exported by server/src/protocol.ts.

import { NotificationType, RequestType, RequestType0 } from 'vscode-languageserver-protocol';
import type { DeletableKind, Outcome, RecordDocumentKind, SaveResult, TokenVerdict, UserSummary } from '../core';

/** `shown`: the record's name as the view showed it, so messages say it by name (its id when absent). */
type Shown = { shown?: string };

// ---- Users and the lab tools (issue 29). A secret (`tempPassword`, `token`, `agentConfig`) is in
// one message only, never logged; the LSP trace masks those members by name. ----

/** client -> server: who is signed in, with which role (GET /users/me). */
export const CurrentUserRequest = new RequestType0<Outcome<UserSummary>, void>('tas/users/me');
/** client -> server: every user (GET /users). */
export const ListUsersRequest = new RequestType0<Outcome<UserSummary[]>, void>('tas/users/list');
/** client -> server: invite a user (never retried). */
export const InviteUserRequest = new RequestType<{ email: string; role: string; tempPassword: string }, Outcome<{ id?: number }>, void>('tas/users/invite');
/** client -> server: change a user's role (PUT {role}). */
export const ChangeUserRoleRequest = new RequestType<{ id: number; role: string } & Shown, Outcome<null>, void>('tas/users/changeRole');
/** client -> server: delete a user; what they own goes to `newUser` (POST /users/{id}/delete). */
export const DeleteUserRequest = new RequestType<{ id: number; newUser: number } & Shown, Outcome<{ transferred?: string }>, void>('tas/users/delete');
/** client -> server: a test node's agent configuration (by its label) as text, for a read-only view. */
export const AgentConfigRequest = new RequestType<{ label: string } & Shown, Outcome<{ agentConfig: string }>, void>('tas/testNodes/agentConfig');
/** client -> server: what the service says of a device token; the answer holds no token. */
export const ValidateDeviceTokenRequest = new RequestType<{ token: string }, Outcome<TokenVerdict>, void>('tas/devices/validateToken');

// ---- Record documents (devices, test nodes, API clients, trace filters, suites edited as JSON) ----

/** client -> server: a record's document text, read from the service now. */
export const ReadRecordDocumentRequest = new RequestType<{ kind: RecordDocumentKind; id: number }, Outcome<{ text: string }>, void>('tas/recordDocuments/read');

/**
 * client -> server: a new record's document from the template, with the device model and test
 * node chosen (a device's).
 */
export const NewRecordDocumentRequest = new RequestType<{ kind: RecordDocumentKind; testNodeId?: number; deviceModelId?: number }, Outcome<{ text: string }>, void>(
  'tas/recordDocuments/new',
);

/** client -> server: the device models and test nodes a new device is placed on. */
export const RecordChoicesRequest = new RequestType0<Outcome<{ testNodes: { id: number; name?: string }[]; deviceModels: { id: number; name?: string }[] }>, void>(
  'tas/recordDocuments/choices',
);

/**
 * client -> server: saves a document's text (update, or create when it names no id; a create is
 * never retried). `base`: the text as read, for `merge`; `force` overwrites someone else's change.
 */
export const SaveRecordDocumentRequest = new RequestType<{ text: string; base?: string; merge?: boolean; force?: boolean }, Outcome<SaveResult>, void>(
  'tas/recordDocuments/save',
);

/** client -> server: the names of the test cases the service says use a device. */
export const DeviceUsersRequest = new RequestType<{ id: number }, Outcome<string[]>, void>('tas/recordDocuments/deviceUsers');

/** client -> server: deletes a device or an API client. */
export const DeleteRecordRequest = new RequestType<{ kind: DeletableKind; id: number } & Shown, Outcome<null>, void>('tas/recordDocuments/delete');

/**
 * client -> server: what the document was read as (its text), so read-only fields changed in it
 * are told; sent when the client opens or saves a record document.
 */
export const RecordDocumentBaseNotification = new NotificationType<{ uri: string; text: string }>('tas/recordDocuments/base');
