import * as vscode from 'vscode';
import { SettingClamps } from '../../../server/src/core';
import type { ServerPort } from '../serverPort';
import { DevicesView } from './devicesView';
import { ExecutionDetails } from './executionDetails';
import { HistoryDocuments } from './historyDocument';
import { ExecutionsView } from './executionsView';
import { FollowedExecutions } from './followedExecutions';
import { RefreshSchedule, type ScheduledList } from './refreshSchedule';
import { RunningStatus } from './runningStatus';
import { ProjectsView } from './projectsView';
import { SuitesView } from './suitesView';
import { TestCasesView } from './testCasesView';
import { StartedRounds } from './startedRounds';
import { TraceFiltersView } from './traceFiltersView';
import { ApiClientsView } from './apiClientsView';
import { UsersView } from './usersView';

// The "Test Automation" container's views and what they share, built from the server's port.

/** The views, the followed executions they share, and the attention the server's follower paces by. */
export class Views implements vscode.Disposable {
  readonly followed = new FollowedExecutions();
  readonly suites: SuitesView;
  readonly executions: ExecutionsView;
  readonly details: ExecutionDetails;
  /** The history documents (`tas-history:`). */
  readonly history: HistoryDocuments;
  readonly startedRounds: StartedRounds;
  readonly devices: DevicesView;
  readonly traceFilters: TraceFiltersView;
  readonly apiClients: ApiClientsView;
  readonly users: UsersView;
  readonly projects: ProjectsView;
  readonly testCases: TestCasesView;
  private readonly disposables: vscode.Disposable[] = [];
  /** Rereads visible lists older than tas.views.refreshSeconds. */
  private readonly refreshSchedule: RefreshSchedule;
  /** Others waiting for executions (Test Explorer runs): the follower keeps its pace for them. */
  private readonly holders = new Set<object>();

  /** `state` keeps view settings across sessions (the workspace's). */
  constructor(
    private readonly server: ServerPort,
    state: vscode.Memento,
  ) {
    this.testCases = new TestCasesView(server, server.log, server.onHistoryChanged);
    this.devices = new DevicesView(server, server.onHistoryChanged);
    this.suites = new SuitesView(server, this.followed);
    this.executions = new ExecutionsView(server, this.followed, state);
    this.details = new ExecutionDetails(server, this.followed);
    this.history = new HistoryDocuments(server);
    this.traceFilters = new TraceFiltersView(server);
    this.apiClients = new ApiClientsView(server);
    this.users = new UsersView(server);
    this.projects = new ProjectsView(server);
    this.startedRounds = new StartedRounds(this.followed, async (ids) => {
      if (ids.length === 1) await this.details.open(ids[0]!);
      else await vscode.commands.executeCommand('tas.executions.focus');
    });
    const lists = [
      this.suites,
      this.executions,
      this.testCases,
      this.traceFilters,
      this.apiClients,
      this.users,
      this.projects,
      this.devices,
    ];
    // A workspace's value is input: clamped to its range (a huge one would overflow the timer), said once.
    const refreshClamps = new SettingClamps((message) => server.log.warn(message));
    this.refreshSchedule = new RefreshSchedule(
      lists.map((v): ScheduledList => ({
        get visible() {
          return v.tree.visible;
        },
        get readAt() {
          return v.readAt;
        },
        reread: () => ('catchUp' in v ? v.catchUp() : v.refresh()),
      })),
      () =>
        refreshClamps.read(
          'tas.views.refreshSeconds',
          vscode.workspace.getConfiguration('tas').get<unknown>('views.refreshSeconds'),
        ) * 1000,
    );
    this.refreshSchedule.setFocused(vscode.window.state.focused);
    this.disposables.push(
      this.refreshSchedule,
      ...lists.map((v) => v.tree.onDidChangeVisibility(() => this.refreshSchedule.update())),
      vscode.window.onDidChangeWindowState((s) => this.refreshSchedule.setFocused(s.focused)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('tas.views.refreshSeconds')) this.refreshSchedule.update();
      }),
      // Nothing is read again while the service cannot be reached; the views reload once it is back.
      server.onConnectionChanged(({ state }) => this.refreshSchedule.setReachable(state === 'connected')),
      // What an action or read found gone leaves every view at once.
      server.onRecordGone((r) => {
        for (const v of lists) v.forget(r);
      }),
      server.onExecutionsChanged((p) => this.followed.fire(p)),
      server.onDeviceStatus((readings) => this.devices.apply(readings)),
      // The views read again once an environment change has settled, not while it connects.
      server.onConnectionChanged(({ changed }) => {
        if (changed) this.reload();
      }),
      this.followed,
      this.suites,
      this.executions,
      this.details,
      this.history,
      this.startedRounds,
      this.devices,
      this.devices.tree.onDidChangeVisibility(() => this.attention()),
      this.traceFilters,
      this.apiClients,
      this.users,
      this.projects,
      this.testCases,
      new RunningStatus(this.followed),
      this.suites.tree.onDidChangeVisibility(() => this.attention()),
      this.executions.tree.onDidChangeVisibility(() => this.attention()),
      vscode.window.onDidChangeWindowState(() => this.attention()),
      this.startedRounds.onDidChange(() => this.attention()),
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
    const looking =
      this.suites.tree.visible || this.executions.tree.visible || this.startedRounds.waiting || this.holders.size > 0;
    this.server.sendAttention(looking, vscode.window.state.focused);
    // Device statuses are read only while someone can see them.
    this.server.sendDevicesVisible(this.devices.tree.visible && vscode.window.state.focused);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
