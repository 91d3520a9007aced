import type { TasClient } from '../api/client';
import { int, isRecord, str, text } from '../base/read';
import type { Loose } from '../api/types';
import { keepingSecret } from '../api/sentSecret';
import type { UserSummary } from '../model/users';

// Users for the Users view and `tas users`: who is signed in, the list, invite, role change and
// delete with the reassignment the interface requires (POST /users/{id}/delete {newUser}). The
// temporary password is sent once in the invite and kept nowhere: not returned, not logged.

/** Thrown before any request when the input cannot be sent. */
export class UserInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserInputError';
  }
}

export const ADMIN_ROLE = 'ADMIN';

export function summarizeUser(raw: unknown): UserSummary | undefined {
  if (!isRecord(raw)) return undefined;
  const id = int(raw['id']);
  if (id === undefined) return undefined;
  const out: UserSummary = { id };
  const email = text(raw['email']) ?? text(raw['username']) ?? text(raw['name']);
  if (email !== undefined) out.email = email;
  const role = text(raw['role']);
  if (role !== undefined) out.role = role;
  const created = str(raw['createdAt']) ?? str(raw['created']);
  if (created !== undefined) out.createdAt = created;
  return out;
}

/** How a user is named in messages: the email, else "user 7". */
export const userLabel = (u: { id: number; email?: string }): string => u.email ?? `user ${u.id}`;

export const isAdmin = (u: { role?: string } | undefined): boolean => u?.role === ADMIN_ROLE;

export interface InviteInput {
  email: string;
  role: string;
  tempPassword: string;
}

/** What a delete answered, in words, when the service said what moved ("3 test cases, 1 device..."). */
function transferredWords(answer: Loose | Loose[] | undefined): string | undefined {
  const t = isRecord(answer) ? answer['transferred'] : undefined;
  if (!isRecord(t)) return undefined;
  const parts = Object.entries(t).flatMap(([table, n]) => (typeof n === 'number' && n > 0 ? [`${n} ${table}`] : []));
  return parts.length > 0 ? parts.join(', ') : undefined;
}

export class UserActions {
  constructor(private readonly client: TasClient) {}

  async me(): Promise<UserSummary> {
    const u = summarizeUser(await this.client.users.me());
    if (!u) throw new UserInputError('the service answered /users/me without a user id');
    return u;
  }

  async list(): Promise<UserSummary[]> {
    return (await this.client.users.list()).flatMap((u) => summarizeUser(u) ?? []).sort((a, b) => a.id - b.id);
  }

  /** Never retried (operations.ts): a lost answer may have created the user. */
  async invite(input: InviteInput): Promise<{ id?: number }> {
    const email = input.email.trim();
    const role = input.role.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UserInputError(`"${email}" is not an email address`);
    if (role === '') throw new UserInputError('a user needs a role');
    if (input.tempPassword === '') throw new UserInputError('a user needs a temporary password');
    const id = await keepingSecret(input.tempPassword, () =>
      this.client.users.create({ email, role, tempPassword: input.tempPassword }),
    );
    return id === undefined ? {} : { id };
  }

  async changeRole(id: number, role: string): Promise<null> {
    if (role.trim() === '') throw new UserInputError('a user needs a role');
    await this.client.users.setRole(id, role.trim());
    return null;
  }

  /** `newUser` receives what the deleted user owns; it must be another user. */
  async delete(id: number, newUser: number): Promise<{ transferred?: string }> {
    if (id === newUser) throw new UserInputError('the records must go to another user than the one deleted');
    const words = transferredWords(await this.client.users.delete(id, newUser));
    return words === undefined ? {} : { transferred: words };
  }
}
