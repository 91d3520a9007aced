import * as vscode from 'vscode';
import type { EntityKind, ShownRecord } from '../../../server/src/core';
import { treeMessage, type RequestPort } from '../serverPort';

/** What a list view shows: its items, or none and a message saying why. */
export interface Rows<T> {
  items: readonly T[];
  message?: string;
}

/**
 * A view that is one flat list read through the language server: read when first shown and after
 * Refresh, a failure shown as the view's message, a record found gone dropped at once. The API
 * Clients, Trace Filters and Users views differ only in what they read and how a row looks.
 */
export abstract class ListView<T extends { id: number }, N> implements vscode.TreeDataProvider<N>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<N | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private items: T[] | undefined;
  readonly tree: vscode.TreeView<N>;
  /** When the list was last read (ms since the epoch). */
  readAt: number | undefined;

  constructor(
    protected readonly requests: RequestPort,
    viewId: string,
    /** The kind of record `forget` drops rows of; none where the rows are no such record. */
    private readonly recordKind: EntityKind | undefined,
    options: { canSelectMany?: boolean } = {},
  ) {
    this.tree = vscode.window.createTreeView(viewId, { treeDataProvider: this, ...options });
  }

  /** Reads the whole list from the service. */
  protected abstract read(): Promise<T[]>;
  protected abstract nodeOf(item: T): N;
  abstract getTreeItem(node: N): vscode.TreeItem;

  /** The rows to show: the list, unless a view knows it has none to show and says why. */
  protected async rows(): Promise<Rows<T>> {
    return { items: await this.load() };
  }

  refresh(): void {
    this.items = undefined;
    this.changed.fire(undefined);
  }

  /** A record found gone: its row leaves at once. */
  forget(r: ShownRecord): void {
    if (r.kind !== this.recordKind || !this.items?.some((i) => i.id === r.id)) return;
    this.items = this.items.filter((i) => i.id !== r.id);
    this.changed.fire(undefined);
  }

  get loaded(): readonly T[] {
    return this.items ?? [];
  }

  /** The list, read when not loaded (also for the commands' pickers). */
  async load(): Promise<readonly T[]> {
    if (!this.items) this.loadedNow(await this.read());
    return this.items ?? [];
  }

  /** Takes `items` as the list just read. */
  protected loadedNow(items: T[]): void {
    this.items = items;
    this.readAt = Date.now();
  }

  async getChildren(node?: N): Promise<N[]> {
    if (node || !this.requests.client) return [];
    try {
      const rows = await this.rows();
      this.tree.message = rows.message;
      return rows.items.map((i) => this.nodeOf(i));
    } catch (err) {
      this.tree.message = treeMessage(err);
      return [];
    }
  }

  dispose(): void {
    this.tree.dispose();
    this.changed.dispose();
  }
}
