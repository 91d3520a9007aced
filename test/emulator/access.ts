import { forbidden, notFound } from './errors';
import type { Owned, User } from './model';
import type { Table } from './store';

export const isAdmin = (user: User): boolean => user.role === 'ADMIN';

/** User management is for ADMIN users only (our decision; the document shows no rule): 403 otherwise. */
export function requireAdmin(user: User, what: string): void {
  if (!isAdmin(user)) throw forbidden(`Only ADMIN users may ${what}`);
}

/** The row with this id, or a 404 naming what was looked for. */
export function mustGet<T extends { id: number }>(table: Table<T>, id: number, what: string, body?: unknown): T {
  const row = table.get(id);
  if (!row) throw notFound(`${what} ${id} was not found`, body);
  return row;
}

export const owns = (user: User, row: Owned): boolean => isAdmin(user) || row.ownerId === user.id;
