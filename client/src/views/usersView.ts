import * as vscode from 'vscode';
import { CurrentUserRequest, ListUsersRequest } from '../../../server/src/protocol';
import { isAdmin, type UserSummary } from '../../../server/src/core';
import { ask, type RequestPort } from '../serverPort';
import { ListView, type Rows } from './listView';
import { notAdminMessage, userRow } from './userFormat';

export interface UserNode {
  type: 'user';
  user: UserSummary;
}

/**
 * The Users view (issue 29): for an ADMIN, every user with their role. For anyone else it says
 * why it is empty; the service refuses user management to them (403) anyway. Users are no record
 * other views show: the list is read again by Refresh or after a change.
 */
export class UsersView extends ListView<UserSummary, UserNode> {
  private me: UserSummary | undefined;

  constructor(requests: RequestPort) {
    super(requests, 'tas.users', undefined);
  }

  get signedIn(): UserSummary | undefined {
    return this.me;
  }

  protected read(): Promise<UserSummary[]> {
    return ask(this.requests, ListUsersRequest);
  }

  protected override async rows(): Promise<Rows<UserSummary>> {
    this.me = await ask(this.requests, CurrentUserRequest);
    if (isAdmin(this.me)) return { items: await this.load() };
    this.loadedNow([]);
    return { items: [], message: notAdminMessage(this.me) };
  }

  protected nodeOf(user: UserSummary): UserNode {
    return { type: 'user', user };
  }

  getTreeItem(node: UserNode): vscode.TreeItem {
    const look = userRow(node.user, this.me);
    const item = new vscode.TreeItem(look.label, vscode.TreeItemCollapsibleState.None);
    item.id = `user:${node.user.id}`;
    item.description = look.description;
    item.tooltip = look.tooltip;
    item.contextValue = look.contextValue;
    item.iconPath = new vscode.ThemeIcon(node.user.role === 'ADMIN' ? 'shield' : 'person');
    return item;
  }
}
