import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  CheckEnvironmentRequest,
  DevicesAttentionNotification,
  DeviceStatusChangedNotification,
  ExecutionsChangedNotification,
  HistoryChangedNotification,
  RecordGoneNotification,
  RefreshRequest,
  SetEnvironmentNotification,
  StatusNotification,
  SyncProgressNotification,
  ExecutionsAttentionNotification,
} from '../../server/src/protocol';
import {
  type CheckResult,
  type ConnectionState,
  proxySecrets,
  type RefreshResult,
  type ShownRecord,
  type StatusReading,
} from '../../server/src/core';
import type { ConnectionStatus } from './connectionStatus';
import { EnvironmentSync } from './environmentSync';
import type { Credentials, Environments } from './environments';
import { createLanguageClient } from './languageClient';
import { ExtensionError, showError } from './log';
import type { ConnectionChange, ExecutionsChange, ServerPort, SyncProgress } from './serverPort';
import { scrubbingChannel } from './traceChannel';

// The language server as the extension sees it: it owns the client (start, stop, restart), hands
// it the active environment, and turns the server's notifications into events. The views and
// the rest listen to those events through ServerPort; this file knows none of them.

const NOT_RUNNING = 'The language server is not running: run Test Automation: Restart Language Server.';

export class LanguageServer implements ServerPort, vscode.Disposable {
  private running: LanguageClient | undefined;
  /** Disposables that live as long as one client. */
  private clientSubscriptions: vscode.Disposable[] = [];
  /** Secrets this session handed to the server (in memory): the trace removes them. */
  private readonly secretsSent = new Set<string>();
  private readonly sync: EnvironmentSync<Credentials | null>;
  /** The last connection state the server reported. */
  private lastState: ConnectionState | undefined;
  /** The environment's name as the status bar shows it, once the server has settled on one. */
  private environmentName: string | undefined;
  private readonly connectionChanged = new vscode.EventEmitter<ConnectionChange>();
  private readonly executionsChanged = new vscode.EventEmitter<ExecutionsChange>();
  private readonly deviceStatus = new vscode.EventEmitter<StatusReading[]>();
  private readonly syncProgress = new vscode.EventEmitter<SyncProgress>();
  private readonly historyChanged = new vscode.EventEmitter<number[]>();
  private readonly recordGone = new vscode.EventEmitter<ShownRecord>();
  readonly onConnectionChanged = this.connectionChanged.event;
  readonly onExecutionsChanged = this.executionsChanged.event;
  readonly onDeviceStatus = this.deviceStatus.event;
  readonly onSyncProgress = this.syncProgress.event;
  readonly onHistoryChanged = this.historyChanged.event;
  readonly onRecordGone = this.recordGone.event;
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly extension: vscode.ExtensionContext,
    readonly log: vscode.LogOutputChannel,
    private readonly environments: Environments,
    private readonly status: ConnectionStatus,
  ) {
    this.sync = new EnvironmentSync(
      () => this.environments.resolve(),
      (creds) => this.pushEnvironment(creds),
    );
    this.disposables = [
      this.connectionChanged,
      this.executionsChanged,
      this.deviceStatus,
      this.recordGone,
      this.syncProgress,
      this.historyChanged,
      // A changed setting or secret goes to the server at once.
      environments.onDidChange(() => void this.sendEnvironment().catch((err: unknown) => showError(log, err))),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('http') && this.learnProxySecrets()),
    ];
    this.learnProxySecrets();
  }

  /** The proxy's password and authorization reach the server in its settings: the trace removes them too. */
  private learnProxySecrets(): void {
    const http = vscode.workspace.getConfiguration('http');
    for (const s of proxySecrets([http.get<string>('proxy')], http.get<string>('proxyAuthorization') ?? undefined))
      this.secretsSent.add(s);
  }

  get client(): LanguageClient | undefined {
    return this.running;
  }

  environmentLabel(): string {
    return this.environmentName ?? this.environments.activeName() ?? 'the service';
  }

  async start(): Promise<void> {
    if (this.running) return;
    // The server's log lines and the LSP trace both reach the log scrubbed (the server scrubs
    // what it knows too: the tokens only it holds).
    const scrubbed = scrubbingChannel(this.log, () => [...this.secretsSent]);
    const client = createLanguageClient(this.extension, scrubbed, scrubbed);
    this.running = client;
    try {
      await client.start();
    } catch (err) {
      this.running = undefined;
      throw new ExtensionError('The Test Automation language server did not start', undefined, { cause: err });
    }
    this.clientSubscriptions.push(
      client.onNotification(StatusNotification, ({ state, environment, message }) => {
        // Listeners hear of a change once it has settled, not while it connects.
        if (state !== 'connecting') {
          this.environmentName = state === 'signedOut' ? undefined : environment;
          this.connectionChanged.fire({ state, changed: state !== this.lastState });
        }
        this.lastState = state;
        this.status.show(state, environment, message);
      }),
      client.onNotification(ExecutionsChangedNotification, (p) => this.executionsChanged.fire(p)),
      client.onNotification(SyncProgressNotification, (p) => this.syncProgress.fire(p)),
      client.onNotification(HistoryChangedNotification, ({ testCaseIds }) => this.historyChanged.fire(testCaseIds)),
      client.onNotification(DeviceStatusChangedNotification, ({ readings }) => this.deviceStatus.fire(readings)),
      client.onNotification(RecordGoneNotification, ({ record }) => this.recordGone.fire(record)),
    );
    this.log.info('language server started');
    await this.sendEnvironment();
  }

  /**
   * Hands the active environment (or none) to the server, in memory, when it changed; `again`
   * sends it even so, and the server then asks the service again if it had failed.
   */
  sendEnvironment(again = false): Promise<void> {
    return this.sync.sync(again);
  }

  private async pushEnvironment(creds: Credentials | null): Promise<void> {
    if (creds) this.secretsSent.add(creds.clientSecret);
    // The server answers every environment it is sent with one final status.
    if (creds) this.status.show('connecting', creds.name);
    else this.status.show('signedOut');
    await this.running?.sendNotification(SetEnvironmentNotification, { environment: creds });
    this.log.info(
      creds
        ? `environment: ${creds.name} (${creds.baseUrl}, client ${creds.clientId})`
        : 'signed out: references are not verified',
    );
  }

  /** Asks the server for a token with candidate credentials; nothing is stored or activated. */
  async checkEnvironment(candidate: Credentials): Promise<CheckResult> {
    if (!this.running) throw new ExtensionError(NOT_RUNNING);
    this.secretsSent.add(candidate.clientSecret);
    return this.running.sendRequest(CheckEnvironmentRequest, { environment: candidate });
  }

  /** Reloads the lists; a failure (not signed in, too) comes in the server's words. */
  async refresh(): Promise<RefreshResult> {
    if (!this.running) throw new ExtensionError(NOT_RUNNING);
    const r = await this.running.sendRequest(RefreshRequest);
    if (!r.ok) throw new ExtensionError(r.error.message);
    return r.value;
  }

  sendAttention(looking: boolean, focused: boolean): void {
    void this.running?.sendNotification(ExecutionsAttentionNotification, { looking, focused }).catch(() => undefined);
  }

  sendDevicesVisible(visible: boolean): void {
    void this.running?.sendNotification(DevicesAttentionNotification, { visible }).catch(() => undefined);
  }

  async stop(): Promise<void> {
    const client = this.running;
    this.running = undefined;
    this.sync.reset();
    for (const d of this.clientSubscriptions) d.dispose();
    this.clientSubscriptions = [];
    if (client) await client.dispose();
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** deactivate() stops the client first; this ends what is left when it did not. */
  dispose(): void {
    void this.stop().catch(() => undefined);
    for (const d of this.disposables) d.dispose();
  }
}
