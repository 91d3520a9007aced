import type * as vscode from 'vscode';
import type { ConnectionStatus } from './connectionStatus';
import type { Environments } from './environments';
import { SyncUi } from './sync/ui';
import { LanguageServer } from './languageServer';
import { showError } from './log';
import { registerRemoteViews } from './remoteViews';
import { SignedInUser } from './signedInUser';
import { RecordFileSystem } from './recordDocuments/recordFileSystem';
import { Testing } from './testing/testing';
import { Views } from './views/views';

// The extension's context, built whole in one place: every part exists from construction on, so
// commands never ask whether something is ready. The parts get what they need of the server (a
// ServerPort), never the context, which keeps the imports one-way.

/** What the commands work with. */
export class Ctx implements vscode.Disposable {
  readonly server: LanguageServer;
  /** The tree views of the "Test Automation" container. */
  readonly views: Views;
  /** Test Explorer's controller for test-case files. */
  readonly testing: Testing;
  /** Import and export in the editor: documents, CodeLens. */
  readonly sync: SyncUi;
  private readonly remoteViews: vscode.Disposable;
  /** Who is signed in: the status bar's tooltip and the `tas.admin` context. */
  readonly user: SignedInUser;
  /** Records of the service as editable documents (`tas-record:`). */
  readonly recordDocuments: RecordFileSystem;

  constructor(
    readonly extension: vscode.ExtensionContext,
    readonly log: vscode.LogOutputChannel,
    readonly environments: Environments,
    status: ConnectionStatus,
  ) {
    this.server = new LanguageServer(extension, log, environments, status);
    this.user = new SignedInUser(this.server, status);
    this.views = new Views(this.server, extension.workspaceState);
    this.testing = new Testing(this.server, this.views.followed, (holder, waiting) =>
      this.views.holdAttention(holder, waiting),
    );
    this.sync = new SyncUi(this.server, environments);
    this.remoteViews = registerRemoteViews(this.server);
    this.recordDocuments = new RecordFileSystem(this.server, log, (kind) => {
      if (kind === 'mobileDevice' || kind === 'testNode') this.views.devices.refresh();
      else if (kind === 'apiClient') this.views.apiClients.refresh();
      else if (kind === 'traceFilter') this.views.traceFilters.refresh();
      else this.views.suites.refresh();
    });
  }

  /** Starts the server; without it activation goes on, and commands such as Show Log still work. */
  async start(): Promise<void> {
    try {
      await this.server.start();
      this.views.attention();
    } catch (err) {
      void showError(this.log, err);
    }
  }

  /** Listeners first, the server (which owns the events they listen to) last. */
  dispose(): void {
    this.remoteViews.dispose();
    this.recordDocuments.dispose();
    this.sync.dispose();
    this.testing.dispose();
    this.views.dispose();
    this.user.dispose();
    this.server.dispose();
  }
}

/** A command of the table in commands.ts, given the context once at registration. */
export type Command = (ctx: Ctx) => (...args: unknown[]) => unknown;
