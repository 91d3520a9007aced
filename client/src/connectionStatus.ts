import * as vscode from 'vscode';
import type { ConnectionState } from '../../server/src/core';
import { statusLook } from './connectionText';

/** One status bar item: which environment, whether the service answers, and what a click does. */
export class ConnectionStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('tas.status', vscode.StatusBarAlignment.Left, 10);

  constructor() {
    this.item.name = 'Test Automation Service';
    this.show('signedOut');
  }

  show(state: ConnectionState, environment?: string, message?: string): void {
    const look = statusLook(state, environment, message);
    this.item.text = look.text;
    this.item.tooltip = look.tooltip;
    this.item.command = { title: look.tooltip, command: look.command.id, arguments: look.command.args };
    this.item.backgroundColor = look.warning ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.show();
    // The views' welcome content reads the same state.
    void vscode.commands.executeCommand('setContext', 'tas.connection', state);
  }

  dispose(): void {
    this.item.dispose();
  }
}
