import * as vscode from 'vscode';
import { CurrentUserRequest } from '../../server/src/protocol';
import { isAdmin, type UserSummary } from '../../server/src/core';
import type { ConnectionStatus } from './connectionStatus';
import { ask, type ServerPort } from './serverPort';

// Who is signed in (GET /users/me), read once each time the connection settles as connected:
// shown in the status bar's tooltip, and `tas.admin` set for the Users view's commands. A service
// that does not answer it leaves both unsaid; the reason goes to the log only.

export class SignedInUser implements vscode.Disposable {
  private current: UserSummary | undefined;
  /** Each settled connection change; an answer for an older one is dropped. */
  private generation = 0;
  private readonly changed = new vscode.EventEmitter<UserSummary | undefined>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly server: ServerPort,
    private readonly status: ConnectionStatus,
  ) {
    this.subscription = server.onConnectionChanged(({ state }) => void this.read(state === 'connected'));
  }

  get user(): UserSummary | undefined {
    return this.current;
  }

  private async read(connected: boolean): Promise<void> {
    const generation = ++this.generation;
    this.set(undefined);
    if (!connected) return;
    try {
      const user = await ask(this.server, CurrentUserRequest);
      if (generation !== this.generation) return;
      this.set(user);
      this.status.showUser(user);
    } catch (err) {
      this.server.log.warn(`Who is signed in could not be read: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private set(user: UserSummary | undefined): void {
    this.current = user;
    void vscode.commands.executeCommand('setContext', 'tas.admin', isAdmin(user));
    this.changed.fire(user);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
