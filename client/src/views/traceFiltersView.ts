import * as vscode from 'vscode';
import { ListTraceFiltersRequest } from '../../../server/src/protocol';
import type { EntityRef, ShownRecord, TraceFilterSummary } from '../../../server/src/core';
import { ask, treeMessage, type RequestPort } from '../serverPort';

export interface TraceFilterNode {
  type: 'traceFilter';
  filter: TraceFilterSummary;
  entity: EntityRef;
}

/** The Trace Filters view: each filter with its expression. */
export class TraceFiltersView implements vscode.TreeDataProvider<TraceFilterNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TraceFilterNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private filters: TraceFilterSummary[] | undefined;
  readonly tree: vscode.TreeView<TraceFilterNode>;
  /** When the list was last read (ms since the epoch). */
  readAt: number | undefined;

  constructor(private readonly requests: RequestPort) {
    this.tree = vscode.window.createTreeView('tas.traceFilters', { treeDataProvider: this, canSelectMany: true });
  }

  refresh(): void {
    this.filters = undefined;
    this.changed.fire(undefined);
  }

  /** A record found gone: a trace filter leaves its row at once. */
  forget(r: ShownRecord): void {
    if (r.kind !== 'traceFilter' || !this.filters?.some((f) => f.id === r.id)) return;
    this.filters = this.filters.filter((f) => f.id !== r.id);
    this.changed.fire(undefined);
  }

  get loaded(): readonly TraceFilterSummary[] {
    return this.filters ?? [];
  }

  async getChildren(node?: TraceFilterNode): Promise<TraceFilterNode[]> {
    if (node || !this.requests.client) return [];
    try {
      if (!this.filters) {
        this.filters = await ask(this.requests, ListTraceFiltersRequest);
        this.readAt = Date.now();
      }
      this.tree.message = undefined;
      return this.filters.map((filter) => ({ type: 'traceFilter', filter, entity: { entityType: 'TRACE_FILTER', id: filter.id, label: filter.name } }));
    } catch (err) {
      this.tree.message = treeMessage(err);
      return [];
    }
  }

  getTreeItem(node: TraceFilterNode): vscode.TreeItem {
    const f = node.filter;
    const item = new vscode.TreeItem(f.name, vscode.TreeItemCollapsibleState.None);
    item.id = `traceFilter:${f.id}`;
    item.description = f.filter;
    item.tooltip = [`${f.name} (id ${f.id})`, f.filter, f.projects.length > 0 ? `Projects: ${f.projects.map((p) => p.name).join(', ')}` : undefined]
      .filter(Boolean)
      .join('\n');
    item.contextValue = 'traceFilter';
    item.iconPath = new vscode.ThemeIcon('filter');
    item.command = { command: 'tas.openTraceFilter', title: 'Open Record', arguments: [node] };
    return item;
  }

  dispose(): void {
    this.tree.dispose();
    this.changed.dispose();
  }
}
