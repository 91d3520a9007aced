import * as vscode from 'vscode';
import { ListTraceFiltersRequest } from '../../../server/src/protocol';
import type { EntityRef, TraceFilterSummary } from '../../../server/src/core';
import { ask, type RequestPort } from '../serverPort';
import { ListView } from './listView';

export interface TraceFilterNode {
  type: 'traceFilter';
  filter: TraceFilterSummary;
  entity: EntityRef;
}

/** The Trace Filters view: each filter with its expression. */
export class TraceFiltersView extends ListView<TraceFilterSummary, TraceFilterNode> {
  constructor(requests: RequestPort) {
    super(requests, 'tas.traceFilters', 'traceFilter', { canSelectMany: true });
  }

  protected read(): Promise<TraceFilterSummary[]> {
    return ask(this.requests, ListTraceFiltersRequest);
  }

  protected nodeOf(filter: TraceFilterSummary): TraceFilterNode {
    return { type: 'traceFilter', filter, entity: { entityType: 'TRACE_FILTER', id: filter.id, label: filter.name } };
  }

  getTreeItem(node: TraceFilterNode): vscode.TreeItem {
    const f = node.filter;
    const item = new vscode.TreeItem(f.name, vscode.TreeItemCollapsibleState.None);
    item.id = `traceFilter:${f.id}`;
    item.description = f.filter;
    item.tooltip = [
      `${f.name} (id ${f.id})`,
      f.filter,
      f.projects.length > 0 ? `Projects: ${f.projects.map((p) => p.name).join(', ')}` : undefined,
    ]
      .filter(Boolean)
      .join('\n');
    item.contextValue = 'traceFilter';
    item.iconPath = new vscode.ThemeIcon('filter');
    item.command = { command: 'tas.openTraceFilter', title: 'Open Record', arguments: [node] };
    return item;
  }
}
