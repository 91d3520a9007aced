import * as vscode from 'vscode';
import { ListExecutionsRequest } from '../../../server/src/protocol';
import type { ExecutionSummary, ShownRecord } from '../../../server/src/core';
import { ask, treeMessage, type RequestPort } from '../serverPort';
import type { FollowedExecutions } from './followedExecutions';
import {
  dayOf,
  executionContext,
  executionDescription,
  executionLabel,
  executionTooltip,
  placeIndex,
  STATUS_COLOR,
  STATUS_ICON,
} from './format';

export type ExecutionNode =
  | { type: 'execution'; execution: ExecutionSummary }
  | { type: 'day'; key: string; label: string; items: ExecutionNode[] }
  | { type: 'loadMore' };

const PAGE = 100;

/**
 * The Executions view: newest first, a page at a time (the list's start/end), filtered by the
 * list's search, optionally grouped by day. It takes the follower's reports like every other
 * view: rows change in place, and an execution it does not show yet (one this editor just
 * started) takes its place at the top at once, with no reload.
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
  /** Reported executions a filtered list was read again for and did not hold: not asked twice. */
  private readonly outside = new Set<number>();
  private groupByDay: boolean;
  private readonly disposables: vscode.Disposable[] = [];
  /** A reread reads as many rows as were loaded, so the rows scrolled to stay. */
  private keep = 0;
  /** When the first page was last read (ms since the epoch): views.refreshSeconds rereads it when older. */
  readAt: number | undefined;

  constructor(
    private readonly requests: RequestPort,
    followed: FollowedExecutions,
    /** Where "group by day" is kept (the workspace's state). */
    private readonly state: vscode.Memento,
  ) {
    this.groupByDay = state.get<boolean>('tas.executions.groupByDay', false);
    this.tree = vscode.window.createTreeView('tas.executions', { treeDataProvider: this, canSelectMany: true });
    this.disposables.push(
      this.tree,
      this.changed,
      followed.onDidChange(({ changed }) => this.apply(changed)),
    );
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
    this.outside.clear();
    this.changed.fire(undefined);
  }

  /** The list again (tas.views.refreshSeconds), as many rows as are loaded now. */
  catchUp(): void {
    const keep = this.byId.size;
    this.refresh();
    this.keep = keep;
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

  private async fetch(start: number, count = PAGE): Promise<void> {
    const page = await ask(this.requests, ListExecutionsRequest, {
      start,
      count,
      ...(this.search && { search: this.search }),
    });
    for (const e of page.items) {
      if (this.byId.has(e.id)) continue;
      const node = { type: 'execution' as const, execution: e };
      this.byId.set(e.id, node);
      this.items.push(node);
    }
    this.hasMore = page.hasMore;
    this.loaded = true;
    if (start === 0) this.readAt = Date.now();
  }

  /** A record found gone: an execution leaves its row at once. */
  forget(r: ShownRecord): void {
    if (r.kind !== 'execution') return;
    const node = this.byId.get(r.id);
    if (!node) return;
    this.byId.delete(r.id);
    this.items = this.items.filter((n) => n !== node);
    this.changed.fire(undefined);
  }

  /**
   * The follower's readings: rows change in place, and an execution the list does not show yet is
   * placed where the newest-first order puts it (a new one at the top). A filtered list cannot
   * tell whether it matches, so it is read again instead, once per execution.
   */
  private apply(changed: ExecutionSummary[]): void {
    if (!this.loaded) {
      // The first page may have been asked for before these executions existed: placed after it.
      if (this.loading)
        void this.loading.then(
          () => this.apply(changed),
          () => undefined,
        );
      return;
    }
    let reshaped = false;
    let reread = false;
    for (const e of changed) {
      const node = this.byId.get(e.id);
      if (node) {
        if (e.status === 'DELETED') {
          this.byId.delete(e.id);
          this.items = this.items.filter((n) => n !== node);
          reshaped = true;
        } else {
          node.execution = e;
          if (!this.groupByDay) this.changed.fire(node);
          else reshaped = true;
        }
      } else if (e.status !== 'DELETED' && !this.outside.has(e.id)) {
        if (this.search) {
          this.outside.add(e.id);
          reread = true;
        } else reshaped = this.place(e) || reshaped;
      }
    }
    if (reread) this.reread();
    else if (reshaped) this.changed.fire(undefined);
  }

  /** Puts a reported execution among the rows; false when it belongs to a page not loaded yet. */
  private place(e: ExecutionSummary): boolean {
    const at = placeIndex(this.executions, e, !this.hasMore);
    if (at === undefined) return false;
    const node = { type: 'execution' as const, execution: e };
    this.byId.set(e.id, node);
    this.items.splice(at, 0, node);
    return true;
  }

  /** The first page again, keeping the executions already known to lie outside the filter. */
  private reread(): void {
    const outside = [...this.outside];
    this.refresh();
    for (const id of outside) this.outside.add(id);
  }

  async getChildren(node?: ExecutionNode): Promise<ExecutionNode[]> {
    if (node) return node.type === 'day' ? node.items : [];
    if (!this.requests.client) return [];
    if (!this.loaded) {
      try {
        this.items = [];
        this.byId.clear();
        const count = Math.max(PAGE, this.keep);
        this.keep = 0;
        this.loading ??= this.fetch(0, count).finally(() => (this.loading = undefined));
        await this.loading;
        this.tree.message =
          this.items.length === 0
            ? this.search
              ? `No execution matches "${this.search}".`
              : 'No executions yet.'
            : undefined;
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
    return this.items.flatMap((n) => (n.type === 'execution' ? [n.execution] : []));
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
