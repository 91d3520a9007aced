import * as vscode from 'vscode';
import { ListProjectsRequest, ProjectContentsRequest } from '../../../server/src/protocol';
import type { EntityRef, ProjectEntityType, ProjectRefInfo, ShownRecord } from '../../../server/src/core';
import { ask, treeMessage, type RequestPort } from '../serverPort';
import { PagedList } from './pagedList';
import { groupLabel, KIND_ORDER } from './projectFormat';

export type ProjectNode =
  | { type: 'project'; project: ProjectRefInfo }
  | { type: 'group'; project: ProjectRefInfo; entityType: ProjectEntityType; members: EntityRef[] }
  | { type: 'member'; project: ProjectRefInfo; entity: EntityRef }
  | { type: 'unreadable'; message: string }
  | { type: 'loadMore' };

const PAGE_SIZE = 20;
const ICONS: Record<ProjectEntityType, string> = {
  TEST_CASE: 'beaker',
  TEST_SUITE: 'checklist',
  MOBILE_ID: 'device-mobile',
  TEST_NODE: 'server',
  TRACE_FILTER: 'filter',
  TOKEN: 'key',
  API_CLIENT: 'globe',
};

/** The Projects view: projects a page at a time, each with what it holds, by kind. */
export class ProjectsView implements vscode.TreeDataProvider<ProjectNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ProjectNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly list = new PagedList<ProjectRefInfo>((page) =>
    ask(this.requests, ListProjectsRequest, { page, size: PAGE_SIZE }),
  );
  readonly tree: vscode.TreeView<ProjectNode>;

  constructor(private readonly requests: RequestPort) {
    this.tree = vscode.window.createTreeView('tas.projects', {
      treeDataProvider: this,
      showCollapseAll: true,
      canSelectMany: true,
    });
  }

  /** When the first page was last read (ms since the epoch). */
  get readAt(): number | undefined {
    return this.list.readAt;
  }

  refresh(): void {
    this.list.reset();
    this.changed.fire(undefined);
  }

  /** The list again (tas.views.refreshSeconds), as many pages as are loaded now. */
  catchUp(): void {
    this.list.catchUp();
    this.changed.fire(undefined);
  }

  /**
   * A record found gone: a project leaves its row at once; any other record is read again out of
   * the expanded projects that held it.
   */
  forget(r: ShownRecord): void {
    if (!this.list.items) return;
    if (r.kind === 'project' && !this.list.remove(r.id)) return;
    this.changed.fire(undefined);
  }

  get loaded(): readonly ProjectRefInfo[] {
    return this.list.items ?? [];
  }

  async loadMore(): Promise<void> {
    if (!this.list.hasMore) return;
    await this.list.loadMore();
    this.changed.fire(undefined);
  }

  async getChildren(node?: ProjectNode): Promise<ProjectNode[]> {
    if (!node) return this.roots();
    if (node.type === 'group') return node.members.map((entity) => ({ type: 'member', project: node.project, entity }));
    if (node.type !== 'project') return [];
    try {
      const { members, unreadable } = await ask(this.requests, ProjectContentsRequest, {
        id: node.project.id,
        shown: node.project.name,
      });
      const groups: ProjectNode[] = KIND_ORDER.flatMap((entityType) => {
        const of = members.filter((m) => m.entityType === entityType);
        return of.length > 0 ? [{ type: 'group' as const, project: node.project, entityType, members: of }] : [];
      });
      const problems: ProjectNode[] = unreadable.map((u) => ({ type: 'unreadable', message: u.message }));
      return groups.length + problems.length > 0
        ? [...groups, ...problems]
        : [{ type: 'unreadable', message: 'Nothing is assigned to this project.' }];
    } catch (err) {
      return [{ type: 'unreadable', message: err instanceof Error ? err.message : String(err) }];
    }
  }

  private async roots(): Promise<ProjectNode[]> {
    if (!this.requests.client) return [];
    try {
      await this.list.ensure();
      this.tree.message = undefined;
      const nodes: ProjectNode[] = (this.list.items ?? []).map((project) => ({ type: 'project', project }));
      return this.list.hasMore ? [...nodes, { type: 'loadMore' }] : nodes;
    } catch (err) {
      this.tree.message = treeMessage(err);
      return [];
    }
  }

  getTreeItem(node: ProjectNode): vscode.TreeItem {
    switch (node.type) {
      case 'project': {
        const item = new vscode.TreeItem(node.project.name, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `project:${node.project.id}`;
        item.description = `id ${node.project.id}`;
        item.contextValue = 'project';
        item.iconPath = new vscode.ThemeIcon('folder-library');
        return item;
      }
      case 'group': {
        const item = new vscode.TreeItem(
          groupLabel(node.entityType, node.members.length),
          vscode.TreeItemCollapsibleState.Collapsed,
        );
        item.id = `project:${node.project.id}/${node.entityType}`;
        item.contextValue = 'projectGroup';
        item.iconPath = new vscode.ThemeIcon(ICONS[node.entityType]);
        return item;
      }
      case 'member': {
        const item = new vscode.TreeItem(node.entity.label, vscode.TreeItemCollapsibleState.None);
        item.id = `project:${node.project.id}/${node.entity.entityType}:${node.entity.id}`;
        item.description = `id ${node.entity.id}`;
        // Starts with "projectMember" so Assign to Projects... finds it like any other record row.
        item.contextValue = `projectMember.${node.entity.entityType}`;
        item.iconPath = new vscode.ThemeIcon(ICONS[node.entity.entityType]);
        item.command = { command: 'tas.openProjectMember', title: 'Open Record', arguments: [node] };
        return item;
      }
      case 'unreadable': {
        const item = new vscode.TreeItem(node.message, vscode.TreeItemCollapsibleState.None);
        item.contextValue = 'projectNote';
        item.iconPath = new vscode.ThemeIcon('info');
        return item;
      }
      case 'loadMore': {
        const item = new vscode.TreeItem('Load more...', vscode.TreeItemCollapsibleState.None);
        item.id = 'projects:loadMore';
        item.contextValue = 'loadMore';
        item.command = { command: 'tas.loadMoreProjects', title: 'Load More Projects' };
        return item;
      }
    }
  }

  dispose(): void {
    this.tree.dispose();
    this.changed.dispose();
  }
}
