import * as vscode from 'vscode';
import { HistoryCasesRequest, ListTestCasesRequest, SyncStatusRequest } from '../../../server/src/protocol';
import {
  type CaseHistoryShown,
  caseKey,
  type LocalCaseRef,
  type ShownRecord,
  type TestCaseSort,
  type TestCaseSummary,
} from '../../../server/src/core';
import { ask, treeMessage, type RequestPort } from '../serverPort';
import { workspaceLinks } from './linkedFiles';
import { PagedList } from './pagedList';
import {
  differs,
  filterWords,
  isFiltered,
  listMessage,
  testCaseDescription,
  testCaseTooltipLines,
  type LinkMarker,
  type TestCaseFilter,
} from './testCaseFormat';

// The Test Cases view: the service's test cases a page at a time, marked when a file is linked.

export type TestCaseNode =
  { type: 'testCase'; testCase: TestCaseSummary; entity: TestCaseSummary['entity'] } | { type: 'loadMore' };

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
  private readonly list = new PagedList<TestCaseSummary>(
    (page) =>
      ask(this.requests, ListTestCasesRequest, {
        page,
        size: PAGE_SIZE,
        sort: this.sortState,
        ...(this.filterState.project && { projectIds: [this.filterState.project.id] }),
        ...(this.filterState.field && { filter: this.filterState.field }),
      }),
    (fresh, generation) => void this.mark(fresh, generation),
  );
  private filterState: TestCaseFilter = {};
  private sortState: TestCaseSort = 'name';
  /** Test case id -> the workspace file linked to it in the current environment. */
  private links: Map<number, LocalCaseRef> | undefined;
  private readonly markers = new Map<number, LinkMarker>();
  /** Each loaded test case's history, as the server words it (its line, its Markdown). */
  private readonly histories = new Map<number, CaseHistoryShown>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly requests: RequestPort,
    private readonly log: vscode.LogOutputChannel,
    /** Told which test cases' history changed: their rows are read again. */
    onHistoryChanged?: vscode.Event<number[]>,
  ) {
    this.tree = vscode.window.createTreeView('tas.testCases', { treeDataProvider: this, canSelectMany: true });
    void this.setContext();
    if (onHistoryChanged)
      this.subscriptions.push(
        onHistoryChanged((ids) => {
          const loaded = new Set(this.loaded.map((t) => t.id));
          // None named: the whole history changed.
          const mine = ids.length === 0 ? [...loaded] : ids.filter((id) => loaded.has(id));
          if (mine.length > 0) void this.readHistory(mine, this.list.generation);
        }),
      );
  }

  get filter(): TestCaseFilter {
    return this.filterState;
  }
  get sort(): TestCaseSort {
    return this.sortState;
  }
  get loaded(): readonly TestCaseSummary[] {
    return this.list.items ?? [];
  }
  /** When the first page was last read (ms since the epoch). */
  get readAt(): number | undefined {
    return this.list.readAt;
  }
  /** The linked workspace file of a test case, if the view knows one. */
  linkOf(id: number): LocalCaseRef | undefined {
    return this.links?.get(id);
  }

  refresh(): void {
    this.list.reset();
    this.readAgain();
  }

  /** The list again (tas.views.refreshSeconds), as many pages as are loaded now. */
  catchUp(): void {
    this.list.catchUp();
    this.readAgain();
  }

  /** The links and markers go with the rows; the tree reads it all again. */
  private readAgain(): void {
    this.links = undefined;
    this.markers.clear();
    this.changed.fire(undefined);
  }

  /** A record found gone: a test case leaves its row at once. */
  forget(r: ShownRecord): void {
    if (r.kind !== 'testCase' || !this.list.remove(r.id)) return;
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
    if (!this.list.hasMore) return;
    await this.list.loadMore();
    this.changed.fire(undefined);
  }

  private async setContext(): Promise<void> {
    this.tree.description = filterWords(this.filterState, this.sortState) || undefined;
    await vscode.commands.executeCommand('setContext', 'tas.testCases.filtered', isFiltered(this.filterState));
    await vscode.commands.executeCommand('setContext', 'tas.testCases.sort', this.sortState);
  }

  /** The history of these rows: their line and tooltip; none when it cannot be read (the rows stay). */
  private async readHistory(ids: number[], generation: number): Promise<void> {
    try {
      const shown = await ask(this.requests, HistoryCasesRequest, { testCaseIds: ids });
      if (generation !== this.list.generation) return;
      for (const c of shown.cases) this.histories.set(c.testCaseId, c);
      this.changed.fire(undefined);
    } catch (err) {
      this.log.warn(`Test Cases: could not read the history: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Markers for a page: links from the sync state, then the change state of those files only. */
  private async mark(page: TestCaseSummary[], generation: number): Promise<void> {
    void this.readHistory(
      page.map((t) => t.id),
      generation,
    );
    try {
      if (!this.links) {
        const links = await workspaceLinks(this.requests);
        if (generation !== this.list.generation) return;
        this.links = links;
      }
      const links = this.links;
      const mine = page.flatMap((t) => {
        const link = links.get(t.id);
        return link ? [{ id: t.id, link }] : [];
      });
      if (mine.length === 0) return;
      for (const { id, link } of mine)
        this.markers.set(id, { path: vscode.workspace.asRelativePath(vscode.Uri.parse(link.uri)) });
      this.changed.fire(undefined);
      const statuses = await ask(this.requests, SyncStatusRequest, { uris: [...new Set(mine.map((m) => m.link.uri))] });
      if (generation !== this.list.generation) return;
      const byKey = new Map(statuses.map((s) => [caseKey(s.uri, s.index), s.state]));
      for (const { id, link } of mine) {
        const marker = this.markers.get(id);
        const state = byKey.get(caseKey(link.uri, link.index));
        if (marker && state) marker.state = state;
      }
      this.changed.fire(undefined);
    } catch (err) {
      // Markers are extra: the list stays; the reason goes to the log.
      this.log.warn(
        `Test Cases: could not read the workspace's linked files: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  async getChildren(node?: TestCaseNode): Promise<TestCaseNode[]> {
    if (node || !this.requests.client) return [];
    try {
      await this.list.ensure();
      const items = this.list.items ?? [];
      this.tree.message = listMessage(this.filterState, items.length, this.list.total);
      const nodes: TestCaseNode[] = items.map((testCase) => ({ type: 'testCase', testCase, entity: testCase.entity }));
      return this.list.hasMore ? [...nodes, { type: 'loadMore' }] : nodes;
    } catch (err) {
      this.tree.message = treeMessage(err);
      return [];
    }
  }

  getTreeItem(node: TestCaseNode): vscode.TreeItem {
    if (node.type === 'loadMore') {
      const shown = this.list.items?.length ?? 0;
      const item = new vscode.TreeItem('Load more...', vscode.TreeItemCollapsibleState.None);
      item.id = 'testCases:loadMore';
      item.description = this.list.total !== undefined ? `${shown} of ${this.list.total} shown` : `${shown} shown`;
      item.contextValue = 'loadMore';
      item.command = { command: 'tas.loadMoreTestCases', title: 'Load More Test Cases' };
      return item;
    }
    const t = node.testCase;
    const marker = this.markers.get(t.id);
    const item = new vscode.TreeItem(t.name, vscode.TreeItemCollapsibleState.None);
    item.id = `testCase:${t.id}`;
    const history = this.histories.get(t.id);
    item.description = testCaseDescription(t, marker, history && history.runs > 0 ? history.line : undefined);
    const tip = new vscode.MarkdownString();
    for (const line of testCaseTooltipLines(t, marker)) tip.appendText(line).appendMarkdown('  \n');
    if (history) tip.appendMarkdown('\n---\n\n').appendMarkdown(history.markdown);
    item.tooltip = tip;
    // Starts with "testCase" so Assign to Projects... (viewItem =~ /^testCase/) finds it.
    item.contextValue = `testCase${this.links?.has(t.id) ? '.linked' : ''}`;
    item.iconPath = new vscode.ThemeIcon(differs(marker) ? 'diff' : marker ? 'file-code' : 'beaker');
    item.command = { command: 'tas.openServiceTestCase', title: 'Open', arguments: [node] };
    return item;
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
    this.tree.dispose();
    this.changed.dispose();
  }
}
