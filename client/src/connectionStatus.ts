import * as vscode from 'vscode';
import type { ConnectionState, UserSummary } from '../../server/src/core';
import { signedInLine, statusLook, type StatusLook } from './connectionText';

/** One status bar item: which environment, whether the service answers, and what a click does. */
export class ConnectionStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('tas.status', vscode.StatusBarAlignment.Left, 10);
  private look: StatusLook | undefined;

  constructor() {
    this.item.name = 'Test Automation Service';
    this.show('signedOut');
  }

  show(state: ConnectionState, environment?: string, message?: string): void {
    const look = statusLook(state, environment, message);
    this.look = look;
    this.item.text = look.text;
    this.item.tooltip = look.tooltip;
    this.item.command = { title: look.tooltip, command: look.command.id, arguments: look.command.args };
    this.item.backgroundColor = look.warning ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.show();
    // The views' welcome content reads the same state.
    void vscode.commands.executeCommand('setContext', 'tas.connection', state);
  }

  /** Who is signed in, under the state's words; cleared by the next state shown. */
  showUser(user: UserSummary): void {
    if (this.look) this.item.tooltip = `${this.look.tooltip}\n${signedInLine(user)}`;
  }

  dispose(): void {
    this.item.dispose();
  }
}
