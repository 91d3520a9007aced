import * as vscode from 'vscode';
import { SettingClamps } from '../../../server/src/core';
import type { ServerPort } from '../serverPort';
import { DevicesView } from './devicesView';
import { ExecutionDetails } from './executionDetails';
import { ExecutionsView } from './executionsView';
import { ExecutionFeed } from './feed';
import { Freshness, type FollowedList } from './freshness';
import { RunningStatus } from './runningStatus';
import { ProjectsView } from './projectsView';
import { SuitesView } from './suitesView';
import { TestCasesView } from './testCasesView';
import { StartedTracker } from './tracker';
import { TraceFiltersView } from './traceFiltersView';
import { ApiClientsView } from './apiClientsView';
import { UsersView } from './usersView';

// The "Test Automation" container's views and what they share, built from the server's port.

/** The views, the execution feed they share, and the attention the server's follower paces by. */
export class Views implements vscode.Disposable {
  readonly feed = new ExecutionFeed();
  readonly suites: SuitesView;
  readonly executions: ExecutionsView;
  readonly details: ExecutionDetails;
  readonly tracker: StartedTracker;
  readonly devices: DevicesView;
  readonly traceFilters: TraceFiltersView;
  readonly apiClients: ApiClientsView;
  readonly users: UsersView;
  readonly projects: ProjectsView;
  readonly testCases: TestCasesView;
  private readonly disposables: vscode.Disposable[] = [];
  /** Rereads visible lists older than tas.views.refreshSeconds. */
  private readonly freshness: Freshness;
  /** Others waiting for executions (Test Explorer runs): the follower keeps its pace for them. */
  private readonly holders = new Set<object>();

  /** `state` keeps view settings across sessions (the workspace's). */
  constructor(
    private readonly server: ServerPort,
    state: vscode.Memento,
  ) {
    this.testCases = new TestCasesView(server, server.log);
    this.devices = new DevicesView(server);
    this.suites = new SuitesView(server, this.feed);
    this.executions = new ExecutionsView(server, this.feed, state);
    this.details = new ExecutionDetails(server, this.feed);
    this.traceFilters = new TraceFiltersView(server);
    this.apiClients = new ApiClientsView(server);
    this.users = new UsersView(server);
    this.projects = new ProjectsView(server);
    this.tracker = new StartedTracker(this.feed, async (ids) => {
      if (ids.length === 1) await this.details.open(ids[0]!);
      else await vscode.commands.executeCommand('tas.executions.focus');
    });
    const lists = [this.suites, this.executions, this.testCases, this.traceFilters, this.apiClients, this.users, this.projects, this.devices];
    // A workspace's value is input: clamped to its range (a huge one would overflow the timer), said once.
    const refreshClamps = new SettingClamps((message) => server.log.warn(message));
    this.freshness = new Freshness(
      lists.map((v): FollowedList => ({
        get visible() {
          return v.tree.visible;
        },
        get readAt() {
          return v.readAt;
        },
        reread: () => ('catchUp' in v ? v.catchUp() : v.refresh()),
      })),
      () => refreshClamps.read('tas.views.refreshSeconds', vscode.workspace.getConfiguration('tas').get<unknown>('views.refreshSeconds')) * 1000,
    );
    this.freshness.setFocused(vscode.window.state.focused);
    this.disposables.push(
      this.freshness,
      ...lists.map((v) => v.tree.onDidChangeVisibility(() => this.freshness.update())),
      vscode.window.onDidChangeWindowState((s) => this.freshness.setFocused(s.focused)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('tas.views.refreshSeconds')) this.freshness.update();
      }),
      // Nothing is read again while the service cannot be reached; the views reload once it is back.
      server.onConnectionChanged(({ state }) => this.freshness.setReachable(state === 'connected')),
      // What an action or read found gone leaves every view at once.
      server.onRecordGone((r) => {
        for (const v of lists) v.forget(r);
      }),
      server.onExecutionsChanged((p) => this.feed.fire(p)),
      server.onDeviceStatus((readings) => this.devices.apply(readings)),
      // The views read again once an environment change has settled, not while it connects.
      server.onConnectionChanged(({ changed }) => {
        if (changed) this.reload();
      }),
      this.feed,
      this.suites,
      this.executions,
      this.details,
      this.tracker,
      this.devices,
      this.devices.tree.onDidChangeVisibility(() => this.attention()),
      this.traceFilters,
      this.apiClients,
      this.users,
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
    this.apiClients.refresh();
    this.users.refresh();
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
    this.server.sendAttention(watching, vscode.window.state.focused);
    // Device statuses are read only while someone can see them.
    this.server.sendDevicesVisible(this.devices.tree.visible && vscode.window.state.focused);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
