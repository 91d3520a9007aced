import type { Connection } from 'vscode-languageserver/node';
import { ApiClientActions, type EnvironmentState, recordWords, type ShownRecord } from '../../core';
import { CreateApiClientRequest, DeleteApiClientRequest, ListApiClientsRequest, SetApiClientPasswordRequest, UpdateApiClientRequest } from '../../protocol';
import { act } from './outcome';

// Thin adapters from the API Clients view's requests to their actions. The input may carry a
// password: it goes to the service and nowhere else (the action words name the client only).

interface Services {
  env: EnvironmentState;
  /** API clients changed: references in open files are checked again. */
  changed: () => void;
}

/** The API client acted on as the view showed it: a 404 says it was deleted, by name, and every view drops it. */
const shownClient = (id: number, shown?: string): ShownRecord => ({ kind: 'apiClient', id, ...(shown !== undefined && { name: shown }) });

export function registerApiClientFeatures(connection: Connection, s: Services): void {
  const actions = (client: ConstructorParameters<typeof ApiClientActions>[0]) => new ApiClientActions(client, s.changed);
  connection.onRequest(ListApiClientsRequest, () => act(s.env, { action: 'read the API clients' }, (env) => actions(env.client).list()));
  connection.onRequest(CreateApiClientRequest, (input) =>
    act(
      s.env,
      {
        action: `create API client "${input.name}"`,
        conflict: 'another API client already has this name. Choose another name.',
        lost: 'the API client may have been created. Refresh API Clients before trying again.',
      },
      (env) => actions(env.client).create(input),
    ),
  );
  connection.onRequest(UpdateApiClientRequest, ({ id, input, shown }) =>
    act(
      s.env,
      { action: `change ${recordWords(shownClient(id, shown))}`, conflict: 'another API client already has this name. Choose another name.', record: shownClient(id, shown) },
      (env) => actions(env.client).update(id, input),
    ),
  );
  connection.onRequest(SetApiClientPasswordRequest, ({ id, password, shown }) =>
    act(s.env, { action: `set the password of ${recordWords(shownClient(id, shown))}`, record: shownClient(id, shown) }, (env) => actions(env.client).setPassword(id, password)),
  );
  connection.onRequest(DeleteApiClientRequest, ({ id, shown }) =>
    act(s.env, { action: `delete ${recordWords(shownClient(id, shown))}`, record: shownClient(id, shown) }, (env) => actions(env.client).delete(id)),
  );
}
