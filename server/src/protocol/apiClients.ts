// Messages of API clients (the API Clients view). The password is write-only: sent, never
// answered, masked in the trace. Declared once here, re-exported by server/src/protocol.ts.

import type { ApiClientInfo, ApiClientInput, Outcome } from '../core';
import { clientRequest, clientRequest0, type CreatedId, type IdParams } from './message';

export interface UpdateApiClientParams extends IdParams {
  input: ApiClientInput;
}

export interface SetApiClientPasswordParams extends IdParams {
  password: string;
}

/** client -> server: every API client: name, method, URL and auth type only (never a secret). */
export const ListApiClientsRequest = clientRequest0<Outcome<ApiClientInfo[]>>('tas/apiClients/list');

/** client -> server: create an API client (never retried); `password` only when typed. */
export const CreateApiClientRequest = clientRequest<ApiClientInput, Outcome<CreatedId>>('tas/apiClients/create');

/** client -> server: change an API client's form fields; the others stay as the service has them. */
export const UpdateApiClientRequest = clientRequest<UpdateApiClientParams, Outcome<null>>('tas/apiClients/update');

/** client -> server: delete an API client. */
export const DeleteApiClientRequest = clientRequest<IdParams, Outcome<null>>('tas/apiClients/delete');

/** client -> server: set an API client's password (PUT of the record as read); never answered, masked in the trace. */
export const SetApiClientPasswordRequest = clientRequest<SetApiClientPasswordParams, Outcome<null>>(
  'tas/apiClients/setPassword',
);
