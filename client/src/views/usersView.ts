import * as vscode from 'vscode';
import { CurrentUserRequest, ListUsersRequest } from '../../../server/src/protocol';
import { isAdmin, type ShownRecord, type UserSummary } from '../../../server/src/core';
import { ask, treeMessage, type RequestPort } from '../serverPort';
import { notAdminMessage, userRow } from './userFormat';

export interface UserNode {
  type: 'user';
  user: UserSummary;
}

/**
 * The Users view (issue 29): for an ADMIN, every user with their role. For anyone else it says
 * why it is empty; the service refuses user management to them (403) anyway.
 */
export class UsersView implements vscode.TreeDataProvider<UserNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<UserNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private users: UserSummary[] | undefined;
  private me: UserSummary | undefined;
  readonly tree: vscode.TreeView<UserNode>;
  /** When the list was last read (ms since the epoch). */
  readAt: number | undefined;

  constructor(private readonly requests: RequestPort) {
    this.tree = vscode.window.createTreeView('tas.users', { treeDataProvider: this });
  }

  refresh(): void {
    this.users = undefined;
    this.changed.fire(undefined);
  }

  /** Users are not records other views show: read again by Refresh or after a change. */
  forget(_r: ShownRecord): void {}

  get loaded(): readonly UserSummary[] {
    return this.users ?? [];
  }

  get signedIn(): UserSummary | undefined {
    return this.me;
  }

  /** The list, read when not loaded (for the commands' pickers). */
  async load(): Promise<readonly UserSummary[]> {
    if (!this.users) {
      this.users = await ask(this.requests, ListUsersRequest);
      this.readAt = Date.now();
    }
    return this.users;
  }

  async getChildren(node?: UserNode): Promise<UserNode[]> {
    if (node || !this.requests.client) return [];
    try {
      this.me = await ask(this.requests, CurrentUserRequest);
      if (!isAdmin(this.me)) {
        this.users = [];
        this.readAt = Date.now();
        this.tree.message = notAdminMessage(this.me);
        return [];
      }
      const users = await this.load();
      this.tree.message = undefined;
      return users.map((user) => ({ type: 'user', user }));
    } catch (err) {
      this.tree.message = treeMessage(err);
      return [];
    }
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

  dispose(): void {
    this.tree.dispose();
    this.changed.dispose();
  }
}
