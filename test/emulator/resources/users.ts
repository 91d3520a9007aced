import { mustGet, requireAdmin } from '../access';
import { Body } from '../body';
import { badRequest, conflict } from '../errors';
import { ROLES, type Role, type User } from '../model';
import { created, intParam, type RequestContext, type Router } from '../router';
import { Table, type Store } from '../store';
import { listReply } from '../readings';

// Users (DECISIONS.md, "Users"). Any signed-in user may read users; creating, changing
// a role and deleting need ADMIN (403). The temporary password is checked and then dropped: the
// interface has no password sign-in, so nothing needs it and no response or record can leak it.

export const MIN_TEMP_PASSWORD_LENGTH = 8;

const view = (u: User) => ({ id: u.id, email: u.email, role: u.role, createdAt: u.createdAt });

function readRole(b: Body): Role {
  const role = b.str('role', true);
  if (!(ROLES as readonly string[]).includes(role)) {
    throw badRequest(`user: 'role' must be one of ${ROLES.join(', ')}, got '${role}'`);
  }
  return role as Role;
}

function createUser(c: RequestContext) {
  requireAdmin(c.user, 'create users');
  const b = Body.object(c.body, 'user');
  const email = b.str('email', true).trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw badRequest(`user: 'email' must be an email address, got '${email}'`);
  const role = readRole(b);
  const tempPassword = b.str('tempPassword', true);
  if (tempPassword.length < MIN_TEMP_PASSWORD_LENGTH) {
    throw badRequest(`user: 'tempPassword' must have at least ${MIN_TEMP_PASSWORD_LENGTH} characters`);
  }
  // Emails are unique, compared without case (409 with {id} of the holder, as for projects).
  const other = c.emu.store.users.all().find((u) => u.email.toLowerCase() === email.toLowerCase());
  if (other) throw conflict(`A user with email '${email}' already exists`, { id: other.id });
  const user = c.emu.store.users.insert((id) => ({ id, email, role, createdAt: c.emu.nowIso() }));
  return created(user.id);
}

/** The last ADMIN cannot be demoted: nobody could manage users any more. */
function updateUser(c: RequestContext) {
  requireAdmin(c.user, 'change user roles');
  const user = mustGet(c.emu.store.users, intParam(c), 'User');
  const role = readRole(Body.object(c.body, 'user'));
  const admins = c.emu.store.users.all().filter((u) => u.role === 'ADMIN');
  if (user.role === 'ADMIN' && role !== 'ADMIN' && admins.length === 1) {
    throw conflict(`User ${user.id} is the last ADMIN and cannot lose the role`);
  }
  user.role = role;
  return view(user);
}

/** Hands every record with this owner to another user, in every table of the store; counts per table. */
function transferOwnership(store: Store, from: number, to: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [name, value] of Object.entries(store)) {
    if (!(value instanceof Table)) continue;
    let n = 0;
    for (const row of (value as Table<{ id: number; ownerId?: number }>).all()) {
      if (row.ownerId !== from) continue;
      row.ownerId = to;
      n++;
    }
    if (n > 0) counts[name] = n;
  }
  return counts;
}

/**
 * POST /users/{id}/delete {newUser}: the user goes, their records go to newUser, and their
 * client credentials stop working. Deleting yourself is a 409, like other refused deletes.
 */
function deleteUser(c: RequestContext) {
  requireAdmin(c.user, 'delete users');
  const store = c.emu.store;
  const user = mustGet(store.users, intParam(c), 'User');
  const newUserId = Body.object(c.body, 'user delete').int('newUser', true);
  if (newUserId === user.id) throw badRequest("user delete: 'newUser' must be another user than the one deleted");
  const heir = mustGet(store.users, newUserId, 'User');
  if (user.id === c.user.id) throw conflict('Users cannot delete themselves');
  const transferred = transferOwnership(store, user.id, heir.id);
  store.users.delete(user.id);
  store.credentials = store.credentials.filter((cred) => cred.userId !== user.id);
  return { id: user.id, newUser: heir.id, transferred };
}

export function registerUsers(r: Router): void {
  r.add('GET', '/api/v2/users', (c) =>
    listReply(
      c,
      c.emu.store.users
        .all()
        .sort((a, b) => a.id - b.id)
        .map(view),
    ),
  );
  r.add('POST', '/api/v2/users', createUser);
  r.add('GET', '/api/v2/users/me', (c) => view(c.user));
  r.add('GET', '/api/v2/users/{id}', (c) => view(mustGet(c.emu.store.users, intParam(c), 'User')));
  r.add('PUT', '/api/v2/users/{id}', updateUser);
  r.add('POST', '/api/v2/users/{id}/delete', deleteUser);
}
