import type { Connection } from 'vscode-languageserver/node';
import { type ActiveEnvironment, recordWords, type ServiceSession, type ShownRecord, shownRecord } from '../../core';
import {
  CreateApiClientRequest,
  DeleteApiClientRequest,
  ListApiClientsRequest,
  SetApiClientPasswordRequest,
  UpdateApiClientRequest,
} from '../../protocol';

// Thin adapters from the API Clients view's requests to their actions. The input may carry a
// password: it goes to the service and nowhere else (the action words name the client only).

interface Services {
  /** Its actions tell it when API clients changed: references in open files are checked again. */
  session: ServiceSession;
}

/** The API client acted on as the view showed it: a 404 says it was deleted, by name, and every view drops it. */
const shownClient = (id: number, shown?: string): ShownRecord => shownRecord('apiClient', id, shown);

export function registerApiClientFeatures(connection: Connection, s: Services): void {
  const actions = (env: ActiveEnvironment) => s.session.actions(env).apiClients;
  connection.onRequest(ListApiClientsRequest, () =>
    s.session.act({ action: 'read the API clients' }, (env) => actions(env).list()),
  );
  connection.onRequest(CreateApiClientRequest, (input) =>
    s.session.act(
      {
        action: `create API client "${input.name}"`,
        conflict: 'another API client already has this name. Choose another name.',
        lost: 'the API client may have been created. Refresh API Clients before trying again.',
      },
      (env) => actions(env).create(input),
    ),
  );
  connection.onRequest(UpdateApiClientRequest, ({ id, input, shown }) =>
    s.session.act(
      {
        action: `change ${recordWords(shownClient(id, shown))}`,
        conflict: 'another API client already has this name. Choose another name.',
        record: shownClient(id, shown),
      },
      (env) => actions(env).update(id, input),
    ),
  );
  connection.onRequest(SetApiClientPasswordRequest, ({ id, password, shown }) =>
    s.session.act(
      { action: `set the password of ${recordWords(shownClient(id, shown))}`, record: shownClient(id, shown) },
      (env) => actions(env).setPassword(id, password),
    ),
  );
  connection.onRequest(DeleteApiClientRequest, ({ id, shown }) =>
    s.session.act({ action: `delete ${recordWords(shownClient(id, shown))}`, record: shownClient(id, shown) }, (env) =>
      actions(env).delete(id),
    ),
  );
}
