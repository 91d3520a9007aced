import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { CheckEnvironmentRequest, DevicesAttentionNotification, DeviceStatusChangedNotification, ExecutionsChangedNotification, RefreshRequest, SetEnvironmentNotification, StatusNotification, SyncProgressNotification, WatchAttentionNotification } from '../../server/src/protocol';
import type { CheckOutcome, ConnectionState, RefreshResult } from '../../server/src/core';
import { EnvironmentSync } from './environmentSync';
import type { Credentials, Environments } from './environments';
import { createLanguageClient } from './languageClient';
import { ExtensionError } from './log';
import type { ConnectionStatus } from './connectionStatus';
import { scrubbingChannel } from './traceChannel';
import type { Testing } from './testing/testing';
import type { Views } from './views/views';

/** What the commands need: the log, the environments and the language client, which it owns. */
export class Ctx {
  private client: LanguageClient | undefined;
  /** Disposables that live as long as one client. */
  private clientSubscriptions: vscode.Disposable[] = [];
  /** Secrets this session handed to the server (in memory): the trace removes them. */
  private readonly secretsSent = new Set<string>();
  private readonly sync: EnvironmentSync<Credentials | null>;
  /** The tree views, once activation created them. */
  views: Views | undefined;
  /** Test Explorer's controller for test-case files, once activation created it. */
  testing: Testing | undefined;
  /** The last connection state the server reported. */
  private lastState: ConnectionState | undefined;
  /** The environment's name as the status bar shows it, for questions and summaries. */
  environmentName: string | undefined;
  /** A settled connection change (another environment, signed in or out): links may differ. */
  readonly connectionChanged = new vscode.EventEmitter<void>();
  /** Progress of imports and exports, which listen for their own operation id. */
  readonly syncProgress = new vscode.EventEmitter<{ operation: string; done: number; total: number; message?: string }>();

  constructor(
    readonly extension: vscode.ExtensionContext,
    readonly log: vscode.LogOutputChannel,
    readonly environments: Environments,
    readonly status: ConnectionStatus,
  ) {
    this.sync = new EnvironmentSync(
      () => this.environments.resolve(),
      (creds) => this.pushEnvironment(creds),
    );
  }

  get languageClient(): LanguageClient | undefined {
    return this.client;
  }

  async startServer(): Promise<void> {
    if (this.client) return;
    const trace = scrubbingChannel(this.log, () => [...this.secretsSent]);
    const client = createLanguageClient(this.extension, this.log, trace);
    this.client = client;
    try {
      await client.start();
    } catch (err) {
      this.client = undefined;
      throw new ExtensionError('The Test Automation language server did not start', undefined, { cause: err });
    }
    this.clientSubscriptions.push(
      client.onNotification(StatusNotification, ({ state, environment, message }) => {
        // The views read again once an environment change has settled, not while it connects.
        if (state !== this.lastState && state !== 'connecting') this.views?.reload();
        if (state !== 'connecting') {
          this.environmentName = state === 'signedOut' ? undefined : environment;
          this.connectionChanged.fire();
        }
        this.lastState = state;
        this.status.show(state, environment, message);
      }),
      client.onNotification(ExecutionsChangedNotification, (p) => this.views?.feed.fire(p)),
      client.onNotification(SyncProgressNotification, (p) => this.syncProgress.fire(p)),
      client.onNotification(DeviceStatusChangedNotification, ({ readings }) => this.views?.devices.apply(readings)),
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
    await this.client?.sendNotification(SetEnvironmentNotification, { environment: creds });
    this.log.info(creds ? `environment: ${creds.name} (${creds.baseUrl}, client ${creds.clientId})` : 'signed out: references are not verified');
  }

  /** Asks the server for a token with candidate credentials; nothing is stored or activated. */
  async checkEnvironment(candidate: Credentials): Promise<{ outcome: CheckOutcome; detail?: string }> {
    if (!this.client) throw new ExtensionError('The language server is not running: run Test Automation: Restart Language Server.');
    this.secretsSent.add(candidate.clientSecret);
    return this.client.sendRequest(CheckEnvironmentRequest, { environment: candidate });
  }

  /** Reloads the lists; a failure (not signed in, too) comes in the server's words. */
  async refresh(): Promise<RefreshResult> {
    if (!this.client) throw new ExtensionError('The language server is not running: run Test Automation: Restart Language Server.');
    const r = await this.client.sendRequest(RefreshRequest);
    if (!r.ok) throw new ExtensionError(r.error.message);
    return r.value;
  }

  /** Whether anyone looks at executions: the server's watcher polls slower when nobody does. */
  sendAttention(watching: boolean, focused: boolean): void {
    void this.client?.sendNotification(WatchAttentionNotification, { watching, focused }).catch(() => undefined);
  }

  /** Whether the Devices view can be seen: device statuses are polled only then. */
  sendDevicesVisible(visible: boolean): void {
    void this.client?.sendNotification(DevicesAttentionNotification, { visible }).catch(() => undefined);
  }

  async stopServer(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.sync.reset();
    for (const d of this.clientSubscriptions) d.dispose();
    this.clientSubscriptions = [];
    if (client) await client.dispose();
  }

  async restartServer(): Promise<void> {
    await this.stopServer();
    await this.startServer();
  }
}
