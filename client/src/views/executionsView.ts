import * as vscode from 'vscode';
import { ListExecutionsRequest } from '../../../server/src/protocol';
import type { ExecutionSummary } from '../../../server/src/core';
import { ask, treeMessage, type RequestPort } from '../serverPort';
import type { ExecutionFeed } from './feed';
import { dayOf, executionContext, executionDescription, executionLabel, executionTooltip, STATUS_COLOR, STATUS_ICON } from './format';

export type ExecutionNode =
  | { type: 'execution'; execution: ExecutionSummary }
  | { type: 'day'; key: string; label: string; items: ExecutionNode[] }
  | { type: 'loadMore' };

const PAGE = 100;

/**
 * The Executions view: newest first, a page at a time (the list's start/end), filtered by the
 * list's search, optionally grouped by day. Rows change in place as the watcher reports.
 */
export class ExecutionsView implements vscode.TreeDataProvider<ExecutionNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ExecutionNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly tree: vscode.TreeView<ExecutionNode>;
  private items: ExecutionNode[] = [];
  private readonly byId = new Map<number, { type: 'execution'; execution: ExecutionSummary }>();
  private loaded = false;
  private hasMore = false;
  private loading: Promise<void> | undefined;
  private search = '';
  private groupByDay: boolean;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly requests: RequestPort,
    feed: ExecutionFeed,
    /** Where "group by day" is kept (the workspace's state). */
    private readonly state: vscode.Memento,
  ) {
    this.groupByDay = state.get<boolean>('tas.executions.groupByDay', false);
    this.tree = vscode.window.createTreeView('tas.executions', { treeDataProvider: this, canSelectMany: true });
    this.disposables.push(this.tree, this.changed, feed.onDidChange(({ changed }) => this.apply(changed)));
    void vscode.commands.executeCommand('setContext', 'tas.executions.grouped', this.groupByDay);
    void vscode.commands.executeCommand('setContext', 'tas.executions.filtered', false);
  }

  get filter(): string {
    return this.search;
  }

  refresh(): void {
    this.loaded = false;
    this.items = [];
    this.byId.clear();
    this.changed.fire(undefined);
  }

  setFilter(search: string): void {
    this.search = search.trim();
    this.tree.description = this.search ? `matching "${this.search}"` : undefined;
    void vscode.commands.executeCommand('setContext', 'tas.executions.filtered', this.search !== '');
    this.refresh();
  }

  async setGroupByDay(on: boolean): Promise<void> {
    this.groupByDay = on;
    await this.state.update('tas.executions.groupByDay', on);
    await vscode.commands.executeCommand('setContext', 'tas.executions.grouped', on);
    this.changed.fire(undefined);
  }

  /** The next page, appended: the tree keeps what it showed. */
  async loadMore(): Promise<void> {
    this.loading ??= this.fetch(this.byId.size).finally(() => (this.loading = undefined));
    await this.loading;
    this.changed.fire(undefined);
  }

  private async fetch(start: number): Promise<void> {
    const page = await ask(this.requests, ListExecutionsRequest, { start, count: PAGE, ...(this.search && { search: this.search }) });
    for (const e of page.items) {
      if (this.byId.has(e.id)) continue;
      const node = { type: 'execution' as const, execution: e };
      this.byId.set(e.id, node);
      this.items.push(node);
    }
    this.hasMore = page.hasMore;
    this.loaded = true;
  }

  /** The watcher's readings: rows change in place; a new execution reloads the first page. */
  private apply(changed: ExecutionSummary[]): void {
    let unknown = false;
    for (const e of changed) {
      const node = this.byId.get(e.id);
      if (node) {
        if (e.status === 'DELETED') {
          this.byId.delete(e.id);
          this.items = this.items.filter((n) => n !== node);
          unknown = true;
        } else {
          node.execution = e;
          if (!this.groupByDay) this.changed.fire(node);
          else unknown = true;
        }
      } else if (!e.final && this.loaded) unknown = true;
    }
    if (unknown) this.changed.fire(undefined);
  }

  async getChildren(node?: ExecutionNode): Promise<ExecutionNode[]> {
    if (node) return node.type === 'day' ? node.items : [];
    if (!this.requests.client) return [];
    if (!this.loaded) {
      try {
        this.items = [];
        this.byId.clear();
        this.loading ??= this.fetch(0).finally(() => (this.loading = undefined));
        await this.loading;
        this.tree.message = this.items.length === 0 ? (this.search ? `No execution matches "${this.search}".` : 'No executions yet.') : undefined;
      } catch (err) {
        this.tree.message = treeMessage(err);
        return [];
      }
    }
    const more: ExecutionNode[] = this.hasMore ? [{ type: 'loadMore' }] : [];
    if (!this.groupByDay) return [...this.items, ...more];
    const now = Date.now();
    const days = new Map<string, { type: 'day'; key: string; label: string; items: ExecutionNode[] }>();
    for (const n of this.items) {
      if (n.type !== 'execution') continue;
      const d = dayOf(n.execution, now);
      const group = days.get(d.key) ?? { type: 'day' as const, key: d.key, label: d.label, items: [] };
      group.items.push(n);
      days.set(d.key, group);
    }
    return [...days.values(), ...more];
  }

  getTreeItem(node: ExecutionNode): vscode.TreeItem {
    if (node.type === 'loadMore') {
      const item = new vscode.TreeItem('Load more...', vscode.TreeItemCollapsibleState.None);
      item.id = 'loadMore';
      item.iconPath = new vscode.ThemeIcon('more');
      item.command = { command: 'tas.loadMoreExecutions', title: 'Load More Executions' };
      item.tooltip = `Load the next ${PAGE} executions`;
      return item;
    }
    if (node.type === 'day') {
      const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Expanded);
      item.id = `day:${node.key}`;
      item.description = `${node.items.length}`;
      item.iconPath = new vscode.ThemeIcon('calendar');
      return item;
    }
    const e = node.execution;
    const item = new vscode.TreeItem(executionLabel(e), vscode.TreeItemCollapsibleState.None);
    item.id = `execution:${e.id}`;
    item.description = executionDescription(e, Date.now());
    item.tooltip = executionTooltip(e);
    item.contextValue = executionContext(e);
    const color = STATUS_COLOR[e.kind];
    item.iconPath = new vscode.ThemeIcon(STATUS_ICON[e.kind], color ? new vscode.ThemeColor(color) : undefined);
    item.command = { command: 'tas.openExecutionDetails', title: 'Open Execution Details', arguments: [node] };
    item.accessibilityInformation = { label: `${executionLabel(e)}, execution ${e.id}, ${e.status}` };
    return item;
  }

  /** The loaded executions, for pickers. */
  get executions(): ExecutionSummary[] {
    return [...this.byId.values()].map((n) => n.execution);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
