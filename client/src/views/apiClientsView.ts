import * as vscode from 'vscode';
import { ListApiClientsRequest } from '../../../server/src/protocol';
import type { ApiClientInfo, ShownRecord } from '../../../server/src/core';
import { ask, treeMessage, type RequestPort } from '../serverPort';

export interface ApiClientNode {
  type: 'apiClient';
  client: ApiClientInfo;
}

/** The API Clients view: each client with its method and URL. The server sends no secret. */
export class ApiClientsView implements vscode.TreeDataProvider<ApiClientNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ApiClientNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private clients: ApiClientInfo[] | undefined;
  readonly tree: vscode.TreeView<ApiClientNode>;
  /** When the list was last read (ms since the epoch). */
  readAt: number | undefined;

  constructor(private readonly requests: RequestPort) {
    this.tree = vscode.window.createTreeView('tas.apiClients', { treeDataProvider: this });
  }

  refresh(): void {
    this.clients = undefined;
    this.changed.fire(undefined);
  }

  /** A record found gone: an API client leaves its row at once. */
  forget(r: ShownRecord): void {
    if (r.kind !== 'apiClient' || !this.clients?.some((c) => c.id === r.id)) return;
    this.clients = this.clients.filter((c) => c.id !== r.id);
    this.changed.fire(undefined);
  }

  get loaded(): readonly ApiClientInfo[] {
    return this.clients ?? [];
  }

  async getChildren(node?: ApiClientNode): Promise<ApiClientNode[]> {
    if (node || !this.requests.client) return [];
    try {
      if (!this.clients) {
        this.clients = await ask(this.requests, ListApiClientsRequest);
        this.readAt = Date.now();
      }
      this.tree.message = undefined;
      return this.clients.map((client) => ({ type: 'apiClient', client }));
    } catch (err) {
      this.tree.message = treeMessage(err);
      return [];
    }
  }

  getTreeItem(node: ApiClientNode): vscode.TreeItem {
    const c = node.client;
    const name = c.name ?? `API client ${c.id}`;
    const item = new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.None);
    item.id = `apiClient:${c.id}`;
    item.description = [c.httpMethod, c.serverURL].filter(Boolean).join(' ');
    item.tooltip = [`${name} (id ${c.id})`, item.description, c.authType ? `Auth: ${c.authType}` : undefined].filter(Boolean).join('\n');
    item.contextValue = 'apiClient';
    item.iconPath = new vscode.ThemeIcon('globe');
    item.command = { command: 'tas.openApiClient', title: 'Open Record', arguments: [node] };
    return item;
  }

  dispose(): void {
    this.tree.dispose();
    this.changed.dispose();
  }
}
