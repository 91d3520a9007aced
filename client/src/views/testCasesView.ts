import * as vscode from 'vscode';
import { ListTestCasesRequest, SyncStatusRequest } from '../../../server/src/protocol';
import { caseKey, type LocalCaseRef, type ShownRecord, type TestCaseSort, type TestCaseSummary } from '../../../server/src/core';
import { ask, treeMessage, type RequestPort } from '../serverPort';
import { workspaceLinks } from './linkedFiles';
import { differs, filterWords, isFiltered, listMessage, testCaseDescription, testCaseTooltipLines, type LinkMarker, type TestCaseFilter } from './testCaseFormat';

// The Test Cases view: the service's test cases a page at a time, marked when a file is linked.

export type TestCaseNode = { type: 'testCase'; testCase: TestCaseSummary; entity: TestCaseSummary['entity'] } | { type: 'loadMore' };

/** A page the service answers quickly even with 10,000 test cases; more load on demand. */
const PAGE_SIZE = 50;

/**
 * The Test Cases view: the service's test cases a page at a time, filtered and sorted by the
 * service. Rows linked to a workspace file carry a marker; the change state is read for the
 * linked files of the loaded pages only.
 */
export class TestCasesView implements vscode.TreeDataProvider<TestCaseNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TestCaseNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly tree: vscode.TreeView<TestCaseNode>;
  private items: TestCaseSummary[] | undefined;
  private nextPage = 0;
  private hasMore = false;
  private total: number | undefined;
  private filterState: TestCaseFilter = {};
  private sortState: TestCaseSort = 'name';
  /** Test case id -> the workspace file linked to it in the current environment. */
  private links: Map<number, LocalCaseRef> | undefined;
  private readonly markers = new Map<number, LinkMarker>();
  /** Bumped by every refresh: answers for an older list are dropped. */
  private generation = 0;
  /** When the first page was last read (ms since the epoch). */
  readAt: number | undefined;
  /** A reread reads as many pages as were loaded, so the rows scrolled to stay. */
  private keepPages = 0;

  constructor(
    private readonly requests: RequestPort,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.tree = vscode.window.createTreeView('tas.testCases', { treeDataProvider: this, canSelectMany: true });
    void this.setContext();
  }

  get filter(): TestCaseFilter {
    return this.filterState;
  }
  get sort(): TestCaseSort {
    return this.sortState;
  }
  get loaded(): readonly TestCaseSummary[] {
    return this.items ?? [];
  }
  /** The linked workspace file of a test case, if the view knows one. */
  linkOf(id: number): LocalCaseRef | undefined {
    return this.links?.get(id);
  }

  refresh(): void {
    this.generation += 1;
    this.items = undefined;
    this.nextPage = 0;
    this.hasMore = false;
    this.total = undefined;
    this.links = undefined;
    this.markers.clear();
    this.changed.fire(undefined);
  }

  /** The list again (tas.views.refreshSeconds), as many pages as are loaded now. */
  catchUp(): void {
    const pages = this.nextPage;
    this.refresh();
    this.keepPages = pages;
  }

  /** A record found gone: a test case leaves its row at once. */
  forget(r: ShownRecord): void {
    if (r.kind !== 'testCase' || !this.items?.some((t) => t.id === r.id)) return;
    this.items = this.items.filter((t) => t.id !== r.id);
    if (this.total !== undefined) this.total -= 1;
    this.changed.fire(undefined);
  }

  setFilter(filter: TestCaseFilter): void {
    this.filterState = filter;
    void this.setContext();
    this.refresh();
  }

  setSort(sort: TestCaseSort): void {
    this.sortState = sort;
    void this.setContext();
    this.refresh();
  }

  async loadMore(): Promise<void> {
    if (!this.hasMore) return;
    await this.readPage(this.generation);
    this.changed.fire(undefined);
  }

  private async setContext(): Promise<void> {
    this.tree.description = filterWords(this.filterState, this.sortState) || undefined;
    await vscode.commands.executeCommand('setContext', 'tas.testCases.filtered', isFiltered(this.filterState));
    await vscode.commands.executeCommand('setContext', 'tas.testCases.sort', this.sortState);
  }

  private async readPage(generation: number): Promise<void> {
    const page = await ask(this.requests, ListTestCasesRequest, {
      page: this.nextPage,
      size: PAGE_SIZE,
      sort: this.sortState,
      ...(this.filterState.project && { projectIds: [this.filterState.project.id] }),
      ...(this.filterState.field && { filter: this.filterState.field }),
    });
    if (generation !== this.generation) return;
    if (this.nextPage === 0) this.readAt = Date.now();
    const known = new Set((this.items ?? []).map((t) => t.id));
    const fresh = page.items.filter((t) => !known.has(t.id));
    this.items = [...(this.items ?? []), ...fresh];
    this.nextPage += 1;
    this.hasMore = page.hasMore;
    this.total = page.total;
    void this.mark(fresh, generation);
  }

  /** Markers for a page: links from the sync state, then the change state of those files only. */
  private async mark(page: TestCaseSummary[], generation: number): Promise<void> {
    try {
      if (!this.links) {
        const links = await workspaceLinks(this.requests);
        if (generation !== this.generation) return;
        this.links = links;
      }
      const links = this.links;
      const mine = page.flatMap((t) => {
        const link = links.get(t.id);
        return link ? [{ id: t.id, link }] : [];
      });
      if (mine.length === 0) return;
      for (const { id, link } of mine) this.markers.set(id, { path: vscode.workspace.asRelativePath(vscode.Uri.parse(link.uri)) });
      this.changed.fire(undefined);
      const statuses = await ask(this.requests, SyncStatusRequest, { uris: [...new Set(mine.map((m) => m.link.uri))] });
      if (generation !== this.generation) return;
      const byKey = new Map(statuses.map((s) => [caseKey(s.uri, s.index), s.state]));
      for (const { id, link } of mine) {
        const marker = this.markers.get(id);
        const state = byKey.get(caseKey(link.uri, link.index));
        if (marker && state) marker.state = state;
      }
      this.changed.fire(undefined);
    } catch (err) {
      // Markers are extra: the list stays; the reason goes to the log.
      this.log.warn(`Test Cases: could not read the workspace's linked files: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async getChildren(node?: TestCaseNode): Promise<TestCaseNode[]> {
    if (node || !this.requests.client) return [];
    try {
      if (!this.items) {
        const generation = this.generation;
        const pages = Math.max(1, this.keepPages);
        this.keepPages = 0;
        do await this.readPage(generation);
        while (generation === this.generation && this.hasMore && this.nextPage < pages);
      }
      const items = this.items ?? [];
      this.tree.message = listMessage(this.filterState, items.length, this.total);
      const nodes: TestCaseNode[] = items.map((testCase) => ({ type: 'testCase', testCase, entity: testCase.entity }));
      return this.hasMore ? [...nodes, { type: 'loadMore' }] : nodes;
    } catch (err) {
      this.tree.message = treeMessage(err);
      return [];
    }
  }

  getTreeItem(node: TestCaseNode): vscode.TreeItem {
    if (node.type === 'loadMore') {
      const shown = this.items?.length ?? 0;
      const item = new vscode.TreeItem('Load more...', vscode.TreeItemCollapsibleState.None);
      item.id = 'testCases:loadMore';
      item.description = this.total !== undefined ? `${shown} of ${this.total} shown` : `${shown} shown`;
      item.contextValue = 'loadMore';
      item.command = { command: 'tas.loadMoreTestCases', title: 'Load More Test Cases' };
      return item;
    }
    const t = node.testCase;
    const marker = this.markers.get(t.id);
    const item = new vscode.TreeItem(t.name, vscode.TreeItemCollapsibleState.None);
    item.id = `testCase:${t.id}`;
    item.description = testCaseDescription(t, marker);
    const tip = new vscode.MarkdownString();
    for (const line of testCaseTooltipLines(t, marker)) tip.appendText(line).appendMarkdown('  \n');
    item.tooltip = tip;
    // Starts with "testCase" so Assign to Projects... (viewItem =~ /^testCase/) finds it.
    item.contextValue = `testCase${this.links?.has(t.id) ? '.linked' : ''}`;
    item.iconPath = new vscode.ThemeIcon(differs(marker) ? 'diff' : marker ? 'file-code' : 'beaker');
    item.command = { command: 'tas.openServiceTestCase', title: 'Open', arguments: [node] };
    return item;
  }

  dispose(): void {
    this.tree.dispose();
    this.changed.dispose();
  }
}
