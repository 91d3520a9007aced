import { UserActions } from '../../../server/src/core';
import type { CommandSpec } from '../command';
import { Exit } from '../exitCodes';
import { defined, printList } from '../listing';

/** A user as `tas users --json` prints it. */
export interface UserRow {
  id: number;
  email?: string;
  role?: string;
  createdAt?: string;
}

export const users: CommandSpec = {
  name: 'users',
  summary: 'List the users.',
  action: 'list the users',
  usage: 'tas users [--json]',
  description: 'Lists the users of the service with their role (GET /users), by id. No password is read or printed.',
  options: {},
  optionHelp: {},
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    const list = await new UserActions(ctx.client).list();
    const rows = list.map((u): UserRow => defined({ id: u.id, email: u.email, role: u.role, createdAt: u.createdAt }));
    printList(ctx, rows, [
      { header: 'ID', field: 'id' },
      { header: 'EMAIL', field: 'email' },
      { header: 'ROLE', field: 'role' },
      { header: 'CREATED', field: 'createdAt' },
    ], 'The service has no users.');
    return Exit.ok;
  },
};
