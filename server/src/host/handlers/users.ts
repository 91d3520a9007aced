import type { Connection } from 'vscode-languageserver/node';
import { type ActiveEnvironment, type ServiceSession } from '../../core';
import {
  AgentConfigRequest,
  ChangeUserRoleRequest,
  CurrentUserRequest,
  DeleteUserRequest,
  InviteUserRequest,
  ListUsersRequest,
  ValidateDeviceTokenRequest,
} from '../../protocol';

// Thin adapters from the Users view's and the lab tools' requests to the core (issue 29). The
// temporary password and a token being checked go to the service and nowhere else: the action
// words name the user or say "a device token" only, and nothing here logs a request or an answer.

const who = (id: number, shown?: string) => (shown ? `user ${shown}` : `user ${id}`);

export function registerUserFeatures(connection: Connection, s: { session: ServiceSession }): void {
  const users = (env: ActiveEnvironment) => s.session.actions(env).users;
  connection.onRequest(CurrentUserRequest, () =>
    s.session.act({ action: 'read who is signed in' }, (env) => users(env).me()),
  );
  connection.onRequest(ListUsersRequest, () => s.session.act({ action: 'read the users' }, (env) => users(env).list()));
  connection.onRequest(InviteUserRequest, (input) =>
    s.session.act(
      {
        action: `invite user ${input.email.trim()}`,
        conflict: 'a user with this email already exists.',
        lost: 'the user may have been invited. Refresh Users before trying again.',
      },
      (env) => users(env).invite(input),
    ),
  );
  connection.onRequest(ChangeUserRoleRequest, ({ id, role, shown }) =>
    s.session.act(
      {
        action: `give ${who(id, shown)} the role ${role}`,
        conflict: 'the role cannot change now (the last ADMIN cannot lose it).',
      },
      (env) => users(env).changeRole(id, role),
    ),
  );
  connection.onRequest(DeleteUserRequest, ({ id, newUser, shown }) =>
    s.session.act(
      {
        action: `delete ${who(id, shown)}`,
        conflict: 'this user cannot be deleted now (nobody can delete themselves).',
      },
      (env) => users(env).delete(id, newUser),
    ),
  );
  connection.onRequest(AgentConfigRequest, ({ label, shown }) =>
    s.session.act(
      {
        action: `read the agent configuration${shown ? ` of ${shown}` : ''} (label "${label}")`,
        notFound: `the service has no agent configuration for the label "${label}".`,
      },
      async (env) => ({ agentConfig: await s.session.actions(env).labTools.agentConfig(label) }),
    ),
  );
  connection.onRequest(ValidateDeviceTokenRequest, ({ token }) =>
    s.session.act({ action: 'validate a device token' }, (env) => s.session.actions(env).labTools.validateToken(token)),
  );
}
