import * as vscode from 'vscode';
import { ListSuitesRequest } from '../../../server/src/protocol';
import type { EntityRef, ShownRecord, SuiteSummary, TestCaseRef } from '../../../server/src/core';
import { ask, treeMessage, type RequestPort } from '../serverPort';
import type { FollowedExecutions } from './followedExecutions';
import { suiteContext, suiteDescription } from './format';

// The Test Suites view and its rows.

// `entity`: what commands for any record (Assign to Projects...) act on.
export type SuiteNode =
  | { type: 'suite'; suite: SuiteSummary; entity: EntityRef }
  | { type: 'testCase'; suite: SuiteSummary; testCase: TestCaseRef; entity: EntityRef };

/** The Test Suites view: each suite with its test cases. */
export class SuitesView implements vscode.TreeDataProvider<SuiteNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<SuiteNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private suites: SuiteSummary[] | undefined;
  readonly tree: vscode.TreeView<SuiteNode>;
  private readonly disposables: vscode.Disposable[] = [];
  /** When the list was last read (ms since the epoch). */
  readAt: number | undefined;

  constructor(
    private readonly requests: RequestPort,
    followed: FollowedExecutions,
  ) {
    this.tree = vscode.window.createTreeView('tas.suites', {
      treeDataProvider: this,
      showCollapseAll: true,
      canSelectMany: true,
    });
    this.disposables.push(
      this.tree,
      this.changed,
      // A suite's running count comes from the follower's reports: Cancel appears and goes with it.
      followed.onDidChange(({ active }) =>
        this.updateActive(active.flatMap((e) => (e.testSuiteId !== undefined ? [[e.testSuiteId, e.id] as const] : []))),
      ),
    );
  }

  refresh(): void {
    this.suites = undefined;
    this.changed.fire(undefined);
  }

  /** A record found gone: a suite leaves its row, a test case leaves every suite's rows, at once. */
  forget(r: ShownRecord): void {
    if (!this.suites) return;
    if (r.kind === 'testSuite' && this.suites.some((s) => s.id === r.id))
      this.suites = this.suites.filter((s) => s.id !== r.id);
    else if (r.kind === 'testCase' && this.suites.some((s) => s.testCases.some((t) => t.id === r.id))) {
      for (const s of this.suites) s.testCases = s.testCases.filter((t) => t.id !== r.id);
    } else return;
    this.changed.fire(undefined);
  }

  get loaded(): readonly SuiteSummary[] {
    return this.suites ?? [];
  }

  private updateActive(pairs: (readonly [number, number])[]): void {
    if (!this.suites) return;
    let touched = false;
    for (const s of this.suites) {
      const ids = pairs
        .filter(([suiteId]) => suiteId === s.id)
        .map(([, id]) => id)
        .sort();
      if (JSON.stringify(ids) !== JSON.stringify([...s.activeExecutionIds].sort())) {
        s.activeExecutionIds = ids;
        touched = true;
      }
    }
    if (touched) this.changed.fire(undefined);
  }

  async getChildren(node?: SuiteNode): Promise<SuiteNode[]> {
    if (node) {
      if (node.type !== 'suite') return [];
      return node.suite.testCases.map((testCase) => ({
        type: 'testCase',
        suite: node.suite,
        testCase,
        entity: { entityType: 'TEST_CASE', id: testCase.id, label: testCase.name },
      }));
    }
    if (!this.requests.client) return [];
    try {
      if (!this.suites) {
        this.suites = await ask(this.requests, ListSuitesRequest);
        this.readAt = Date.now();
      }
      this.tree.message =
        this.suites.length === 0
          ? 'The service has no test suites yet. Create one with New Test Suite from Test Cases.'
          : undefined;
      return this.suites.map((suite) => ({
        type: 'suite',
        suite,
        entity: { entityType: 'TEST_SUITE', id: suite.id, label: suite.name },
      }));
    } catch (err) {
      this.tree.message = treeMessage(err);
      return [];
    }
  }

  getTreeItem(node: SuiteNode): vscode.TreeItem {
    if (node.type === 'suite') {
      const s = node.suite;
      const item = new vscode.TreeItem(
        s.name,
        s.testCases.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
      );
      item.id = `suite:${s.id}`;
      item.description = suiteDescription(s);
      item.tooltip = [
        `${s.name} (id ${s.id})`,
        s.description,
        s.schedule && `Schedule: ${s.schedule}`,
        s.disabled ? 'Disabled' : undefined,
      ]
        .filter(Boolean)
        .join('\n');
      item.contextValue = suiteContext(s);
      item.iconPath = new vscode.ThemeIcon(
        s.activeExecutionIds.length > 0 ? 'sync~spin' : s.disabled ? 'circle-slash' : 'checklist',
      );
      return item;
    }
    const item = new vscode.TreeItem(node.testCase.name, vscode.TreeItemCollapsibleState.None);
    item.id = `suite:${node.suite.id}/case:${node.testCase.id}`;
    item.description = `id ${node.testCase.id}`;
    item.contextValue = 'suiteTestCase';
    item.iconPath = new vscode.ThemeIcon('beaker');
    item.command = { command: 'tas.openSuiteTestCase', title: 'Open Test Case', arguments: [node] };
    return item;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
