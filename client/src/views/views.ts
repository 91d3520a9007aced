import * as vscode from 'vscode';
import type { Ctx } from '../context';
import { DevicesView } from './devicesView';
import { ExecutionDetails } from './executionDetails';
import { ExecutionsView } from './executionsView';
import { ExecutionFeed } from './feed';
import { RunningStatus } from './runningStatus';
import { ProjectsView } from './projectsView';
import { SuitesView } from './suitesView';
import { TestCasesView } from './testCasesView';
import { StartedTracker } from './tracker';
import { TraceFiltersView } from './traceFiltersView';

/** The "Test Automation" container's views and what they share; owned by the extension context. */
export class Views implements vscode.Disposable {
  readonly feed = new ExecutionFeed();
  readonly suites: SuitesView;
  readonly executions: ExecutionsView;
  readonly details: ExecutionDetails;
  readonly tracker: StartedTracker;
  readonly devices: DevicesView;
  readonly traceFilters: TraceFiltersView;
  readonly projects: ProjectsView;
  readonly testCases: TestCasesView;
  private readonly disposables: vscode.Disposable[] = [];
  /** Others waiting for executions (Test Explorer runs): the watcher keeps its pace for them. */
  private readonly holders = new Set<object>();
  /** Tells the server whether anyone looks, so the watcher can slow down. */
  private readonly sendAttention: (watching: boolean, focused: boolean) => void;

  constructor(
    ctx: Ctx,
    sendAttention: (watching: boolean, focused: boolean) => void,
    private readonly sendDevicesVisible: (visible: boolean) => void = () => undefined,
  ) {
    this.sendAttention = sendAttention;
    this.testCases = new TestCasesView(ctx);
    this.devices = new DevicesView(ctx);
    this.suites = new SuitesView(ctx, this.feed);
    this.executions = new ExecutionsView(ctx, this.feed);
    this.details = new ExecutionDetails(ctx, this.feed);
    this.traceFilters = new TraceFiltersView(ctx);
    this.projects = new ProjectsView(ctx);
    this.tracker = new StartedTracker(this.feed, async (ids) => {
      if (ids.length === 1) await this.details.open(ids[0]!);
      else await vscode.commands.executeCommand('tas.executions.focus');
    });
    this.disposables.push(
      this.feed,
      this.suites,
      this.executions,
      this.details,
      this.tracker,
      this.devices,
      this.devices.tree.onDidChangeVisibility(() => this.attention()),
      this.traceFilters,
      this.projects,
      this.testCases,
      new RunningStatus(this.feed),
      this.suites.tree.onDidChangeVisibility(() => this.attention()),
      this.executions.tree.onDidChangeVisibility(() => this.attention()),
      vscode.window.onDidChangeWindowState(() => this.attention()),
      this.tracker.onDidChange(() => this.attention()),
    );
  }

  /** The server restarted or the environment changed: everything is read again. */
  reload(): void {
    this.suites.refresh();
    this.executions.refresh();
    this.traceFilters.refresh();
    this.projects.refresh();
    this.testCases.refresh();
    this.devices.refresh();
    this.attention();
  }

  /** `holder` waits for executions (true) or no longer does (false). */
  holdAttention(holder: object, waiting: boolean): void {
    if (waiting) this.holders.add(holder);
    else this.holders.delete(holder);
    this.attention();
  }

  attention(): void {
    const watching = this.suites.tree.visible || this.executions.tree.visible || this.tracker.waiting || this.holders.size > 0;
    this.sendAttention(watching, vscode.window.state.focused);
    // Device statuses are read only while someone can see them.
    this.sendDevicesVisible(this.devices.tree.visible && vscode.window.state.focused);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
