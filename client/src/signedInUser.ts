import * as vscode from 'vscode';
import { CurrentUserRequest } from '../../server/src/protocol';
import { isAdmin, type UserSummary } from '../../server/src/core';
import type { ConnectionStatus } from './connectionStatus';
import { ask, type ServerPort } from './serverPort';

// Who is signed in (GET /users/me), read each time the connection settles as connected: shown
// in the status bar's tooltip, and `tas.admin` set for the Users view's commands. A service that
// does not answer it leaves both unsaid; the reason goes to the log only.

/** Who is signed in, or undefined (logged) when the service does not say. */
export async function readSignedIn(server: ServerPort): Promise<UserSummary | undefined> {
  try {
    return await ask(server, CurrentUserRequest);
  } catch (err) {
    server.log.warn(`Who is signed in could not be read: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

export class SignedInUser implements vscode.Disposable {
  /** Each settled connection change; an answer for an older one is dropped. */
  private generation = 0;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly server: ServerPort,
    private readonly status: ConnectionStatus,
  ) {
    this.subscription = server.onConnectionChanged(({ state }) => void this.read(state === 'connected'));
  }

  private async read(connected: boolean): Promise<void> {
    const generation = ++this.generation;
    setAdmin(undefined);
    if (!connected) return;
    const user = await readSignedIn(this.server);
    if (!user || generation !== this.generation) return;
    setAdmin(user);
    this.status.showUser(user);
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

function setAdmin(user: UserSummary | undefined): void {
  void vscode.commands.executeCommand('setContext', 'tas.admin', isAdmin(user));
}
