import * as vscode from 'vscode';
import { ListApiClientsRequest } from '../../../server/src/protocol';
import type { ApiClientInfo } from '../../../server/src/core';
import { ask, type RequestPort } from '../serverPort';
import { ListView } from './listView';

export interface ApiClientNode {
  type: 'apiClient';
  client: ApiClientInfo;
}

/** The API Clients view: each client with its method and URL. The server sends no secret. */
export class ApiClientsView extends ListView<ApiClientInfo, ApiClientNode> {
  constructor(requests: RequestPort) {
    super(requests, 'tas.apiClients', 'apiClient');
  }

  protected read(): Promise<ApiClientInfo[]> {
    return ask(this.requests, ListApiClientsRequest);
  }

  protected nodeOf(client: ApiClientInfo): ApiClientNode {
    return { type: 'apiClient', client };
  }

  getTreeItem(node: ApiClientNode): vscode.TreeItem {
    const c = node.client;
    const name = c.name ?? `API client ${c.id}`;
    const item = new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.None);
    item.id = `apiClient:${c.id}`;
    item.description = [c.httpMethod, c.serverURL].filter(Boolean).join(' ');
    item.tooltip = [`${name} (id ${c.id})`, item.description, c.authType ? `Auth: ${c.authType}` : undefined]
      .filter(Boolean)
      .join('\n');
    item.contextValue = 'apiClient';
    item.iconPath = new vscode.ThemeIcon('globe');
    item.command = { command: 'tas.openApiClient', title: 'Open Record', arguments: [node] };
    return item;
  }
}
