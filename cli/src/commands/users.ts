import { UserActions } from '../../../server/src/core';
import { defined, listCommand } from '../listing';

/** A user as `tas users --json` prints it. */
export interface UserRow {
  id: number;
  email?: string;
  role?: string;
  createdAt?: string;
}

export const users = listCommand<UserRow>({
  name: 'users',
  summary: 'List the users.',
  action: 'list the users',
  description: 'Lists the users of the service with their role (GET /users), by id. No password is read or printed.',
  async rows(ctx) {
    const list = await new UserActions(ctx.client).list();
    return list.map((u): UserRow => defined({ id: u.id, email: u.email, role: u.role, createdAt: u.createdAt }));
  },
  columns: { ID: 'id', EMAIL: 'email', ROLE: 'role', CREATED: 'createdAt' },
  empty: 'The service has no users.',
});
