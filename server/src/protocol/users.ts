// Messages of users (the Users view). The temporary password is in one message only, never
// logged; the LSP trace masks it by name. Declared once here, re-exported by server/src/protocol.ts.

import type { Outcome, UserSummary } from '../core';
import { clientRequest, clientRequest0, type CreatedId, type IdParams } from './message';

export interface InviteUserParams {
  email: string;
  role: string;
  tempPassword: string;
}

export interface ChangeUserRoleParams extends IdParams {
  role: string;
}

export interface DeleteUserParams extends IdParams {
  /** Who gets what the deleted user owns. */
  newUser: number;
}

export interface DeleteUserResult {
  /** What went to the heir, in the service's words. */
  transferred?: string;
}

/** client -> server: who is signed in, with which role (GET /users/me). */
export const CurrentUserRequest = clientRequest0<Outcome<UserSummary>>('tas/users/me');

/** client -> server: every user (GET /users). */
export const ListUsersRequest = clientRequest0<Outcome<UserSummary[]>>('tas/users/list');

/** client -> server: invite a user (never retried). */
export const InviteUserRequest = clientRequest<InviteUserParams, Outcome<CreatedId>>('tas/users/invite');

/** client -> server: change a user's role (PUT {role}). */
export const ChangeUserRoleRequest = clientRequest<ChangeUserRoleParams, Outcome<null>>('tas/users/changeRole');

/** client -> server: delete a user; what they own goes to `newUser` (POST /users/{id}/delete). */
export const DeleteUserRequest = clientRequest<DeleteUserParams, Outcome<DeleteUserResult>>('tas/users/delete');
