import * as vscode from 'vscode';
import { ChangeUserRoleRequest, DeleteUserRequest, InviteUserRequest } from '../../../server/src/protocol';
import { generateTempPassword, userLabel, type UserSummary } from '../../../server/src/core';
import type { Command } from '../context';
import { askModal, confirmed } from '../modal';
import { confirmDone } from '../notify';
import { changeRoleQuestion, deleteUserQuestion, tempPasswordQuestion } from '../questions';
import { ask } from '../serverPort';
import { heirsOf, roleChoices } from './userFormat';
import type { UserNode } from './usersView';
import type { Views } from './views';

// The Users view's commands (issue 29). A temporary password is typed in a password box or
// generated; a generated one is shown once with Copy. Neither is logged, kept or written: it
// lives in this function until the request is sent (and the dialog is closed).

const isNode = (x: unknown): x is UserNode => typeof x === 'object' && x !== null && (x as UserNode).type === 'user';
const OTHER_ROLE = 'Other role...';

async function pickUser(
  users: readonly UserSummary[],
  title: string,
  placeHolder: string,
): Promise<UserSummary | undefined> {
  const picked = await vscode.window.showQuickPick(
    users.map((u) => ({
      label: userLabel(u),
      description: [u.role, `id ${u.id}`].filter(Boolean).join(' · '),
      user: u,
    })),
    { title, placeHolder, matchOnDescription: true },
  );
  return picked?.user;
}

async function userArg(views: Views, arg: unknown, title: string): Promise<UserSummary | undefined> {
  if (isNode(arg)) return arg.user;
  return pickUser(await views.users.load(), title, 'Choose a user');
}

/** A role from the known ones, or typed; undefined when the user gives up. */
async function askRole(title: string, users: readonly UserSummary[], current?: string): Promise<string | undefined> {
  const picked = await vscode.window.showQuickPick([...roleChoices(users, current), OTHER_ROLE], {
    title,
    placeHolder: current ? `Role (now ${current})` : 'Role',
  });
  if (picked !== OTHER_ROLE) return picked;
  const typed = await vscode.window.showInputBox({
    title,
    prompt: 'The role, as the service names it',
    validateInput: (v) => (v.trim() === '' ? 'Enter a role.' : undefined),
  });
  return typed?.trim();
}

/** The temporary password: generated (shown once after the invite) or typed; undefined to give up. */
async function askTempPassword(title: string): Promise<{ value: string; generated: boolean } | undefined> {
  const how = await vscode.window.showQuickPick(
    [
      { label: 'Generate a temporary password', description: 'shown once with Copy after the invite', generated: true },
      { label: 'Type a temporary password', description: 'in a password box', generated: false },
    ],
    { title, placeHolder: 'Temporary password' },
  );
  if (!how) return undefined;
  if (how.generated) return { value: generateTempPassword(), generated: true };
  const typed = await vscode.window.showInputBox({
    title,
    prompt: 'Temporary password (not shown, not kept)',
    password: true,
    validateInput: (v) => (v === '' ? 'Enter a password.' : undefined),
  });
  return typed === undefined ? undefined : { value: typed, generated: false };
}

export function createUserActions(): Record<string, Command> {
  return {
    refreshUsers:
      ({ views }) =>
      () =>
        views.users.refresh(),

    inviteUser:
      ({ server, views }) =>
      async () => {
        const title = 'Invite User';
        const users = await views.users.load();
        const taken = new Set(users.flatMap((u) => (u.email ? [u.email.toLowerCase()] : [])));
        const email = await vscode.window.showInputBox({
          title,
          prompt: 'Email of the new user',
          validateInput: (v) =>
            !/^[^\s@]+@[^\s@]+$/.test(v.trim())
              ? 'Enter an email address.'
              : taken.has(v.trim().toLowerCase())
                ? 'A user with this email exists.'
                : undefined,
        });
        if (email === undefined) return;
        const role = await askRole(title, users);
        if (role === undefined) return;
        const password = await askTempPassword(title);
        if (!password) return;
        const { id } = await ask(server, InviteUserRequest, {
          email: email.trim(),
          role,
          tempPassword: password.value,
        });
        views.users.refresh();
        const who = `${email.trim()}${id !== undefined ? ` (id ${id})` : ''}`;
        if (!password.generated) {
          confirmDone(server.log, `User ${who} invited with the role ${role}.`);
          return;
        }
        if ((await askModal(tempPasswordQuestion(who, password.value), 'info')) === 'copy') {
          await vscode.env.clipboard.writeText(password.value);
          confirmDone(server.log, `The temporary password of ${email.trim()} was copied.`);
        }
      },

    changeUserRole:
      ({ server, views }) =>
      async (arg: unknown) => {
        const user = await userArg(views, arg, 'Change Role');
        if (!user) return;
        const role = await askRole(`Change Role of ${userLabel(user)}`, await views.users.load(), user.role);
        if (role === undefined || role === user.role) return;
        if (!(await confirmed(changeRoleQuestion(userLabel(user), user.role, role)))) return;
        await ask(server, ChangeUserRoleRequest, { id: user.id, role, shown: userLabel(user) });
        views.users.refresh();
        confirmDone(server.log, `${userLabel(user)} now has the role ${role}.`);
      },

    deleteUser:
      ({ server, views }) =>
      async (arg: unknown) => {
        const user = await userArg(views, arg, 'Delete User');
        if (!user) return;
        const heirs = heirsOf(await views.users.load(), user.id);
        if (heirs.length === 0) {
          void vscode.window.showInformationMessage(
            `${userLabel(user)} is the only user: nobody could receive what they own.`,
          );
          return;
        }
        const heir = await pickUser(
          heirs,
          `Delete User ${userLabel(user)}`,
          `Who receives everything ${userLabel(user)} owns?`,
        );
        if (!heir) return;
        if (!(await confirmed(deleteUserQuestion(userLabel(user), userLabel(heir))))) return;
        const r = await ask(server, DeleteUserRequest, { id: user.id, newUser: heir.id, shown: userLabel(user) });
        views.users.refresh();
        confirmDone(
          server.log,
          `User ${userLabel(user)} deleted; what they owned went to ${userLabel(heir)}${r.transferred ? ` (the service moved ${r.transferred})` : ''}.`,
        );
      },
  };
}
