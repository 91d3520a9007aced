import { userLabel, type UserSummary } from '../../../server/src/core';

// How the Users view and its commands word users; no `vscode` here, so unit tests cover it.

/** A row of the Users view; `self` marks the signed-in user (who cannot delete themselves). */
export function userRow(
  u: UserSummary,
  me: UserSummary | undefined,
): { label: string; description: string; tooltip: string; contextValue: string } {
  const self = me?.id === u.id;
  const description = [u.role ?? 'role not shown', self ? 'you' : undefined].filter(Boolean).join(' · ');
  const tooltip = [
    `${userLabel(u)} (id ${u.id})`,
    `Role: ${u.role ?? 'not shown by the service'}`,
    u.createdAt ? `Created: ${u.createdAt}` : undefined,
  ]
    .filter(Boolean)
    .join('\n');
  return { label: userLabel(u), description, tooltip, contextValue: self ? 'user.self' : 'user' };
}

/** The view's message for a user without the ADMIN role: why the list is empty. */
export function notAdminMessage(me: UserSummary): string {
  return `Only users with the ADMIN role manage users. You are signed in as ${userLabel(me)}${me.role ? ` with the role ${me.role}` : ''}.`;
}

/**
 * The roles to offer: ADMIN (the one role the interface names) and every role the list shows,
 * the user's current one left out. Others can be typed.
 */
export function roleChoices(users: readonly UserSummary[], current?: string): string[] {
  const roles = new Set(['ADMIN', ...users.flatMap((u) => (u.role ? [u.role] : []))]);
  if (current) roles.delete(current);
  return [...roles].sort();
}

/** The users who may receive a deleted user's records: everyone else. */
export const heirsOf = (users: readonly UserSummary[], deleted: number): UserSummary[] =>
  users.filter((u) => u.id !== deleted);
