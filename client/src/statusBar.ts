import * as vscode from 'vscode';
import type { ConnectionState } from '../../server/src/protocol';

/** One status bar item: which environment, and whether the service answers. */
export class ConnectionStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('tas.status', vscode.StatusBarAlignment.Left, 10);

  constructor() {
    this.item.name = 'Test Automation Service';
    this.item.command = 'tas.selectEnvironment';
    this.show('signedOut');
  }

  /** While the server first asks the service. */
  checking(environment: string): void {
    this.item.text = `$(sync~spin) TAS: ${environment}`;
    this.item.tooltip = `Test Automation Service: connecting to ${environment}`;
    this.item.backgroundColor = undefined;
    this.item.show();
  }

  show(state: ConnectionState, environment?: string, message?: string): void {
    const icon = { signedOut: '$(account)', connected: '$(beaker)', unreachable: '$(warning)' }[state];
    const label = { signedOut: 'signed out', connected: environment ?? 'connected', unreachable: `${environment ?? ''} unreachable` }[state];
    this.item.text = `${icon} TAS: ${label}`.trim();
    this.item.tooltip = message ?? (state === 'signedOut' ? 'Test Automation Service: click to sign in' : `Test Automation Service: ${environment ?? ''}`);
    this.item.backgroundColor = state === 'unreachable' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
